"""The numbers of the rules pages, computed by the engine: every ``{field}`` a rules text may use
(``facts``), RULES.md §5's settlement example, and the worked example, a whole session played by
four computer players from a fixed game number.

A preset's fields are named after its section of the rules pages (``italian.salad.total``,
``classic.domino.1``); the presets are named through the
registry's constants (``barbu.rules.CLASSIC``, ``FR32``, ``ITALIAN``) and their options' values
come from its schema."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from barbu import Card, Session, final_scores
from barbu.bots import Bot
from barbu.rules import CLASSIC, FR32, ITALIAN, REGISTRY, STANDARD, ContractRules, Rules, preset
from web.demos.settlement import EXAMPLE_DOUBLES, raw_scores
from web.languages.i18n import Catalog
from web.languages.words import join_names, rank_short, signed

EXAMPLE_SEED = 2026
"""The worked example's game number: a session of the standard game played by four computer
players of the standard level."""

KING, ACE, QUEEN = Card.parse("KH"), Card.parse("AH"), Card.parse("QS")
"""The cards whose values the pages quote: K♥, A♥, Q♠."""

_Plain = dict[str, int | str]
"""Fields written as they are: counts, names, cards."""
_Scores = dict[str, int]
"""Fields that are scores, written with their sign."""


def card_value(crules: ContractRules, card: Card) -> int:
    """What capturing ``card`` scores in a contract."""
    return sum(value for mask, value in crules.card_values if mask >> card & 1)


def facts(catalog: Catalog, names: Sequence[str], example: Session) -> dict[str, str]:
    """Every ``{field}`` a rules text may use, computed from the rules objects."""
    parts = [
        _standard_facts(),
        _fr32_facts(),
        _italian_facts(catalog),
        _example_facts(catalog, names, example),
    ]
    out = {k: str(v) for plain, _ in parts for k, v in plain.items()}
    return out | {k: signed(v) for _, scores in parts for k, v in scores.items()}


def _standard_facts() -> tuple[_Plain, _Scores]:
    """The standard game's shape and scores, and the Domino's places (standard and classic)."""
    s = STANDARD
    c = s.contract
    last = s.hand_size - 1
    no_last_two = dict(c("no-last-two").trick_values)
    out: _Plain = {
        "players": 4,
        "cards": s.deck.bit_count(),
        "hand": s.hand_size,
        "deals": s.deals,
        "block": s.block_size,
        "blocks": s.blocks,
        "quota": s.double_quota,
        "contracts": len(s.contracts),
        "contracts.negative": sum(not x.positive for x in s.contracts),
        "contracts.positive": sum(x.positive for x in s.contracts),
    }
    scores: _Scores = {
        "no-tricks.trick": c("no-tricks").per_trick,
        "no-queens.queen": card_value(c("no-queens"), QUEEN),
        "no-last-two.12": no_last_two[last - 1],
        "no-last-two.13": no_last_two[last],
        "no-hearts.heart": card_value(c("no-hearts"), Card.parse("2H")),
        "no-hearts.ace": card_value(c("no-hearts"), ACE),
        "no-king-of-hearts.king": card_value(c("no-king-of-hearts"), KING),
        "trumps.trick": c("trumps").per_trick,
        "negative.total": sum(x.total for x in s.contracts if not x.positive),
        "block.total": sum(x.total for x in s.contracts),
    }
    for x in s.contracts:
        scores[f"{x.contract.value}.total"] = x.total
    for rules, prefix in ((s, "domino"), (CLASSIC, f"{section(CLASSIC)}.domino")):
        places = rules.contract("domino").domino
        assert places is not None
        for place, value in enumerate(places.places, 1):
            scores[f"{prefix}.{place}"] = value
    return out, scores


def _fr32_facts() -> tuple[_Plain, _Scores]:
    """The fr32 preset's shape and scores (written without a sign)."""
    fr32, f, p = FR32, FR32.contract, section(FR32)
    out: _Plain = {
        f"{p}.cards": fr32.deck.bit_count(),
        f"{p}.hand": fr32.hand_size,
        f"{p}.deals": fr32.deals,
        f"{p}.king-of-hearts": card_value(f("king-of-hearts"), KING),
        f"{p}.hearts": card_value(f("hearts"), Card.parse("7H")),
        f"{p}.hearts.total": f("hearts").total,
        f"{p}.queens": card_value(f("queens"), QUEEN),
        f"{p}.queens.total": f("queens").total,
        f"{p}.jacks": card_value(f("jacks"), Card.parse("JS")),
        f"{p}.jacks.total": f("jacks").total,
        f"{p}.trick": f("tricks").per_trick,
        f"{p}.trick.total": f("tricks").total,
        f"{p}.last-trick": dict(f("last-trick").trick_values)[fr32.hand_size - 1],
        f"{p}.reverse": -f("reverse").per_trick,
        f"{p}.reverse.total": -f("reverse").total,
    }
    return out, {}


def _italian_facts(catalog: Catalog) -> tuple[_Plain, _Scores]:
    """The italian preset's Domino and what each of its options changes."""
    p = section(ITALIAN)
    domino = ITALIAN.contract("domino").domino
    assert domino is not None and domino.start_rank is not None and domino.opener is not None
    opener = Card(domino.opener)
    out: _Plain = {
        f"{p}.domino.rank": rank_short(catalog, domino.start_rank),
        f"{p}.domino.rank.name": catalog.text(f"rank_one.{domino.start_rank.char}"),
        f"{p}.domino.first": rank_short(catalog, opener.rank) + opener.suit.symbol,
    }
    values = {
        name: other_value(ITALIAN, name) for name in ("king_of_hearts", "queen", "ace_of_hearts")
    }
    options = {name: preset(ITALIAN.name, {name: value}) for name, value in values.items()}
    scores: _Scores = {
        f"{p}.king-option": card_value(
            options["king_of_hearts"].contract("no-king-of-hearts"), KING
        ),
        f"{p}.queen-option": card_value(options["queen"].contract("no-queens"), QUEEN),
        f"{p}.ace-option": card_value(options["ace_of_hearts"].contract("no-hearts"), ACE),
    }
    out[f"{p}.quota-option"] = preset(
        ITALIAN.name, {"quota": other_value(ITALIAN, "quota")}
    ).double_quota
    salad = preset(ITALIAN.name, {"salad": True})
    every = preset(ITALIAN.name, {"salad": True, **values})
    without = preset(ITALIAN.name, {"without": other_value(ITALIAN, "without")})
    # A block's sum across the table (0 in the standard game): the options that make it negative
    # are those under which a session's winner may end below zero (the FAQ).
    scores |= {
        f"{p}.king-option.block": block_total(options["king_of_hearts"]),
        f"{p}.queen-option.block": block_total(options["queen"]),
        f"{p}.ace-option.block": block_total(options["ace_of_hearts"]),
        f"{p}.salad.block-total": block_total(salad),
        f"{p}.without.block-total": block_total(without),
        f"{section(CLASSIC)}.block.total": block_total(CLASSIC),
        f"{p}.salad.total": salad.contract("salad").total,
        f"{p}.salad.all-options": every.contract("salad").total,
    }
    out |= {
        f"{p}.salad.block": salad.block_size,
        f"{p}.salad.deals": salad.deals,
        f"{p}.without.block": without.block_size,
        f"{p}.without.deals": without.deals,
    }
    return out, scores


def _example_facts(
    catalog: Catalog, names: Sequence[str], example: Session
) -> tuple[_Plain, _Scores]:
    """The players' names, RULES.md §5's settlement example and the worked example's session."""
    out: _Plain = {}
    scores: _Scores = {}
    raw, final = settlement_example()
    for seat in range(4):
        out[f"name.{seat}"] = names[seat]
        scores[f"ex.raw.{seat}"] = raw[seat]
        scores[f"ex.final.{seat}"] = final[seat]
    out["ex.diff"] = abs(raw[1] - raw[0])
    out["ex.mutual"] = abs(raw[1] - raw[0]) * STANDARD.mutual_factor
    totals = example.totals()
    winners = example.winners()
    lowest = min(range(4), key=lambda seat: totals[seat])
    out["game.seed"] = EXAMPLE_SEED
    out["game.winner"] = join_names(catalog, [names[w] for w in winners])
    scores["game.winner.total"] = totals[winners[0]]
    out["game.last"] = names[lowest]
    scores["game.last.total"] = totals[lowest]
    out["game.doubles"] = sum(len(h.doubles) for h in example.sheet())
    return out, scores


def block_total(rules: Rules) -> int:
    """What a block of ``rules`` adds up to across the table, doubles aside (they are zero-sum)."""
    return sum(x.total for x in rules.contracts)


def section(rules: Rules) -> str:
    """The prefix of a preset's fields: its section of the rules pages (``barbu.rules.REGISTRY``),
    where they are used."""
    return REGISTRY[rules.name].section


def other_value(rules: Rules, name: str) -> Any:
    """The first value of a preset's option that is not its default (the option's values and
    default are its schema's)."""
    option = REGISTRY[rules.name].option(name)
    assert option is not None, name
    return next(v for v in option.values if not option.is_default(v))


def settlement_example() -> tuple[list[int], list[int]]:
    """RULES.md §5: raw scores of the No Queens deal, and the deal scores after the double."""
    raw = raw_scores(STANDARD)
    return raw, final_scores(raw, EXAMPLE_DOUBLES, STANDARD)


def example_session() -> Session:
    """The worked example: a whole standard session played by four standard computer players."""
    session = Session(seed=EXAMPLE_SEED, rules=STANDARD)
    bots = [Bot("standard", seed=f"rules/{seat}") for seat in range(4)]
    while not session.is_over:
        if session.between_deals:
            session.next_deal()
        seat = session.to_move
        assert seat is not None
        session.apply(bots[seat].decide(session.deal.view(seat)))
    return session

"""The numbers of the rules pages, computed by the engine: every ``{field}`` a rules text may use
(``facts``), RULES.md §5's settlement example, and the worked example, a whole session played by
four computer players from a fixed game number.

The fields are derived from the rules objects by one scheme, the same for every preset
(``preset_facts``, ``rules_facts``, ``contract_facts``), so that a new preset has its fields
without code here:
- a rules value's shape (``cards``, ``hand``, ``deals``, ``block``, ``blocks``, ``quota``,
  ``contracts``), what a block adds up to (``block.total``, ``negative.total``) and each
  contract's numbers under its id (``no-queens.total``, ``no-queens.queen``,
  ``no-last-two.13``, ``domino.1``, ``trumps.trick``);
- a preset's fields are named after its section of the rules pages (``classic.domino.1``,
  ``fr32.hearts.heart``); the standard game's have no prefix;
- under ``<section>.<option>.`` the fields an option's other value changes
  (``italian.king_of_hearts.no-king-of-hearts.king``, ``italian.salad.deals``), under
  ``<section>.all.`` those all options changed at once change (``italian.all.salad.total``);
- scores are written with their sign, but those of a game whose lowest total wins (fr32), whose
  points are penalties, as they count (no sign).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from barbu import Card, Mask, Session, cards_of, final_scores
from barbu.bots import Bot
from barbu.presets import PRESETS_REGISTRY, REGISTRY, STANDARD, Preset, Registry
from barbu.rules import ContractRules, Rules
from web.demos.settlement import EXAMPLE_DOUBLES, raw_scores
from web.languages.i18n import Catalog
from web.languages.presets import preset_words
from web.languages.words import join_names, rank_short, signed

EXAMPLE_SEED = 2026
"""The worked example's game number: a session of the standard game played by four computer
players of the standard level."""

_Plain = dict[str, int | str]
"""Fields written as they are: counts, names, cards."""
_Scores = dict[str, int]
"""Fields that are scores, written with their sign."""
_V = TypeVar("_V")


def card_value(crules: ContractRules, card: Card) -> int:
    """What capturing ``card`` scores in a contract."""
    return sum(value for mask, value in crules.card_values if mask >> card & 1)


def facts(catalog: Catalog, names: Sequence[str], example: Session) -> dict[str, str]:
    """Every ``{field}`` a rules text may use, computed from the rules objects."""
    parts = [
        *(preset_facts(catalog, entry) for entry in REGISTRY.values()),
        _example_facts(catalog, names, example),
    ]
    out = {"players": "4"} | {k: str(v) for plain, _ in parts for k, v in plain.items()}
    return out | {k: signed(v) for _, scores in parts for k, v in scores.items()}


def preset_facts(
    catalog: Catalog, entry: Preset[Any], registry: Registry = PRESETS_REGISTRY
) -> tuple[_Plain, _Scores]:
    """A preset's fields, named after its section (none for the standard game): its rules'
    (``rules_facts``), and under ``<option>.`` those that option's other value changes, under
    ``all.`` those every option's other value changes at once. The points of a game whose
    lowest total wins are penalties, written without a sign."""
    rules = registry.preset(entry.name)
    plain, scores = rules_facts(catalog, rules)
    others = {o.name: next(v for v in o.values if not o.is_default(v)) for o in entry.options}
    variants = {name: {name: value} for name, value in others.items()}
    if others:
        variants["all"] = others
    for key, options in variants.items():
        other_plain, other_scores = rules_facts(catalog, registry.preset(entry.name, options))
        plain |= _changed(key, plain, other_plain)
        scores |= _changed(key, scores, other_scores)
    if rules.lowest_wins:
        plain, scores = plain | {k: abs(v) for k, v in scores.items()}, {}
    p = "" if rules.name == STANDARD.name else f"{section(rules)}."
    return {p + k: v for k, v in plain.items()}, {p + k: v for k, v in scores.items()}


def _changed(prefix: str, facts: Mapping[str, _V], other: Mapping[str, _V]) -> dict[str, _V]:
    """The fields of ``other`` that differ from (or are not in) ``facts``, under ``prefix.``."""
    return {f"{prefix}.{k}": v for k, v in other.items() if facts.get(k) != v}


def rules_facts(catalog: Catalog, rules: Rules) -> tuple[_Plain, _Scores]:
    """The fields of one rules value: its shape (``cards``, ``hand``, ``deals``, ``block``,
    ``blocks``, ``quota``, ``contracts``...), what a block adds up to, and each contract's
    (``contract_facts``)."""
    plain: _Plain = {
        "cards": rules.deck.bit_count(),
        "hand": rules.hand_size,
        "deals": rules.deals,
        "block": rules.block_size,
        "blocks": rules.blocks,
        "quota": rules.double_quota,
        "contracts": len(rules.contracts),
        "contracts.negative": sum(not x.positive for x in rules.contracts),
        "contracts.positive": sum(x.positive for x in rules.contracts),
    }
    scores: _Scores = {
        "negative.total": sum(x.total for x in rules.contracts if not x.positive),
        "block.total": block_total(rules),
    }
    for crules in rules.contracts:
        contract_plain, contract_scores = contract_facts(catalog, crules)
        name = crules.contract.value
        plain |= {f"{name}.{k}": v for k, v in contract_plain.items()}
        scores |= {f"{name}.{k}": v for k, v in contract_scores.items()}
    return plain, scores


def contract_facts(catalog: Catalog, crules: ContractRules) -> tuple[_Plain, _Scores]:
    """A contract's fields: ``total``; ``trick`` (what a trick scores); a scoring card's value
    by its rank or suit (``queen``, ``heart``, ``ace``, ``king``); a scoring trick's by its
    number (``12``); a Domino's places (``1`` to ``4``), its fixed starting rank (``rank``,
    ``rank.name``) and its first card (``first``)."""
    plain: _Plain = {}
    scores: _Scores = {"total": crules.total}
    if crules.per_trick:
        scores["trick"] = crules.per_trick
    for mask, value in crules.card_values:
        scores[card_word(mask)] = value
    for index, value in crules.trick_values:
        scores[str(index + 1)] = value
    domino = crules.domino
    if domino is not None:
        scores |= {str(place): value for place, value in enumerate(domino.places, 1)}
        if domino.start_rank is not None:
            plain["rank"] = rank_short(catalog, domino.start_rank)
            plain["rank.name"] = catalog.text(f"rank_one.{domino.start_rank.char}")
        if domino.opener is not None:
            opener = Card(domino.opener)
            plain["first"] = rank_short(catalog, opener.rank) + opener.suit.symbol
    return plain, scores


def card_word(mask: Mask) -> str:
    """The scoring cards of a mask named by the rank they share (``king``, ``queen``), else the
    suit (``heart``)."""
    ranks = {card.rank for card in cards_of(mask)}
    if len(ranks) == 1:
        return ranks.pop().name.lower()
    suits = {card.suit for card in cards_of(mask)}
    if len(suits) == 1:
        return suits.pop().name.lower().removesuffix("s")
    raise ValueError(f"no word for the scoring cards {mask:#x}")


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
    """The prefix of a preset's fields: its section of the rules pages
    (``web.languages.presets``), where they are used."""
    return preset_words(rules.name).section


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

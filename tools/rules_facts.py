"""The numbers of the rules pages, computed by the engine: every ``{field}`` a rules text may use
(``facts``), RULES.md §5's settlement example, and the worked example, a whole session played by
four computer players from a fixed game number."""

from __future__ import annotations

from collections.abc import Sequence

from barbu import Session
from barbu.bots import Bot
from barbu.cards import Card
from barbu.rules import CLASSIC, PAGAT, STANDARD, ContractRules, preset
from barbu.scoring import final_scores
from web.demos.settlement import EXAMPLE_DOUBLES, raw_scores
from web.i18n import Catalog
from web.words import join_names, rank_short, signed

EXAMPLE_SEED = 2026
"""The worked example's game number: a session of the standard game played by four computer
players of the standard level."""


def card_value(crules: ContractRules, card: Card) -> int:
    """What capturing ``card`` scores in a contract."""
    return sum(value for mask, value in crules.card_values if mask >> card & 1)


def facts(catalog: Catalog, names: Sequence[str], example: Session) -> dict[str, str]:
    """Every ``{field}`` a rules text may use, computed from the rules objects."""
    s = STANDARD
    c = s.contract
    king, ace, queen = Card.parse("KH"), Card.parse("AH"), Card.parse("QS")
    last = s.hand_size - 1
    no_last_two = dict(c("no-last-two").trick_values)
    out: dict[str, int | str] = {
        "players": 4,
        "cards": s.deck.bit_count(),
        "hand": s.hand_size,
        "deals": s.deals,
        "block": s.block_size,
        "blocks": s.blocks,
        "quota": s.double_quota,
    }
    signed_values: dict[str, int] = {
        "no-tricks.trick": c("no-tricks").per_trick,
        "no-queens.queen": card_value(c("no-queens"), queen),
        "no-last-two.12": no_last_two[last - 1],
        "no-last-two.13": no_last_two[last],
        "no-hearts.heart": card_value(c("no-hearts"), Card.parse("2H")),
        "no-hearts.ace": card_value(c("no-hearts"), ace),
        "no-king-of-hearts.king": card_value(c("no-king-of-hearts"), king),
        "trumps.trick": c("trumps").per_trick,
        "negative.total": sum(x.total for x in s.contracts if not x.positive),
        "block.total": sum(x.total for x in s.contracts),
    }
    for x in s.contracts:
        signed_values[f"{x.contract.value}.total"] = x.total
    for rules, prefix in ((s, "domino"), (CLASSIC, "classic.domino")):
        places = rules.contract("domino").domino
        assert places is not None
        for place, value in enumerate(places.places, 1):
            signed_values[f"{prefix}.{place}"] = value
    fr32 = preset("fr32")
    f = fr32.contract
    out |= {
        "fr32.cards": fr32.deck.bit_count(),
        "fr32.hand": fr32.hand_size,
        "fr32.deals": fr32.deals,
        "fr32.king-of-hearts": card_value(f("king-of-hearts"), king),
        "fr32.hearts": card_value(f("hearts"), Card.parse("7H")),
        "fr32.hearts.total": f("hearts").total,
        "fr32.queens": card_value(f("queens"), queen),
        "fr32.queens.total": f("queens").total,
        "fr32.jacks": card_value(f("jacks"), Card.parse("JS")),
        "fr32.jacks.total": f("jacks").total,
        "fr32.trick": f("tricks").per_trick,
        "fr32.trick.total": f("tricks").total,
        "fr32.last-trick": dict(f("last-trick").trick_values)[fr32.hand_size - 1],
        "fr32.reverse": -f("reverse").per_trick,
        "fr32.reverse.total": -f("reverse").total,
    }
    domino = PAGAT.contract("domino").domino
    assert domino is not None and domino.start_rank is not None and domino.opener is not None
    out["pagat.domino.rank"] = rank_short(catalog, domino.start_rank)
    opener = Card(domino.opener)
    out["pagat.domino.first"] = rank_short(catalog, opener.rank) + opener.suit.symbol
    options = {
        "king": preset("pagat", {"king_of_hearts": -30}),
        "queen": preset("pagat", {"queen": -8}),
        "ace": preset("pagat", {"ace_of_hearts": -4}),
    }
    signed_values["pagat.king-option"] = card_value(
        options["king"].contract("no-king-of-hearts"), king
    )
    signed_values["pagat.queen-option"] = card_value(options["queen"].contract("no-queens"), queen)
    signed_values["pagat.ace-option"] = card_value(options["ace"].contract("no-hearts"), ace)
    out["pagat.quota-option"] = preset("pagat", {"quota": 3}).double_quota
    salad = preset("pagat", {"salad": True})
    every = preset(
        "pagat", {"salad": True, "king_of_hearts": -30, "queen": -8, "ace_of_hearts": -4}
    )
    without = preset("pagat", {"without": "trumps"})
    signed_values["pagat.salad.total"] = salad.contract("salad").total
    signed_values["pagat.salad.all-options"] = every.contract("salad").total
    out |= {
        "pagat.salad.block": salad.block_size,
        "pagat.salad.deals": salad.deals,
        "pagat.without.block": without.block_size,
        "pagat.without.deals": without.deals,
    }
    raw, final = settlement_example()
    for seat in range(4):
        out[f"name.{seat}"] = names[seat]
        signed_values[f"ex.raw.{seat}"] = raw[seat]
        signed_values[f"ex.final.{seat}"] = final[seat]
    out["ex.diff"] = abs(raw[1] - raw[0])
    out["ex.mutual"] = abs(raw[1] - raw[0]) * s.mutual_factor
    totals = example.totals()
    winners = example.winners()
    lowest = min(range(4), key=lambda seat: totals[seat])
    out["game.seed"] = EXAMPLE_SEED
    out["game.winner"] = join_names(catalog, [names[w] for w in winners])
    signed_values["game.winner.total"] = totals[winners[0]]
    out["game.last"] = names[lowest]
    signed_values["game.last.total"] = totals[lowest]
    out["game.doubles"] = sum(len(h.doubles) for h in example.history())
    return {k: str(v) for k, v in out.items()} | {k: signed(v) for k, v in signed_values.items()}


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

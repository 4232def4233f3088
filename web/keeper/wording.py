"""The score keeper's numbers and counts in words: what is wrong with a count, and money.

Decisions:
- A wrong count says exactly what is wrong, from the values the engine's ``bad-count`` refusal
  gives (``barbu.keeper.scores``): "12 tricks counted, 13 needed" for a wrong sum, in the form
  of the count's plural category (``keeper.miscount.<key>``: tricks, queens, jacks, hearts,
  hearts but the ace; a single card, such as the K♥, says how many players were given it);
  the places typed in a Domino; a player given more scoring tricks, or more scoring cards,
  than his tricks allow. A refusal without those values keeps the general sentence.
- Money (a settlement played for a stake) is written as the language writes it: its decimal
  separator (``keeper.decimal_point``), the minus sign U+2212, and as many decimals as the
  stake has cents: none for a whole stake (never "5.0"), two for a stake in cents (0.10, 0.5),
  more only for a stake finer than a cent.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from barbu import Card
from barbu.keeper import KeeperError
from web.languages.i18n import Catalog
from web.languages.words import card_name

NAMED_TALLIES = ("tricks", "Q", "J", "H", "H-AH")
"""The things counted whose wrong sum has its own sentence (``keeper.miscount.<key>``)."""


def miscount(catalog: Catalog, error: KeeperError, names: Sequence[str]) -> str | None:
    """What is wrong with the counts a ``bad-count`` refusal names, or None when it gives no
    values to say it with."""
    params = error.params
    if error.code != "bad-count":
        return None
    seat = params.get("seat")
    name = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else ""
    tricks = params.get("tricks")
    if name and isinstance(tricks, int):
        for what in ("won", "cards"):
            many = params.get(what)
            if isinstance(many, int):
                noun = "count.tricks" if what == "won" else "count.cards"
                return catalog.text(
                    f"keeper.miscount.{what}",
                    name=name,
                    **{what: catalog.plural(noun, many)},
                    tricks=catalog.plural("count.tricks", tricks),
                )
    tally = params.get("tally")
    if tally == "places" and isinstance(params.get("places"), str):
        return catalog.text("keeper.miscount.places", places=params["places"])
    counted, needed = params.get("counted"), params.get("needed")
    if not isinstance(tally, str) or not isinstance(counted, int) or not isinstance(needed, int):
        return None
    return _wrong_sum(catalog, tally, counted, needed, params.get("fewest"))


def _wrong_sum(catalog: Catalog, tally: str, counted: int, needed: int, fewest: object) -> str:
    """ "12 tricks counted, 13 needed", for the thing counted (``tally``: its key)."""
    wanted = str(needed)
    if isinstance(fewest, int):
        wanted = catalog.text("keeper.miscount.range", fewest=fewest, most=needed)
    if tally in NAMED_TALLIES:
        return catalog.plural(f"keeper.miscount.{tally}", counted, needed=wanted)
    try:
        card = Card.parse(tally)
    except ValueError:
        key = f"keeper.tally.{tally}"
        label = catalog.text(key) if catalog.has(key) else tally
        return catalog.text("keeper.miscount.other", label=label, count=counted, needed=wanted)
    named = card_name(catalog, card)
    named = named[:1].upper() + named[1:]
    if counted == 0:
        return catalog.text("keeper.miscount.card_none", card=named)
    return catalog.plural("keeper.miscount.card", counted, card=named)


def decimals(stake: Decimal) -> int:
    """How many decimals the amounts of a settlement at ``stake`` a point are written with."""
    if stake == stake.to_integral_value():
        return 0
    exponent = stake.normalize().as_tuple().exponent
    return max(2, -exponent if isinstance(exponent, int) else 2)


def money(catalog: Catalog, amount: Decimal, stake: Decimal, signed: bool = False) -> str:
    """An amount at ``stake`` a point as the language writes it: "85", "1,70", "\u22122,50"
    (``signed``: "+2,50" for a gain)."""
    places = decimals(stake)
    exact = amount.quantize(Decimal(1).scaleb(-places)) if places else amount.quantize(Decimal(1))
    text = f"{abs(exact):f}".replace(".", catalog.text("keeper.decimal_point"))
    if exact < 0:
        return f"\u2212{text}"
    return f"+{text}" if signed and exact > 0 else text


__all__ = ["decimals", "miscount", "money"]

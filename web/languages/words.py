"""What the game says, in the player's language: contracts, refusals, announcements.

Every sentence comes from the catalog (``web/languages/catalogs/<lang>.json``); this module only
picks the message and fills in names, cards and numbers. Contract names are those of RULES.md §2.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, cast

from barbu import (
    Action,
    Card,
    ChooseContract,
    Contract,
    Double,
    Play,
    Rank,
    Refusal,
    RuleError,
    Suit,
    cards_of,
)
from barbu.rules import ContractRules, Lead, Rules
from web.languages.faces import card_face
from web.languages.i18n import Catalog, number
from web.model.seats import HUMAN

if TYPE_CHECKING:  # (the game's page does not load the score keeper)
    from barbu.keeper.errors import KeeperError, KeeperRefusal


def said(
    catalog: Catalog,
    key: str,
    seat: int,
    names: Sequence[str],
    you: int | None = HUMAN,
    **fields: object,
) -> str:
    """A sentence about ``seat``: the player at the bottom (``you``; None: nobody, a deal
    shared by someone else) is addressed as "you" (``key.you``)."""
    if seat == you and catalog.has(f"{key}.you"):
        return catalog.text(f"{key}.you", **fields)
    return catalog.text(key, name=names[seat], **fields)


def object_name(catalog: Catalog, seat: int, names: Sequence[str], you: int | None = HUMAN) -> str:
    """A seat's name as the object of a sentence ("you" for the player)."""
    return catalog.text("pronoun.you") if seat == you else names[seat]


def object_list(
    catalog: Catalog, seats: Sequence[int], names: Sequence[str], you: int | None = HUMAN
) -> str:
    """Seats as the objects of a sentence, the player last ("Alice and you")."""
    ordered = sorted(seats, key=lambda seat: (seat == you, seat))
    return join_names(catalog, [object_name(catalog, seat, names, you) for seat in ordered])


def contract_name(catalog: Catalog, contract: Contract | str) -> str:
    """The contract's name in the player's language (RULES.md §2)."""
    return catalog.text(f"contract.{Contract(contract).value}")


def suit_name(catalog: Catalog, suit: Suit) -> str:
    """The suit's name in words ("spades", "pique")."""
    return catalog.text(f"suit.{suit.char}")


def rank_short(catalog: Catalog, rank: Rank) -> str:
    """The rank as printed on a card ("10", "D")."""
    return catalog.text(f"rank_short.{rank.char}")


def card_name(catalog: Catalog, card: Card) -> str:
    """The card in words ("Queen of hearts"), as a label starts."""
    return card_face(card, catalog).name


def card_text(catalog: Catalog, card: Card) -> str:
    """The card in words inside a sentence ("the queen of hearts"): in the site's languages a
    card's name is a common noun, in lower case."""
    name = card_name(catalog, card)
    return name[:1].lower() + name[1:]


def trick_said(catalog: Catalog, names: Sequence[str], played: Iterable[tuple[int, Card]]) -> str:
    """A trick's cards as a screen reader reads them ("Ada: ace of clubs, Ben: three of
    clubs"), each card named in lower case as inside a sentence (``trick.card``)."""
    return ", ".join(
        catalog.text("trick.card", name=names[seat], card=card_text(catalog, card))
        for seat, card in played
    )


def contract_line(
    catalog: Catalog,
    contract: Contract,
    trump: Suit | None,
    start_rank: Rank | None,
    short: bool = False,
) -> str:
    """The contract with its trump suit or starting rank ("Trumps ♥ (hearts)"); ``short``
    leaves the suit's name out (for the score sheet)."""
    name = contract_name(catalog, contract)
    if trump is not None:
        key = "contract.short_trump" if short else "contract.with_trump"
        return catalog.text(
            key, contract=name, suit=suit_name(catalog, trump), symbol=trump.symbol + "\ufe0e"
        )
    if start_rank is not None:
        key = "contract.short_rank" if short else "contract.with_rank"
        return catalog.text(
            key,
            contract=name,
            rank=rank_short(catalog, start_rank),
            rank_name=catalog.text(f"rank_start.{start_rank.char}"),  # as the line names it
        )
    return name


RULES_SECTIONS: dict[Refusal | KeeperRefusal, str] = {
    # play
    "must-follow": "tricks",
    "heart-lead": "no-hearts",
    "hearts-not-broken": "italian",
    "must-overtrump": "trumps",
    "must-trump": "trumps",  # the standard duty: a trump that wins
    "must-ruff": "classic",  # the club rules' duty: any trump
    "must-overtrump-void": "classic",  # the club rules' (and an Italian option's) over-trumping
    "domino-opener": "italian",
    "domino-unplayable": "domino",
    # doubling
    "must-double": "obligation",
    "double-self": "doubles",
    "redouble-not-doubled": "doubles",
    "double-positive": "faq-double-in-trumps",
    "double-out-of-turn": "doubles",
    "no-doubles": "fr32",
    # contract
    "contract-used": "session",
    "trump-missing": "trumps",
    "trump-unexpected": "trumps",
    "rank-missing": "domino",
    "rank-unexpected": "domino",
    "rank-fixed": "italian",
    # session
    "wrong-declarer": "session",
    # the score keeper
    "bad-total": "contracts",
    "bad-score": "contracts",
}
"""The section of the rules pages (the ``## id:`` / ``### id:`` headings of web/rules/<lang>.md,
tools/site/rules_page.py) that states the rule each refusal enforces."""

INPUT_REFUSALS: frozenset[Refusal | KeeperRefusal] = frozenset(
    {
        "not-held",
        "double-twice",
        "bad-contract",
        "no-contract",
        "wrong-phase",
        "not-your-turn",
        "deal-over",
        "no-seed",
        "no-deal",
        "deal-not-over",
        "session-over",
        "unfinished",
        "bad-record",
        "bad-rules",
        "bad-hands",
        "bad-seat",
        "bad-card",
        "bad-suit",
        "bad-rank",
        "bad-action",
        "bad-position",
        "nothing-to-undo",
        "bad-step",
        "bad-count",
        "kept-record",
    }
)
"""The refusals that link to no rules section, since no rule of the game was broken: input
that makes no sense (a value that is not a card, seat, suit, rank, contract or rules; a record or
position that does not hold together; a card not held) or comes at the wrong time (out of turn,
before the contract, after the end). No section would say more than the sentence.

Every engine code (``barbu.errors.REFUSALS``) and score keeper's code
(``barbu.keeper.errors.KEEPER_REFUSALS``) is in exactly one of ``RULES_SECTIONS`` and
``INPUT_REFUSALS``, and each has its sentence, ``refusal.<code>``, in every catalog
(tests/test_refusals.py): a new code cannot ship unworded or unplaced."""


def rules_link(lang: str, error: RuleError | KeeperError | None) -> str | None:
    """The address, from the game's page, of the rules section that explains ``error``."""
    section = RULES_SECTIONS.get(error.code) if error is not None else None
    return f"./rules/{lang}/#{section}" if section else None


def refusal(catalog: Catalog, error: RuleError | KeeperError) -> str:
    """Why the engine (or the score keeper) refused an action, worded for the player
    (``refusal.<code>``)."""
    params = dict(error.params)
    if error.code == "must-double":
        owed = int(cast("int | str", params.get("owed", 0)))
        left = int(cast("int | str", params.get("left", 0)))
        return catalog.text(
            "refusal.must-double",
            owed=catalog.plural("count.doubles", owed),
            left=catalog.plural("count.deals", left),
        )
    if "suit" in params:
        params["suit"] = suit_name(catalog, Suit.parse(str(params["suit"])))
    for key in ("card", "opener"):
        if key in params:
            params[key] = card_text(catalog, Card.parse(str(params[key])))
    if catalog.has(f"contract.{params.get('contract')}"):  # (not bad-contract's quoted name)
        params["contract"] = contract_name(catalog, str(params["contract"]))
    return catalog.text(
        f"refusal.{error.code}", **{k: v for k, v in params.items() if isinstance(v, (str, int))}
    )


def card_refusal(catalog: Catalog, card: Card, error: RuleError) -> str:
    """Why ``card`` may not be played, naming it once: "No. The nine of clubs neither opens
    its suit..." when the refusal names it, else "No, not the nine of clubs. You must follow
    suit..." (``demo.may_i_play.no_named``, ``demo.may_i_play.no``)."""
    reason = refusal(catalog, error)
    if "{card}" in catalog.text(f"refusal.{error.code}"):
        return catalog.text("demo.may_i_play.no_named", reason=reason)
    return catalog.text("demo.may_i_play.no", card=card_text(catalog, card), reason=reason)


def announcement(
    catalog: Catalog,
    names: Sequence[str],
    seat: int,
    action: Action,
    declarer: int | None = None,
    you: int | None = HUMAN,
) -> str:
    """One action told in a sentence, for the live region (the declarer's doubles are
    redoubles; ``you``: the seat addressed as "you", None for nobody)."""
    if isinstance(action, ChooseContract):
        contract = contract_line(catalog, action.contract, action.trump, action.start_rank)
        return said(catalog, "say.contract", seat, names, you, contract=contract)
    if isinstance(action, Double):
        if not action.targets:
            return said(catalog, "say.pass", seat, names, you)
        targets = object_list(catalog, sorted(action.targets), names, you)
        key = "say.redouble" if seat == declarer else "say.double"
        return said(catalog, key, seat, names, you, targets=targets)
    if isinstance(action, Play):
        return said(catalog, "say.play", seat, names, you, card=card_text(catalog, action.card))
    return ""


def join_names(catalog: Catalog, names: Sequence[str]) -> str:
    """Names joined as a list ("Ada, Basile and you")."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return catalog.text("list.last", first=", ".join(names[:-1]), last=names[-1])


def place_name(catalog: Catalog, place: int) -> str:
    """A finishing place in words ("1st")."""
    return catalog.text(f"place.{place}")


def hint_text(
    catalog: Catalog,
    names: Sequence[str],
    action: Action | None,
    declarer: int | None,
    you: int = HUMAN,
) -> str:
    """The expert's suggestion for the decision of the player at seat ``you``, in a sentence."""
    if isinstance(action, Play):
        return catalog.text("hint.play", card=card_text(catalog, action.card))
    if isinstance(action, ChooseContract):
        return catalog.text(
            "hint.contract",
            contract=contract_line(catalog, action.contract, action.trump, action.start_rank),
        )
    if isinstance(action, Double):
        if not action.targets:
            return catalog.text("hint.pass")
        targets = object_list(catalog, sorted(action.targets), names, you)
        return catalog.text("hint.redouble" if declarer == you else "hint.double", targets=targets)
    return ""


def signed(value: int) -> str:
    """A score with its sign, as a score sheet prints it ("+5"; a negative one with the minus
    sign, U+2212)."""
    return f"+{value}" if value > 0 else number(value)


def explanation(catalog: Catalog, crules: ContractRules, rules: Rules, leads: bool = False) -> str:
    """What a contract scores, in one line read from the rules object (No Queens: "-6 per
    queen; may stop early"); with ``leads``, also what may not be led."""
    t = catalog.text
    parts = []
    if crules.domino is not None:
        places = ", ".join(signed(v) for v in crules.domino.places)
        parts.append(t("explain.domino", values=places))
    if crules.per_trick:
        parts.append(t("explain.per_trick", value=signed(crules.per_trick)))
    singles = {mask for mask, _ in crules.card_values if mask & (mask - 1) == 0}
    for mask, value in sorted(crules.card_values, key=lambda mv: mv[0] not in singles):
        parts.append(_cards_part(catalog, mask & rules.deck, signed(value), singles))
    last = rules.hand_size - 1
    for index, value in crules.trick_values:
        key = {last: "explain.last_trick", last - 1: "explain.second_last_trick"}.get(index)
        parts.append(
            t(key, value=signed(value))
            if key
            else t("explain.trick_n", number=index + 1, value=signed(value))
        )
    if crules.has_trump:
        parts.append(t("explain.trumps"))
    if leads and crules.lead is Lead.NO_HEARTS:
        parts.append(t("explain.no_heart_lead"))
    elif leads and crules.lead is Lead.HEARTS_BROKEN:
        parts.append(t("explain.hearts_broken"))
    if crules.early_end:
        parts.append(t("explain.early_end"))
    return t("explain.join").join(parts)


def _cards_part(catalog: Catalog, mask: int, value: str, singles: set[int]) -> str:
    """``value`` for each card of ``mask``, named as a player would: one card, every card of a
    rank or of a suit, or the others of a suit whose remaining cards score apart."""
    t = catalog.text
    cards = cards_of(mask)
    if len(cards) == 1:
        return t("explain.card", card=card_name(catalog, cards[0]), value=value)
    ranks = {c.rank for c in cards}
    suits = {c.suit for c in cards}
    if len(ranks) == 1:
        return t("explain.per_rank", rank=t(f"rank_one.{cards[0].rank.char}"), value=value)
    if len(suits) == 1:
        suit = cards[0].suit
        kind = (
            "explain.per_other_of_suit"
            if any(m & suit.mask for m in singles)
            else ("explain.per_suit")
        )
        return t(kind, suit=t(f"suit_one.{suit.char}"), value=value)
    return t("explain.cards", cards=", ".join(card_name(catalog, c) for c in cards), value=value)

"""Why an action is refused, and the choices of the contract and the doubling round.

The checks ``Deal.check`` runs when an action is not the plain legal card of its fast path
(RULES.md §1-5, §7): hands that are not a deal (``check_hands``), a contract
(``check_contract``), a doubling turn (``check_double``), and the reason a held card is
illegal (``why_illegal``). Each raises or returns a ``RuleError`` with its refusal code. The
same rules list the legal contracts (``contract_choices``) and doubling turns
(``double_choices``, ``shortcuts``): those are ``barbu.calls``' checks, which need no hands,
fed from the deal. They read the deal through its public, read-only surface (properties and
``Deal.masks()``) and change nothing.
"""

from __future__ import annotations

from . import calls, tricks
from .actions import Action, ChooseContract, Double, Play
from .calls import DoublingRound, legal_contracts
from .cards import CARDS, SUIT_MASKS, Card, Mask, Suit, cards_of
from .deal_state import DealState
from .errors import RuleError, quoted
from .rules import Lead, Rules, TrumpDuty
from .view import Masks, Phase


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an s unless ``n`` is 1."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def check_hands(masks: list[Mask], rules: Rules) -> None:
    """Refuse hands that are not a deal of ``rules``: four hands of its pack, each card once."""
    if len(masks) != 4:
        raise RuleError(f"a deal needs 4 hands, not {len(masks)}", "bad-hands")
    seen = 0
    for seat, m in enumerate(masks):
        if m & ~rules.deck:
            odd = cards_of(m & ~rules.deck)[0]
            raise RuleError(
                f"{odd} is not in the {rules.deck.bit_count()}-card pack",
                "bad-hands",
                card=str(odd),
            )
        if m.bit_count() != rules.hand_size:
            raise RuleError(
                f"hand of seat {seat} has {m.bit_count()} cards, not {rules.hand_size}",
                "bad-hands",
                seat=seat,
            )
        if seen & m:
            dup = cards_of(seen & m)[0]
            raise RuleError(f"{dup} is dealt twice", "bad-hands", card=str(dup))
        seen |= m


def contract_choices(deal: DealState) -> list[Action]:
    """Every contract the declarer may choose now, with its trump or starting rank (§1)."""
    return list(legal_contracts(deal.rules, deal.used))


def check_contract(deal: DealState, action: ChooseContract) -> None:
    """Raise ``RuleError`` saying why the declarer may not choose ``action`` (RULES.md §1)."""
    calls.check_contract(deal.rules, deal.used, action)


def doubling_round(deal: DealState) -> DoublingRound:
    """The deal's doubling round so far, as ``barbu.calls`` checks it without the hands."""
    crules = deal.crules
    assert crules is not None  # chosen before the doubles
    return DoublingRound(
        deal.declarer,
        crules.positive,
        deal.owed,
        deal.deals_left,
        tuple(deal.doubles),
        deal.double_turns,
    )


def double_choices(deal: DealState) -> list[tuple[int, ...]]:
    """Every set of seats the seat to move may double now, a pass (the empty set) included."""
    seat = deal.to_move
    assert seat is not None  # in the doubling round
    return doubling_round(deal).legal_sets(seat)


def shortcuts(deal: DealState) -> tuple[tuple[str, frozenset[int]], ...]:
    """Pagat's doubling shortcuts for the seat to move, those that are legal (RULES.md §7)."""
    if not deal.rules.double_shortcuts or deal.phase is not Phase.DOUBLING:
        return ()
    seat = deal.to_move
    assert seat is not None  # in the doubling round
    return doubling_round(deal).shortcuts(seat)


def check_double(deal: DealState, action: Double) -> None:
    """Raise ``RuleError`` saying why the seat to move may not make this doubling turn (§4)."""
    doubling_round(deal).check(action.targets)


def why_illegal(deal: DealState, card: Card) -> RuleError:
    """The reason a held card may not be played now (RULES.md §2, §3, §7)."""
    crules, m = deal.crules, deal.masks()
    seat = m.to_move
    assert crules is not None and seat is not None  # in the play phase
    c = str(card)
    if crules.is_domino:
        return _why_not_laid(m, c)
    if not m.trick:
        if crules.lead is Lead.HEARTS_BROKEN:
            return RuleError(
                "hearts may not be led before they are broken, while holding other suits",
                "hearts-not-broken",
                card=c,
            )
        return RuleError("hearts may not be led while holding other suits", "heart-lead", card=c)
    return _why_not_followed(deal, m, m.hands[seat], card)


def _why_not_laid(m: Masks, c: str) -> RuleError:
    """Why a held card may not be laid in the Domino now."""
    if m.opener >= 0 and m.playable == 1 << m.opener:
        first = CARDS[m.opener]
        return RuleError(
            f"the Domino opens with {first}, and only with it",
            "domino-opener",
            card=c,
            opener=str(first),
        )
    return RuleError(
        f"{c} cannot be laid: it neither opens its suit nor extends its row",
        "domino-unplayable",
        card=c,
    )


def _why_not_followed(deal: DealState, m: Masks, hand: Mask, card: Card) -> RuleError:
    """Why a held card may not be played to the trick in progress from ``hand``."""
    c = str(card)
    led = Suit(m.trick[0] // 13)
    if hand & SUIT_MASKS[led]:
        if card.suit == led:
            return RuleError(
                f"must play a trump higher than every trump in the trick ({c} is too low)",
                "must-overtrump",
                card=c,
            )
        return RuleError(f"must follow {led.symbol}", "must-follow", card=c, suit=led.char)
    if deal.rules.trump_duty is TrumpDuty.WIN:
        return RuleError(
            f"void in {led.symbol}, must play a trump that wins the trick",
            "must-trump",
            card=c,
            suit=led.char,
        )
    # Only a trump contract refuses a card of a player void in the led suit.
    assert deal.trump is not None
    high = m.best if m.best // 13 == m.trump else -1  # the highest trump in the trick
    if high >= 0 and hand & SUIT_MASKS[int(deal.trump)] & tricks.ABOVE[high]:
        return RuleError(
            f"void in {led.symbol}, must beat every trump in the trick",
            "must-overtrump-void",
            card=c,
            suit=led.char,
        )
    return RuleError(f"void in {led.symbol}, must play a trump", "must-ruff", card=c, suit=led.char)


def check_action(deal: DealState, action: Action) -> None:
    """Raise ``RuleError`` saying why ``action`` is illegal now; return if it is legal."""
    phase = deal.phase  # (an Enum hashes slowly: compared by identity, not looked up)
    if phase is Phase.DONE:
        raise RuleError("the deal is over", "deal-over")
    kind = (
        ChooseContract if phase is Phase.CONTRACT else Double if phase is Phase.DOUBLING else Play
    )
    rules = deal.rules
    if isinstance(action, Double) and not rules.doubling:
        raise RuleError(f"the {rules.name} rules have no doubles", "no-doubles")
    if not isinstance(action, kind):
        wanted = {ChooseContract: "a contract", Double: "a doubling turn", Play: "a card"}
        raise RuleError(
            f"seat {deal.to_move} must now choose {wanted[kind]}",
            "wrong-phase",
            phase=phase.value,
        )
    if isinstance(action, ChooseContract):
        check_contract(deal, action)
    elif isinstance(action, Double):
        check_double(deal, action)
    else:
        check_play(deal, action)


def check_play(deal: DealState, action: Play) -> None:
    """Raise ``RuleError`` saying why the seat to move may not play this card (§2, §3, §7)."""
    card = action.card
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 52:
        raise RuleError(f"not a card: {quoted(card)}", "bad-card")
    card = CARDS[card]
    seat = deal.to_move
    assert seat is not None  # in the play phase
    bit = 1 << card
    if not deal.hands[seat] & bit:
        raise RuleError(f"seat {seat} does not hold {card}", "not-held", card=str(card))
    if deal.legal_mask() & bit:
        return
    raise why_illegal(deal, card)

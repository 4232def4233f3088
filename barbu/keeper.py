"""The score keeper: a session played with real cards, kept deal by deal.

Four people play with a real pack and the keeper holds their sheet. A ``KeptGame`` has the rules
(any preset of RULES.md §7 with its options), who declares first, and optionally the players'
names and a stake per point; each deal is entered as a ``KeptDeal``: the contract (with its trump
suit or starting rank), the doubles, and the raw scores, typed or counted from what each player
took (``Taken``). What the played game checks is checked here by the played game's own code:

- the rotation, the contracts used in the block and the doubles owed come from ``Session``
  (``declarer_of``, ``block_context``); the contract and the doubling turns are applied to a
  ``Deal`` dealt placeholder hands (nothing before the play depends on the cards). So a contract
  already used, a double out of scope, a redouble of a player who did not double, a double in
  fr32, and a deal that leaves a player owing more doubles than deals left (``must-double``,
  RULES.md §4) are refused with the played game's reasons.
- Scores are read from the contract's ``ContractRules`` (per trick, card values, trick values,
  Domino places), never from its name: options and presets follow by themselves. Typed raw scores
  must add up to the contract's total (``bad-total``) and be a result some deal could give
  (``bad-score``: each seat's score, and the four together where the contract's outcomes are few
  enough to search, ``JOINT_LIMIT``; the Domino's are its places, one each). Counts must be
  possible (``bad-count``): tricks adding up to the hand size (at least one and at most that in a
  deal that may end early), each scoring card counted once, no more than four cards a trick,
  places 1-4 once each.

Decisions:
- Doubles are entered as ``[doubler, target]`` pairs in any order (a pair matrix): a seat's pairs
  are its one doubling turn, the declarer's are redoubles. They are kept in turn order.
- Every change (add, edit, remove, names, stake, first declarer) replays the whole game, and a
  change that makes any deal illegal is refused: the refusal is located at that deal ("deal 6,
  doubles of seat 2: ...") and names it in ``error.params["deal"]`` (a doubling turn refused:
  its seat in ``error.params["seat"]``). Removing deal n moves the
  later deals up a place, where the rotation may give them another declarer or block: removing
  the last deal always works, a removal that breaks a later deal is refused like an edit.
  ``undo`` takes back the last change that was made.
- The end: the ranking follows the rules' goal (the highest total wins, the lowest in fr32),
  ties share a place. The sources do not say how a session is paid out; the club's sheet
  "settles each pair's difference": each of the six pairs settles the difference of its two
  totals, the one behind (lower total; in fr32 the higher) paying it to the other, times the
  stake per point if the table plays for one (``settlement``). A player's net is then four times
  his total less the sum of the four (goal-signed).

Record of a kept game, the session record of ``barbu.records`` without cards::

    {"format": 2, "kept": true, "rules": ..., "first_declarer": 0-3, "seed": null,
     "names": [4 strings] (optional), "stake": "0.10" (optional, a decimal number as text),
     "deals": [{"dealer": 0-3, "declarer": 0-3,
                "actions": [{"contract": ...}, {"double": [...]} x4 (none without doubles)],
                "raw": [4 ints], "taken": {...} (optional)}, ...]}

The keeper always writes ``"raw"``; a record may leave out ``"raw"`` or ``"taken"``, not both
(when both are there they must agree). Taken
is ``{"tricks": [4], "cards": {key: [4]}, "won": {"12": seat}, "places": [4]}`` with the keys
``tallies`` gives the contract (cards by what they are: ``"Q"`` the queens, ``"KH"`` one card,
``"H"`` a suit, ``"H-AH"`` a suit but one card; ``"won"`` by trick number from 1; ``"places"``
each seat's finishing place 1-4). ``barbu.records`` refuses such a record (``kept-record``), and
``KeptGame.from_record`` also reads a played session's record as it is, keeping its finished
deals with their raw scores and counts (a deal in progress is left out). A record without the
``"kept"`` mark whose first deal has scores and no hands is read as a kept game's.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import lru_cache
from itertools import product
from typing import Any, Literal, NamedTuple

from .actions import ChooseContract, Double, action_from_data, action_to_data
from .cards import SUIT_MASKS, Mask, Rank, Suit, cards_of, mask_of
from .deal import Deal, DealSummary
from .errors import Refusal, RuleError, quoted
from .records import FORMAT, is_session_record, session_from_record
from .rules import STANDARD, Contract, ContractRules, Domino, Rules, rules_from_record
from .scoring import final_scores, settlements
from .scoring import winners as best_seats
from .session import Session

NAME_LIMIT = 24
"""The longest player's name (characters), as the game's settings allow."""
RAW_LIMIT = 10_000
"""No contract's raw score is this large: a typed score beyond it is refused at once."""
OUTCOME_LIMIT = 100_000
"""The most outcomes of one seat enumerated to check a typed score (salad has 29,120)."""
JOINT_LIMIT = 4_096
"""The most outcomes of one seat for which the four typed scores are checked together."""
STAKE = re.compile(r"\d{1,9}(\.\d{1,6})?")
"""A stake per point as text: a decimal number, at most 9 digits before the point, 6 after."""

TallyKind = Literal["tricks", "cards", "won", "places"]


def _refused(where: str, message: str, code: Refusal, **params: object) -> RuleError:
    """A refusal located at ``where`` (nothing when empty)."""
    error = RuleError(message, code, **params)
    return error.located(where) if where else error


def _at_deal(error: RuleError, number: int, part: str = "") -> RuleError:
    """``error`` located at deal ``number`` (and ``part`` of it), which ``params["deal"]``
    names for the page."""
    inner = ", ".join(p for p in (part, error.where) if p)
    error.where = ""
    error.params["deal"] = number
    return error.located(f"deal {number}, {inner}" if inner else f"deal {number}")


# -- what a contract counts ------------------------------------------------------------------


@dataclass(frozen=True)
class Tally:
    """One thing a contract counts for each seat (RULES.md §2, §3, §7)."""

    kind: TallyKind
    """``tricks`` won, ``cards`` of a set captured, a trick ``won`` (by one seat), Domino
    ``places``."""
    key: str
    """Its key in ``Taken`` and records: ``tricks``, ``Q``, ``KH``, ``H-AH``, ``12``,
    ``places``."""
    label: str
    """What it is in English, for the engine's messages (``queens``, ``hearts but AH``)."""
    value: int = 0
    """Points for each one taken (each trick, card, or the trick won); 0 for places."""
    most: int = 0
    """How many there are in a deal (tricks: the hand size; a trick won: 1; places: 4)."""
    mask: Mask = 0
    """The cards counted (``cards``)."""
    required: bool = True
    """Whether the raw scores need it (tricks are optional where they score nothing)."""
    places: tuple[int, ...] = ()
    """Raw scores of the first to last place (``places``)."""


def _mask_key(cards: Mask, deck: Mask) -> tuple[str, str]:
    """A card set's key and English label: one card (``KH``), a suit of the pack (``H``), a
    suit but one card (``H-AH``), a rank (``Q``), else its cards."""
    listed = cards_of(cards)
    if len(listed) == 1:
        return str(listed[0]), str(listed[0])
    for suit in Suit:
        whole = SUIT_MASKS[suit] & deck
        name = suit.name.lower()
        if cards == whole:
            return suit.char, name
        rest = cards_of(whole & ~cards)
        if cards & ~whole == 0 and len(rest) == 1:
            return f"{suit.char}-{rest[0]}", f"{name} but {rest[0]}"
    for rank in Rank:
        if all(c.rank == rank for c in listed):
            return rank.char, f"{rank.name.lower()}s"
    text = " ".join(map(str, listed))
    return text, text


@lru_cache(maxsize=64)
def _tallies(crules: ContractRules, deck: Mask, hand_size: int) -> tuple[Tally, ...]:
    if crules.domino is not None:
        return (Tally("places", "places", "places", most=4, places=crules.domino.places),)
    out = [
        Tally(
            "tricks",
            "tricks",
            "tricks",
            crules.per_trick,
            hand_size,
            required=bool(crules.per_trick),
        )
    ]
    for mask, value in crules.card_values:
        cards = mask & deck
        key, label = _mask_key(cards, deck)
        out.append(Tally("cards", key, label, value, cards.bit_count(), cards))
    for index, value in crules.trick_values:
        number = str(index + 1)
        out.append(Tally("won", number, f"trick {number}", value, 1))
    assert len({t.key for t in out}) == len(out), out  # each key names one tally
    return tuple(out)


def tallies(rules: Rules, contract: Contract | str) -> tuple[Tally, ...]:
    """What a contract counts for each seat, in the order of its rules: tricks (where they
    score, else optional), each card set, each trick won, or the Domino's places."""
    return _tallies(rules.contract(contract), rules.deck, rules.hand_size)


# -- what each seat took ---------------------------------------------------------------------


@dataclass(frozen=True)
class Taken:
    """What each seat took in one deal, as the players count it (``tallies`` says what)."""

    tricks: tuple[int, ...] | None = None
    """Tricks won by each seat."""
    cards: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """For each card set by its key, how many each seat captured."""
    won: tuple[tuple[int, int], ...] = ()
    """``(trick number from 1, seat)`` for each trick that scores by itself."""
    places: tuple[int, ...] | None = None
    """Each seat's finishing place in Domino, 1 to 4."""

    @classmethod
    def of(
        cls,
        tricks: Sequence[int] | None = None,
        cards: Mapping[str, Sequence[int]] | None = None,
        won: Mapping[int, int] | None = None,
        places: Sequence[int] | None = None,
    ) -> Taken:
        """Counts given as plain sequences and mappings."""
        return cls(
            None if tricks is None else tuple(tricks),
            tuple((k, tuple(v)) for k, v in (cards or {}).items()),
            tuple((won or {}).items()),
            None if places is None else tuple(places),
        )

    @classmethod
    def from_deal(cls, deal: Deal) -> Taken:
        """What each seat took in a played deal, once it is over."""
        crules = deal.crules
        assert crules is not None and deal.is_over, "a finished deal"
        counted = tallies(deal.rules, crules.contract)
        if crules.domino is not None:
            order = deal.out_order + [s for s in range(4) if s not in deal.out_order]
            places = [0, 0, 0, 0]
            for place, seat in enumerate(order, 1):
                places[seat] = place
            return cls(places=tuple(places))
        return cls(
            tricks=tuple(deal.tricks_won),
            cards=tuple(
                (t.key, tuple((deal.captured[s] & t.mask).bit_count() for s in range(4)))
                for t in counted
                if t.kind == "cards"
            ),
            won=tuple(
                (int(t.key), deal.tricks[int(t.key) - 1].winner)
                for t in counted
                if t.kind == "won" and int(t.key) <= len(deal.tricks)
            ),
        )

    def data(self) -> dict[str, Any]:
        """The counts as a record writes them (only those given)."""
        out: dict[str, Any] = {}
        if self.tricks is not None:
            out["tricks"] = list(self.tricks)
        if self.cards:
            out["cards"] = {key: list(counts) for key, counts in self.cards}
        if self.won:
            out["won"] = {str(number): seat for number, seat in self.won}
        if self.places is not None:
            out["places"] = list(self.places)
        return out

    @classmethod
    def from_data(cls, data: Any, where: str = "taken") -> Taken:
        """Counts as a record writes them; their shape is checked here, their values when they
        are scored (``count_scores``)."""
        if not isinstance(data, dict):
            raise _refused(where, f"counts are an object, not {quoted(data)}", "bad-record")
        extra = sorted(set(data) - {"tricks", "cards", "won", "places"}, key=str)
        if extra:
            raise _refused(
                where,
                f"unknown key {quoted(extra[0])} (expected tricks, cards, won, places)",
                "bad-record",
            )
        tricks = places = None
        if "tricks" in data:
            tricks = _four(data["tricks"], f"{where}, tricks")
        if "places" in data:
            places = _four(data["places"], f"{where}, places")
        cards: list[tuple[str, tuple[int, ...]]] = []
        won: list[tuple[int, int]] = []
        for key, form in (("cards", "card sets"), ("won", "tricks")):
            part = data.get(key, {})
            if not isinstance(part, dict) or len(part) > 16:
                raise _refused(
                    f"{where}, {key}",
                    f"must be an object of {form}, not {quoted(part)}",
                    "bad-record",
                )
            for name, value in part.items():
                spot = f"{where}, {key}, {quoted(name)}"
                if key == "cards":
                    cards.append((name, _four(value, spot)))
                elif not (type(name) is str and name.isdigit() and len(name) <= 3):
                    raise _refused(spot, "a trick's number, from 1", "bad-record")
                else:
                    won.append((int(name), value))
        return cls(tricks, tuple(cards), tuple(won), places)


def _four(value: Any, where: str) -> tuple[Any, ...]:
    """A list of 4 values (one per seat), as a tuple; the values are checked where used."""
    if not isinstance(value, (list, tuple)) or len(value) != 4:
        raise _refused(where, f"one count per seat (4), not {quoted(value)}", "bad-count")
    return tuple(value)


def _counts(value: Any, most: int, where: str, label: str) -> tuple[int, ...]:
    """Four whole numbers from 0 to ``most``: each seat's count of something."""
    counts = _four(value, where)
    for seat, n in enumerate(counts):
        if type(n) is not int or not 0 <= n <= most:
            raise _refused(
                where, f"seat {seat} cannot take {quoted(n)} {label} (0 to {most})", "bad-count"
            )
    return counts


def _seat(value: Any, where: str) -> int:
    if type(value) is not int or not 0 <= value <= 3:
        raise _refused(where, f"not a seat (0-3): {quoted(value)}", "bad-seat")
    return value


def count_scores(rules: Rules, contract: Contract | str, taken: Taken) -> tuple[int, ...]:
    """The raw scores of what each seat took (RULES.md §2, §3, §7); ``RuleError``
    (``bad-count``) names an impossible count."""
    crules = rules.contract(contract)
    counted = _tallies(crules, rules.deck, rules.hand_size)
    if not isinstance(taken, Taken):
        raise _refused("taken", f"not counts: {quoted(taken)}", "bad-record")
    if crules.domino is not None:
        return _domino_scores(crules.domino, taken)
    if taken.places is not None:
        raise _refused("taken, places", "only a Domino has places", "bad-count")
    tricks = _trick_counts(crules, taken, rules.hand_size)
    raw = [0, 0, 0, 0] if tricks is None else [crules.per_trick * n for n in tricks]
    cards = dict(taken.cards)
    won = dict(taken.won)
    _check_keys(crules, counted, cards, won)
    captured = [0, 0, 0, 0]
    disjoint = _disjoint(counted)
    for t in counted:
        if t.kind == "cards":
            for seat, n in enumerate(_card_counts(t, cards)):
                raw[seat] += t.value * n
                captured[seat] = captured[seat] + n if disjoint else max(captured[seat], n)
        elif t.kind == "won":
            raw[_trick_winner(t, won, tricks)] += t.value
    if tricks is not None:
        _check_captures(captured, tricks)
    return tuple(raw)


def _domino_scores(domino: Domino, taken: Taken) -> tuple[int, ...]:
    """The Domino's raw scores, from each seat's place."""
    if taken.tricks is not None or taken.cards or taken.won:
        raise _refused("taken", "a Domino counts only the places", "bad-count")
    if taken.places is None:
        raise _refused("taken", "give each seat's place", "bad-count")
    places = _counts(taken.places, 4, "taken, places", "places")
    if sorted(places) != [1, 2, 3, 4]:
        raise _refused(
            "taken, places",
            f"the places are 1, 2, 3 and 4, one each: not {places}",
            "bad-count",
        )
    return tuple(domino.places[p - 1] for p in places)


def _trick_counts(crules: ContractRules, taken: Taken, hand: int) -> tuple[int, ...] | None:
    """Each seat's tricks if given (required where tricks score), checked to add up."""
    if taken.tricks is None:
        if crules.per_trick:
            raise _refused("taken", "count each seat's tricks", "bad-count")
        return None
    tricks = _counts(taken.tricks, hand, "taken, tricks", "tricks")
    total = sum(tricks)
    if total != hand and not (crules.early_end and 1 <= total <= hand):
        between = f"1 to {hand}" if crules.early_end else str(hand)
        raise _refused("taken, tricks", f"the tricks add up to {total}, not {between}", "bad-count")
    return tricks


def _check_keys(
    crules: ContractRules,
    counted: Sequence[Tally],
    cards: Mapping[str, Any],
    won: Mapping[int, Any],
) -> None:
    """Refuse a card set or a trick number the contract does not count."""
    for key in cards:
        if not any(t.kind == "cards" and t.key == key for t in counted):
            raise _refused(
                "taken, cards", f"{crules.contract} counts no {quoted(key)}", "bad-count"
            )
    for number in won:
        if not any(t.kind == "won" and t.key == str(number) for t in counted):
            raise _refused("taken, won", f"trick {quoted(number)} scores nothing here", "bad-count")


def _card_counts(t: Tally, cards: Mapping[str, Any]) -> tuple[int, ...]:
    """How many of the card set ``t`` each seat captured, checked to add up to all of them."""
    spot = f"taken, cards, {t.key}"
    if t.key not in cards:
        raise _refused("taken, cards", f"count the {t.label} each seat took", "bad-count")
    counts = _counts(cards[t.key], t.most, spot, t.label)
    if sum(counts) != t.most:
        raise _refused(
            spot, f"the {t.label} taken add up to {sum(counts)}, not {t.most}", "bad-count"
        )
    return counts


def _trick_winner(t: Tally, won: Mapping[int, Any], tricks: tuple[int, ...] | None) -> int:
    """The seat that won the scoring trick ``t``, checked against the tricks it took."""
    if int(t.key) not in won:
        raise _refused("taken, won", f"say who won trick {t.key}", "bad-count")
    seat = _seat(won[int(t.key)], f"taken, won, {t.key}")
    if tricks is not None and tricks[seat] < sum(w == seat for w in won.values()):
        raise _refused(
            "taken, won", f"seat {seat} wins more scoring tricks than tricks", "bad-count"
        )
    return seat


def _check_captures(captured: Sequence[int], tricks: Sequence[int]) -> None:
    """Refuse more scoring cards captured than four a trick."""
    for seat, n in enumerate(captured):
        if n > 4 * tricks[seat]:
            raise _refused(
                "taken",
                f"seat {seat} cannot capture {n} scoring cards in {tricks[seat]} tricks",
                "bad-count",
            )


def _disjoint(counted: Sequence[Tally]) -> bool:
    """Whether no card is in two of the card sets counted (then their counts add up)."""
    seen = 0
    for t in counted:
        if seen & t.mask:
            return False
        seen |= t.mask
    return True


# -- typed raw scores ------------------------------------------------------------------------


@dataclass(frozen=True)
class _Outcomes:
    """The scores one seat can make in a trick contract, by the counts that make them."""

    limits: tuple[int, ...]
    """How many there are of each thing counted (tricks, each card set, each trick won)."""
    exact: tuple[bool, ...]
    """Whether the four seats' counts of it add up to its limit (else 1 to it: tricks in a deal
    that may end early)."""
    by_score: dict[int, tuple[tuple[int, ...], ...]]
    joint: bool
    """Whether there are few enough outcomes to search the four seats together."""


@lru_cache(maxsize=64)
def _outcomes(crules: ContractRules, deck: Mask, hand_size: int) -> _Outcomes | None:
    """A seat's possible scores in a trick contract, or None where they are too many."""
    parts = [t for t in _tallies(crules, deck, hand_size) if t.value]
    limits = tuple(t.most for t in parts)
    count = 1
    for limit in limits:
        count *= limit + 1
    if count > OUTCOME_LIMIT:
        return None
    by_score: dict[int, list[tuple[int, ...]]] = {}
    for counts in product(*(range(limit + 1) for limit in limits)):
        score = sum(t.value * n for t, n in zip(parts, counts, strict=True))
        by_score.setdefault(score, []).append(counts)
    exact = tuple(not (t.kind == "tricks" and crules.early_end) for t in parts)
    return _Outcomes(
        limits, exact, {s: tuple(c) for s, c in by_score.items()}, count <= JOINT_LIMIT
    )


def _possible_together(raw: Sequence[int], outcomes: _Outcomes) -> bool:
    """Whether the four seats' counts can add up to a whole deal's with these scores."""
    limits = outcomes.limits
    reach = {tuple(0 for _ in limits)}
    for score in raw:
        grown = set()
        for counts in reach:
            for more in outcomes.by_score[score]:
                summed = tuple(a + b for a, b in zip(counts, more, strict=True))
                if all(n <= limit for n, limit in zip(summed, limits, strict=True)):
                    grown.add(summed)
        reach = grown
    whole = zip(limits, outcomes.exact, strict=True)
    ranges = [range(limit, limit + 1) if exact else range(1, limit + 1) for limit, exact in whole]
    return any(all(n in r for n, r in zip(counts, ranges, strict=True)) for counts in reach)


def check_raw(rules: Rules, contract: Contract | str, raw: Any) -> tuple[int, ...]:
    """Typed raw scores, checked: four whole numbers adding up to the contract's total
    (``bad-total``) that some deal of it gives (``bad-score``)."""
    crules = rules.contract(contract)
    name = crules.contract.value
    if not isinstance(raw, (list, tuple)) or len(raw) != 4 or any(type(r) is not int for r in raw):
        raise _refused("raw", f"4 whole numbers, one per seat, not {quoted(raw)}", "bad-record")
    scores = tuple(raw)
    for seat, score in enumerate(scores):
        if abs(score) > RAW_LIMIT:
            raise _refused(
                "raw",
                f"seat {seat}: {quoted(score)} is no score of {name}",
                "bad-score",
                contract=name,
            )
    if sum(scores) != crules.total:
        raise _refused(
            "raw",
            f"the raw scores add up to {sum(scores)}, not the {crules.total} of {name}",
            "bad-total",
            contract=name,
        )
    if crules.domino is not None:
        if sorted(scores) != sorted(crules.domino.places):
            places = ", ".join(map(str, crules.domino.places))
            raise _refused(
                "raw",
                f"the places pay {places}, one each, not {list(scores)}",
                "bad-score",
                contract=name,
            )
        return scores
    outcomes = _outcomes(crules, rules.deck, rules.hand_size)
    if outcomes is None:
        return scores
    for seat, score in enumerate(scores):
        if score not in outcomes.by_score:
            raise _refused(
                "raw", f"seat {seat}: no count in {name} scores {score}", "bad-score", contract=name
            )
    if outcomes.joint and not _possible_together(scores, outcomes):
        raise _refused("raw", f"no deal of {name} gives {list(scores)}", "bad-score", contract=name)
    return scores


def raw_scores(
    rules: Rules, contract: Contract | str, raw: Any = None, taken: Taken | None = None
) -> tuple[int, ...]:
    """A deal's raw scores: typed, or counted from what each seat took, or both if they agree."""
    name = rules.contract(contract).contract.value
    if raw is None and taken is None:
        raise _refused("raw", "type the raw scores or what each player took", "bad-record")
    counted = count_scores(rules, contract, taken) if taken is not None else None
    if raw is None:
        assert counted is not None
        return counted
    typed = check_raw(rules, contract, raw)
    if counted is not None and counted != typed:
        raise _refused(
            "raw",
            f"the raw scores {list(typed)} are not those the counts give, {list(counted)}",
            "bad-score",
            contract=name,
        )
    return typed


# -- a deal, and the game ---------------------------------------------------------------------


@dataclass(frozen=True)
class KeptDeal:
    """One deal as the table reports it: contract, doubles, and raw scores or counts."""

    contract: ChooseContract
    doubles: tuple[tuple[int, int], ...] = ()
    """``(doubler, target)`` pairs in any order; the declarer's pairs are redoubles."""
    raw: tuple[int, ...] | None = None
    taken: Taken | None = None


@dataclass(frozen=True)
class Context:
    """What the table must know before deal ``number``'s contract and doubles (RULES.md §1,
    §4): who declares, what is left to choose, and the doubles still owed."""

    number: int
    block: int
    declarer: int
    dealer: int
    used: frozenset[Contract]
    """Contracts already played in the block (the session, in fr32)."""
    left: tuple[Contract, ...]
    """The contracts the declarer may choose, in the rules' order: those no other deal of the
    block has (for a deal already entered, the later deals' contracts are taken too)."""
    owed: tuple[int, ...]
    """Doubles of the declarer each seat still owes in the block before this deal."""
    deals_left: int
    """Deals left in the block, this one included."""
    compulsory: tuple[int, ...]
    """The seats that must double the declarer on this deal: as many owed as deals left."""


@dataclass(frozen=True)
class Turn:
    """What one seat may do in a deal's doubling round, given the turns before its own."""

    seat: int
    targets: frozenset[int]
    """The seats it may double (the declarer: redouble)."""
    compulsory: bool
    """It must double the declarer (RULES.md §4)."""
    shortcuts: tuple[tuple[str, frozenset[int]], ...]
    """The rules' shortcuts, by name, with their targets (italian: ``maximum``, ``family``)."""


class Payment(NamedTuple):
    """One pair's settlement at the end: ``payer`` gives ``points`` (times the stake:
    ``amount``) to ``payee``; equal totals move nothing (then ``payer`` is the lower seat)."""

    payer: int
    payee: int
    points: int
    amount: Decimal | None


class Standing(NamedTuple):
    """A seat's place (ties share one) and total."""

    place: int
    seat: int
    total: int


@dataclass(frozen=True)
class _State:
    """One version of a kept game: what was entered, and what the replay made of it."""

    first_declarer: int
    names: tuple[str, ...] | None
    stake: Decimal | None
    deals: tuple[KeptDeal, ...]
    session: Session
    """The block structure, with the deals' contracts and doubles (placeholder hands)."""
    rows: tuple[DealSummary, ...]


@lru_cache(maxsize=8)
def _placeholder(deck: Mask) -> tuple[Mask, ...]:
    """Four hands of the pack: the doubling round never looks at them."""
    cards = [c for c in range(52) if deck >> c & 1]
    size = len(cards) // 4
    return tuple(mask_of(cards[i * size : (i + 1) * size]) for i in range(4))


def _names(value: Any, where: str = "names") -> tuple[str, ...] | None:
    if value is None:
        return None
    if not isinstance(value, (list, tuple)) or len(value) != 4:
        raise _refused(where, f"4 names, one per seat, not {quoted(value)}", "bad-record")
    for seat, name in enumerate(value):
        if (
            not isinstance(name, str)
            or not 0 < len(name) <= NAME_LIMIT
            or not name.isprintable()
            or name != name.strip()
        ):
            raise _refused(
                f"{where}[{seat}]",
                f"a name is one line of 1 to {NAME_LIMIT} characters, not {quoted(name)}",
                "bad-record",
            )
    return tuple(value)


def _stake(value: Any, where: str = "stake") -> Decimal | None:
    if value is None:
        return None
    text = value
    if (type(value) is int and 0 <= value < 10**9) or isinstance(value, Decimal):
        text = str(value)  # written back as text: it must read back the same
    if type(text) is str and len(text) <= 16 and STAKE.fullmatch(text):
        return Decimal(text)
    raise _refused(
        where, f"a stake per point is a number such as 0.10, not {quoted(value)}", "bad-record"
    )


def _turns(pairs: Any, rules: Rules, number: int) -> dict[int, frozenset[int]]:
    """A deal's ``[doubler, target]`` pairs as each seat's doubling turn."""
    if not isinstance(pairs, (list, tuple)) or len(pairs) > 12:
        raise _at_deal(
            RuleError(
                f"doubles are at most 12 [doubler, target] pairs: {quoted(pairs)}", "bad-action"
            ),
            number,
            "doubles",
        )
    if pairs and not rules.doubling:
        raise _at_deal(
            RuleError(f"the {rules.name} rules have no doubles", "no-doubles"), number, "doubles"
        )
    turns: dict[int, set[int]] = {}
    for i, pair in enumerate(pairs):
        spot = f"doubles[{i}]"
        if not isinstance(pair, (list, tuple)) or len(pair) != 2:
            raise _at_deal(
                RuleError(
                    f"a double is a [doubler, target] pair, not {quoted(pair)}", "bad-action"
                ),
                number,
                spot,
            )
        for seat in pair:
            if type(seat) is not int or not 0 <= seat <= 3:
                raise _at_deal(
                    RuleError(f"not a seat (0-3): {quoted(seat)}", "bad-seat"), number, spot
                )
        doubler, target = pair
        if target in turns.setdefault(doubler, set()):
            raise _at_deal(
                RuleError(f"seat {doubler} doubles seat {target} twice", "double-twice"),
                number,
                spot,
            )
        turns[doubler].add(target)
    return {seat: frozenset(targets) for seat, targets in turns.items()}


def _enter(session: Session, number: int, deal: Any) -> tuple[Deal, KeptDeal, DealSummary]:
    """Check deal ``number`` in its block's context; its placeholder deal, itself as kept
    (doubles in turn order, raw scores filled in) and its row of the sheet."""
    rules = session.rules
    if not isinstance(deal, KeptDeal):
        raise _at_deal(RuleError(f"not a kept deal: {quoted(deal)}", "bad-record"), number, "entry")
    contract = deal.contract
    if not isinstance(contract, ChooseContract) or not isinstance(contract.contract, str):
        raise _at_deal(
            RuleError(f"not a contract: {quoted(contract)}", "bad-action"), number, "contract"
        )
    contract = ChooseContract(Contract(contract.contract), contract.trump, contract.start_rank)
    used, owed, left = session.block_context(number)
    declarer = session.declarer_of(number)
    scratch = Deal(_placeholder(rules.deck), declarer, rules, used, owed, left, number)
    try:
        scratch.apply(contract)
    except RuleError as e:
        raise _at_deal(e, number, "contract") from None
    turns = _turns(deal.doubles, rules, number)
    for seat in scratch.double_order:
        try:
            scratch.apply(Double(turns.get(seat, frozenset())))
        except RuleError as e:
            e.params["seat"] = seat  # whose doubling turn is refused, for the page
            raise _at_deal(e, number, f"doubles of seat {seat}") from None
    try:
        raw = raw_scores(rules, contract.contract, deal.raw, deal.taken)
    except RuleError as e:
        raise _at_deal(e, number) from None
    doubles = tuple(scratch.doubles)
    row = DealSummary(
        number,
        declarer,
        contract.contract,
        scratch.trump,
        scratch.start_rank,
        doubles,
        raw,
        tuple(final_scores(list(raw), doubles, rules)),
        tuple(settlements(raw, doubles, rules)),
    )
    return scratch, KeptDeal(contract, doubles, raw, deal.taken), row


def _replay(
    rules: Rules,
    first_declarer: int,
    names: tuple[str, ...] | None,
    stake: Decimal | None,
    deals: Sequence[Any],
) -> _State:
    """Check every deal in order and build the game's state; the first refusal is raised."""
    if len(deals) > rules.deals:
        raise RuleError(
            f"a {rules.name} session has {rules.deals} deals, not {len(deals)}", "session-over"
        )
    session = Session(None, rules, first_declarer, start=False)
    kept, rows = [], []
    for number, deal in enumerate(deals, 1):
        scratch, entered, row = _enter(session, number, deal)
        session.deals.append(scratch)  # the next deal's block context reads it
        kept.append(entered)
        rows.append(row)
    return _State(first_declarer, names, stake, tuple(kept), session, tuple(rows))


class KeptGame:
    """A session kept from a real table: deals entered, edited and removed, checked as the
    played game checks them; totals, ranking and each pair's settlement."""

    def __init__(
        self,
        rules: Rules = STANDARD,
        first_declarer: int = 0,
        names: Sequence[str] | None = None,
        stake: Decimal | int | str | None = None,
        deals: Sequence[KeptDeal] = (),
    ) -> None:
        self._rules_record = rules.record  # refuses rules that no record can name
        self.rules = rules
        first = _seat(first_declarer, "first_declarer")
        self._state = _replay(rules, first, _names(names), _stake(stake), deals)
        self._undo: list[_State] = []

    # -- reading ----------------------------------------------------------------------------

    @property
    def first_declarer(self) -> int:
        """The declarer of the first deal."""
        return self._state.first_declarer

    @property
    def names(self) -> tuple[str, ...] | None:
        """The players' names by seat, if given."""
        return self._state.names

    @property
    def stake(self) -> Decimal | None:
        """What a point is worth in the settlement, if the table plays for a stake."""
        return self._state.stake

    @property
    def deals(self) -> tuple[KeptDeal, ...]:
        """The deals entered, in order (doubles in turn order, raw scores filled in)."""
        return self._state.deals

    @property
    def number(self) -> int:
        """How many deals are entered."""
        return len(self._state.deals)

    @property
    def is_over(self) -> bool:
        """Whether every deal of the session is entered."""
        return self.number == self.rules.deals

    def declarer_of(self, number: int) -> int:
        """The declarer of deal ``number`` (1-based), by the rules' rotation."""
        return self._state.session.declarer_of(number)

    def dealer_of(self, number: int) -> int:
        """The dealer of deal ``number``."""
        return (self.declarer_of(number) + self.rules.dealer) % 4

    def block_of(self, number: int) -> int:
        """The block deal ``number`` belongs to."""
        return self._state.session.block_of(number)

    def _number(self, number: Any, most: int) -> int:
        if type(number) is not int or not 1 <= number <= most:
            raise RuleError(f"not a deal from 1 to {most}: {quoted(number)}", "bad-step")
        return number

    def context(self, number: int | None = None) -> Context:
        """What the table must know before deal ``number`` (default: the next one): its
        declarer, the contracts left, the doubles owed and who must double now (RULES.md §4)."""
        if number is None and self.is_over:
            raise RuleError("every deal of the session is entered", "session-over")
        most = min(self.number + 1, self.rules.deals)
        number = most if number is None else self._number(number, most)
        session = self._state.session
        used, owed, left = session.block_context(number)
        declarer = session.declarer_of(number)
        deal = Deal(_placeholder(self.rules.deck), declarer, self.rules, used, owed, left, number)
        block = session.block_of(number)
        later = self._state.rows[number:]
        elsewhere = used | {row.contract for row in later if session.block_of(row.number) == block}
        return Context(
            number=number,
            block=block,
            declarer=declarer,
            dealer=(declarer + self.rules.dealer) % 4,
            used=used,
            left=tuple(c.contract for c in self.rules.contracts if c.contract not in elsewhere),
            owed=owed,
            deals_left=left,
            compulsory=tuple(s for s in range(4) if deal.must_double(s)),
        )

    def turn(
        self,
        contract: ChooseContract,
        doubles: Sequence[tuple[int, int]],
        seat: int,
        number: int | None = None,
    ) -> Turn:
        """What ``seat`` may double in deal ``number`` (default: the next) once ``contract`` is
        chosen and the seats before it have doubled as ``doubles`` says (its own pairs, and
        those of the seats after it, are not read)."""
        seat = _seat(seat, "seat")
        context = self.context(number)
        deal = Deal(
            _placeholder(self.rules.deck),
            context.declarer,
            self.rules,
            context.used,
            context.owed,
            context.deals_left,
            context.number,
        )
        try:
            deal.apply(contract)
        except RuleError as e:
            raise _at_deal(e, context.number, "contract") from None
        if not self.rules.doubling:
            return Turn(seat, frozenset(), False, ())
        turns = _turns(doubles, self.rules, context.number)
        for before in deal.double_order[: deal.double_order.index(seat)]:
            try:
                deal.apply(Double(turns.get(before, frozenset())))
            except RuleError as e:
                e.params["seat"] = before
                raise _at_deal(e, context.number, f"doubles of seat {before}") from None
        view = deal.view(seat)
        targets = frozenset(t for a in view.legal if isinstance(a, Double) for t in a.targets)
        return Turn(seat, targets, view.must_double, view.shortcuts)

    def history(self) -> list[DealSummary]:
        """The deals as rows of the score sheet (the played game's ``DealSummary``)."""
        return list(self._state.rows)

    def totals(self, after: int | None = None) -> list[int]:
        """Each seat's total after deal ``after`` (default: the last entered)."""
        rows = self._state.rows if after is None else self._state.rows[: max(0, after)]
        return [sum(row.final[seat] for row in rows) for seat in range(4)]

    def running(self) -> list[tuple[int, ...]]:
        """Each seat's total after each deal."""
        out, totals = [], [0, 0, 0, 0]
        for row in self._state.rows:
            totals = [t + f for t, f in zip(totals, row.final, strict=True)]
            out.append(tuple(totals))
        return out

    def winners(self) -> list[int]:
        """The winning seats once every deal is entered (ties share), else none."""
        return best_seats(self.totals(), self.rules) if self.is_over else []

    def ranking(self) -> list[Standing]:
        """The seats from first to last by the rules' goal; equal totals share a place."""
        totals = self.totals()
        goal = self.rules.goal
        order = sorted(range(4), key=lambda s: (-goal * totals[s], s))
        return [
            Standing(1 + sum(goal * t > goal * totals[s] for t in totals), s, totals[s])
            for s in order
        ]

    def settlement(self) -> list[Payment]:
        """Each pair's settlement of the difference of their totals (see the module's
        docstring), lower seat pairs first; the amount is the points times the stake."""
        totals, goal, stake = self.totals(), self.rules.goal, self.stake
        out = []
        for a in range(4):
            for b in range(a + 1, 4):
                ahead = goal * (totals[a] - totals[b])
                payer, payee = (b, a) if ahead > 0 else (a, b)
                points = abs(totals[a] - totals[b])
                out.append(Payment(payer, payee, points, None if stake is None else points * stake))
        return out

    def balances(self) -> list[int]:
        """Each seat's net of the settlement in points (received less paid)."""
        net = [0, 0, 0, 0]
        for p in self.settlement():
            net[p.payee] += p.points
            net[p.payer] -= p.points
        return net

    # -- changes ----------------------------------------------------------------------------

    def _replayed(
        self,
        deals: Sequence[Any] | None = None,
        first_declarer: int | None = None,
        names: Any = ...,
        stake: Any = ...,
    ) -> _State:
        state = self._state
        return _replay(
            self.rules,
            state.first_declarer
            if first_declarer is None
            else _seat(first_declarer, "first_declarer"),
            state.names if names is ... else _names(names),
            state.stake if stake is ... else _stake(stake),
            state.deals if deals is None else deals,
        )

    def _commit(self, state: _State) -> None:
        self._undo.append(self._state)
        self._state = state

    def _placed(self, deal: KeptDeal, number: int | None) -> list[Any]:
        deals: list[Any] = list(self._state.deals)
        if number is None:
            if self.is_over:
                raise RuleError("every deal of the session is entered", "session-over")
            return [*deals, deal]
        deals[self._number(number, self.number) - 1] = deal
        return deals

    def check(self, deal: KeptDeal, number: int | None = None) -> DealSummary:
        """The row ``deal`` would have as deal ``number`` (default: the next one), changing
        nothing; ``RuleError`` if it, or a later deal with it, is refused."""
        at = self.number + 1 if number is None else number
        return self._replayed(self._placed(deal, number)).rows[at - 1]

    def can(self, deal: KeptDeal, number: int | None = None) -> bool:
        """Whether ``deal`` is accepted as deal ``number`` (default: the next one)."""
        try:
            self.check(deal, number)
        except RuleError:
            return False
        return True

    def add(self, deal: KeptDeal) -> DealSummary:
        """Enter the next deal and return its row; ``RuleError``, changing nothing, if refused."""
        state = self._replayed(self._placed(deal, None))
        self._commit(state)
        return state.rows[-1]

    def edit(self, number: int, deal: KeptDeal) -> DealSummary:
        """Replace deal ``number``; every later deal is checked again and its scores follow.
        Refused, changing nothing, if the deal or a later one becomes illegal (the refusal
        names that deal)."""
        state = self._replayed(self._placed(deal, number))
        self._commit(state)
        return state.rows[number - 1]

    def remove(self, number: int) -> KeptDeal:
        """Remove deal ``number``: the later ones move up a place and are checked again
        (refused, changing nothing, if one becomes illegal)."""
        deals = list(self._state.deals)
        removed = deals.pop(self._number(number, self.number) - 1)
        self._commit(self._replayed(deals))
        return removed

    def rename(self, names: Sequence[str] | None) -> None:
        """Set the players' names (None: no names)."""
        self._commit(self._replayed(names=names))

    def set_stake(self, stake: Decimal | int | str | None) -> None:
        """Set what a point is worth in the settlement (None: points only)."""
        self._commit(self._replayed(stake=stake))

    def set_first_declarer(self, seat: int) -> None:
        """Correct who declared first; every deal is checked again under the new rotation."""
        self._commit(self._replayed(first_declarer=seat))

    @property
    def can_undo(self) -> bool:
        """Whether a change can be taken back."""
        return bool(self._undo)

    def undo(self) -> None:
        """Take back the last change: the game is exactly as before it."""
        if not self._undo:
            raise RuleError("there is no change to take back", "nothing-to-undo")
        self._state = self._undo.pop()

    # -- records ----------------------------------------------------------------------------

    def record(self) -> dict[str, Any]:
        """The kept game's record (see the module's docstring)."""
        state = self._state
        out: dict[str, Any] = {
            "format": FORMAT,
            "kept": True,
            "rules": self._rules_record,
            "first_declarer": state.first_declarer,
            "seed": None,
        }
        if state.names is not None:
            out["names"] = list(state.names)
        if state.stake is not None:
            out["stake"] = str(state.stake)
        deals = []
        for scratch, deal in zip(state.session.deals, state.deals, strict=True):
            rec: dict[str, Any] = {
                "dealer": (scratch.declarer + self.rules.dealer) % 4,
                "declarer": scratch.declarer,
                "actions": [action_to_data(event.action) for event in scratch.history],
                "raw": list(deal.raw or ()),
            }
            if deal.taken is not None:
                rec["taken"] = deal.taken.data()
            deals.append(rec)
        out["deals"] = deals
        return out

    @classmethod
    def from_record(cls, record: Any) -> KeptGame:
        """A kept game from its record, or from a played session's record as it is (its
        finished deals, with their raw scores and counts); ``RuleError`` names what is wrong."""
        if not isinstance(record, dict):
            raise _refused("record", "a kept game's record is a JSON object", "bad-record")
        if "kept" in record and record["kept"] is not True:
            raise _refused("kept", f"is true or absent, not {quoted(record['kept'])}", "bad-record")
        if "kept" in record or _without_cards(record):
            return cls._from_kept(record)
        return cls._from_played(record)

    @classmethod
    def _from_played(cls, record: dict[str, Any]) -> KeptGame:
        if not is_session_record(record):
            raise _refused(
                "record", "a kept game reads a session's record, not a single deal's", "bad-record"
            )
        session = session_from_record(record)
        deals = []
        for deal in session.deals:
            if not deal.is_over:
                break  # the deal in progress when the record was written
            contract = deal.history[0].action
            assert isinstance(contract, ChooseContract)  # a deal's first action
            raw = tuple(deal.raw_scores())
            deals.append(KeptDeal(contract, tuple(deal.doubles), raw, Taken.from_deal(deal)))
        return cls(session.rules, session.first_declarer, deals=deals)

    @classmethod
    def _from_kept(cls, record: dict[str, Any]) -> KeptGame:
        keys = {"format", "kept", "rules", "first_declarer", "seed", "names", "stake", "deals"}
        extra = sorted(set(record) - keys, key=str)
        if extra:
            raise _refused("record", f"unknown key {quoted(extra[0])}", "bad-record")
        form = record.get("format")
        if type(form) is not int or form != FORMAT:
            raise _refused(
                "format", f"a kept game is format {FORMAT}, not {quoted(form)}", "bad-record"
            )
        try:
            rules = rules_from_record(record.get("rules", "standard"))
        except RuleError as e:
            raise e.located("rules") from None
        first = _seat(record.get("first_declarer"), "first_declarer")
        if record.get("seed") is not None:
            raise _refused(
                "seed", f"a kept game has no seed, not {quoted(record['seed'])}", "bad-record"
            )
        names = _names(record.get("names"))
        stake = _stake(record.get("stake"))
        deals = record.get("deals")
        if not isinstance(deals, list):
            raise _refused("deals", f"a list of deals, not {quoted(deals)}", "bad-record")
        if len(deals) > rules.deals:
            raise _refused(
                "deals",
                f"a {rules.name} session has {rules.deals} deals, this record has {len(deals)}",
                "bad-record",
            )
        rotation = Session(None, rules, first, start=False)
        kept = [_kept_deal(rec, n, rules, rotation) for n, rec in enumerate(deals, 1)]
        return cls(rules, first, names, stake, kept)


def _without_cards(record: dict[str, Any]) -> bool:
    """Whether a record without the ``"kept"`` mark is a kept game's all the same: its first
    deal has scores and no hands."""
    deals = record.get("deals")
    first = deals[0] if isinstance(deals, list) and deals else None
    return isinstance(first, dict) and "hands" not in first and ("raw" in first or "taken" in first)


_DEAL_KEYS = frozenset({"dealer", "declarer", "actions", "raw", "taken"})


def _kept_deal(rec: Any, number: int, rules: Rules, rotation: Session) -> KeptDeal:
    """One deal of a kept game's record (its legality is checked when the game replays it)."""
    where = f"deal {number}"
    if not isinstance(rec, dict):
        raise _refused(where, "a deal record must be a JSON object", "bad-record")
    if "hands" in rec:
        raise _refused(f"{where}, hands", "a kept game's deal has no cards", "bad-record")
    extra = sorted(set(rec) - _DEAL_KEYS, key=str)
    if extra:
        raise _refused(where, f"unknown key {quoted(extra[0])}", "bad-record")
    declarer = _kept_declarer(rec, where, number, rules, rotation)
    contract, pairs = _kept_actions(rec.get("actions"), where, declarer, rules)
    raw = rec.get("raw")
    if raw is not None and not (isinstance(raw, list) and len(raw) == 4):
        raise _refused(f"{where}, raw", f"4 whole numbers, not {quoted(raw)}", "bad-record")
    taken = Taken.from_data(rec["taken"], f"{where}, taken") if "taken" in rec else None
    if raw is None and taken is None:
        raise _refused(where, '"raw" or "taken" is missing', "bad-record")
    return KeptDeal(contract, pairs, None if raw is None else tuple(raw), taken)


def _kept_declarer(
    rec: dict[str, Any], where: str, number: int, rules: Rules, rotation: Session
) -> int:
    """The deal's declarer, checked against the rotation (and the dealer, if given)."""
    declarer = _seat(rec.get("declarer"), f"{where}, declarer")
    expected = rotation.declarer_of(number)
    if declarer != expected:
        raise _refused(
            f"{where}, declarer",
            f"the declarer of deal {number} is seat {expected}, not seat {declarer}",
            "wrong-declarer",
        )
    if "dealer" in rec and _seat(rec["dealer"], f"{where}, dealer") != (
        dealer := (declarer + rules.dealer) % 4
    ):
        raise _refused(
            f"{where}, dealer",
            f"the dealer is seat {dealer} when seat {declarer} declares, not seat {rec['dealer']}",
            "bad-record",
        )
    return declarer


def _kept_actions(
    actions: Any, where: str, declarer: int, rules: Rules
) -> tuple[ChooseContract, tuple[tuple[int, int], ...]]:
    """The deal's contract and its doubles as ``(doubler, target)`` pairs in turn order."""
    turns = 4 if rules.doubling else 0
    if not isinstance(actions, list) or len(actions) != 1 + turns:
        raise _refused(
            f"{where}, actions",
            f"a kept deal lists its contract and {turns} doubling turns, no cards: "
            f"not {quoted(actions)}",
            "bad-record",
        )
    parsed = []
    for i, data in enumerate(actions):
        try:
            parsed.append(action_from_data(data))
        except RuleError as e:
            raise e.located(f"{where}, actions[{i}]") from None
    contract = parsed[0]
    if not isinstance(contract, ChooseContract):
        raise _refused(f"{where}, actions[0]", "a kept deal starts with its contract", "bad-action")
    pairs: list[tuple[int, int]] = []
    for k, turn in enumerate(parsed[1:], 1):
        if not isinstance(turn, Double):
            raise _refused(f"{where}, actions[{k}]", "a doubling turn, not a card", "bad-action")
        pairs += [((declarer + k) % 4, t) for t in sorted(turn.targets)]
    return contract, tuple(pairs)


__all__ = [
    "Context",
    "KeptDeal",
    "KeptGame",
    "Payment",
    "Standing",
    "Taken",
    "Tally",
    "Turn",
    "check_raw",
    "count_scores",
    "raw_scores",
    "tallies",
]

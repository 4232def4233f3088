"""Deal and session records (JSON) and ``score_record`` (RULES.md §6).

A record is the history itself: the rules, the hands as dealt, who dealt and who declares, and
every action in the order taken. Deal record (format 2)::

    {"format": 2, "rules": "standard", "dealer": 0-3, "declarer": 0-3,
     "hands": [[13 cards] x4], "actions": [action, ...]}

with each action in the plain-data form of ``barbu.actions`` (``{"contract": "trumps",
"trump": "S"}``, ``{"double": [0, 2]}``, ``{"double": []}`` for a pass, ``"QS"`` for a card).
``"rules"`` is a preset name or ``{"preset": name, "options": {...}}`` (RULES.md §7; see
``barbu.presets.preset``). ``"dealer"`` is written for readers and checked when present. Domino
passes are implicit, and a deal that ended early stops there. In fr32 the hands hold 8 cards and
the ``"declarer"`` is the dealer who chose the contract.

A session record is ``{"format": 2, "rules", "first_declarer", "seed" (int or null), "deals":
[deal records without "format" and "rules"]}``, every deal dealt so far (the last one may have no
action yet); the hands in the deal records are authoritative. ``"takebacks"``: how many times a
player took a decision back (``Session.take_back``), written only when there were some: such a
session is practised. Replaying a record rebuilds the
same state, and the state writes the same record back.

Format 1, written before, is still read (a record without ``"format"`` and without
``"actions"``): a deal's ``"contract"`` (with ``"trump"`` or ``"start_rank"``), its ``"doubles"``
as ``[doubler, target]`` pairs in the order made, ``"double_turns"`` for a doubling round left
half-way, and its ``"play"``; a session's record leaves out a deal whose contract is not chosen
yet. Whatever reads a format-1 record writes format 2 from then on.

A kept game's record (``barbu.keeper``: ``"kept": true``, deals with raw scores and no hands) has
no cards to replay: the readers here refuse it (``kept-record``).
"""

from __future__ import annotations

from typing import Any

from .actions import PASS, PLAYS, ChooseContract, Double, action_from_data, action_to_data
from .cards import CARD_SPELLINGS, FULL_DECK, Card, Mask, Rank, Suit, cards_of, mask_of
from .deal import Deal, Phase
from .errors import Refusal, RuleError, quoted
from .presets import rules_from_record
from .rules import Rules
from .scoring import final_scores as settle
from .scoring import winners
from .session import Session

# -- export ---------------------------------------------------------------------------------


def hands_data(deal: Deal) -> list[list[str]]:
    """The hands a deal was dealt, as lists of card strings in display order."""
    return [[str(c) for c in cards_of(h)] for h in deal.dealt]


FORMAT = 2
"""The format records are written in."""


def deal_record(deal: Deal, alone: bool = True) -> dict[str, Any]:
    """The record of a deal: its story so far, from the deal to its last action.

    ``alone``: a record of its own, with its format and rules (not inside a session's).
    """
    rec: dict[str, Any] = {"format": FORMAT, "rules": deal.rules.record} if alone else {}
    rec["dealer"] = (deal.declarer + deal.rules.dealer) % 4
    rec["declarer"] = deal.declarer
    rec["hands"] = hands_data(deal)
    rec["actions"] = [action_to_data(event.action) for event in deal.history]
    return rec


def session_record(session: Session) -> dict[str, Any]:
    """The record of a session: every deal dealt so far."""
    return {
        "format": FORMAT,
        "rules": session.rules.record,
        "first_declarer": session.first_declarer,
        "seed": session.seed,
        "deals": [deal_record(d, alone=False) for d in session.deals],
        **({"takebacks": session.takebacks} if session.takebacks else {}),
    }


# -- import ---------------------------------------------------------------------------------


SEED_LIMIT = 10**20
"""A record's seed has fewer digits than this bound's (it is written back as JSON, and read by
programs that hold a 64-bit integer)."""


def _fail(where: str, message: str, code: Refusal = "bad-record") -> RuleError:
    return RuleError(message, code).located(where)


def _at(deal: str, part: str) -> str:
    """A location: ``part`` of the record, inside ``deal`` ("deal 3") for a session."""
    return f"{deal}, {part}" if deal else part


def record_rules(record: dict[str, Any], where: str = "rules") -> Rules:
    """The rules a record names (standard when it names none), refused located at ``where``."""
    try:
        return rules_from_record(record.get("rules", "standard"))
    except RuleError as e:
        raise e.located(where) from None


def record_seat(value: Any, where: str) -> int:
    """A seat (0-3) read from a record, refused located at ``where``."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise _fail(where, f"not a seat (0-3): {quoted(value)}", "bad-seat")
    return value


def _parse_card(value: Any) -> Card:
    try:
        return Card.parse(value)
    except ValueError as e:
        raise RuleError(str(e), "bad-card") from None


def _card(value: Any, where: str) -> Card:
    try:
        return _parse_card(value)
    except RuleError as e:
        raise e.located(where) from None


def _list(record: dict[str, Any], key: str, deal: str) -> list[Any]:
    if key not in record:
        raise _fail(deal or "record", f'"{key}" is missing')
    value = record[key]
    if not isinstance(value, list):
        raise _fail(_at(deal, key), f"must be a list, not {type(value).__name__}")
    return value


def _size(deal: str, seat: int, size: int, rules: Rules) -> RuleError:
    where = _at(deal, f"hands[{seat}]")
    return _fail(where, f"a hand holds {rules.hand_size} cards, not {size}", "bad-hands")


def record_hands(record: dict[str, Any], deal: str, rules: Rules) -> list[Mask]:
    """The four hands of a record, as card sets."""
    hands = _list(record, "hands", deal)
    if len(hands) != 4:
        raise _fail(_at(deal, "hands"), f"must hold 4 hands, not {len(hands)}", "bad-hands")
    out: list[Mask] = []
    for seat, hand in enumerate(hands):
        if not isinstance(hand, list):
            where = _at(deal, f"hands[{seat}]")
            raise _fail(where, "a hand must be a list of cards", "bad-hands")
        if len(hand) > FULL_DECK.bit_count():  # a hand of a million cards is refused at once
            raise _size(deal, seat, len(hand), rules)
        mask = 0
        for c in hand:
            card = CARD_SPELLINGS.get(c) if type(c) is str else None
            if card is None:  # an unusual spelling, or no card: read each, to say where
                where = _at(deal, f"hands[{seat}]")
                mask = mask_of(_card(c, f"{where}[{i}]") for i, c in enumerate(hand))
                break
            mask |= 1 << card
        if mask.bit_count() != len(hand):
            cards_ = [Card.parse(c) for c in hand]
            twice = next(c for c in cards_ if cards_.count(c) > 1)
            raise _fail(_at(deal, f"hands[{seat}]"), f"{twice} is listed twice", "bad-hands")
        if len(hand) != rules.hand_size:
            raise _size(deal, seat, len(hand), rules)
        out.append(mask)
    return out


def _contract_action(record: dict[str, Any], deal: str, rules: Rules) -> ChooseContract:
    where = _at(deal, "contract")
    if "contract" not in record:
        raise _fail(deal or "record", '"contract" is missing')
    try:
        contract = rules.contract(record["contract"]).contract
    except RuleError as e:
        raise e.located(where) from None
    trump = start_rank = None
    try:
        if record.get("trump") is not None:
            trump = Suit.parse(record["trump"])
        if record.get("start_rank") is not None:
            start_rank = Rank.parse(record["start_rank"])
    except ValueError as e:
        raise _fail(where, str(e)) from None
    return ChooseContract(contract, trump, start_rank)


def record_format(record: dict[str, Any], where: str = "format") -> int:
    """The format a record is written in: its ``"format"``, else 2 if it lists ``"actions"``,
    else 1."""
    if "format" not in record:
        return FORMAT if "actions" in record else 1
    value = record["format"]
    if type(value) is not int or value not in (1, FORMAT):
        raise _fail(where, f"unknown record format {quoted(value)} (known: 1, {FORMAT})")
    return value


_FORMAT_1_KEYS = ("contract", "trump", "start_rank", "doubles", "double_turns", "play")


def _refuse_kept(record: dict[str, Any], where: str) -> None:
    """A kept game's record (scores without cards, ``barbu.keeper``) is not a played one."""
    if record.get("kept") is True or (
        "hands" not in record and ("raw" in record or "taken" in record)
    ):
        raise _fail(
            where,
            "a game kept by hand (scores without cards) cannot be replayed: "
            "open it in the score keeper",
            "kept-record",
        )


def replay_deal(deal: Deal, record: dict[str, Any], where: str = "", form: int = FORMAT) -> Deal:
    """Play a deal record's actions on ``deal`` (fresh, same hands); raise on the first bad one.

    ``where`` names the deal inside a session ("deal 3") for the error messages; ``form`` is the
    record's format.
    """
    dealer = record.get("dealer")
    if dealer is not None and record_seat(dealer, _at(where, "dealer")) != (
        expected := (deal.declarer + deal.rules.dealer) % 4
    ):
        raise _fail(
            _at(where, "dealer"),
            f"the dealer is seat {expected} when seat {deal.declarer} declares, not seat {dealer}",
        )
    if form == 1:
        return _replay_format_1(deal, record, where)
    old = next((key for key in _FORMAT_1_KEYS if key in record), None)
    if old is not None:
        raise _fail(
            _at(where, old),
            f'a format {FORMAT} record lists its actions in "actions"; "{old}" is format 1\'s',
        )
    actions = _list(record, "actions", where)
    apply, spellings, plays = deal.apply, CARD_SPELLINGS, PLAYS
    for i, data in enumerate(actions):
        try:
            card = spellings.get(data) if type(data) is str else None
            apply(plays[card] if card is not None else action_from_data(data))
        except RuleError as e:
            seat = deal.to_move  # unchanged: a refused action changes nothing
            spot = _at(where, f"actions[{i}]")
            raise e.located(spot if seat is None else f"{spot}, seat {seat}") from None
    return deal


def _replay_format_1(deal: Deal, record: dict[str, Any], where: str) -> Deal:
    """``replay_deal`` for a format-1 record (contract, doubles, play)."""
    action = _contract_action(record, where, deal.rules)
    try:
        deal.apply(action)
    except RuleError as e:
        raise e.located(_at(where, f"contract, seat {deal.declarer}")) from None
    _replay_doubles(deal, record, where)
    plays = _list(record, "play", where)
    if plays and deal.phase is Phase.DOUBLING:
        raise _fail(_at(where, "play[0]"), "the doubling round is not finished", "wrong-phase")
    apply, spellings = deal.apply, CARD_SPELLINGS
    for i, text in enumerate(plays):
        try:
            card = spellings.get(text) if type(text) is str else None
            apply(PLAYS[card if card is not None else _parse_card(text)])
        except RuleError as e:
            seat = deal.to_move  # unchanged: a refused action changes nothing
            spot = _at(where, f"play[{i}]")
            raise e.located(spot if seat is None else f"{spot}, seat {seat}") from None
    return deal


def _replay_doubles(deal: Deal, record: dict[str, Any], where: str) -> None:
    pairs = _list(record, "doubles", where)
    if pairs and not deal.rules.doubling:
        raise _fail(
            _at(where, "doubles"), f"the {deal.rules.name} rules have no doubles", "no-doubles"
        )
    turns = record.get("double_turns", 4)
    if isinstance(turns, bool) or not isinstance(turns, int) or not 0 <= turns <= 4:
        raise _fail(
            _at(where, "double_turns"), f"must be a number of turns 0-4, not {quoted(turns)}"
        )
    parsed = []
    for i, pair in enumerate(pairs):
        if not isinstance(pair, list) or len(pair) != 2:
            raise _fail(
                _at(where, f"doubles[{i}]"),
                f"a double must be a [doubler, target] pair, not {quoted(pair)}",
            )
        a, b = pair
        if not (type(a) is int and type(b) is int and 0 <= a <= 3 and 0 <= b <= 3):
            spot = _at(where, f"doubles[{i}]")
            a, b = record_seat(a, spot), record_seat(b, spot)  # refuses with the reason
        parsed.append((a, b))
    i = 0
    for _ in range(turns if deal.rules.doubling else 0):
        seat = deal.to_move
        targets: list[int] = []
        start = i
        while i < len(parsed) and parsed[i][0] == seat:
            if parsed[i][1] in targets:
                raise _fail(
                    _at(where, f"doubles[{i}], seat {seat}"),
                    f"seat {parsed[i][1]} is doubled twice in one turn",
                    "double-twice",
                )
            targets.append(parsed[i][1])
            i += 1
        try:
            deal.apply(Double(frozenset(targets)) if targets else PASS)
        except RuleError as e:
            spot = f"doubles[{start}], seat {seat}" if targets else f"doubling turn of seat {seat}"
            raise e.located(_at(where, spot)) from None
    if i < len(parsed):
        doubler = parsed[i][0]
        raise _fail(
            _at(where, f"doubles[{i}], seat {doubler}"),
            f"seat {doubler} doubles out of turn (the order is declarer's left first, "
            "declarer last, one turn each)",
            "double-out-of-turn",
        )


def deal_from_record(record: Any) -> Deal:
    """Rebuild a deal from its record, checking every action."""
    if not isinstance(record, dict):
        raise _fail("record", "a deal record must be a JSON object")
    _refuse_kept(record, "record")
    form = record_format(record)
    rules = record_rules(record)
    hands = record_hands(record, "", rules)
    declarer = record_seat(record.get("declarer"), "declarer")
    try:
        deal = Deal(hands, declarer, rules)
    except RuleError as e:
        raise e.located("hands") from None
    return replay_deal(deal, record, form=form)


def session_from_record(record: Any) -> Session:
    """Rebuild a session from its record, checking every deal and action."""
    if not isinstance(record, dict):
        raise _fail("record", "a session record must be a JSON object")
    _refuse_kept(record, "record")
    form = record_format(record)
    rules = record_rules(record)
    seed = record.get("seed")
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_LIMIT < seed < SEED_LIMIT
    ):
        raise _fail("seed", f"must be an integer of at most 20 digits or null, not {quoted(seed)}")
    first = record_seat(record.get("first_declarer"), "first_declarer")
    session = Session(seed, rules, first_declarer=first, start=False)
    session.takebacks = _takebacks(record.get("takebacks", 0))
    deals = _list(record, "deals", "")
    if len(deals) > rules.deals:
        raise _fail(
            "deals", f"a {rules.name} session has {rules.deals} deals, this record has {len(deals)}"
        )
    for n, rec in enumerate(deals, 1):
        where = f"deal {n}"
        if not isinstance(rec, dict):
            raise _fail(where, "a deal record must be a JSON object")
        _refuse_kept(rec, where)
        if "rules" in rec and record_rules(rec, _at(where, "rules")) != rules:
            raise _fail(_at(where, "rules"), "differs from the session's rules")
        if "format" in rec and record_format(rec, _at(where, "format")) != form:
            raise _fail(_at(where, "format"), "differs from the session's format")
        if n > 1 and not session.deal.is_over:
            raise _fail(f"deal {n - 1}", "unfinished deal followed by another", "unfinished")
        expected = session.declarer_of(n)
        declarer = record_seat(rec.get("declarer"), _at(where, "declarer"))
        if declarer != expected:
            raise _fail(
                _at(where, "declarer"),
                f"the declarer of deal {n} is seat {expected}, not seat {declarer}",
                "wrong-declarer",
            )
        hands = record_hands(rec, where, rules)
        try:
            deal = session.next_deal(hands)
        except RuleError as e:
            raise e.located(_at(where, "hands")) from None
        replay_deal(deal, rec, where, form)
    return session


TAKEBACKS_LIMIT = 100_000
"""More take-backs than any session could hold (a bound on what a record may say)."""


def _takebacks(value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= TAKEBACKS_LIMIT:
        raise _fail("takebacks", f"must be a count of take-backs, not {quoted(value)}")
    return value


def is_session_record(record: Any) -> bool:
    """Whether a record is a session's (it has deals, or a first declarer) rather than a deal's."""
    return isinstance(record, dict) and ("deals" in record or "first_declarer" in record)


# -- scoring --------------------------------------------------------------------------------


def _require_finished(deal: Deal, where: str) -> None:
    if not deal.is_over:
        raise _fail(
            where,
            f"the deal is unfinished: it stops after {len(deal.played)} cards, before its end",
            "unfinished",
        )


def score_record(record: Any) -> dict[str, Any]:
    """Check a deal or session record and return its scores.

    A deal gives ``{"raw": [4], "final": [4]}``; a session gives ``{"deals": [{"raw", "final"}...],
    "totals": [4], "winners": [seats]}`` (``winners`` once all its deals are played). The first
    illegal or malformed thing raises ``RuleError`` naming where and why.
    """
    if is_session_record(record):
        session = session_from_record(record)
        played = [d for d in session.deals if d.history]  # a deal just dealt is not played yet
        for n, d in enumerate(played, 1):
            _require_finished(d, f"deal {n}")
        deals = []
        for d in played:
            raw = d.raw_scores()
            deals.append({"raw": raw, "final": settle(raw, d.doubles, session.rules)})
        totals = [sum(column) for column in zip(*(d["final"] for d in deals), strict=True)] or [
            0,
            0,
            0,
            0,
        ]
        out: dict[str, Any] = {"deals": deals, "totals": totals}
        if session.is_over:
            out["winners"] = winners(totals, session.rules)
        return out
    deal = deal_from_record(record)
    _require_finished(deal, "record")
    return {"raw": deal.raw_scores(), "final": deal.final_scores()}

"""Records read by the independent reference of the presets (tests/reference_presets.py): cards and
seats parsed as RULES.md §6 writes them, a deal replayed by the rule book, a session's block
context, and the scores. Nothing is imported from ``barbu``: this file and its companion stand
alone.

Entry point: ``score_record(record)`` returns the same structure as ``barbu.score_record`` and
raises ``Illegal`` where the engine must raise ``RuleError``.
"""

from __future__ import annotations

from tests.reference_presets import RANKS, SUITS, Illegal, RefDeal, Rules, parse_rules

SUIT_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def parse_rank(text) -> str:
    """Read a rank ("A", "t", "10", ...) and return its canonical letter."""
    if not isinstance(text, str):
        raise Illegal(f"not a rank: {text!r}")
    t = text.strip().upper()
    if t == "10":
        t = "T"
    if len(t) != 1 or t not in RANKS:
        raise Illegal(f"not a rank: {text!r}")
    return t


def parse_suit(text) -> str:
    """Read a suit ("S", "h", "♦", ...) and return its canonical letter."""
    if not isinstance(text, str):
        raise Illegal(f"not a suit: {text!r}")
    t = text.strip().upper()
    t = SUIT_SYMBOLS.get(t, t)
    if len(t) != 1 or t not in SUITS:
        raise Illegal(f"not a suit: {text!r}")
    return t


def parse_card(text) -> str:
    """Read a card ("QS", "10h", "T♥", ...) and return it as canonical "TH"."""
    if not isinstance(text, str) or len(text.strip()) < 2:
        raise Illegal(f"not a card: {text!r}")
    t = text.strip()
    return parse_rank(t[:-1]) + parse_suit(t[-1])


def parse_seat(value) -> int:
    """A seat number 0-3 (a JSON integer, not a boolean)."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise Illegal(f"not a seat: {value!r}")
    return value


# -- records ----------------------------------------------------------------------------------


def parse_hands(rec, rules: Rules):
    """Four hands of ``rules.hand_size`` distinct cards, together exactly the preset's pack."""
    hands = rec["hands"]
    if not isinstance(hands, list) or len(hands) != 4:
        raise Illegal("4 hands expected")
    out = []
    for hand in hands:
        if not isinstance(hand, list):
            raise Illegal("a hand is a list")
        cards = [parse_card(c) for c in hand]
        if len(cards) != rules.hand_size:
            raise Illegal(f"a hand holds {rules.hand_size} cards, not {len(cards)}")
        for c in cards:
            if c not in rules.deck:
                raise Illegal(f"{c} is not in the {rules.preset} pack")
        out.append(cards)
    if sorted(c for h in out for c in h) != sorted(rules.deck):
        raise Illegal("the hands are not the pack")
    return out


def replay_deal(
    rec, rules: Rules | None = None, owed=None, deals_left=None, used=(), upto: int | None = None
):
    """Replay a deal record by the rule book; raise Illegal on anything wrong or unfinished.

    With ``upto``, stop after that many cards of the play and return the deal as it stands then.
    """
    try:
        if not isinstance(rec, dict):
            raise Illegal("a deal record is an object")
        if rules is None:
            rules = parse_rules(rec.get("rules", "standard"))
        hands = parse_hands(rec, rules)
        declarer = parse_seat(rec.get("declarer"))
        deal = RefDeal(rules, hands, declarer, owed, deals_left, used)
        trump = parse_suit(rec["trump"]) if rec.get("trump") is not None else None
        start = parse_rank(rec["start_rank"]) if rec.get("start_rank") is not None else None
        deal.choose(rec.get("contract"), trump, start)
        pairs = rec["doubles"]
        if not isinstance(pairs, list):
            raise Illegal("doubles is a list")
        if not rules.doubling:
            if pairs:
                raise Illegal(f"no doubles in {rules.preset}")
        else:
            parsed = []
            for p in pairs:
                if not isinstance(p, list) or len(p) != 2:
                    raise Illegal("a double is a [doubler, target] pair")
                parsed.append((parse_seat(p[0]), parse_seat(p[1])))
            i = 0
            d = declarer
            for seat in [(d + 1) % 4, (d + 2) % 4, (d + 3) % 4, d]:
                targets = []
                while i < len(parsed) and parsed[i][0] == seat:
                    targets.append(parsed[i][1])
                    i += 1
                deal.double_turn(targets)
            if i != len(parsed):
                raise Illegal("a double out of turn")
        play = rec["play"]
        if not isinstance(play, list):
            raise Illegal("play is a list")
        for text in play[:upto]:
            deal.play(parse_card(text))
        if upto is not None:
            return deal
        if not deal.over:
            raise Illegal("unfinished deal")
        return deal
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise Illegal(f"malformed: {e!r}") from None


def block_context(rules: Rules, first: int, earlier: list[RefDeal], n: int):
    """Deal ``n`` (1-based) of a session: (declarer, owed doubles, deals left, used contracts).

    ``earlier`` holds the session's deals 1..n-1, already replayed.
    """
    declarer = rules.declarer_of(first, n)
    index = (n - 1) % rules.block_size
    block = earlier[n - 1 - index : n - 1]
    used = [d.contract for d in block]
    owed = []
    for seat in range(4):
        if seat == declarer or not rules.doubling:
            owed.append(0)
        else:
            made = sum(1 for d in block if (seat, declarer) in d.doubles)
            owed.append(max(0, rules.quota - made))
    return declarer, owed, rules.block_size - index, used


def score_session(rec):
    """Score a session record: per-deal raw/final, totals, winners once all deals are played."""
    try:
        rules = parse_rules(rec.get("rules", "standard"))
        seed = rec.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise Illegal("seed is an integer or null")
        first = parse_seat(rec.get("first_declarer"))
        records = rec["deals"]
        if not isinstance(records, list):
            raise Illegal("deals is a list")
        if len(records) > rules.session_deals:
            raise Illegal(f"{rules.preset} has {rules.session_deals} deals, not {len(records)}")
        played: list[RefDeal] = []
        for n, drec in enumerate(records, 1):
            if not isinstance(drec, dict):
                raise Illegal("a deal record is an object")
            if "rules" in drec and parse_rules(drec["rules"]).key() != rules.key():
                raise Illegal(f"deal {n}: rules differ from the session's")
            declarer, owed, left, used = block_context(rules, first, played, n)
            if parse_seat(drec.get("declarer")) != declarer:
                raise Illegal(f"deal {n}: the declarer is seat {declarer}")
            played.append(replay_deal(drec, rules, owed, left, used))
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        raise Illegal(f"malformed: {e!r}") from None
    deals = [{"raw": d.raw(), "final": d.final()} for d in played]
    totals = [sum(d["final"][s] for d in deals) for s in range(4)]
    result = {"deals": deals, "totals": totals}
    if len(played) == rules.session_deals:
        best = min(totals) if rules.lowest_wins else max(totals)
        result["winners"] = [s for s in range(4) if totals[s] == best]
    return result


def is_session_record(rec) -> bool:
    """A session record has "deals" or "first_declarer"."""
    return isinstance(rec, dict) and ("deals" in rec or "first_declarer" in rec)


def score_record(rec):
    """Score a deal or session record like ``barbu.score_record``; raise Illegal if refused."""
    if is_session_record(rec):
        return score_session(rec)
    deal = replay_deal(rec)
    return {"raw": deal.raw(), "final": deal.final()}

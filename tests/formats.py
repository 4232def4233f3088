"""Records of format 1 (as tests/generate*.py and the reference scorers write them) rewritten in
format 2 (barbu.records), structurally and without checking anything: a bad format-1 record
gives the same bad format-2 record, for the engine to refuse."""

from typing import Any

_OLD = ("contract", "trump", "start_rank", "doubles", "double_turns", "play")


def _pair(value: Any) -> bool:
    """Whether a format-1 double is a two-item list."""
    return isinstance(value, list) and len(value) == 2


def _deal_actions(rec: dict[str, Any]) -> list[Any]:
    """A format-1 deal's actions in order: contract, doubling turns, cards."""
    contract: dict[str, Any] = {"contract": rec.get("contract")}
    for key in ("trump", "start_rank"):
        if rec.get(key) is not None:
            contract[key] = rec[key]
    actions: list[Any] = [contract]
    pairs = list(rec.get("doubles", []))
    declarer = rec.get("declarer")
    if isinstance(declarer, int) and rec.get("doubling", True):
        turns = rec.get("double_turns", 4)
        for k in range(1, turns + 1):
            seat = (declarer + k) % 4
            targets = []
            while pairs and _pair(pairs[0]) and pairs[0][0] == seat:
                targets.append(pairs.pop(0)[1])
            actions.append({"double": targets})
    for pair in pairs:  # left over: out of turn, or no round at all: to be refused
        actions.append({"double": [pair[1]] if _pair(pair) else pair})
    actions.extend(rec.get("play", []))
    return actions


def deal_as_format_2(rec: dict[str, Any], doubling: bool = True) -> dict[str, Any]:
    """A format-1 deal record in format 2 (``doubling``: whether its rules have a round)."""
    out = {k: v for k, v in rec.items() if k not in _OLD}
    out["actions"] = _deal_actions({**rec, "doubling": doubling})
    return out


def as_format_2(record: dict[str, Any], doubling: bool = True) -> dict[str, Any]:
    """A format-1 deal or session record in format 2."""
    if "deals" in record:
        deals = [deal_as_format_2(d, doubling) for d in record["deals"]]
        return {"format": 2, **record, "deals": deals}
    return {"format": 2, **deal_as_format_2(record, doubling)}


def score_both(record: Any) -> Any:
    """``score_record`` of a format-1 record, checked against the same record in format 2: the
    same scores, or a refusal in both with the same code (format 1's own structural refusals,
    "bad-record", have no twin in format 2)."""
    from barbu import RuleError, score_record
    from barbu.presets import rules_from_record

    try:
        doubling = rules_from_record(record.get("rules", "standard")).doubling
        again = as_format_2(record, doubling)
    except (RuleError, AttributeError, TypeError, ValueError):
        return score_record(record)  # too malformed to rewrite: format 1 alone says why
    try:
        result = score_record(record)
    except RuleError as error:
        if error.code != "bad-record":
            try:
                score_record(again)
            except RuleError as twin:
                assert twin.code == error.code, (str(error), str(twin))
            else:
                raise AssertionError(f"format 2 accepts what format 1 refuses: {error}") from None
        raise
    assert score_record(again) == result
    return result

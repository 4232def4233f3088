"""The statistics (web.stats.figures): entries stored when a session ends, read back and checked
by the engine, and the figures of the player's sessions and of kept games' named players, compared
with the same figures counted naively from ``score_record``'s scores."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path

import pytest

from barbu import Session, score_record, session_record
from barbu.bots.players import Bot
from barbu.keeper import KeptGame
from barbu.presets import PRESETS
from barbu.rules import Rules
from web.stats.figures import (
    FORMAT,
    StatsRefused,
    against_bots,
    entry_data,
    entry_key,
    figures,
    file_data,
    file_entries,
    named_players,
    of_named,
    played,
    read_entry,
    with_friends,
)

DATA = Path(__file__).parent / "data"


@cache
def bot_session(name: str, seed: int) -> str:
    """A session of preset ``name`` played to its end by four beginners, as a JSON record."""
    session = Session(seed=seed, rules=PRESETS[name])
    bots = [Bot("beginner", seed=seed * 10 + seat) for seat in range(4)]
    while not session.is_over:
        if session.between_deals:
            session.next_deal()
        session.apply(bots[session.to_move].decide(session.view(session.to_move).deal))
    return json.dumps(session_record(session))


def record(name: str = "standard", seed: int = 1, **extra: object) -> dict:
    """A fresh copy of a bot session's record, with ``extra`` keys."""
    return {**json.loads(bot_session(name, seed)), **extra}


def naive_place(totals: list[int], seat: int, lowest_wins: bool) -> int:
    """1 + the number of seats strictly ahead of ``seat``."""
    sign = -1 if lowest_wins else 1
    return 1 + sum(sign * t > sign * totals[seat] for t in totals)


def test_an_entry_written_when_a_session_ends_reads_back_with_its_level_and_time():
    entry = read_entry(json.loads(json.dumps(entry_data(record(), "expert", 1_700_000_000_000))))
    assert (entry.level, entry.ended, entry.takebacks, entry.practised) == (
        "expert",
        1_700_000_000_000,
        0,
        False,
    )
    assert entry.data()["stats"] == FORMAT and entry.data()["preset"] == "standard"
    assert entry.group == '"standard"'
    assert entry_key(record()) == entry_key(record()) != entry_key(record(seed=2))


@pytest.mark.parametrize("name", ["standard", "fr32"])
def test_places_and_win_rate_follow_the_totals_and_the_rules_goal(name):
    rules: Rules = PRESETS[name]
    records = [record(name, seed) for seed in (1, 2, 3)]
    entries = [read_entry(entry_data(r, "beginner", n)) for n, r in enumerate(records)]
    result = figures(against_bots(entries), rules)
    expected, wins, rates = [], 0, []
    for n, r in enumerate(records, 1):
        totals = score_record(r)["totals"]
        expected.append(naive_place(totals, 0, rules.lowest_wins))
        wins += 0 in score_record(r)["winners"]
        rates.append(wins / n)
    assert result.places == tuple(expected)
    assert result.win_rates == pytest.approx(rates)
    assert (result.sessions, result.wins, result.practised) == (3, wins, 0)
    assert result.deals == 3 * rules.deals


def test_average_scores_per_contract_are_the_players_and_the_others_per_seat():
    records = [record("standard", seed) for seed in (1, 2)]
    entries = [read_entry(entry_data(r, "beginner", 0)) for r in records]
    result = figures(against_bots(entries), PRESETS["standard"])
    sums: dict[str, list[float]] = {}
    for r in records:
        for deal, scores in zip(r["deals"], score_record(r)["deals"], strict=True):
            s = sums.setdefault(deal["actions"][0]["contract"], [0, 0, 0, 0, 0])
            s[0] += 1
            s[1] += scores["raw"][0]
            s[2] += scores["final"][0]
            s[3] += sum(scores["raw"][1:]) / 3
            s[4] += sum(scores["final"][1:]) / 3
    got = {str(c.contract): c for c in result.contracts}
    assert set(got) == set(sums)
    for contract, (n, raw, final, others_raw, others_final) in sums.items():
        c = got[contract]
        assert c.deals == n
        assert (c.raw, c.final) == pytest.approx((raw / n, final / n))
        assert (c.others_raw, c.others_final) == pytest.approx((others_raw / n, others_final / n))


def test_doubles_made_and_received_add_up_to_what_the_doubles_moved():
    records = [record("standard", seed) for seed in (1, 2, 3)]
    entries = [read_entry(entry_data(r, "beginner", 0)) for r in records]
    doubles = figures(against_bots(entries), PRESETS["standard"]).doubles
    made = received = moved = 0
    for r in records:
        for deal, scores in zip(r["deals"], score_record(r)["deals"], strict=True):
            pairs = {
                (doubler, target)
                for turn, action in enumerate(deal["actions"][1:5], 1)
                if isinstance(action, dict) and "double" in action
                for doubler in [(deal["declarer"] + turn) % 4]
                for target in action["double"]
            }
            made += sum(a == 0 for a, _ in pairs)
            received += sum(b == 0 for _, b in pairs)
            moved += scores["final"][0] - scores["raw"][0]
    assert (doubles.made, doubles.received, doubles.net) == (made, received, moved)
    assert made and received  # the beginners double: the test sees doubles


def test_a_practised_session_is_counted_apart_and_kept_out_of_rank_and_win_rate():
    plain = read_entry(entry_data(record(seed=1), "beginner", 1))
    practised = read_entry(entry_data(record(seed=2, takebacks=3), "beginner", 2))
    assert (practised.takebacks, practised.practised) == (3, True)
    result = figures(against_bots([plain, practised]), PRESETS["standard"])
    alone = figures(against_bots([plain]), PRESETS["standard"])
    assert (result.sessions, result.practised) == (1, 1)
    assert (result.places, result.win_rates) == (alone.places, alone.win_rates)
    assert result.deals == 2 * PRESETS["standard"].deals  # its deals still count


def test_a_session_at_a_friends_table_is_counted_apart_from_the_players_seat():
    plain = read_entry(entry_data(record(seed=1), "beginner", 1))
    hosted = read_entry(entry_data(record(seed=2, friends={"seat": 0}), "beginner", 2))
    joined = read_entry(entry_data(record(seed=3, friends={"seat": 2}), "beginner", 3))
    assert (plain.friends, hosted.friends, joined.friends) == (False, True, True)
    assert (hosted.seat, joined.seat) == (0, 2)
    assert against_bots([plain, hosted, joined]) == against_bots([plain])
    assert with_friends([plain, hosted, joined]) == [
        played(hosted.game, 0),
        played(joined.game, 2),  # the friend's place, not seat 0's
    ]
    result = figures(with_friends([joined]), PRESETS["standard"])
    assert result.places == (played(joined.game, 2).place,) and result.sessions == 1
    for mark in ({"seat": 4}, {"seat": True}, {}, "yes"):
        with pytest.raises(StatsRefused, match="friends' table"):
            read_entry(entry_data(record(seed=2, friends=mark), "beginner", 2))


def test_an_entry_of_an_older_record_format_or_without_takebacks_is_read():
    golden = json.loads((DATA / "golden_session.json").read_text())["record"]
    assert "format" not in golden and "takebacks" not in golden
    entry = read_entry(entry_data(golden, "standard", 5))
    assert entry.takebacks == 0
    assert figures(against_bots([entry]), entry.game.rules).sessions == 1


def unfinished() -> dict:
    r = record()
    r["deals"] = r["deals"][:-1]
    return r


def bad_card() -> dict:
    r = record()
    r["deals"][3]["actions"][-1] = "ZZ"
    return r


def kept() -> dict:
    return KeptGame.from_record(record()).record()


@pytest.mark.parametrize(
    "damage, why",
    [
        (lambda d: [d], "JSON object"),
        (lambda d: {**d, "stats": FORMAT + 1}, "later version"),
        (lambda d: {k: v for k, v in d.items() if k != "stats"}, "not a statistics entry"),
        (lambda d: {**d, "level": "grandmaster"}, "unknown level"),
        (lambda d: {**d, "ended": "yesterday"}, "not a time"),
        (lambda d: {**d, "preset": "fr32"}, "not the record's"),
        (lambda d: {**d, "record": {**d["record"], "takebacks": -1}}, "takebacks"),
        (lambda d: {**d, "record": unfinished()}, "not over"),
        (lambda d: {**d, "record": bad_card()}, "engine refuses"),
        (lambda d: {**d, "record": kept()}, "no played session"),
    ],
)
def test_a_damaged_entry_is_refused_with_its_reason(damage, why):
    data = entry_data(record(), "standard", 1)
    read_entry(copy.deepcopy(data))  # whole, it is read
    with pytest.raises(StatsRefused, match=why):
        read_entry(damage(copy.deepcopy(data)))


def test_the_exported_file_reads_back_and_another_file_is_refused():
    entries = [read_entry(entry_data(record(seed=s), "beginner", s)) for s in (1, 2)]
    text = json.dumps(file_data(entries))
    back = [read_entry(d) for d in file_entries(json.loads(text))]
    assert [e.data() for e in back] == [e.data() for e in entries]
    for other in ([], {"kind": "barbu-stats", "format": 9, "entries": []}, record()):
        with pytest.raises(StatsRefused):
            file_entries(other)


def test_kept_games_give_each_named_players_figures_from_their_seat():
    first = KeptGame.from_record({**kept(), "names": ["Ann", "Bob", "Cy", "Di"]})
    second = KeptGame.from_record(
        {**KeptGame.from_record(record(seed=2)).record(), "names": ["Bob", "Ann", "Eve", "Fay"]}
    )
    unfinished_game = KeptGame.from_record(
        {**KeptGame.from_record(unfinished()).record(), "names": ["Ann", "Gus", "Hal", "Ida"]}
    )
    games = [first, second, unfinished_game, KeptGame.from_record(kept())]  # the last: no names
    assert named_players(games) == ["Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal", "Ida"]
    ann = of_named(games, "Ann")
    assert [p.seat for p in ann] == [0, 1, 0]
    assert ann[2].place is None and ann[2].rows
    result = figures(ann, PRESETS["standard"])
    expected = [naive_place(g.totals(), seat, False) for g, seat in ((first, 0), (second, 1))]
    assert result.places == tuple(expected) and result.sessions == 2
    assert result.deals == 2 * 28 + 27
    assert played(first, 0).rows == tuple(first.sheet())

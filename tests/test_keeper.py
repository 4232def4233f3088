"""The score keeper's engine (barbu/keeper/): a session played with real cards, kept deal by deal
from contracts, doubles and raw scores or counts (its scores' checks: test_keeper_scores.py; its
records: test_keeper_records.py).

Played sessions (random legal actions) are the reference: their contracts, doubles and raw
scores fed to the keeper must end on the same totals, deal by deal. The refusals are the played
game's for contracts and doubles (RULES.md §1, §4) and the keeper's own for scores (bad-total,
bad-score, bad-count). If these tests fail, a table keeping its sheet would get wrong totals or
settlements, or a wrong row would go through without a word.
"""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from barbu import (
    Contract,
    Session,
    deal_from_record,
    score_record,
    session_from_record,
    session_record,
)
from barbu.keeper import KeptDeal, KeptGame, Payment, Standing, Taken, count_scores
from barbu.presets import FR32, STANDARD, preset, rules_from_record
from barbu.scoring import final_scores
from tests.kept_games import (
    BLOCK,
    GAMES,
    ON,
    C,
    pair_settlement,
    played,
    refusal,
    reported,
    running,
)

# -- whole sessions: the keeper ends where the played game ends ------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_session_kept_from_raw_scores_and_doubles_ends_on_the_played_totals(game):
    rules = rules_from_record(GAMES[game])
    session = played(rules, 11)
    kept = KeptGame(rules, session.first_declarer)
    expected = running(session)
    for n, deal in enumerate(reported(session), 1):
        row = kept.add(deal)
        assert row == session.deals[n - 1].summary()  # the played game's own sheet row
        assert tuple(kept.totals()) == expected[n - 1]
    assert kept.is_over and kept.number == rules.deals
    assert kept.running() == expected
    assert kept.totals() == session.totals()
    assert kept.winners() == session.winners()
    settled = [(p.payer, p.payee, p.points) for p in kept.settlement()]
    assert settled == pair_settlement(session.totals(), rules.goal)
    assert sum(kept.balances()) == 0


@pytest.mark.parametrize("game", GAMES)
def test_scores_counted_from_what_each_player_took_equal_the_typed_ones(game):
    rules = rules_from_record(GAMES[game])
    session = played(rules, 12)
    for deal in session.finished_deals():
        assert count_scores(rules, deal.contract, Taken.from_deal(deal)) == tuple(deal.raw_scores())
    typed = KeptGame(rules, session.first_declarer, deals=reported(session, "raw"))
    counted = KeptGame(rules, session.first_declarer, deals=reported(session, "taken"))
    both = KeptGame(rules, session.first_declarer, deals=reported(session, "both"))
    assert typed.sheet() == counted.sheet() == both.sheet()
    assert counted.totals() == session.totals()


def test_a_played_sessions_export_is_read_as_it_is():
    for game in GAMES.values():
        session = played(rules_from_record(game), 13)
        kept = KeptGame.from_record(session_record(session))
        assert kept.totals() == session.totals() and kept.sheet() == session.sheet()
        assert all(d.taken is not None for d in kept.deals)
        again = KeptGame.from_record(json.loads(json.dumps(kept.record())))
        assert again.record() == kept.record() and again.totals() == kept.totals()


def test_a_played_export_stopped_in_a_deal_keeps_its_finished_deals():
    session = played(STANDARD, 14, steps=200)
    assert not session.deal.is_over
    kept = KeptGame.from_record(session_record(session))
    assert kept.number == len(session.finished_deals()) == len(session.deals) - 1
    assert kept.totals() == session.totals()


def test_the_played_games_readers_refuse_a_kept_record_with_the_reason():
    kept = KeptGame.from_record(session_record(played(STANDARD, 15)))
    record = kept.record()
    for reader in (session_from_record, score_record):
        error = refusal(reader, record)
        assert error.code == "kept-record" and "score keeper" in str(error)
    without_mark = {k: v for k, v in record.items() if k != "kept"}
    assert refusal(session_from_record, without_mark).code == "kept-record"
    one = {"format": 2, "rules": "standard", **record["deals"][0]}
    assert refusal(deal_from_record, one).code == "kept-record"


# -- contracts and doubles: the played game's legality ----------------------------------------


def test_a_contract_already_used_in_the_block_is_refused():
    kept = KeptGame(STANDARD, 0, deals=BLOCK[:3])
    error = refusal(kept.add, KeptDeal(C("no-queens"), (), (-12, -6, -6, 0)))
    assert (error.code, error.params["deal"]) == ("contract-used", 4)
    assert str(error).startswith("deal 4, contract: no-queens was already played in this block")
    assert refusal(kept.add, KeptDeal(C("trumps"), (), (20, 15, 15, 15))).code == "trump-missing"
    # Editing deal 2, the contracts of deals 1 and 3 are taken.
    assert kept.context(2).used == {Contract.NO_TRICKS}
    assert Contract.NO_QUEENS in kept.context(2).left
    assert not {Contract.NO_TRICKS, Contract.NO_LAST_TWO} & set(kept.context(2).left)
    italian = KeptGame(preset("italian"), 0)
    domino = KeptDeal(C("domino", rank="8"), (), (45, 20, 5, -5))
    assert refusal(italian.add, domino).code == "rank-fixed"


@pytest.mark.parametrize(
    ("rules", "contract", "doubles", "code"),
    [
        (STANDARD, C("trumps", "S"), ((1, 2),), "double-positive"),
        (STANDARD, C("no-queens"), ((0, 1),), "redouble-not-doubled"),
        (STANDARD, C("no-queens"), ((2, 2),), "double-self"),
        (STANDARD, C("no-queens"), ((1, 0), (1, 0)), "double-twice"),
        (STANDARD, C("no-queens"), ((1, 4),), "bad-seat"),
        (STANDARD, C("no-queens"), ((1,),), "bad-action"),
        (STANDARD, C("no-queens"), "1,0", "bad-action"),
        (FR32, C("queens"), ((1, 0),), "no-doubles"),
    ],
)
def test_a_double_the_rules_forbid_is_refused(rules, contract, doubles, code):
    raw = (-12, -6, -6, 0) if rules is STANDARD else (20, 10, 10, 0)
    if contract.contract == "trumps":
        raw = (20, 15, 15, 15)
    error = refusal(KeptGame(rules, 0).add, KeptDeal(contract, doubles, raw))
    assert error.code == code and error.params["deal"] == 1


def test_doubles_between_non_declarers_and_redoubles_settle_as_in_play():
    kept = KeptGame(STANDARD, 0)
    # Seat 1 doubles seat 2 and the declarer; seat 2 doubles seat 1 back (mutual); the declarer
    # redoubles seat 1.
    row = kept.add(KeptDeal(C("no-queens"), ((0, 1), (2, 1), (1, 2), (1, 0)), (-12, -6, -6, 0)))
    assert row.doubles == ((1, 0), (1, 2), (2, 1), (0, 1))  # in turn order
    assert row.final == tuple(final_scores([-12, -6, -6, 0], row.doubles, STANDARD))
    assert row.final == (-12 - 12, -6 + 12, -6, 0)  # 0-1 mutual: twice 6; 1-2 even


def test_the_owed_doubles_are_announced_before_the_round_and_then_bind():
    passes = [KeptDeal(d.contract, (), d.raw) for d in BLOCK]
    kept = KeptGame(STANDARD, 0, deals=passes[:4])
    before = kept.context()
    assert (before.number, before.owed, before.deals_left, before.compulsory) == (
        5,
        (0, 2, 2, 2),
        3,
        (),
    )
    kept.add(passes[4])
    warned = kept.context()
    assert (warned.owed, warned.deals_left, warned.compulsory) == ((0, 2, 2, 2), 2, (1, 2, 3))
    assert warned.left == (Contract.TRUMPS, Contract.DOMINO)
    error = refusal(kept.add, passes[5])
    assert error.code == "must-double" and error.params["deal"] == 6
    assert str(error) == (
        "deal 6, doubles of seat 1: must double the declarer: 2 doubles owed, 2 deals left"
    )
    turn = kept.turn(passes[5].contract, (), 1)
    assert turn.compulsory and turn.targets == {0}
    kept.add(KeptDeal(passes[5].contract, ON, passes[5].raw))
    last = kept.context()
    assert (last.owed, last.deals_left, last.compulsory) == ((0, 1, 1, 1), 1, (1, 2, 3))
    # The next block starts over, with its own declarer.
    kept.add(KeptDeal(passes[6].contract, ON, passes[6].raw))
    fresh = kept.context()
    assert (fresh.block, fresh.declarer, fresh.owed, fresh.compulsory) == (2, 1, (2, 0, 2, 2), ())


def test_the_italian_quota_of_three_binds_earlier():
    rules = rules_from_record({"preset": "italian", "options": {"quota": 3}})
    passes = [KeptDeal(d.contract, (), d.raw) for d in BLOCK[:4]]
    kept = KeptGame(rules, 0, deals=passes)
    assert (kept.context().owed, kept.context().compulsory) == ((0, 3, 3, 3), (1, 2, 3))


def test_a_turn_offers_the_seats_in_scope_and_the_shortcuts_of_the_rules():
    italian = KeptGame(preset("italian"), 0)
    turn = italian.turn(C("no-queens"), (), 2)
    assert turn.targets == {0, 1, 3} and not turn.compulsory
    assert dict(turn.shortcuts) == {"maximum": {0, 1, 3}, "family": {1, 3}}
    assert dict(italian.turn(C("trumps", "H"), (), 1).shortcuts) == {"maximum": {0}}
    declarer = italian.turn(C("no-queens"), ((1, 0), (3, 0), (3, 2)), 0)
    assert declarer.targets == {1, 3} and dict(declarer.shortcuts) == {"maximum": {1, 3}}
    assert KeptGame(STANDARD, 0).turn(C("no-queens"), (), 1).shortcuts == ()
    assert KeptGame(FR32, 0).turn(C("queens"), (), 1).targets == set()


def test_the_rotation_is_the_sessions():
    kept = KeptGame(STANDARD, 2)
    assert (kept.context().declarer, kept.context().dealer) == (2, 1)
    assert [kept.declarer_of(n) for n in (1, 7, 8, 15, 22, 28)] == [2, 2, 3, 0, 1, 1]
    fr32 = KeptGame(FR32, 1, deals=[KeptDeal(C("queens"), (), (20, 10, 10, 0))])
    context = fr32.context()
    assert (context.declarer, context.dealer, context.deals_left) == (2, 2, 6)
    assert Contract.QUEENS not in context.left and len(context.left) == 6


def test_no_deal_after_the_last():
    session = played(FR32, 16)
    kept = KeptGame(FR32, session.first_declarer, deals=reported(session))
    assert kept.is_over
    assert refusal(kept.add, reported(session)[0]).code == "session-over"
    assert refusal(kept.context).code == "session-over"
    assert refusal(KeptGame, FR32, 0, deals=reported(session) * 2).code == "session-over"


# -- edits, removals, undo --------------------------------------------------------------------


def kept_session(seed: int = 17) -> tuple[KeptGame, Session]:
    session = played(STANDARD, seed)
    return KeptGame(STANDARD, session.first_declarer, deals=reported(session)), session


def test_editing_deal_3_recomputes_every_later_total():
    kept, _ = kept_session()
    before = kept.running()
    third = kept.deals[2]
    assert third.raw is not None
    swapped = tuple(reversed(third.raw))
    assert swapped != third.raw
    row = kept.edit(3, KeptDeal(third.contract, third.doubles, swapped))
    assert row.raw == swapped
    delta = [
        new - old
        for new, old in zip(
            final_scores(list(swapped), third.doubles, STANDARD),
            final_scores(list(third.raw), third.doubles, STANDARD),
            strict=True,
        )
    ]
    after = kept.running()
    assert after[:2] == before[:2]
    assert after[2:] == [
        tuple(t + d for t, d in zip(old, delta, strict=True)) for old in before[2:]
    ]
    assert kept.totals(2) == list(before[1]) and kept.totals() == list(after[-1])


def test_an_edit_that_breaks_a_later_deal_is_refused_and_names_it():
    kept = KeptGame(STANDARD, 0, deals=BLOCK)
    record = kept.record()
    error = refusal(kept.edit, 2, KeptDeal(C("trumps", "H"), ON, (20, 15, 15, 15)))
    assert (error.code, error.params["deal"]) == ("contract-used", 6)
    assert str(error).startswith("deal 6, contract:")
    # Without deal 1's doubles the quota can no longer be met: deal 7 is the first to break.
    error = refusal(kept.edit, 1, KeptDeal(BLOCK[0].contract, (), BLOCK[0].raw))
    assert (error.code, error.params["deal"]) == ("must-double", 7)
    assert kept.record() == record and not kept.can_undo
    assert not kept.can(KeptDeal(BLOCK[0].contract, (), BLOCK[0].raw), 1)


def test_removing_a_deal_moves_the_later_ones_up_and_recomputes():
    kept = KeptGame(STANDARD, 0, deals=BLOCK[:5])
    removed = kept.remove(3)
    assert removed == BLOCK[2] and kept.number == 4
    assert [row.number for row in kept.sheet()] == [1, 2, 3, 4]
    assert [row.contract for row in kept.sheet()][2:] == ["no-hearts", "no-king-of-hearts"]
    left = [d for d in BLOCK[:5] if d is not BLOCK[2]]
    finals = [final_scores(list(d.raw or ()), d.doubles, STANDARD) for d in left]
    assert kept.totals() == [sum(f[seat] for f in finals) for seat in range(4)]
    assert "no-last-two" in kept.context().left
    kept.remove(4)
    assert kept.number == 3


def test_a_removal_that_breaks_a_later_deal_is_refused_and_names_it():
    kept, _ = kept_session()
    record = kept.record()
    error = refusal(kept.remove, 3)
    assert error.params["deal"] >= 3 and str(error).startswith(f"deal {error.params['deal']}, ")
    assert kept.record() == record
    kept.remove(28)  # the last one always goes
    assert kept.number == 27


def test_undo_takes_back_each_change_in_turn():
    kept = KeptGame(STANDARD, 0)
    records = [kept.record()]
    kept.set_first_declarer(3)
    assert kept.declarer_of(1) == 3
    records.append(kept.record())
    kept.set_first_declarer(0)
    records.append(kept.record())
    kept.add(BLOCK[0])
    records.append(kept.record())
    kept.add(BLOCK[1])
    records.append(kept.record())
    kept.edit(2, KeptDeal(C("no-last-two"), ON, (0, 0, -10, -20)))
    records.append(kept.record())
    refusal(kept.add, KeptDeal(C("no-last-two"), (), (-10, -20, 0, 0)))  # a refusal changes nothing
    kept.rename(["Ada", "Ben", "Clara", "Dan"])
    records.append(kept.record())
    kept.set_stake("0.10")
    records.append(kept.record())
    kept.remove(1)
    assert refusal(kept.set_first_declarer, 3).code == "redouble-not-doubled"  # seat 3 declares
    while kept.can_undo:
        kept.undo()
        assert kept.record() == records.pop()
    assert records == [] and kept.number == 0
    assert refusal(kept.undo).code == "nothing-to-undo"


# -- the end: ranking and who pays whom --------------------------------------------------------


def test_each_pair_settles_the_difference_of_its_totals_times_the_stake():
    queens = KeptDeal(C("no-queens"), (), (-12, -6, -6, 0))
    kept = KeptGame(STANDARD, 0, stake="0.5", deals=[queens])
    assert kept.settlement() == [
        Payment(0, 1, 6, Decimal("3.0")),
        Payment(0, 2, 6, Decimal("3.0")),
        Payment(0, 3, 12, Decimal("6.0")),
        Payment(1, 2, 0, Decimal("0.0")),
        Payment(1, 3, 6, Decimal("3.0")),
        Payment(2, 3, 6, Decimal("3.0")),
    ]
    assert kept.balances() == [-24, 0, 0, 24]
    assert kept.ranking() == [
        Standing(1, 3, 0),
        Standing(2, 1, -6),
        Standing(2, 2, -6),
        Standing(4, 0, -12),
    ]
    assert kept.winners() == []  # not over yet


def test_in_fr32_the_higher_total_pays():
    kept = KeptGame(FR32, 0, deals=[KeptDeal(C("queens"), (), (20, 10, 10, 0))])
    assert kept.settlement()[0] == Payment(0, 1, 10, None)
    assert kept.ranking()[0] == Standing(1, 3, 0)
    assert kept.balances() == [-40, 0, 0, 40]

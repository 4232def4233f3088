"""A friend's page's game (web/friends/remote.py): the solo table's ``Game`` members, answered
from the seat's view alone, against the host's session that referees the table.

What a player would notice if these failed: a friend's table that shows another turn, phase or
score than the host's; a card greyed out with another reason than the host would give (or a
legal card refused); an action sent twice; a finished deal that cannot be replayed; a session
missing from the friend's statistics, or counted as a game against the computer.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from barbu import (
    PRESETS,
    ChooseContract,
    Contract,
    Double,
    Phase,
    Play,
    RuleError,
    Session,
    cards_of,
    preset,
    session_from_record,
    session_record,
)
from barbu.keeper import KeptGame
from web.friends.host import HostTable, Out
from web.friends.remote import RemoteGame


class Table:
    """A host (seat 0, the referee) and friends' pages, each a ``RemoteGame``, joined by an
    in-process channel; ``events[seat]`` keeps each event a friend's page rebuilt."""

    def __init__(self, friends: tuple[int, ...] = (1, 2, 3), rules: Any = "standard", seed=1):
        rng = random.Random(seed)
        self.rng = rng
        self.host = HostTable(
            PRESETS[rules] if isinstance(rules, str) else rules,
            friends,
            ["Host", "", "", ""],
            first_declarer=seed % 4,
            draw_secret=lambda: f"{rng.getrandbits(256):064x}",
        )
        self.games = {s: RemoteGame() for s in friends}
        for game in self.games.values():
            game.table.draw_contribution = lambda: f"{rng.getrandbits(256):064x}"
        self.events: dict[int, list[Any]] = {s: [] for s in friends}
        self.now = 0.0
        for seat, game in self.games.items():
            self.host.opened(seat)
            self.send_from(seat, game.table.hello(f"Friend {seat}", self.host.token(seat)))

    @property
    def session(self) -> Session:
        return self.host.session

    def deliver(self, out: Out, drop: frozenset[int] = frozenset()) -> None:
        """Carry the host's messages to the pages (not to those in ``drop``), and back."""
        for seat, text in out.sends:
            if seat not in self.games or seat in drop:
                continue
            change = self.games[seat].receive(text)
            assert not change.error, change.error
            if change.event is not None:
                self.events[seat].append(change.event)
            for answer in change.sends:
                self.send_from(seat, answer)

    def send_from(self, seat: int, text: str) -> Out:
        self.now += 0.5
        out = self.host.receive(seat, text, self.now)
        self.deliver(out)
        return out

    def begin(self) -> None:
        """Seed and deal the next deal."""
        self.deliver(self.host.begin_deal())
        self.deliver(self.host.deal())

    def step(self, check=None) -> None:
        """One random legal action by the seat to move: a friend's through its page (after
        ``check(table)``), else the host's."""
        seat = self.session.to_move
        action = self.rng.choice(self.session.legal_actions())
        if check is not None:
            check(self)
        game = self.games.get(seat)
        if game is not None:
            self.send_from(seat, game.act(action))
        else:
            self.deliver(self.host.apply(seat, action))

    def play_deal(self, check=None) -> None:
        self.begin()
        while not self.session.deal.is_over:
            self.step(check)
        if check is not None:
            check(self)


def same_as_host(table: Table) -> None:
    """Each friend's game answers as the host's session does for that seat."""
    session = table.session
    deal = session.deal
    for seat, game in table.games.items():
        assert game.view() == session.view(seat)
        assert game.rules == session.rules
        assert (game.number, game.to_move, game.phase) == (
            session.number,
            session.to_move,
            deal.phase,
        )
        assert (game.declarer, game.deal_over, game.played) == (
            deal.declarer,
            deal.is_over,
            len(deal.played),
        )
        assert (game.between_deals, game.is_over) == (session.between_deals, session.is_over)
        for s in range(4):
            assert game.acted(s) == any(e.seat == s for e in deal.history)
            assert game.played_a_card(s) == any(p == s for p, _ in deal.played)
        mine = session.legal_actions() if session.to_move == seat else []
        assert game.legal_actions() == mine
        for n in range(1, session.number + 1):
            assert game.summary(n) == session.deals[n - 1].summary()


def test_a_friends_game_reads_as_the_hosts_session_at_every_step():
    """Two deals of each preset: every reading member agrees with the host's session."""
    for name in PRESETS:
        table = Table(rules=name, seed=len(name))
        for _ in range(2):
            table.play_deal(same_as_host)
        assert table.games[1].seed is None and not table.games[1].practised


def every_action(game: RemoteGame) -> list[Any]:
    """The actions to ask about: every card of the pack in the play (and at the deal's end);
    while the contract is chosen, every contract with each trump or starting rank held (and
    one unknown); in the doubling round, every set of seats; and one action of each other
    kind."""
    view = game.view()
    rules = view.deal.rules
    cards: list[Any] = [Play(c) for c in cards_of(rules.deck)]
    contracts: list[Any] = [ChooseContract(Contract("nonsense"))]
    for contract in [c.contract for c in rules.contracts]:
        contracts.append(ChooseContract(contract))
        contracts += [ChooseContract(contract, trump=t) for t in {c.suit for c in view.deal.hand}]
        contracts += [ChooseContract(contract, start_rank=c.rank) for c in view.deal.hand[:3]]
    doubles = [Double(frozenset(s for s in range(4) if bits >> s & 1)) for bits in range(16)]
    phase = view.deal.phase
    if phase is Phase.CONTRACT:
        return contracts + cards[:1] + doubles[:2]
    if phase is Phase.DOUBLING:
        return doubles + cards[:1] + contracts[:2]
    return cards + contracts[:2] + doubles[:2]


def reasons_as_host(table: Table, seen: set[str]) -> None:
    """Each friend's reason for every action is the host's: None for a legal action, the
    engine's refusal (code, parameters, words) for another; for a seat not to move, its turn.
    The codes met are added to ``seen``."""
    session = table.session
    for seat, game in table.games.items():
        if session.to_move not in (seat, None):
            hand = game.view().deal.hand
            refused = game.reason(Play(hand[0] if hand else 0))
            assert refused is not None and refused.code == "not-your-turn"
            seen.add(refused.code)
            continue
        for action in every_action(game):
            mine = game.reason(action)
            try:
                session.check(action)
                theirs = None
            except RuleError as error:
                theirs = error
            if theirs is None:
                assert mine is None, (action, mine)
                continue
            assert mine is not None, action
            assert (mine.code, mine.params, str(mine)) == (
                theirs.code,
                theirs.params,
                str(theirs),
            ), action
            seen.add(mine.code)


PLAY_REFUSALS = {
    "standard": {"must-follow", "must-trump", "heart-lead", "domino-unplayable"},
    "classic": {"must-follow", "must-ruff", "heart-lead", "domino-unplayable"},
    "fr32": {"must-follow", "no-doubles"},
    "italian": {"must-follow", "hearts-not-broken", "domino-opener", "domino-unplayable"},
}
"""Refusals of a card each preset's block of deals meets (with seed 3), besides those of every
preset: a card not held, a card while the contract is chosen, a used contract..."""


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_reason_an_action_is_refused_is_the_hosts(name):
    """At every step of a block of deals (and at each deal's end), for every friend's seat and
    every action: the same reason as the host's engine (each preset's leads, follows, trumps,
    Domino, contracts and doubles)."""
    table = Table(rules=name, seed=3)
    seen: set[str] = set()
    for _ in range(PRESETS[name].block_size):
        table.play_deal(lambda t: reasons_as_host(t, seen))
    common = {"not-your-turn", "not-held", "wrong-phase", "deal-over", "contract-used"}
    assert common | PLAY_REFUSALS[name] <= seen, sorted(seen)


def test_italian_options_refusals_are_the_hosts():
    """The italian options that change what may be played give the host's reasons too."""
    rules = preset("italian", {"domino_any_seven": True, "overtrump_always": True})
    table = Table(rules=rules, seed=5)
    seen: set[str] = set()
    for _ in range(rules.block_size):
        table.play_deal(lambda t: reasons_as_host(t, seen))
    assert {"must-overtrump-void", "domino-unplayable"} <= seen, sorted(seen)


def test_each_event_a_friend_rebuilds_is_the_hosts():
    """Every friend's page gets, with each view, the event the host's engine returned."""
    table = Table(seed=2)
    for _ in range(3):
        table.play_deal()
        history = table.session.deal.history
        for seat in table.games:
            assert table.events[seat] == history
            table.events[seat].clear()


def test_acting_sends_a_legal_action_once():
    """An illegal action raises the engine's reason and sends nothing; a legal one is sent, and
    a second one before the host answers is refused."""
    table = Table(seed=6)
    table.begin()
    while table.session.to_move not in table.games or table.session.deal.phase.value != "play":
        table.step()
    seat = table.session.to_move
    game = table.games[seat]
    sent = game.table.sent
    illegal = next(a for a in every_action(game) if game.reason(a) is not None)
    with pytest.raises(RuleError):
        game.act(illegal)
    assert game.table.sent == sent and not game.waiting
    text = game.act(game.legal_actions()[0])
    assert game.waiting
    with pytest.raises(RuleError, match="on its way") as refused:
        game.act(game.legal_actions()[0])
    assert refused.value.code == "not-your-turn"
    table.send_from(seat, text)
    assert not game.waiting
    assert game.played == len(table.session.deal.played) > 0


def test_take_back_is_refused_and_the_next_deal_is_the_hosts():
    table = Table(seed=4)
    table.play_deal()
    game = table.games[2]
    with pytest.raises(RuleError) as refused:
        game.take_back()
    assert refused.value.code == "nothing-to-undo"
    game.next_deal()
    assert game.between_deals and game.number == 1
    table.begin()
    assert game.number == 2 and not game.deal_over


def test_before_the_first_view_the_game_says_there_is_no_deal():
    game = RemoteGame()
    assert (game.number, game.to_move, game.is_over, game.legal_actions()) == (0, None, False, [])
    with pytest.raises(RuleError) as refused:
        game.view()
    assert refused.value.code == "no-deal"


def test_the_finished_deals_replay_as_the_hosts_session():
    """The finished deals a friend's page checked form a session: the host's deals, the same
    object until another deal ends, its record marked as played with friends from that seat."""
    table = Table(seed=7)
    for _ in range(3):
        table.play_deal()
    game = table.games[3]
    session = game.replayable()
    assert session is game.replayable()
    assert [d.dealt for d in session.deals] == [d.dealt for d in table.session.deals]
    assert [d.history for d in session.deals] == [d.history for d in table.session.deals]
    assert all(d.is_over for d in session.deals)
    assert session.deals[1].at(len(session.deals[1].history)).is_over  # as the replay opens it
    record = game.record()
    assert record["friends"] == {"seat": 3}
    assert record["seed"] is None
    host = session_record(table.session)
    assert record["deals"] == host["deals"]
    assert record["first_declarer"] == host["first_declarer"]
    assert session_record(session_from_record(record))["deals"] == host["deals"]
    table.begin()  # a deal under way is not in the record: its hands are not known here
    assert game.replayable() is session and len(game.record()["deals"]) == 3


def test_a_whole_session_goes_into_the_friends_statistics():
    """A whole fr32 session: the friend's record is a finished session the statistics read."""
    table = Table(rules="fr32", seed=9)
    while not table.session.is_over:
        table.play_deal()
    game = table.games[1]
    assert game.is_over and game.replayable().is_over
    kept = KeptGame.from_record(game.record())
    assert kept.is_over and kept.totals() == table.session.totals()


def test_a_deal_missed_while_away_ends_what_can_be_replayed():
    """A friend away when a deal ended has no record of it: the deals after it cannot be
    dealt in their block's context, so the session stops before it."""
    table = Table(seed=8)
    table.play_deal()
    table.begin()
    while not table.session.deal.is_over:  # seat 2 is away: the host plays for it
        seat = table.session.to_move
        action = table.rng.choice(table.session.legal_actions())
        table.deliver(table.host.apply(seat, action), drop=frozenset({2}))
    table.play_deal()
    assert [d.number for d in table.games[2].replayable().deals] == [1]
    assert len(table.games[1].replayable().deals) == 3


def test_a_failed_check_keeps_no_record():
    """A deal whose reveal does not match what the page saw is not kept for the replay."""
    table = Table(seed=10)
    table.begin()
    game = table.games[1]
    while not table.session.deal.is_over:
        out = table.host.apply(table.session.to_move, table.session.legal_actions()[0])
        for i, (seat, text) in enumerate(out.sends):
            if seat == 1 and '"t":"reveal"' in text:
                out.sends[i] = (seat, text.replace('"secret":"', '"secret":"0', 1))
        table.deliver(out, drop=frozenset())
    assert game.table.verified[1] is False
    assert game.replayable().deals == []


def test_an_event_after_views_missed_is_rebuilt_from_the_view_after_alone():
    """A page that missed some views (messages lost) still gets the host's event for the next
    action: the view after it says what it did."""
    table = Table(seed=11)
    table.begin()
    for _ in range(9):
        table.step()
    for _ in range(3):  # the host plays three actions; seat 3's page misses their views
        seat = table.session.to_move
        action = table.rng.choice(table.session.legal_actions())
        table.deliver(table.host.apply(seat, action), drop=frozenset({3}))
    table.events[3].clear()
    seat = table.session.to_move  # the next view reaches it, one action on from a missed one
    table.deliver(table.host.apply(seat, table.rng.choice(table.session.legal_actions())))
    while not table.session.deal.is_over:
        table.step()
    history = table.session.deal.history
    assert len(table.events[3]) == len(history) - 12
    assert table.events[3] == history[12:]


def test_a_friends_hint_comes_from_its_view_alone_and_is_the_solo_tables():
    """The Hint button on a friend's page: the worker reads the seat's view (no other hand
    travels) and suggests what it would suggest from the whole position."""
    from barbu.wire import position_data
    from web.runtime.worker import hint

    table = Table(friends=(1, 2, 3), seed=4)
    table.begin()
    asked = 0
    while not table.session.deal.is_over and asked < 6:
        seat = table.session.to_move
        if seat in table.games and len(table.session.legal_actions()) > 1:
            position = table.games[seat].position_json()
            others = [c for s in range(4) if s != seat for c in table.session.deal.hand(s)]
            assert not any(f'"{c}"' in position for c in others)  # no other hand travels
            assert all(f'"{c}"' in position for c in table.session.deal.hand(seat))
            whole = json.dumps(position_data(table.session))
            assert hint(position, seat, "s") == hint(whole, seat, "s")
            asked += 1
        table.step()
    assert asked == 6

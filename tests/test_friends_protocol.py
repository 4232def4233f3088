"""Friends at one table, on CPython: the host's referee and three friends' pages joined by an
in-process channel, as the browsers' data channels join them (web/friends/).

What a player would notice if these failed: a friend's table showing another player's cards, a
deal that differs from one page to another, a guest able to play for someone else or to stop the
game with garbage, a returning friend finding another hand, a host able to pick the cards."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from barbu import PRESETS, Session
from barbu.actions import action_from_data, action_to_data
from web.friends.fairness import (
    Seen,
    commitment,
    deal_seed,
    hands_from_seed,
    new_secret,
    verify_deal,
)
from web.friends.guest import GuestTable
from web.friends.host import HostTable, Out
from web.friends.messages import MAX_DEPTH, VERSION, Rate, Refused, read, write
from web.friends.views import ViewDataError, view_data, view_from_data

CARD = re.compile(r"^(10|[2-9TJQKA])[SHDC]$")


class Table:
    """A host (seat 0) and friends on the seats given, joined; ``inbox[seat]`` keeps every text
    each friend's page received, and ``now`` is the time the host is told."""

    def __init__(self, friends: tuple[int, ...] = (1, 2, 3), rules: str = "standard", seed=1):
        rng = random.Random(seed)
        secrets_ = iter([f"{rng.getrandbits(256):064x}" for _ in range(200)])
        self.host = HostTable(
            PRESETS[rules],
            friends,
            ["Host", "", "", ""],
            first_declarer=seed % 4,
            draw_secret=lambda: next(secrets_),
        )
        self.guests = {s: GuestTable(lambda: f"{rng.getrandbits(256):064x}") for s in friends}
        self.inbox: dict[int, list[str]] = {s: [] for s in friends}
        self.notes: list[Any] = []
        self.now = 0.0
        for seat, guest in self.guests.items():
            self.host.opened(seat)
            self.send_from(seat, guest.hello(f"Friend {seat}", self.host.token(seat)))

    def deliver(self, out: Out) -> None:
        """Carry the host's messages to the pages, and the pages' answers back."""
        self.notes += out.notes
        for seat, text in out.sends:
            if seat not in self.guests:
                continue
            self.inbox[seat].append(text)
            change = self.guests[seat].receive(text)
            assert not change.error, change.error
            for answer in change.sends:
                self.send_from(seat, answer)

    def send_from(self, seat: int, text: str) -> Out:
        self.now += 0.5
        out = self.host.receive(seat, text, self.now)
        self.deliver(out)
        return out

    def play_deal(self, choose=None) -> None:
        """Seed and deal the next deal, then play it (``finish``)."""
        self.deliver(self.host.begin_deal())
        assert self.host.waiting_for() == [] and self.host.due()
        self.deliver(self.host.deal())
        assert not self.host.due()  # a deal committed to is dealt once, whatever comes after
        self.finish(choose)
        assert not self.host.due()

    def step(self, choose=None) -> None:
        """One action by the seat to move: a connected friend's through its page (the first
        legal action its view offers, or ``choose``'s), else the host's or a computer's."""
        session = self.host.session
        seat = session.to_move
        guest = self.guests.get(seat)
        if guest is not None and self.host.status(seat) == "connected":
            assert guest.view is not None and guest.view.deal.to_move == seat
            action = (choose or (lambda v: v.deal.legal[0]))(guest.view)
            self.send_from(seat, guest.act(action))
        else:
            self.deliver(self.host.apply(seat, session.legal_actions()[0]))

    def finish(self, choose=None) -> None:
        """Play the current deal to its end."""
        while not self.host.session.deal.is_over:
            self.step(choose)


def test_a_seat_view_travels_as_data_and_reads_back_equal():
    """Every seat's view, at every step of a deal of each preset, reads back as the same value
    (the friend's table draws exactly what the host's engine shows that seat)."""
    for name, rules in PRESETS.items():
        session = Session(7, rules)
        rng = random.Random(name)
        while not session.deal.is_over:
            for seat in range(4):
                view = session.view(seat)
                text = json.dumps(view_data(view))
                assert view_from_data(json.loads(text)) == view, name
            session.apply(rng.choice(session.legal_actions()))
        assert view_from_data(json.loads(json.dumps(view_data(session.view(2))))) == session.view(2)


@pytest.mark.parametrize(
    ("path", "value"),
    [
        (("deal", "hand"), ["ZZ"]),
        (("deal", "seat"), 7),
        (("deal", "phase"), "bidding"),
        (("deal", "legal"), [{"double": "x"}]),
        (("deal", "rules"), "poker"),
        (("totals",), [1, 2, 3]),
        (("sheet",), "nothing"),
        (("deal", "tricks"), [[0, ["AS"], 9]]),
        (("deal", "must_double"), 1),
    ],
)
def test_a_damaged_view_is_refused_naming_its_field(path, value):
    data = view_data(Session(3).view(1))
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    with pytest.raises(ViewDataError, match=path[-1]):
        view_from_data(data)


def test_the_seed_binds_the_host_before_the_friends_contribute():
    """The commitment is the secret's hash; the seed changes with any one contribution; the same
    parts always deal the same hands."""
    secret = new_secret()
    parts = [None, "1" * 64, "2" * 64, None]
    assert commitment(secret) == commitment(secret) != commitment(new_secret())
    seed = deal_seed(1, secret, parts)
    assert seed == deal_seed(1, secret, list(parts))
    assert seed != deal_seed(1, secret, [None, "1" * 64, "3" * 64, None])
    assert seed != deal_seed(2, secret, parts)
    rules = PRESETS["standard"]
    assert hands_from_seed(seed, rules) == hands_from_seed(seed, rules)
    assert sum(m.bit_count() for m in hands_from_seed(seed, rules)) == 52


def test_a_whole_deal_with_three_friends_ends_equal_and_verified_on_every_page():
    table = Table()
    table.play_deal()
    host_view = table.host.session.view(0)
    for guest in table.guests.values():
        assert guest.view is not None
        assert guest.view.totals == host_view.totals
        assert guest.view.deal.final == host_view.deal.final
        assert guest.verified == {1: True}, guest.reasons
    assert table.notes == []


def test_a_second_deal_with_one_seat_left_to_a_computer():
    table = Table(friends=(1, 3))
    table.play_deal()
    table.play_deal()
    assert table.host.status(2) == "computer"
    assert len(table.host.session.deals) == 2
    for guest in table.guests.values():
        assert guest.verified == {1: True, 2: True}
        assert guest.view is not None and guest.view.number == 2


def test_no_message_to_a_friend_names_another_seats_unplayed_card():
    """Record every message a friend's page receives: until its deal is over, every card it
    names is one of the friend's own or one already played."""
    table = Table()
    table.play_deal()
    for seat, texts in table.inbox.items():
        own: set[str] = set()
        played: set[str] = set()
        views = 0
        for text in texts:
            message = json.loads(text)
            if message["t"] == "view":
                deal = message["view"]["deal"]
                if deal["phase"] == "done":
                    break  # the deal is over: every hand is shown
                own = own or set(deal["hand"])
                played |= {c for _, c in deal["played"]}
                views += 1
            named = set(_cards_in(message))
            assert named <= own | played, (seat, sorted(named - own - played))
        assert views > 13 and len(own) == 13 and len(played) > 40


def _cards_in(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value] if CARD.match(value) else []
    if isinstance(value, list):
        return [c for v in value for c in _cards_in(v)]
    if isinstance(value, dict):
        return [c for v in value.values() for c in _cards_in(v)]
    return []


def test_a_tampered_reveal_fails_the_check():
    """A host that reveals another secret, or a record with other hands, is caught."""
    table = Table(friends=(1,))
    guest = table.guests[1]
    table.deliver(table.host.begin_deal())
    table.deliver(table.host.deal())
    session = table.host.session
    reveal = None
    while not session.deal.is_over:
        seat = session.to_move
        if seat == 1:
            table.send_from(1, guest.act(guest.view.deal.legal[0]))
        else:
            out = table.host.apply(seat, session.legal_actions()[0])
            reveal = next((t for s, t in out.sends if '"t":"reveal"' in t), reveal)
            table.deliver(out)
    assert reveal is not None and guest.verified == {1: True}
    fields = json.loads(reveal)
    seen = Seen(
        1,
        1,
        guest.deals[1].commitment,
        guest.deals[1].contribution,
        guest.deals[1].hand,
        tuple(tuple(a) for a in guest.deals[1].actions),
    )
    assert verify_deal(seen, fields["secret"], fields["contributions"], fields["record"]).ok
    other = verify_deal(seen, new_secret(), fields["contributions"], fields["record"])
    assert not other.ok and "committed" in other.reason
    parts = list(fields["contributions"])
    parts[1] = "0" * 64
    assert not verify_deal(seen, fields["secret"], parts, fields["record"]).ok
    record = json.loads(json.dumps(fields["record"]))
    record["hands"][2], record["hands"][3] = record["hands"][3], record["hands"][2]
    assert not verify_deal(seen, fields["secret"], fields["contributions"], record).ok


def test_garbage_another_seats_turn_a_replay_and_a_flood_are_refused_and_the_deal_goes_on():
    table = Table()
    table.deliver(table.host.begin_deal())
    table.deliver(table.host.deal())
    session = table.host.session
    mover = session.to_move
    idle = next(s for s in (1, 2, 3) if s != mover)
    guest = table.guests[idle]

    def refusals(seat: int) -> list[str]:
        return [json.loads(t)["code"] for t in table.inbox[seat] if '"t":"refused"' in t]

    table.send_from(idle, "{not json")
    table.send_from(idle, "[" * 50 + "]" * 50)
    table.send_from(idle, "x" * 5000)
    before = len(session.deal.history)
    action = action_to_data(session.legal_actions()[0])
    text = write("act", guest.sent, deal=1, count=before, action=action)
    guest.sent += 1
    table.send_from(idle, text)  # not its turn
    table.send_from(idle, text)  # the same number again: a replay
    assert len(session.deal.history) == before
    for _ in range(200):  # a flood, all at one instant
        table.deliver(table.host.receive(idle, guest.act(session.legal_actions()[0]), table.now))
    codes = refusals(idle)
    assert {"not-json", "too-deep", "too-long", "not-your-turn", "replayed", "flood"} <= set(codes)
    assert codes.count("flood") == 1
    assert [n.code for n in table.notes].count("flood") == 1
    table.now += 60
    table.finish()
    assert all(g.verified == {1: True} for g in table.guests.values())


def test_a_contribution_after_the_deal_is_stale_and_deals_nothing_again():
    """The host's page asks to deal after every message; a deal dealt again mid-play would
    throw the hands away (the engine refuses: the current deal is not finished)."""
    table = Table(friends=(1, 2))
    table.deliver(table.host.begin_deal())
    table.deliver(table.host.deal())
    table.step()
    table.send_from(1, write("contribute", 1000, deal=1, value="ab" * 32))  # a later number
    assert json.loads(table.inbox[1][-1])["code"] == "stale"
    assert not table.host.due() and table.host.waiting_for() == []
    with pytest.raises(ValueError, match="dealt already"):
        table.host.deal()


def test_an_illegal_card_is_refused_with_the_engines_reason():
    """A friend's card that breaks a rule (not following suit, say) is refused with the engine's
    own reason, which the friend's page words as the solo table does; nothing is played."""
    table = Table(friends=(1, 2, 3))
    table.deliver(table.host.begin_deal())
    table.deliver(table.host.deal())
    session = table.host.session
    while not session.deal.is_over:
        seat = session.to_move
        guest = table.guests.get(seat)
        if guest is None:
            table.deliver(table.host.apply(seat, session.legal_actions()[0]))
            continue
        deal = guest.view.deal
        legal = {str(a) for a in deal.legal}
        illegal = [c for c in deal.hand if str(c) not in legal]
        if deal.phase.value == "play" and illegal:
            count = len(session.deal.history)
            table.send_from(seat, guest.act(action_from_data(str(illegal[0]))))
            refused = json.loads(table.inbox[seat][-1])
            assert refused["t"] == "refused" and refused["code"] == "illegal"
            assert refused["rule"] and len(session.deal.history) == count
            return
        table.send_from(seat, guest.act(deal.legal[0]))
    raise AssertionError("no friend ever held a card it could not play")


def test_a_dropped_friend_returns_to_the_same_hand_through_a_new_invitation():
    table = Table()
    table.deliver(table.host.begin_deal())
    table.deliver(table.host.deal())
    session = table.host.session
    for _ in range(6):
        table.step()
    hand = table.guests[2].view.deal.hand
    old_token = table.host.token(2)
    table.deliver(table.host.dropped(2, table.now))
    assert table.host.status(2) == "away"
    assert table.host.hand_over(table.now + 5, wait=30) == []
    assert table.host.hand_over(table.now + 31, wait=30) == [2]
    assert table.host.played_by_computer(2)
    if session.to_move == 2:
        table.deliver(table.host.apply(2, session.legal_actions()[0]))
    token = table.host.invite(2)
    assert token != old_token
    back = GuestTable()  # a new page on the same browser: what the first one kept, as stored
    back.recall(json.loads(json.dumps(table.guests[2].keep())))
    table.guests[2] = back
    table.host.opened(2)
    table.send_from(2, back.hello("Friend 2", old_token))
    assert json.loads(table.inbox[2][-1])["code"] == "bad-token"
    table.host.opened(2)  # the new invitation's channel
    table.send_from(2, back.hello("Friend 2", token))
    assert table.host.status(2) == "connected"
    assert back.view is not None
    assert set(back.view.deal.hand) <= set(hand)
    assert len(back.view.deal.hand) >= len(hand) - 1
    table.finish()
    assert back.verified == {1: True}, back.reasons


def test_a_page_of_another_version_is_told_to_reload():
    table = Table(friends=(1,))
    text = json.dumps({"v": VERSION + 1, "t": "ping", "n": 5})
    table.send_from(1, text)
    assert json.loads(table.inbox[1][-1])["code"] == "bad-version"
    guest = GuestTable()
    assert guest.receive(json.dumps({"v": VERSION + 1, "t": "view", "n": 0})).reload


def test_a_stale_action_is_refused():
    table = Table(friends=(1, 2, 3))
    table.deliver(table.host.begin_deal())
    table.deliver(table.host.deal())
    session = table.host.session
    seat = session.to_move
    while seat == 0:
        table.deliver(table.host.apply(0, session.legal_actions()[0]))
        seat = session.to_move
    guest = table.guests[seat]
    guest.count += 1  # as if the page had missed nothing but thought one more action was played
    table.send_from(seat, guest.act(guest.view.deal.legal[0]))
    assert json.loads(table.inbox[seat][-1])["code"] == "stale"


def test_messages_are_bounded_before_they_are_parsed():
    nested = '{"v": 1, "t": "ping", "n": 0, "a": "[[[[[[[[[[", "b": [1, [2, [3, [4]]]]}'
    assert read(nested, {"ping": ()}, 1000).fields["b"] == [1, [2, [3, [4]]]]  # strings skipped
    with pytest.raises(Refused) as e:
        read("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), {"ping": ()}, 1000)
    assert e.value.code == "too-deep"
    rate = Rate(burst=3, per_second=1)
    assert [rate.allow(0) for _ in range(4)] == [True, True, True, False]
    assert rate.report() and not rate.report()
    assert rate.allow(2.5)


def test_a_friend_back_on_another_browser_says_the_deal_could_not_be_checked_from_its_start():
    table = Table()
    table.deliver(table.host.begin_deal())
    table.deliver(table.host.deal())
    for _ in range(6):
        table.step()
    table.deliver(table.host.dropped(2, table.now))
    token = table.host.invite(2)
    back = GuestTable()  # nothing kept: another browser
    back.recall({"1": {"commitment": 5}, "x": {}, "2": "garbage"})  # ignored, not a crash
    table.guests[2] = back
    table.host.opened(2)
    table.send_from(2, back.hello("Friend 2", token))
    table.finish()
    assert back.verified == {1: False}
    assert back.reasons[1] == "this page did not see the deal from its start"

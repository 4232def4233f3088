"""The replay of a finished deal (web.model.replay, web.table.replay's props), its keys
(web.game.keys) and shared links (web.game.share), without a browser."""

from __future__ import annotations

import base64
import json
import zlib

import pytest

from barbu import Contract, Double, Phase, Play
from barbu.deal import Deal
from barbu.presets import preset
from barbu.records import deal_record
from tests.helpers import run
from web.game.engine import Game
from web.game.keys import KeyContext, key_command
from web.game.share import (
    MAX_PAYLOAD,
    MAX_TEXT,
    ShareRefused,
    deflate,
    encode_payload,
    link_payload,
    read_shared,
    shared_from_payload,
    shared_text,
)
from web.model.replay import Replay
from web.model.settings import page_query
from web.model.state import UiState
from web.table.replay_props import replay_props

NAMES = ("You", "Alice", "Bruno", "Chloé")


def finished_deal(seed: int = 5, contract: Contract | None = None, rules: str = "standard") -> Deal:
    """The first deal of a seeded session, played to its end with the first legal action (the
    declarer taking ``contract`` when it may)."""
    game = Game.new(seed, preset(rules))
    session = game.replayable()
    while not session.deal.is_over:
        legal = session.legal_actions()
        pick = next((a for a in legal if getattr(a, "contract", None) is contract), legal[0])
        game.apply(pick)
    return session.deal


@pytest.fixture(scope="module")
def deal() -> Deal:
    return finished_deal(contract=Contract.NO_TRICKS)


def test_a_replay_starts_at_the_deal_and_steps_one_action_at_a_time(deal):
    replay = Replay(deal, NAMES, 1)
    assert replay.step == 0 and replay.total == len(deal.history) == 1 + 4 + 52
    assert replay.forward().step == 1
    assert replay.forward().back() == replay
    assert replay.back() == replay  # nothing before the deal
    assert replay.end().step == replay.total
    assert replay.end().forward() == replay.end()  # nothing after its end
    assert replay.end().home() == replay
    assert replay.to(-5).step == 0 and replay.to(10_000).step == replay.total


def test_each_step_shows_the_engines_deal_after_that_many_actions(deal):
    replay = Replay(deal, NAMES, 1)
    for step in (0, 1, 3, 5, 6, 17, replay.total):
        shown = replay.to(step).state()
        assert shown.actions == deal.actions[:step]
    assert replay.state().phase is Phase.CONTRACT
    assert replay.end().state().is_over


def test_the_doubling_round_and_each_trick_can_be_jumped_to(deal):
    replay = Replay(deal, NAMES, 1)
    assert replay.doubling_step == 1
    assert isinstance(deal.actions[replay.doubling_step], Double)
    assert len(replay.trick_steps) == 13
    assert replay.trick_steps[0] == 5 and replay.trick_steps[1] == 9
    for number, step in enumerate(replay.trick_steps, 1):
        at = replay.to_trick(number)
        assert at.step == step and isinstance(deal.actions[step], Play)
        assert len(at.state().tricks) == number - 1 and not at.state().trick
    assert replay.to_trick(14) == replay and replay.to_trick(0) == replay
    assert replay.end().to_doubling().step == 1


def test_a_deal_without_doubles_has_no_doubling_round_to_jump_to():
    family = finished_deal(rules="fr32")
    replay = Replay(family, NAMES, 1)
    assert replay.doubling_step is None and replay.to_doubling() == replay
    assert len(replay.trick_steps) == 8


def test_a_domino_deal_has_no_trick_to_jump_to():
    domino = finished_deal(contract=Contract.DOMINO)
    replay = Replay(domino, NAMES, 1)
    assert replay.trick_steps == ()
    props = replay_props(replay.to(10))
    assert props.domino is not None and props.tricks_won is None


def test_the_props_show_all_four_hands_and_the_trick_just_won(deal):
    replay = Replay(deal, NAMES, 1)
    start = replay_props(replay)
    assert [len(hand) for hand in start.hands] == [13, 13, 13, 13]
    assert start.contract is None and start.summary is None
    first_trick_done = replay_props(replay.to(replay.trick_steps[1]))
    assert len(first_trick_done.trick) == 4 and first_trick_done.winner is not None
    assert sum(len(h) for h in first_trick_done.hands) == 48
    mid = replay_props(replay.to(replay.trick_steps[1] + 1))
    assert len(mid.trick) == 1 and mid.winner is None
    end = replay_props(replay.end())
    assert end.summary is not None and end.summary.final == deal.summary().final
    assert replay_props(replay.forward()) == replay_props(replay.forward())  # equal: not redrawn


def test_the_replays_keys_step_start_end_and_close():
    replay = KeyContext(replay=True)
    assert key_command("ArrowRight", replay) == "replay-forward"
    assert key_command("ArrowLeft", replay) == "replay-back"
    assert key_command("Home", replay) == "replay-home"
    assert key_command("End", replay) == "replay-end"
    assert key_command("Escape", replay) == "replay-close"
    assert key_command("1", replay) is None  # no card is played from a replay
    assert key_command("ArrowRight", KeyContext(replay=True, in_field=True)) is None
    assert key_command("ArrowRight", KeyContext()) == "next-card"  # the game's keys unchanged


def test_the_ui_state_remembers_a_replay_across_another_session():
    state = UiState().show_replay(True)
    assert state.replaying and state.for_session(None).replaying
    assert not state.show_replay(False).replaying


# -- shared links ---------------------------------------------------------------------------


def payload_of(text: str) -> str:
    return encode_payload(deflate(text))


def test_a_shared_deal_comes_back_the_same(deal):
    payload = payload_of(shared_text(deal, ("", "Alice", "", "Dan")))
    assert len(payload) < 2_000
    shared = shared_from_payload(payload)
    assert shared.deal.actions == deal.actions and shared.deal.summary() == deal.summary()
    assert shared.names == ("", "Alice", "", "Dan")


def test_the_browsers_compression_and_zlibs_are_the_same_format(deal):
    text = shared_text(deal, NAMES)
    packer = zlib.compressobj(1, zlib.DEFLATED, -15)  # another level: still raw DEFLATE
    payload = encode_payload(packer.compress(text.encode()) + packer.flush())
    assert shared_from_payload(payload).deal.actions == deal.actions


def test_the_link_carries_the_payload_in_its_fragment_or_its_query():
    assert link_payload("#replay=abc", "?seed=3") == "abc"
    assert link_payload("", "?seed=3&replay=xyz") == "xyz"
    assert link_payload("#other", "?seed=3") is None
    assert "replay" not in page_query(3, "fr", "?replay=xyz&speed=fast")


@pytest.mark.parametrize(
    ("payload", "code"),
    [
        ("A" * (MAX_PAYLOAD + 1), "too-long"),
        ("not base64!", "damaged"),
        ("abcde", "damaged"),  # a length base64 cannot have
        (encode_payload(b"\x00\x01garbage"), "damaged"),
        (encode_payload(deflate("{}")[:-2]), "damaged"),  # cut short
        (payload_of("not json"), "damaged"),
        (payload_of("[" * 100 + "]" * 100), "damaged"),  # nested too deeply
        (payload_of('{"kind": "barbu-deal", "version": 1, "deal": {}}'), "not-a-deal"),
        (payload_of('{"kind": "session"}'), "not-a-deal"),
        (payload_of("[]"), "not-a-deal"),
    ],
)
def test_a_damaged_or_hostile_link_is_refused(payload, code):
    with pytest.raises(ShareRefused) as refused:
        shared_from_payload(payload)
    assert refused.value.code == code


def test_a_link_that_inflates_beyond_the_bound_stops_there():
    bomb = encode_payload(deflate(" " * (MAX_TEXT * 12)))
    assert len(bomb) < MAX_PAYLOAD
    with pytest.raises(ShareRefused) as refused:
        shared_from_payload(bomb)
    assert refused.value.code == "too-long"


def test_an_unfinished_or_illegal_deal_is_refused(deal):
    unfinished = deal.at(20)
    data = json.loads(shared_text(unfinished, NAMES))
    with pytest.raises(ShareRefused, match="not finished"):
        read_shared(json.dumps(data))
    record = deal_record(deal)
    record["actions"][7], record["actions"][8] = record["actions"][8], record["actions"][7]
    data["deal"] = record
    with pytest.raises(ShareRefused) as refused:
        read_shared(json.dumps(data))
    assert refused.value.code == "not-a-deal"


def test_odd_names_become_default_names(deal):
    data = json.loads(shared_text(deal, NAMES))
    data["names"] = [1, "  Ada   Lovelace ", None, "x" * 500]
    names = read_shared(json.dumps(data)).names
    assert names[0] == "" and names[1] == "Ada Lovelace" and names[2] == ""
    assert 0 < len(names[3]) < 500
    data["names"] = "nope"
    assert read_shared(json.dumps(data)).names == ("", "", "", "")


def test_base64url_has_no_padding_nor_unsafe_characters(deal):
    payload = payload_of(shared_text(deal, NAMES))
    assert "=" not in payload and "+" not in payload and "/" not in payload
    assert base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))


# -- the expert's review, asked of the worker -------------------------------------------------


def test_a_finished_deal_travels_to_the_worker_with_its_block_context(deal):
    from barbu.wire import deal_from_position, deal_position

    again = deal_from_position(json.loads(json.dumps(deal_position(deal))))
    assert again.actions == deal.actions and again.summary() == deal.summary()
    assert again.used == deal.used and again.owed == deal.owed


def test_the_workers_review_reports_progress_and_stops_when_cancelled(deal):
    from barbu.bots.review import ReviewCancelled
    from barbu.wire import deal_position
    from web.runtime.worker import review

    position = json.dumps(deal_position(deal))
    with pytest.raises(ReviewCancelled):
        run(review(position, 0, "1", lambda share: None, lambda: True))
    heard: list[float] = []
    data = json.loads(run(review(position, 0, "1", heard.append, lambda: False)))
    assert heard[-1] == 1.0 and heard == sorted(heard)
    steps = [d["step"] for d in data["decisions"]]
    assert steps and all(deal.history[k].seat == 0 for k in steps)
    assert all(d["cost"] >= 0 for d in data["decisions"])


def test_the_reviews_decisions_come_costliest_first_and_malformed_ones_are_left_out(deal):
    from barbu.actions import action_to_data
    from web.model.review import review_items

    card = action_to_data(deal.history[5].action)
    other = action_to_data(deal.history[9].action)
    data = {
        "decisions": [
            {"step": 5, "action": card, "best": card, "cost": 0, "stderr": 0.4, "label": None},
            {
                "step": 9,
                "action": other,
                "best": card,
                "cost": 3.04,
                "stderr": 1,
                "label": "mistake",
            },
            {"step": 13, "action": other, "best": card, "cost": 1.2, "stderr": 2, "label": "odd"},
            {"step": 900, "action": card, "best": card, "cost": 1, "stderr": 0},
            {"step": 7, "action": "??", "best": card, "cost": 1, "stderr": 0},
            {"step": 8, "action": card, "best": card, "cost": -1, "stderr": 0},
            "nonsense",
        ]
    }
    items = review_items(data, len(deal.history))
    assert [(i.step, i.cost, i.label) for i in items] == [
        (9, 3.0, "mistake"),
        (13, 1.2, None),
        (5, 0.0, None),
    ]
    assert review_items("nope", 10) == () and review_items({"decisions": 3}, 10) == ()
    replay = Replay(deal, NAMES, 1).reviewed(items).to(9)
    assert replay_props(replay, True).better == deal.history[5].action.card
    assert replay_props(replay.to(5), True).better is None  # the best choice was made there
    assert not replay_props(Replay(deal, NAMES, None, None), True).can_review  # not one's own
    assert replay_props(replay.only_big(True)).big_only
    assert not replay_props(replay.only_big(True).only_big(False)).big_only

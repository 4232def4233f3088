"""The expert's review as the page shows and keeps it (web.model.review, web.game.kept_reviews,
web.table.review's graph), without a browser: what the worker sends is read within bounds, the
graph and hindsight come from it, and a review kept with its deal survives, bounded, a damaged
store being set aside."""

from __future__ import annotations

import json
import math

import pytest

from barbu import Contract
from barbu.actions import Play, action_to_data
from barbu.deal import Deal
from tests.test_replay import NAMES, finished_deal
from web.game.kept_reviews import (
    DAMAGED_KEY,
    KEY,
    MAX_CHARS,
    MAX_REVIEWS,
    KeptReviews,
    ReviewsDamaged,
    ReviewShelf,
    deal_key,
)
from web.game.save import SaveStore
from web.model.replay import Replay
from web.model.review import ReviewItem, graph_points, items_data, review_items
from web.table.replay_props import replay_props
from web.table.review import PLOT, graph_geometry


class FakeStorage:
    """A dict-backed localStorage; ``refuse`` makes every write fail."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.refuse = False

    def getItem(self, key: str) -> str | None:
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        if self.refuse:
            raise RuntimeError("QuotaExceededError")
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


@pytest.fixture(scope="module")
def deal() -> Deal:
    return finished_deal(contract=Contract.NO_TRICKS)


def decision(deal: Deal, step: int, **fields: object) -> dict[str, object]:
    """A decision as the worker sends it: the action made at ``step``, judged the best."""
    action = action_to_data(deal.history[step].action)
    entry: dict[str, object] = {
        "step": step,
        "action": action,
        "best": action,
        "cost": 0.0,
        "stderr": 0.5,
        "label": None,
    }
    entry.update(fields)
    return entry


def my_steps(deal: Deal) -> list[int]:
    return [k for k, e in enumerate(deal.history) if e.seat == 0]


def test_the_expected_score_and_hindsight_are_read_from_the_workers_answer(deal):
    first, second = my_steps(deal)[1:3]
    other = action_to_data(deal.history[second].action)
    data = {
        "decisions": [
            decision(deal, first, value=-6.5, baseline=-1.5),
            decision(
                deal, second, value=-3, hindsight={"best": other, "cost": 0}, cost=2, best=other
            ),
            decision(deal, 1, value=-2, hindsight={"best": other, "cost": 4.04}),
        ]
    }
    items = {i.step: i for i in review_items(data, len(deal.history))}
    assert items[first].expected == -8.0 and items[first].hindsight is None
    assert items[second].hindsight is None  # no gain in hindsight: nothing to show
    assert items[1].hindsight == deal.history[second].action and items[1].hindsight_cost == 4.0
    assert graph_points(tuple(items.values())) == ((1, -2.0), (first, -8.0), (second, -3.0))


@pytest.mark.parametrize(
    "bad",
    [
        {"value": math.inf},
        {"value": float("nan")},
        {"value": 1e9},
        {"value": True},
        {"value": "12"},
        {"cost": 1e300},
        {"value": 10**400},  # too large for a float: OverflowError, read as malformed
        {"hindsight": {"best": "??", "cost": 3}},
        {"hindsight": {"best": "KS", "cost": "x"}},
        {"step": -1},
        {"step": 10_000},
    ],
)
def test_a_decision_with_an_odd_number_or_action_is_left_out(deal, bad):
    entry = decision(deal, my_steps(deal)[1], value=-4)
    entry.update(bad)
    assert review_items({"decisions": [entry]}, len(deal.history)) == ()


def test_one_decision_per_step_is_read(deal):
    step = my_steps(deal)[1]
    data = {"decisions": [decision(deal, step, cost=1.0), decision(deal, step, cost=9.0)]}
    assert [i.cost for i in review_items(data, len(deal.history))] == [1.0]


def test_the_items_written_back_read_the_same(deal):
    steps = my_steps(deal)
    other = action_to_data(deal.history[steps[3]].action)
    data = {
        "decisions": [
            decision(deal, steps[1], value=-6.25, baseline=-1, cost=2.5, label="mistake"),
            decision(deal, steps[2], hindsight={"best": other, "cost": 3.5}),
        ]
    }
    items = review_items(data, len(deal.history))
    assert review_items(json.loads(json.dumps(items_data(items))), len(deal.history)) == items


def test_the_graph_keeps_zero_and_every_point_within_its_area():
    geo = graph_geometry(((0, 12.0), (5, -3.5), (20, 4.0), (57, -10.0)), 57)
    left, top, right, bottom = PLOT
    assert [x for x, _ in geo.points] == sorted(x for x, _ in geo.points)
    assert geo.points[0][0] == left and geo.points[-1][0] == right
    assert all(top <= y <= bottom for _, y in geo.points)
    ys = [y for _, y in geo.points]
    assert ys[0] == top and ys[-1] == bottom  # the highest and lowest values at the edges
    assert 0.0 in [value for value, _ in geo.ticks]
    flat = graph_geometry(((3, 0.0),), 10)  # one value, zero: still drawn within
    assert top <= flat.points[0][1] <= bottom


def test_a_decision_opened_shows_the_experts_card_and_in_hindsight_the_best_seen(deal):
    steps = [k for k in my_steps(deal) if isinstance(deal.history[k].action, Play)]
    mine, better, seen = (deal.history[k].action for k in steps[2:5])
    k = steps[2]
    item = ReviewItem(k, mine, better, 3.0, 1.0, "mistake", -5.0, seen, 7.0)
    replay = Replay(deal, NAMES, 1).reviewed((item,)).to(k)
    props = replay_props(replay, True)
    assert props.decision == item and props.better == better.card  # type: ignore[union-attr]
    assert props.hindsight == seen.card  # type: ignore[union-attr]
    assert not props.hindsight_shown
    opened = replay_props(replay.in_hindsight(k), True)
    assert opened.hindsight_shown and opened.step == k
    assert not replay_props(replay.in_hindsight(k).forward(), True).hindsight_shown
    assert replay_props(replay.to(k + 1), True).decision is None
    summary = deal.summary()
    assert summary is not None and props.result == summary.final[0] and props.goal == 1


# -- kept with the deal -----------------------------------------------------------------------


def some_items(deal: Deal, cost: float = 1.0) -> tuple[ReviewItem, ...]:
    data = {"decisions": [decision(deal, k, cost=cost, value=-2) for k in my_steps(deal)[1:]]}
    return review_items(data, len(deal.history))


def test_a_deal_keeps_its_key_through_a_replay_and_another_deal_has_another():
    deal = finished_deal(seed=5)
    assert deal_key(deal) == deal_key(deal.at(len(deal.history)))
    assert deal_key(deal) != deal_key(finished_deal(seed=6))
    assert deal_key(deal) != deal_key(finished_deal(seed=5, contract=Contract.NO_QUEENS))


def test_a_kept_review_is_found_again_from_the_stored_text(deal):
    items = some_items(deal)
    storage = FakeStorage()
    ReviewShelf(SaveStore(storage)).keep(deal, items)
    again = ReviewShelf(SaveStore(storage))  # a reload
    assert again.find(deal) == items
    assert again.find(finished_deal(seed=6)) is None
    assert not again.take_damaged()


def test_a_new_review_of_a_deal_replaces_its_old_one(deal):
    kept = KeptReviews().with_review(deal, some_items(deal, 1.0))
    kept = kept.with_review(deal, some_items(deal, 2.0))
    assert len(kept.entries) == 1 and kept.find(deal) == some_items(deal, 2.0)


def test_the_kept_reviews_are_bounded_the_oldest_dropped_first(deal):
    items = some_items(deal)
    kept = KeptReviews()
    deals = [finished_deal(seed=seed) for seed in range(1, 4)]
    for d in deals:
        kept = kept.with_review(d, some_items(d))
    stuffed = KeptReviews(tuple({"deal": str(n), "review": {}} for n in range(MAX_REVIEWS)))
    assert len(stuffed.with_review(deal, items).entries) == MAX_REVIEWS
    assert stuffed.with_review(deal, items).find(deal) == items
    big = KeptReviews(({"deal": "x", "review": {"pad": "y" * (MAX_CHARS - 100)}},))
    assert big.with_review(deal, items).entries[0]["deal"] == deal_key(deal)
    assert len(big.with_review(deal, items).to_text()) < MAX_CHARS
    too_long = tuple(
        ReviewItem(k, i.action, i.best, 1.0, 0.5, None) for k in range(2000) for i in items[:1]
    )
    assert KeptReviews().with_review(deal, too_long) == KeptReviews()


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "[" * 5000,
        json.dumps({"format": 9, "reviews": []}),
        json.dumps([1, 2]),
        json.dumps({"format": 1, "reviews": "x"}),
        "x" * (MAX_CHARS + 10),
    ],
)
def test_a_damaged_store_is_set_aside_with_a_notice_and_nothing_else_changes(deal, text):
    with pytest.raises(ReviewsDamaged):
        KeptReviews.from_text(text)
    storage = FakeStorage()
    storage.items[KEY] = text
    storage.items["barbu.save"] = "the save"
    shelf = ReviewShelf(SaveStore(storage))
    assert shelf.find(deal) is None
    assert shelf.take_damaged() and not shelf.take_damaged()  # said once
    assert storage.items[DAMAGED_KEY] == text and KEY not in storage.items
    assert storage.items["barbu.save"] == "the save"
    assert shelf.keep(deal, some_items(deal))  # a new list starts
    assert ReviewShelf(SaveStore(storage)).find(deal) == some_items(deal)


def test_a_damaged_store_that_cannot_be_set_aside_is_never_written_over(deal):
    storage = FakeStorage()
    storage.items[KEY] = "damaged"
    storage.refuse = True
    shelf = ReviewShelf(SaveStore(storage))
    assert shelf.find(deal) is None and shelf.take_damaged()
    assert not shelf.keep(deal, some_items(deal))
    assert storage.items[KEY] == "damaged" and DAMAGED_KEY not in storage.items
    storage.refuse = False  # the browser stores again: set aside, then the review kept
    assert shelf.keep(deal, some_items(deal))
    assert storage.items[DAMAGED_KEY] == "damaged"
    assert shelf.find(deal) == some_items(deal)


def test_an_entry_that_is_not_a_review_is_skipped_and_kept(deal):
    key = deal_key(deal)
    text = json.dumps({"format": 1, "reviews": [3, {"deal": key, "review": "odd"}, {"deal": key}]})
    kept = KeptReviews.from_text(text)
    assert kept.find(deal) is None and len(kept.entries) == 2

"""A whole session shared as a link or a file (web.game.share) and the review of a whole session
(web.model.session_review), without a browser: the record travels whole within the link's bounds,
the deal under way stays home, hostile or damaged texts are refused with a reason."""

from __future__ import annotations

import json
import random

import pytest

from barbu import Session
from tests import hostile
from web.game.share import (
    LINK_LIMIT,
    MAX_TEXT,
    SharedDeal,
    SharedSession,
    ShareRefused,
    deflate,
    encode_payload,
    read_shared,
    shared_from_payload,
    shared_session_text,
)
from web.model.review import ReviewItem
from web.model.session_review import DealErrors, SessionReview


def random_session(seed: int, deals: int, extra: int = 0) -> Session:
    """A session of ``seed`` with ``deals`` deals played at random, then ``extra`` actions of the
    next one."""
    rng = random.Random(seed)
    session = Session(seed=seed)
    for n in range(deals):
        while not session.deal.is_over:
            session.apply(rng.choice(session.legal_actions()))
        if n < deals - 1 or extra:
            session.next_deal()
    for _ in range(extra):
        session.apply(rng.choice(session.legal_actions()))
    return session


@pytest.fixture(scope="module")
def whole() -> Session:
    return random_session(3, 28)


def test_a_whole_session_fits_in_a_link(whole):
    text = shared_session_text(whole, ("", "Ada", "", ""))
    payload = encode_payload(deflate(text))
    address = f"https://example.org/barbu/?lang=en#replay={payload}"
    assert len(text) < MAX_TEXT and len(address) < LINK_LIMIT, (len(text), len(address))


def test_a_shared_session_reads_back_with_its_finished_deals_and_scores(whole):
    shared = shared_from_payload(
        encode_payload(deflate(shared_session_text(whole, ["", "Ada", "", ""])))
    )
    assert isinstance(shared, SharedSession)
    assert [d.actions for d in shared.deals] == [d.actions for d in whole.deals]
    assert shared.session.totals() == whole.totals() and shared.names == ("", "Ada", "", "")


def test_the_deal_under_way_is_not_shared():
    session = random_session(4, 3, extra=20)
    shared = read_shared(shared_session_text(session, ("", "", "", "")))
    assert isinstance(shared, SharedSession)
    assert len(shared.deals) == 3 and len(shared.session.deals) == 3
    assert shared.session.deals[-1].actions == session.deals[2].actions


def valid(session: Session) -> dict[str, object]:
    return json.loads(shared_session_text(session, ("", "", "", "")))


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda d: d["session"]["deals"][0]["actions"].append("AS"), "not-a-deal"),
        (lambda d: d["session"].update(deals=[]), "not-a-deal"),
        (lambda d: d.update(session="nope"), "not-a-deal"),
        (lambda d: d.update(version=2), "not-a-deal"),
        (lambda d: d.update(kind="barbu-sessions"), "not-a-deal"),
        (lambda d: d["session"]["deals"][0]["actions"].pop(), "not-a-deal"),
    ],
)
def test_a_damaged_or_hostile_session_is_refused_with_a_reason(change, code):
    data = valid(random_session(5, 2))
    change(data)
    with pytest.raises(ShareRefused) as refused:
        read_shared(json.dumps(data))
    assert refused.value.code == code and len(str(refused.value)) < 300


def test_a_session_whose_last_deal_is_unfinished_shows_its_finished_ones():
    data = valid(random_session(5, 2))
    data["session"]["deals"][1]["actions"].pop()  # type: ignore[index]
    shared = read_shared(json.dumps(data))
    assert isinstance(shared, SharedSession) and len(shared.deals) == 1
    data["session"]["deals"][0]["actions"].pop()  # type: ignore[index]
    data["session"]["deals"].pop()  # type: ignore[attr-defined]
    with pytest.raises(ShareRefused) as refused:  # no finished deal left
        read_shared(json.dumps(data))
    assert refused.value.code == "not-a-deal"


def test_a_shared_text_too_long_is_refused_before_it_is_parsed():
    text = json.dumps({"kind": "barbu-session", "version": 1, "pad": "x" * MAX_TEXT})
    with pytest.raises(ShareRefused) as refused:
        read_shared(text)
    assert refused.value.code == "damaged"


def test_a_shared_deal_still_reads_as_a_deal(whole):
    from web.game.share import shared_text

    assert isinstance(read_shared(shared_text(whole.deals[0], ("", "", "", ""))), SharedDeal)


# -- the review of a whole session ----------------------------------------------------------


def items(*labels: str | None) -> tuple[ReviewItem, ...]:
    from barbu import Card, Play

    play = Play(Card.parse("2C"))
    return tuple(ReviewItem(k, play, play, 1.5, 0.5, label) for k, label in enumerate(labels))


def test_a_session_review_goes_deal_by_deal_and_keeps_what_was_done_when_stopped():
    review = SessionReview((1, 2, 3, 4))
    assert review.overall == 0 and review.running and not review.finished
    review = review.reviewing(1, 50)
    assert review.overall == 12  # half of one deal in four
    review = review.reviewed(1, items("mistake", None, "blunder", "inaccuracy"))
    assert review.done == (DealErrors(1, 1, 1, 1, 6.0),) and review.current is None
    assert review.overall == 25 and review.big_errors == 2
    review = review.reviewed(3, items()).reviewed(2, items("blunder"))
    assert [d.number for d in review.done] == [1, 2, 3]  # in the session's order
    stopped = review.reviewing(4, 30).stopped()
    assert not stopped.running and stopped.current is None and len(stopped.done) == 3
    assert not stopped.finished and stopped.reviewed(4, items()).finished
    assert SessionReview(()).overall == 100
    assert review.reviewing(4, 250).percent == 100


# -- hostile texts (tests/hostile.py) ---------------------------------------------------------


@pytest.mark.parametrize("fragment", sorted(hostile.FRAGMENTS))
def test_a_nasty_fragment_anywhere_in_a_shared_session_is_refused_or_opened(fragment):
    data = valid(random_session(8, 2))
    text = hostile.FRAGMENTS[fragment]
    outcomes = {
        hostile.check_shared(hostile.splice(data, path, "replace", text))
        for path in [(), ("session",), ("names",), ("session", "deals", 0, "hands", 2)]
    }
    assert outcomes <= {"refused", "opened"}


@pytest.mark.parametrize("big", sorted(hostile.HOSTILE_VALUES))
def test_a_huge_or_deep_value_in_a_shared_session_is_refused(big):
    data = valid(random_session(8, 2))
    value = hostile.HOSTILE_VALUES[big]
    try:
        json.dumps(value)
    except (ValueError, RecursionError):  # not writable as JSON: FRAGMENTS has its text
        pytest.skip("a value JSON cannot write")
    for path in [("session",), ("session", "deals"), ("session", "deals", 0, "actions")]:
        text = json.dumps(hostile.mutated(data, path, "replace", value))
        assert hostile.check_shared(text) == "refused", path
    names = json.dumps(hostile.mutated(data, ("names",), "replace", value))
    assert hostile.check_shared(names) in ("refused", "opened")  # odd names: defaults


@pytest.mark.parametrize("fragment", sorted(hostile.FRAGMENTS))
def test_a_nasty_fragment_in_the_kept_reviews_is_read_or_refused(fragment):
    entry = {
        "deal": "k",
        "review": {
            "decisions": [{"step": 3, "action": "QS", "best": "2C", "cost": 1.5, "stderr": 0.5}]
        },
    }
    data = {"format": 1, "reviews": [entry]}
    text = hostile.FRAGMENTS[fragment]
    for path in [
        (),
        ("reviews",),
        ("reviews", 0, "review"),
        ("reviews", 0, "review", "decisions", 0, "cost"),
    ]:
        assert hostile.check_kept_reviews(hostile.splice(data, path, "replace", text)) in (
            "read",
            "refused",
        )

"""Plain data across the page/worker boundary: actions and positions round-trip exactly."""

import json
import random

import pytest

from barbu import RuleError, Session
from barbu.bots.service import decide, hint
from barbu.wire import action_from_data, action_to_data, deal_from_position, position_data


def test_every_legal_action_round_trips_through_plain_data():
    session = Session(seed=1)
    rng = random.Random(1)
    seen = set()
    while session.number <= 7:
        for action in session.legal_actions():
            data = json.loads(json.dumps(action_to_data(action)))
            assert action_from_data(data) == action
            seen.add(data["type"])
        session.apply(rng.choice(session.legal_actions()))
    assert seen == {"contract", "double", "play"}


@pytest.mark.parametrize(
    "data, why",
    [
        ("QS", "must be an object"),
        ({"type": "jump"}, "unknown action type"),
        ({"type": "play", "card": "ZZ"}, "not a card"),
        ({"type": "double", "targets": [5]}, "not a seat"),
        ({"type": "double", "targets": "0"}, "must be a list"),
        ({"type": "contract", "contract": 7}, "a contract id is a string"),
    ],
)
def test_bad_action_data_is_refused_with_a_reason(data, why):
    with pytest.raises(RuleError, match=why):
        action_from_data(data)


def test_a_contract_the_rules_do_not_have_is_refused_when_played():
    session = Session(seed=1)
    action = action_from_data({"type": "contract", "contract": "jacks"})
    with pytest.raises(RuleError, match="not a contract of the standard rules: 'jacks'"):
        session.apply(action)


def test_a_position_rebuilds_the_current_deal_at_every_step():
    session = Session(seed=4)
    rng = random.Random(4)
    for _ in range(200):
        pos = json.loads(json.dumps(position_data(session)))
        deal = deal_from_position(pos)
        for seat in range(4):
            assert deal.view(seat) == session.deal.view(seat)
        session.apply(rng.choice(session.legal_actions()))


def test_the_service_answers_for_the_seat_to_move_only():
    session = Session(seed=6)
    pos = position_data(session)
    action = action_from_data(decide(pos, session.to_move, "beginner"))
    assert session.can(action)
    assert session.can(action_from_data(hint(pos, session.to_move, budget=0.05)))
    with pytest.raises(RuleError, match="not to move"):
        decide(pos, (session.to_move + 1) % 4, "standard")

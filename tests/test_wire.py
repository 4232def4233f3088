"""Plain data across the page/worker boundary and in records: actions and positions round-trip
exactly."""

import json
import random

import pytest

from barbu import RuleError, Session
from barbu.actions import action_from_data, action_to_data
from barbu.bots.service import decide, hint
from barbu.wire import deal_from_position, position_data


def test_every_legal_action_round_trips_through_plain_data():
    session = Session(seed=1)
    rng = random.Random(1)
    seen = set()
    while session.number <= 7:
        if session.between_deals:
            session.next_deal()
        for action in session.legal_actions():
            data = json.loads(json.dumps(action_to_data(action)))
            assert action_from_data(data) == action
            seen.add("card" if isinstance(data, str) else min(data))
        session.apply(rng.choice(session.legal_actions()))
    assert seen == {"contract", "double", "card"}


@pytest.mark.parametrize(
    "data, why",
    [
        (7, "an action is a card or an object"),
        ({}, "an action is a card or an object"),
        ({"trump": "S"}, '"contract" is missing'),
        ({"jump": 1}, "unknown key 'jump'"),
        ({"contract": "trumps", "suit": "S"}, "unknown key 'suit'"),
        ("ZZ", "not a card"),
        ({"double": [5]}, "not a seat"),
        ({"double": [True]}, "not a seat"),
        ({"double": [1, 1]}, "doubled twice in one turn"),
        ({"double": "0"}, "the seats doubled are a list"),
        ({"double": [0], "card": "QS"}, "a doubling turn has no other key"),
        ({"contract": 7}, "a contract id is a string"),
        ({"contract": "trumps", "trump": "X"}, "not a suit"),
    ],
)
def test_bad_action_data_is_refused_with_a_reason(data, why):
    with pytest.raises(RuleError, match=why):
        action_from_data(data)


def test_a_contract_the_rules_do_not_have_is_refused_when_played():
    session = Session(seed=1)
    action = action_from_data({"contract": "jacks"})
    with pytest.raises(RuleError, match="not a contract of the standard rules: 'jacks'"):
        session.apply(action)


def test_a_position_rebuilds_the_current_deal_at_every_step():
    session = Session(seed=4)
    rng = random.Random(4)
    for _ in range(200):
        if session.between_deals:
            session.next_deal()
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

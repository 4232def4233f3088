"""RULES.md §7: the presets classic, fr32 and italian, one test per clause, on explicit hands."""

import json
import random

import pytest

from barbu import ChooseContract, Contract, Deal, Double, Play, RuleError, Session, cards
from barbu.bots import Bot
from barbu.records import deal_record, score_record, session_record
from barbu.rules import CLASSIC, FR32, ITALIAN, PRESETS, STANDARD, preset, rules_from_record
from tests.generate_presets import random_session_record
from tests.helpers import layout, legal, play, start

# -- the rules object ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "rules, hand, deals, blocks",
    [
        (STANDARD, 13, 28, 4),
        (CLASSIC, 13, 28, 4),
        (FR32, 8, 7, 1),
        (ITALIAN, 13, 28, 4),
        (preset("italian", {"salad": True}), 13, 32, 4),
        (preset("italian", {"without": "trumps"}), 13, 24, 4),
        (preset("italian", {"salad": True, "without": "domino"}), 13, 28, 4),
    ],
)
def test_each_preset_has_its_shape(rules, hand, deals, blocks):
    assert (rules.hand_size, rules.deals, rules.blocks) == (hand, deals, blocks)


@pytest.mark.parametrize(
    "rules",
    [
        STANDARD,
        CLASSIC,
        FR32,
        ITALIAN,
        preset("italian", {"salad": True, "king_of_hearts": -30, "queen": -8, "ace_of_hearts": -4}),
    ],
)
def test_each_contracts_total_is_what_its_scoring_adds_up_to(rules):
    for crules in rules.contracts:
        if crules.is_domino:
            assert sum(crules.domino.places) == crules.total
            continue
        cards_total = sum(v * (m & rules.deck).bit_count() for m, v in crules.card_values)
        tricks_total = crules.per_trick * rules.hand_size + sum(v for _, v in crules.trick_values)
        assert cards_total + tricks_total == crules.total, crules.contract


def test_the_salad_totals_minus_130_and_minus_146_with_the_three_value_options():
    assert preset("italian", {"salad": True}).contract("salad").total == -130
    heavy = preset(
        "italian", {"salad": True, "king_of_hearts": -30, "queen": -8, "ace_of_hearts": -4}
    )
    assert heavy.contract("salad").total == -146


@pytest.mark.parametrize(
    "spec, why",
    [
        ({"preset": "standard", "options": {"quota": 3}}, "the standard rules take no options"),
        ({"preset": "italian", "options": {"speed": 1}}, "unknown option 'speed'"),
        ({"preset": "italian", "options": {"salad": 1}}, "option salad cannot be 1"),
        ({"preset": "italian", "options": {"king_of_hearts": -30.0}}, "cannot be -30.0"),
        ({"preset": "italian", "options": {"quota": 4}}, "allowed: 2, 3"),
        ({"preset": "italian", "extra": {}}, "unknown key 'extra'"),
        ({"options": {}}, '"preset" is missing'),
        ("bridge", "unknown rules 'bridge'"),
        (["italian"], "unknown rules"),
    ],
)
def test_a_bad_rules_value_is_refused_with_its_reason(spec, why):
    with pytest.raises(RuleError, match=why):
        rules_from_record(spec)


def test_writing_a_default_option_names_the_same_rules():
    assert rules_from_record({"preset": "italian", "options": {"quota": 2}}) is ITALIAN
    assert rules_from_record({"preset": "italian"}).record == "italian"
    rules = rules_from_record({"preset": "italian", "options": {"quota": 3, "salad": False}})
    assert rules.record == {"preset": "italian", "options": {"quota": 3}}


# -- classic ------------------------------------------------------------------------------------


# (``layout`` fills hands with the lowest cards left, spades first and clubs last, so with
# clubs as trumps the seats hold exactly the clubs written here.)


def test_classic_a_player_void_in_a_plain_suit_must_trump():
    # Seat 1 is void in spades and holds one trump, 2♣: he must play it.
    deal = start(layout("AS", "2C 3D", void={1: "S"}), "trumps", trump="C", rules=CLASSIC)
    play(deal, "AS")
    assert legal(deal) == "2C"
    with pytest.raises(RuleError, match="void in ♠, must play a trump"):
        deal.apply(Play(cards("3D")[0]))


def test_classic_a_player_who_can_over_trump_must_and_else_still_trumps():
    deal = start(
        layout("AS", "2C 9C", "5C TC", void={1: "S", 2: "S"}), "trumps", trump="C", rules=CLASSIC
    )
    play(deal, "AS")
    assert legal(deal) == "2C 9C"  # no trump in the trick yet: any trump
    play(deal, "9C")
    assert legal(deal) == "TC"
    with pytest.raises(RuleError, match="void in ♠, must beat every trump in the trick"):
        deal.apply(Play(cards("5C")[0]))
    deal = start(
        layout("AS", "9C", "5C 4D", void={1: "S", 2: "S"}), "trumps", trump="C", rules=CLASSIC
    )
    play(deal, "AS 9C")
    assert legal(deal) == "5C"  # cannot over-trump: still a trump


def test_classic_deals_never_end_early():
    hands = layout("QS QH QD QC")
    deal = start(hands, "no-queens", rules=CLASSIC)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    assert len(deal.tricks) == 13


def test_classic_reussite_pays_45_20_10_minus_10():
    assert CLASSIC.contract("domino").domino.places == (45, 20, 10, -10)


# -- fr32 ---------------------------------------------------------------------------------------


def test_fr32_deals_8_cards_from_the_32_card_pack():
    session = Session(seed=3, rules=FR32)
    hands = session.deal.dealt
    assert all(h.bit_count() == 8 and not h & ~FR32.deck for h in hands)
    assert sum(hands) == FR32.deck


def test_fr32_refuses_a_13_card_hand_and_a_six():
    hands = [
        cards("6S 8S 9S TS JS QS KS AS"),
        cards("7H 8H 9H TH JH QH KH AH"),
        cards("7D 8D 9D TD JD QD KD AD"),
        cards("7C 8C 9C TC JC QC KC AC"),
    ]
    with pytest.raises(RuleError, match="6S is not in the 32-card pack"):
        Deal(hands, 0, FR32)
    record = deal_record(start(layout(), "no-tricks"))
    record["rules"] = "fr32"
    with pytest.raises(RuleError, match="a hand holds 8 cards, not 13"):
        score_record(record)


def test_fr32_the_dealer_moves_left_every_deal_and_the_left_neighbour_leads():
    session = Session(seed=8, rules=FR32)
    first = session.first_declarer
    for n in range(1, 8):
        assert session.deal.declarer == (first + n - 1) % 4
        options = session.legal_actions()
        assert len(options) == 8 - n  # each contract once in the session
        session.apply(options[0])
        assert session.deal.phase.value == "play"  # no doubling round
        assert session.to_move == (session.deal.declarer + 1) % 4
        while not session.deal.is_over:
            session.apply(session.legal_actions()[0])
        if n < 7:
            session.next_deal()
    assert session.is_over and session.rules.deals == 7


def test_fr32_has_no_doubles_and_the_lowest_total_wins():
    session = Session(seed=9, rules=FR32)
    rng = random.Random(9)
    while not session.is_over:
        if session.between_deals:
            session.next_deal()
        session.apply(rng.choice(session.legal_actions()))
    record = json.loads(json.dumps(session_record(session)))
    assert not [a for d in record["deals"] for a in d["actions"] if "double" in a]
    result = score_record(record)
    assert result["totals"] == session.totals()
    assert sum(result["totals"]) == 40 + 80 + 40 + 80 + 80 + 50 - 80
    assert result["winners"] == [
        s for s in range(4) if result["totals"][s] == min(result["totals"])
    ]
    record["deals"][0]["actions"].insert(1, {"double": [0]})
    refused = r"deal 1, actions\[1\], seat \d: the fr32 rules have no doubles"
    with pytest.raises(RuleError, match=refused):
        score_record(record)
    old = random_session_record(random.Random(9), "fr32")  # format 1
    assert score_record(old)["totals"]
    old["deals"][0]["doubles"] = [[1, 0]]
    with pytest.raises(RuleError, match="deal 1, doubles: the fr32 rules have no doubles"):
        score_record(old)


def test_fr32_reverse_pays_a_bonus_of_10_per_trick():
    deal = start(layout(rules=FR32), "reverse", rules=FR32)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    assert deal.raw_scores() == [-10 * n for n in deal.tricks_won]


# -- italian ------------------------------------------------------------------------------------


def test_italian_the_declarers_left_leads_the_first_trick():
    assert start(layout(), "no-tricks", declarer=2, rules=ITALIAN).to_move == 3


def test_italian_hearts_may_not_be_led_before_they_are_broken():
    # Seat 1 leads (declarer 0's left); he holds hearts and spades.
    deal = start(layout("", "2H 3S", "AS"), "no-hearts", rules=ITALIAN)
    assert "2H" not in legal(deal).split()
    with pytest.raises(RuleError, match="hearts may not be led before they are broken"):
        deal.apply(Play(cards("2H")[0]))


def test_italian_a_heart_discarded_on_another_suit_breaks_hearts():
    # Seat 0 holds the 13 spades, seat 1 the 13 hearts.
    deal = start(layout("2S", "AH", void={1: "S"}), "no-hearts", declarer=3, rules=ITALIAN)
    assert deal.to_move == 0 and not deal.hearts_broken
    play(deal, "2S")
    assert not deal.hearts_broken
    play(deal, "2H")
    assert deal.hearts_broken and deal.view(2).hearts_broken


def test_italian_a_void_player_may_play_any_card_in_trumps():
    deal = start(
        layout("AS", "2H 3D", void={1: "S"}), "trumps", declarer=3, trump="H", rules=ITALIAN
    )
    play(deal, "AS")
    assert set(legal(deal).split()) == {str(c) for c in deal.hand(1)}


def test_italian_overtrump_always_binds_only_with_a_trump_in_the_trick():
    rules = preset("italian", {"overtrump_always": True})
    hands = layout("AS", "KC 3D", "2C 4D", void={1: "S", 2: "S"})
    deal = start(hands, "trumps", declarer=3, trump="C", rules=rules)
    play(deal, "AS")
    assert set(legal(deal).split()) == {str(c) for c in deal.hand(1)}  # no trump yet: anything
    play(deal, "KC")
    assert set(legal(deal).split()) == {str(c) for c in deal.hand(2)}  # 2♣ cannot beat K♣
    deal = start(
        layout("AS", "9C", "TC 4D", void={1: "S", 2: "S"}),
        "trumps",
        declarer=3,
        trump="C",
        rules=rules,
    )
    play(deal, "AS 9C")
    assert legal(deal) == "TC"
    with pytest.raises(RuleError, match="must beat every trump in the trick"):
        deal.apply(Play(cards("4D")[0]))


def test_italian_domino_starts_with_the_seven_of_diamonds():
    hands = layout("", "", "7D")
    deal = start(hands, "domino", declarer=0, rules=ITALIAN)
    assert deal.start_rank.char == "7"
    assert deal.to_move == 2 and legal(deal) == "7D"
    event = deal.apply(Play(cards("7D")[0]))
    assert event.seat == 2
    record = deal_record(deal)
    assert "start_rank" not in record
    with pytest.raises(RuleError, match="always starts from its own rank"):
        Deal(hands, 0, ITALIAN).apply(
            ChooseContract(Contract.DOMINO, start_rank=cards("7S")[0].rank)
        )


def test_italian_any_seven_the_first_seat_from_the_declarers_left_with_a_seven_moves():
    rules = preset("italian", {"domino_any_seven": True})
    hands = layout("7S 7H 7D 7C")  # seat 0 holds every 7
    deal = start(hands, "domino", declarer=0, rules=rules)
    assert deal.to_move == 0 and legal(deal) == "7C 7D 7H 7S"
    deal = start(hands, "domino", declarer=3, rules=rules)
    assert deal.to_move == 0


def test_italian_options_travel_in_records_and_a_record_under_other_rules_is_refused():
    rules = preset("italian", {"salad": True, "quota": 3})
    session = Session(seed=4, rules=rules)
    rng = random.Random(4)
    while session.number < 3:
        if session.between_deals:
            session.next_deal()
        else:
            session.apply(rng.choice(session.legal_actions()))
    record = json.loads(json.dumps(session_record(session)))
    assert record["rules"] == {"preset": "italian", "options": {"quota": 3, "salad": True}}
    record["deals"] = record["deals"][:2]
    assert score_record(record)["totals"] == [
        sum(x) for x in zip(*[d.final_scores() for d in session.deals[:2]], strict=True)
    ]
    record["deals"][1]["rules"] = "italian"
    with pytest.raises(RuleError, match="deal 2, rules: differs from the session's rules"):
        score_record(record)


# -- every preset -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(PRESETS))
@pytest.mark.parametrize("level", ["beginner", "standard"])
def test_bots_play_a_whole_session_of_every_preset_legally(name, level):
    rules = PRESETS[name]
    session = Session(seed=12, rules=rules)
    bots = [Bot(level, seed=s) for s in range(4)]
    while not session.is_over:
        if session.between_deals:
            session.next_deal()
        seat = session.to_move
        action = bots[seat].decide(session.deal.view(seat))
        assert session.can(action)
        session.apply(action)
    assert len(session.deals) == rules.deals
    result = score_record(json.loads(json.dumps(session_record(session))))
    assert result["totals"] == session.totals() and result["winners"] == session.winners()


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_the_history_replays_to_the_same_state(name):
    rules = PRESETS[name]
    session = Session(seed=21, rules=rules)
    rng = random.Random(21)
    while session.number < 3:
        if session.between_deals:
            session.next_deal()
        else:
            session.apply(rng.choice(session.legal_actions()))
    for deal in session.deals:
        again = Deal(
            deal.dealt, deal.declarer, rules, deal.used, deal.owed, deal.deals_left, deal.number
        )
        for event in deal.history:
            assert again.apply(event.action) == event
        assert again.view(0) == deal.view(0)


def test_an_event_tells_the_trick_its_winner_and_the_end():
    deal = start(layout(), "no-tricks")
    events = []
    while not deal.is_over:
        events.append(deal.apply(deal.legal_actions()[0]))
    tricks = [e.trick for e in events if e.trick is not None]
    assert tricks == deal.tricks and events[-1].over and not any(e.over for e in events[:-1])
    assert all(isinstance(e.action, Play) for e in events)
    assert deal.history[-len(events) :] == events


def test_italian_offers_the_maximum_and_family_shortcuts_as_legal_doubles():
    deal = Deal(layout(), 0, ITALIAN)
    deal.apply(ChooseContract(Contract.NO_QUEENS))
    view = deal.view(1)
    assert dict(view.shortcuts) == {"maximum": frozenset({0, 2, 3}), "family": frozenset({0, 2})}
    assert all(Double(t) in view.legal for _, t in view.shortcuts)
    assert deal.view(2).shortcuts == ()  # not his turn
    standard = Deal(layout(), 0)
    standard.apply(ChooseContract(Contract.NO_QUEENS))
    assert standard.view(1).shortcuts == ()
    deal = Deal(layout(), 0, ITALIAN)
    deal.apply(ChooseContract(Contract.TRUMPS, trump=cards("2S")[0].suit))
    assert deal.view(1).shortcuts == (("maximum", frozenset({0})),)  # positive: no family


@pytest.mark.parametrize("rules, dealer", [(STANDARD, 3), (CLASSIC, 0), (FR32, 0), (ITALIAN, 3)])
def test_who_deals_follows_the_rules(rules, dealer):
    assert Deal(layout(rules=rules), 0, rules).view(0).dealer == dealer


@pytest.mark.parametrize(
    "record, why",
    [
        (
            {"first_declarer": 10**5000, "deals": []},
            "not a seat \\(0-3\\): <a number of 16610 bits>",
        ),
        ({"first_declarer": 0, "seed": 10**30, "deals": []}, "at most 20 digits"),
        ({"rules": "x" * 1_000_000, "deals": []}, "^rules: unknown rules 'x{17}\\.\\.\\.x{18}' "),
        (  # each level of a nested value is cut (6 items), and so is the whole quote
            {"first_declarer": [[{"x": "y" * 50}] * 6] * 6, "deals": []},
            "not a seat \\(0-3\\): \\[\\[\\{'x': 'y{17}\\.\\.\\.y{18}'\\}, \\{'x': \\.\\.\\.$",
        ),
    ],
)
def test_huge_values_are_refused_with_a_short_located_message(record, why):
    with pytest.raises(RuleError, match=why) as refused:
        score_record(record)
    assert len(str(refused.value)) < 200


def test_a_hand_of_a_million_cards_is_refused_at_once():
    record = deal_record(start(layout(), "no-tricks"))
    record["hands"][0] = ["2S"] * 1_000_000
    with pytest.raises(RuleError, match="hands\\[0\\]: a hand holds 13 cards, not 1000000"):
        score_record(record)

"""RULES.md §2 and §3 (Trumps), one test per clause, on explicit hands."""

import pytest

from barbu import Contract, Play, RuleError, cards
from barbu.cards import mask_of
from barbu.rules import STANDARD
from barbu.tricks import raw_trick_scores
from tests.helpers import layout, legal, play, start


def test_declarer_leads_the_first_trick():
    deal = start(layout(), "no-tricks", declarer=2)
    assert deal.to_move == 2


def test_players_must_follow_suit():
    deal = start(layout("AS 2H", "KS 3S 4H"), "no-tricks")
    play(deal, "AS")
    assert all(c.endswith("S") for c in legal(deal).split())
    with pytest.raises(RuleError, match="must follow ♠"):
        deal.apply(Play(cards("4H")[0]))


def test_a_player_void_in_the_led_suit_discards_any_card():
    hands = layout("AS", "2H 3D 4C", void={1: "S"})
    deal = start(hands, "no-tricks")
    play(deal, "AS")
    assert legal(deal) == " ".join(sorted(str(c) for c in hands[1]))


def test_highest_card_of_the_led_suit_wins_and_leads_next():
    deal = start(layout("5S", "AH", "9S", "TS", void={1: "S"}), "no-tricks")
    play(deal, "5S AH 9S TS")
    assert deal.tricks[-1].winner == 3 and deal.to_move == 3
    assert deal.tricks_won == [0, 0, 0, 1]


@pytest.mark.parametrize("contract", ["no-hearts", "no-king-of-hearts"])
def test_hearts_may_not_be_led_while_holding_another_suit(contract):
    deal = start(layout("2H 3H AS"), contract)
    assert "2H" not in legal(deal) and "AS" in legal(deal)
    with pytest.raises(RuleError, match="hearts may not be led while holding other suits"):
        deal.apply(Play(cards("2H")[0]))


@pytest.mark.parametrize("contract", ["no-hearts", "no-king-of-hearts"])
def test_a_player_holding_only_hearts_may_lead_a_heart(contract):
    hearts = "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H"
    deal = start(layout("", hearts), contract, declarer=1)
    assert legal(deal) == " ".join(sorted(hearts.split()))


@pytest.mark.parametrize("contract", ["no-tricks", "no-queens", "no-last-two"])
def test_hearts_may_be_led_in_other_negative_contracts(contract):
    deal = start(layout("2H AS"), contract)
    assert "2H" in legal(deal)


@pytest.mark.parametrize("contract", ["no-hearts", "no-king-of-hearts"])
def test_discarding_a_heart_when_void_is_allowed(contract):
    deal = start(layout("AS", "KH", void={1: "S"}), contract)
    play(deal, "AS")
    assert "KH" in legal(deal)


def _scores(contract, tricks_won=(0, 0, 0, 0), captured=("", "", "", ""), winners=()):
    crules = STANDARD.contract(Contract(contract))
    return raw_trick_scores(
        crules, list(tricks_won), [mask_of(cards(c)) for c in captured], list(winners)
    )


def test_no_tricks_costs_2_per_trick():
    assert _scores("no-tricks", (5, 4, 3, 1)) == [-10, -8, -6, -2]


def test_no_queens_costs_6_per_queen():
    assert _scores("no-queens", captured=("QS QH 2C", "QD", "", "QC AS")) == [-12, -6, 0, -6]


def test_no_last_two_costs_10_for_trick_12_and_20_for_trick_13():
    winners = [0] * 11 + [2, 3]
    assert _scores("no-last-two", winners=winners) == [0, 0, -10, -20]
    assert _scores("no-last-two", winners=[0] * 11 + [1, 1]) == [0, -30, 0, 0]


def test_no_hearts_costs_2_per_heart_and_6_for_the_ace():
    assert _scores("no-hearts", captured=("AH 2H", "KH QH JS", "", "")) == [-8, -4, 0, 0]


def test_no_king_of_hearts_costs_20():
    assert _scores("no-king-of-hearts", captured=("", "", "KH AH", "QS")) == [0, 0, -20, 0]


def test_trumps_pays_5_per_trick():
    assert _scores("trumps", (6, 4, 2, 1)) == [30, 20, 10, 5]


def _play_out(deal):
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])


SPADES = "AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"


def test_no_queens_ends_when_the_fourth_queen_is_captured():
    # Seat 0 holds the four queens with the ace and king above each; nobody can beat them.
    deal = start(layout("AS KS QS AH KH QH AD KD QD AC KC QC JC"), "no-queens")
    play(deal, "QS")
    for queen in ("QH", "QD", "QC"):
        while deal.to_move != 0:
            deal.apply(deal.legal_actions()[-1])
        assert not deal.is_over
        play(deal, queen)
    _play_out(deal)
    assert len(deal.tricks) == 4
    assert deal.raw_scores() == [-24, 0, 0, 0]
    with pytest.raises(RuleError, match="the deal is over"):
        deal.apply(Play(cards("AS")[0]))


def test_no_hearts_ends_when_all_13_hearts_are_captured():
    # Seat 0 leads spades and wins; the others, void in spades, throw their hearts highest first.
    hands = layout(SPADES, "AH KH QH JH TH", "9H 8H 7H 6H", "5H 4H 3H 2H")
    deal = start(hands, "no-hearts")
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    assert len(deal.tricks) == 5
    assert deal.raw_scores() == [-30, 0, 0, 0]


def test_no_king_of_hearts_ends_when_the_king_is_captured():
    deal = start(layout(SPADES, "KH", void={1: "H"}), "no-king-of-hearts")
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    assert len(deal.tricks) == 1 and "KH" in [str(c) for c in deal.tricks[0].cards]
    assert deal.raw_scores() == [-20, 0, 0, 0]


@pytest.mark.parametrize("contract", ["no-tricks", "no-last-two", "trumps"])
def test_tricks_and_last_two_and_trumps_always_play_13_tricks(contract):
    deal = start(layout("KH QS QH QD QC"), contract, trump="S" if contract == "trumps" else None)
    _play_out(deal)
    assert len(deal.tricks) == 13


# -- Trumps (§3) ----------------------------------------------------------------------------


def test_trumps_declarer_names_the_suit_and_leads():
    deal = start(layout(), "trumps", declarer=3, trump="D")
    assert deal.trump.char == "D" and deal.to_move == 3


def test_when_trumps_are_led_a_player_must_beat_every_trump_in_the_trick():
    deal = start(layout("5S", "9S 3S 2S", "JS"), "trumps", trump="S")
    play(deal, "5S")
    assert legal(deal) == "9S"
    with pytest.raises(RuleError, match="higher than every trump"):
        deal.apply(Play(cards("3S")[0]))
    play(deal, "9S")
    assert legal(deal) == "JS"


def test_when_trumps_are_led_and_none_can_beat_them_any_trump():
    deal = start(layout("AS", "9S 3S"), "trumps", trump="S")
    play(deal, "AS")
    assert legal(deal) == "3S 9S"


def test_when_trumps_are_led_a_player_without_trumps_discards_freely():
    hands = layout("AS", "2H", void={1: "S"})
    deal = start(hands, "trumps", trump="S")
    play(deal, "AS")
    assert legal(deal) == " ".join(sorted(str(c) for c in hands[1]))


def test_void_in_a_plain_suit_a_player_must_play_a_winning_trump():
    deal = start(layout("AH", "5S 2S 2D", void={1: "H"}), "trumps", trump="S")
    play(deal, "AH")
    assert all(c.endswith("S") for c in legal(deal).split())
    with pytest.raises(RuleError, match="must play a trump that wins the trick"):
        deal.apply(Play(cards("2D")[0]))


def test_void_in_a_plain_suit_overtrump_a_trump_already_played():
    deal = start(layout("AH", "5S", "9S 3S 2D", void={1: "H", 2: "H"}), "trumps", trump="S")
    play(deal, "AH 5S")
    assert all(c in {"9S", "TS", "JS", "QS", "KS", "AS"} for c in legal(deal).split())
    assert "3S" not in legal(deal) and "2D" not in legal(deal)


def test_void_and_unable_to_win_a_player_discards_anything_even_a_losing_trump():
    deal = start(layout("AH", "AS", "3S 2S 2D", void={1: "H", 2: "H"}), "trumps", trump="S")
    play(deal, "AH AS")
    hand = sorted(str(c) for c in deal.hand(2))
    assert legal(deal) == " ".join(hand)


def test_following_a_plain_suit_needs_no_trump_and_no_overtake():
    deal = start(layout("KH", "AS", "2H AH", void={1: "H"}), "trumps", trump="S")
    play(deal, "KH AS")
    assert all(c.endswith("H") for c in legal(deal).split())
    assert "2H" in legal(deal)


def test_the_highest_trump_wins_the_trick():
    deal = start(layout("AH", "2S", "3S", "KH", void={1: "H", 2: "H"}), "trumps", trump="S")
    play(deal, "AH 2S 3S KH")
    assert deal.tricks[-1].winner == 2 and deal.to_move == 2


def test_without_trumps_in_the_trick_the_highest_led_card_wins():
    deal = start(layout("KH", "AH", "2D", "QH", void={2: "HS"}), "trumps", trump="S")
    play(deal, "KH AH 2D QH")
    assert deal.tricks[-1].winner == 1

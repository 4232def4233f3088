"""RULES.md §3, Domino: opening, adjacent ranks, compulsory play, passes, places."""

import pytest

from barbu import Play, RuleError, cards
from tests.helpers import layout, legal, play, start


def test_a_card_of_the_starting_rank_opens_its_suit():
    deal = start(layout("7S 7H 2D"), "domino", rank="7")
    assert legal(deal) == "7H 7S"


def test_declarer_plays_first_when_he_can():
    deal = start(layout("7S", "7H"), "domino", declarer=0, rank="7")
    assert deal.to_move == 0


def test_declarer_may_name_a_rank_he_does_not_hold_and_then_passes():
    hands = layout("2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS 2H", "AS")
    deal = start(hands, "domino", declarer=0, rank="A")
    assert deal.to_move == 1
    assert "AS" in legal(deal)


def test_cards_next_in_rank_at_either_end_of_a_row_are_playable():
    deal = start(layout("7S 8S 6S 7H 7D 7C"), "domino", rank="7")
    play(deal, "7S")
    # Nobody else holds a seven or a spade next to 7S: the others pass, seat 0 plays again.
    assert deal.to_move == 0
    assert legal(deal) == "6S 7C 7D 7H 8S"


def test_aces_are_high_and_rows_do_not_wrap_around():
    from barbu import domino
    from barbu.cards import mask_of

    after_ace = domino.grow(domino.opening_mask(12), cards("AS")[0], 12)
    assert after_ace & mask_of(cards("KS")) and not after_ace & mask_of(cards("2S"))
    after_two = domino.grow(domino.opening_mask(0), cards("2S")[0], 0)
    assert after_two & mask_of(cards("3S")) and not after_two & mask_of(cards("AS"))
    row = domino.grow(domino.opening_mask(5), cards("7S")[0], 5)
    row = domino.grow(row, cards("8S")[0], 5)
    assert row & mask_of(cards("6S 9S")) == mask_of(cards("6S 9S"))
    assert not row & mask_of(cards("8S 7S"))


def test_an_unplayable_card_is_refused_with_the_reason():
    deal = start(layout("7S 9S"), "domino", rank="7")
    with pytest.raises(RuleError, match="cannot be laid"):
        deal.apply(Play(cards("9S")[0]))


def test_a_player_with_a_playable_card_must_play_and_one_without_is_skipped():
    # Seat 1 has no 7 and nothing next to the seven of spades: his turn is skipped.
    deal = start(
        layout("7S AC", "AD KD QD JD TD 9D AH KH QH JH TH 9H 8H", "6S 7H", "8S 7D"),
        "domino",
        rank="7",
    )
    play(deal, "7S")
    assert deal.to_move == 2  # seat 1 passes implicitly
    assert set(legal(deal).split()) == {"6S", "7H"}


def test_players_who_go_out_take_places_and_the_fourth_takes_last():
    deal = start(layout(), "domino", rank="7")
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    assert len(deal.out_order) == 3
    assert sorted(deal.raw_scores()) == [-5, 5, 20, 45]
    fourth = ({0, 1, 2, 3} - set(deal.out_order)).pop()
    assert deal.raw_scores()[fourth] == -5
    assert deal.hands[fourth]  # the last player's remaining cards are not played


def test_domino_places_pay_45_20_5_minus_5():
    deal = start(layout(), "domino", rank="7")
    while not deal.is_over:
        deal.apply(deal.legal_actions()[-1])
    places = [deal.raw_scores()[s] for s in deal.out_order]
    assert places == [45, 20, 5]

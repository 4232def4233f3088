"""RULES.md §6, card notation, and the card-set helpers."""

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu import Card, Rank, Suit, cards
from barbu.cards import CARDS, FULL_DECK, cards_of, deal_masks, format_cards, iter_mask, mask_of


def test_cards_are_rank_then_suit_and_print_canonically():
    assert str(Card.parse("QS")) == "QS"
    assert str(Card.parse("10h")) == "TH"
    assert str(Card.parse("q♥")) == "QH"
    assert str(Card.parse(" td ")) == "TD"
    assert Card.parse("AC").suit is Suit.CLUBS and Card.parse("AC").rank is Rank.ACE


def test_the_interface_writes_ten_as_10_with_suit_symbols():
    assert Card.parse("TS").pretty() == "10♠" and Card.parse("QH").pretty() == "Q♥"


def test_the_emoji_form_of_the_suit_symbols_is_accepted():
    assert str(Card.parse("Q\u2665\ufe0f")) == "QH"


@pytest.mark.parametrize("bad", ["", "Q", "QQ", "1S", "11S", "QX", "QSS", "Q S", None, 12])
def test_bad_card_text_is_refused_with_the_expected_form(bad):
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(bad)


@given(st.sampled_from(CARDS))
def test_notation_round_trips(card):
    assert Card.parse(str(card)) == card
    assert Card.parse(str(card).lower()) == card
    assert eval(repr(card), {"Card": Card}) == card


def test_aces_are_high_within_a_suit():
    assert Card.parse("AS") > Card.parse("KS") > Card.parse("2S")


def test_card_sets_and_display_order():
    hand = cards("2C AS KH 10S")
    assert format_cards(hand) == "AS TS KH 2C"
    assert cards_of(mask_of(hand)) == cards("AS TS KH 2C")
    assert sorted(iter_mask(mask_of(hand))) == sorted(hand)


def test_seeded_dealing_gives_four_hands_of_13_and_is_reproducible():
    a = deal_masks(random.Random(1))
    assert a == deal_masks(random.Random(1)) != deal_masks(random.Random(2))
    assert [h.bit_count() for h in a] == [13] * 4
    assert a[0] | a[1] | a[2] | a[3] == FULL_DECK

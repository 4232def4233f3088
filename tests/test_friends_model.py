"""The friends' table's address settings (web.model.friends), without a browser: the friends'
seats asked for and the STUN servers a connection uses.

What a player would notice if these failed: a table hosted with the wrong seats left to
friends, two browsers on one network reaching out to the internet, a STUN server typed in the
address ignored, or a malformed one handed to the browser."""

from __future__ import annotations

import pytest

from web.model.friends import DEFAULT_STUN, friend_seats, ice_servers


@pytest.mark.parametrize(
    ("text", "seats"),
    [("1,2", (1, 2)), ("3,3,1", (1, 3)), ("0,4,x", ()), ("", ()), (" 2 ", (2,))],
)
def test_the_friends_seats_are_seats_1_to_3_each_once(text, seats):
    assert friend_seats(text) == seats


def test_the_same_network_uses_no_stun_server_whatever_the_address_says():
    assert ice_servers("?stun=stun.example.org:3478", local=True) == []


def test_the_default_stun_server_unless_the_address_names_others():
    assert ice_servers("?lang=en", local=False) == [{"urls": url} for url in DEFAULT_STUN]
    asked = "?stun=stun.example.org:3478,stun:stun2.example.org"
    assert ice_servers(asked, local=False) == [
        {"urls": "stun:stun.example.org:3478"},
        {"urls": "stun:stun2.example.org"},
    ]


@pytest.mark.parametrize(
    "bad", ["turn:relay.example.org", "stun:a b", "javascript:alert(1)", "stun:" + "a" * 300]
)
def test_a_malformed_stun_server_is_ignored_for_the_default(bad):
    assert ice_servers(f"?stun={bad}", local=False) == [{"urls": url} for url in DEFAULT_STUN]


def test_at_most_three_stun_servers_are_used():
    asked = "?stun=" + ",".join(f"s{n}.example.org" for n in range(5))
    assert len(ice_servers(asked, local=False)) == 3

"""The friends' table's transport (web/runtime/peers.js) between two browser contexts: an
invitation and a reply carried by hand, then a direct data channel, with no server and no STUN
(same network only: the loopback).

What a player would notice if these failed: an invitation that never connects, a damaged or
mistaken code accepted (and the table then stuck), messages lost between the two pages."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

PAGE = "/rules/en/"
LOAD = "async () => { window.peers = await import('/web/peers.js'); return true; }"


def _open(new_context) -> Page:
    page = new_context().new_page()
    page.goto(PAGE)
    assert page.evaluate(LOAD)
    return page


@pytest.fixture
def pages(new_context):
    return _open(new_context), _open(new_context)


def test_an_invitation_and_its_reply_open_a_channel_both_ways(pages):
    host, friend = pages
    invitation = host.evaluate(
        """async () => {
            const { link, code } = await peers.invite(
                { seat: 2, token: "t0k", host: "Ann" }, { iceServers: [], gatherMs: 2000 });
            window.got = [];
            link.onmessage = (text) => window.got.push(text);
            window.link = link;
            return code;
        }"""
    )
    assert 100 < len(invitation) < 2000
    meta = friend.evaluate("code => peers.readInvitation(code)", invitation)
    assert meta == {"v": 1, "k": "invite", "seat": 2, "token": "t0k", "host": "Ann"}
    reply = friend.evaluate(
        """async (code) => {
            const { link, code: answer } = await peers.join(code, { name: "Bob" },
                { iceServers: [] });
            window.got = [];
            link.onmessage = (text) => window.got.push(text);
            link.onopen = () => link.send("hello from the friend");
            window.link = link;
            return answer;
        }""",
        invitation,
    )
    host.evaluate(
        """async (reply) => {
            window.link.onopen = () => window.link.send("hello from the host");
            const meta = await peers.accept(window.link, reply);
            window.replyName = meta.name;
        }""",
        reply,
    )
    host.wait_for_function("window.got.length > 0", timeout=15_000)
    friend.wait_for_function("window.got.length > 0", timeout=15_000)
    assert host.evaluate("window.got") == ["hello from the friend"]
    assert friend.evaluate("window.got") == ["hello from the host"]
    assert host.evaluate("window.replyName") == "Bob"


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "damaged"),
        ("not base64 !", "damaged"),
        ("AAAA", "damaged"),
        ("https://example.invalid/#join=" + "A" * 9000, "damaged"),
    ],
)
def test_a_damaged_code_is_refused_as_damaged(new_context, text, code):
    page = _open(new_context)
    got = page.evaluate(
        "async (text) => { try { await peers.unpack(text, 'reply'); return 'read'; }"
        " catch (e) { return e.code; } }",
        text,
    )
    assert got == code


def test_an_invitation_pasted_as_a_reply_or_from_another_version_is_refused(new_context):
    page = _open(new_context)
    got = page.evaluate(
        """async () => {
            const tryIt = async (value, kind) => {
                try { await peers.unpack(await peers.pack(value), kind); return "read"; }
                catch (e) { return e.code; }
            };
            return [
                await tryIt({ v: 1, k: "invite", sdp: "x" }, "reply"),
                await tryIt({ v: 2, k: "reply", sdp: "x" }, "reply"),
                await tryIt({ v: 1, k: "reply", sdp: "x" }, "reply"),
                await tryIt({ v: 1, k: "reply" }, "reply"),
            ];
        }"""
    )
    assert got == ["kind", "version", "read", "damaged"]

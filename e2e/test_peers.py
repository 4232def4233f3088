"""The friends' table's transport (web/runtime/peers.js) between two browser contexts: an
invitation and a reply carried by hand, then a direct data channel, with no server and no STUN
(same network only: the loopback).

What a player would notice if these failed: an invitation that never connects, a damaged or
mistaken code accepted (and the table then stuck), messages lost between the two pages."""

from __future__ import annotations

import base64
from pathlib import Path

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
    host.wait_for_function("() => window.got.length > 0", timeout=15_000)
    friend.wait_for_function("() => window.got.length > 0", timeout=15_000)
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


JSQR = Path(__file__).resolve().parent.parent / "node_modules" / "jsqr" / "dist" / "jsQR.js"


def test_an_invitations_qr_code_reads_back_as_its_link(new_context):
    """A phone's camera reads the link back from the QR code drawn on the host's screen (here
    jsQR, an independent decoder, reads a screenshot of the drawn code)."""
    page = _open(new_context)
    link = page.evaluate(
        """async () => {
            const { code } = await peers.invite({ seat: 1, token: "0123456789abcdef" },
                { iceServers: [] });
            const qr = await import('/web/qr.js');
            const url = location.origin + "/#join=" + code;
            const svg = qr.qrSvg(document, url, "invitation");
            svg.setAttribute("width", "600");
            svg.setAttribute("height", "600");
            svg.id = "qr";
            document.body.prepend(svg);
            window.version = qr.qrSymbol(url).version;
            return url;
        }"""
    )
    assert 1 <= page.evaluate("window.version") <= 25
    png = page.locator("#qr").screenshot()
    reader = new_context().new_page()
    reader.add_script_tag(path=str(JSQR))
    decoded = reader.evaluate(
        """async (b64) => {
            const img = new Image();
            img.src = "data:image/png;base64," + b64;
            await img.decode();
            const canvas = document.createElement("canvas");
            canvas.width = img.width;
            canvas.height = img.height;
            const ctx = canvas.getContext("2d");
            ctx.drawImage(img, 0, 0);
            const data = ctx.getImageData(0, 0, img.width, img.height);
            const found = jsQR(data.data, img.width, img.height);
            return found ? found.data : null;
        }""",
        base64.b64encode(png).decode(),
    )
    assert decoded == link

"""The demos embedded in another site's page (web/embed.js, embed.html): two demos from the
snippet work side by side in frames, sized to their content, with no request leaving the two
origins; the game and the rules pages refuse to be framed by another origin (_headers)."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from barbu import Card
from e2e.browser_helpers import CATALOGS
from tools.dev.serve import StaticServer
from web.demos.may_i_play import MayIPlay
from web.languages.i18n import Catalog

HOST_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>A rules site</title>
<link rel="icon" href="data:,"></head>
<body>
<h1>Barbu, as another site explains it</h1>
<script src="{site}embed.js" defer></script>
<barbu-demo demo="settlement" lang="fr"></barbu-demo>
<p>Some text between the two demos.</p>
<barbu-demo demo="may-i-play" lang="it"></barbu-demo>
</body></html>
"""
FRAMING_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Framing</title>
<link rel="icon" href="data:,"></head>
<body><iframe id="game" src="{site}" title="game"></iframe>
<iframe id="rules" src="{site}rules/en/" title="rules"></iframe></body></html>
"""


@pytest.fixture
def host(tmp_path, base_url):
    """Another site, on another loopback port, whose pages embed ours."""
    (tmp_path / "index.html").write_text(HOST_PAGE.format(site=base_url))
    (tmp_path / "framing.html").write_text(FRAMING_PAGE.format(site=base_url))
    server = StaticServer(tmp_path).start()
    yield server
    server.shutdown()


def test_two_demos_embedded_in_another_site_work_side_by_side(new_context, host, base_url):
    """A site embedding the demos with the snippet would show empty or cut-off frames, demos that
    do not answer, console errors, or requests leaving for a third party."""
    page = new_context(viewport={"width": 1000, "height": 900}).new_page()
    origins = {urlsplit(base_url)[:2], urlsplit(host.url)[:2]}
    strays: list[str] = []
    page.on("request", lambda r: None if urlsplit(r.url)[:2] in origins else strays.append(r.url))
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(host.url)

    settlement = page.frame_locator('barbu-demo[demo="settlement"] iframe')
    demo = settlement.locator("#demo-settlement")
    expect(demo).to_have_attribute("data-state", "live")
    expect(settlement.locator("html")).to_have_attribute("lang", "fr")
    expect(settlement.locator("html")).to_have_attribute("data-python", "worker")
    demo.locator('[data-act="1-0"]').click()
    expect(demo.locator("[data-final]")).to_have_text(["\u221218", "0", "\u22126", "0"])

    asked = page.frame_locator('barbu-demo[demo="may-i-play"] iframe').locator("#demo-may-i-play")
    expect(asked).to_have_attribute("data-state", "live")
    asked.locator('[data-act="card:QH"]').click()  # following spades with a heart
    judge = MayIPlay(Catalog("it", CATALOGS["it"]), ["A", "B", "C", "D"], "x")
    expect(asked.locator(".demo-said")).to_have_text(judge.judge(Card.parse("QH"))[0])

    for name in ("settlement", "may-i-play"):  # each frame takes its content's height
        frame = page.locator(f'barbu-demo[demo="{name}"] iframe')
        main = frame.content_frame.locator("main")
        height = main.evaluate("m => Math.ceil(m.getBoundingClientRect().bottom + scrollY)")
        expect(frame).to_have_js_property("offsetHeight", height)
        assert 200 < height < 1400
    assert strays == [] and errors == []


def test_the_game_and_the_rules_refuse_to_be_framed_by_another_site(new_context, host):
    """Another site could show the game inside its own page (clickjacking, a confusing copy)."""
    page = new_context().new_page()
    page.goto(f"{host.url}framing.html", wait_until="load")  # the frames' loads included
    for frame_id, ours in (("game", "#loader"), ("rules", ".rules-header")):
        frame = page.locator(f"#{frame_id}").content_frame
        expect(frame.locator(ours)).to_have_count(0)  # the browser's refusal page instead

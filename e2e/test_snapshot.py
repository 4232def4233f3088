"""Instant start (web/runtime.mjs): the computer players' worker keeps a Python memory snapshot
on a first visit; later visits (the page, the worker, the rules pages' demos) restore it, with
fresh random numbers; a damaged, refused or stale snapshot costs one normal start, never the
game."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect

from e2e.browser_helpers import expected_hand, shown_hand, wait_ready
from e2e.test_table import drive_until, hand_codes, saved_session, start_new_session
from web.game.save import SAVE_KEY

# The Python snapshot kept in Cache Storage between visits.
pytestmark = pytest.mark.fresh_context

BIG = 10_000_000  # a snapshot holds the whole interpreter, imports done: some 31 MB

# The page's own copy of web/runtime.mjs (the module instance its boot loader uses).
RUNTIME = "import(new URL('web/runtime.mjs', document.baseURI).href)"
SHA256 = """const sha256 = async (bytes) => Array.from(
        new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)),
        (byte) => byte.toString(16).padStart(2, '0'),
    ).join('');"""

KEPT = f"""async () => {{
    const {{SNAPSHOT}} = await {RUNTIME};
    if (!(await caches.has(SNAPSHOT.cache))) return [];
    const cache = await caches.open(SNAPSHOT.cache);
    {SHA256}
    const entries = await Promise.all((await cache.keys()).map(async (request) => {{
        const response = await cache.match(request);
        if (!response) return null;  // deleted meanwhile (a worker storing a new snapshot)
        const digest = await sha256(await response.arrayBuffer());
        return {{
            url: request.url,
            current: request.url === SNAPSHOT.url,
            digest,
            intact: digest === response.headers.get(SNAPSHOT.digestHeader),
        }};
    }}));
    return entries.filter(Boolean);
}}"""

DAMAGE = f"""async ([start, end, freshDigest]) => {{
    const {{SNAPSHOT}} = await {RUNTIME};
    const cache = await caches.open(SNAPSHOT.cache);
    const kept = await cache.match(SNAPSHOT.url);
    const bytes = new Uint8Array(await kept.arrayBuffer());
    for (let i = start; i < end; i += 1) bytes[i] ^= 0xff;
    {SHA256}
    const digest = await sha256(bytes);
    const headers = new Headers(kept.headers);
    if (freshDigest) headers.set(SNAPSHOT.digestHeader, digest);
    await cache.put(SNAPSHOT.url, new Response(bytes, {{headers}}));
    return digest;
}}"""
"""Flip the bytes [start, end) of the kept snapshot, keeping its stored digest or giving it the
digest of the new bytes; the new bytes' digest."""

OLDER_BUILD = f"""async () => {{
    const {{SNAPSHOT}} = await {RUNTIME};
    const cache = await caches.open(SNAPSHOT.cache);
    const older = SNAPSHOT.url.replace(/build=[0-9a-f]{{16}}$/, 'build=0000000000000000');
    await cache.put(older, await cache.match(SNAPSHOT.url));
    await cache.delete(SNAPSHOT.url);
    return older;
}}"""
"""Move the kept snapshot to the key an older build of the site would have left it under."""

TWO_RESTORES = f"""async () => {{
    const runtime = await {RUNTIME};
    const draws = [];
    for (const _ of [1, 2]) {{
        const pyodide = await runtime.restoreSnapshot();
        draws.push(pyodide.runPython('import random; random.random()'));
    }}
    return draws;
}}"""


def boot(page: Page) -> str | None:
    """How this visit's page Python started: "snapshot" or "plain"."""
    return page.locator("html").get_attribute("data-boot")


def stored_snapshot(page: Page) -> dict | None:
    """What the worker says of the snapshot it took at this start, once stored (None: it took
    none, having restored one)."""
    return page.evaluate("barbuBoot.bots.snapshot")


def bots_started(page: Page) -> dict:
    """The worker's first message, once it answers: {ready, boot, ms}."""
    return page.evaluate("barbuBoot.bots.ready.then(() => barbuBoot.bots.started)")


def kept(page: Page) -> list[dict]:
    """The entries of the snapshot cache: url, current (this build's key), digest of the bytes,
    intact (the digest stored with them is theirs)."""
    return page.evaluate(KEPT)


def first_visit(page: Page, address: str) -> int:
    """A visit that finds no snapshot: Python starts normally, and the worker stores one; its
    size."""
    page.goto(address)
    wait_ready(page)
    assert boot(page) == "plain"
    snapshot = stored_snapshot(page)
    assert snapshot["bytes"] > BIG, snapshot
    assert bots_started(page)["boot"] == "plain"
    assert [entry["intact"] and entry["current"] for entry in kept(page)] == [True]
    return snapshot["bytes"]


def come_back(page: Page, address: str) -> None:
    page.goto("about:blank")
    page.goto(address)
    wait_ready(page)


def watch_warnings(page: Page) -> list[str]:
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text) if m.type == "warning" else None)
    return warnings


def cards_left(page: Page) -> int:
    return page.locator("#hand button[data-card]").count()


def position(page: Page) -> dict:
    """The game as shown and saved, once the page waits for the player."""
    drive_until(page, lambda _: True)
    return {
        "seed": page.locator("#seed").get_attribute("data-seed"),
        "deal": page.locator("[data-deal]").get_attribute("data-deal"),
        "hand": hand_codes(page),
        "trick": page.locator("#center .trick [data-played]").evaluate_all(
            "els => els.map(e => e.dataset.seat + ':' + e.dataset.played)"
        ),
        "saved": json.loads(page.evaluate(f"localStorage.getItem({json.dumps(SAVE_KEY)})")),
    }


def test_a_later_visit_restores_the_snapshot_and_plays_a_deal(page, console_errors):
    """A returning player would wait for a whole Python start again (page and computer
    players), or get a restored Python that cannot deal or play, if this failed."""
    first_visit(page, "/?autoplay=0&seed=60&lang=en&speed=instant")

    come_back(page, "/?autoplay=0&seed=61&lang=en&speed=instant")  # a new game: another seed
    assert boot(page) == "snapshot"
    assert shown_hand(page) == expected_hand(61)
    expect(page.locator("html")).to_have_attribute("data-bots", "ready")
    assert bots_started(page)["boot"] == "snapshot"
    assert stored_snapshot(page) is None  # restored one, took none
    # A computer player declares first in this deal; after the player's first choices the
    # computer players' cards come from the restored worker (up since bots_started()).
    page.wait_for_function("performance.getEntriesByName('barbu:bot-action').length > 0")
    drive_until(page, lambda p: cards_left(p) <= 11)  # the player's choices, then two cards
    played = [str(card) for seat, card in saved_session(page).deal.played if seat == 0]
    assert len(played) == 2 and set(played) <= set(expected_hand(61))
    assert len(saved_session(page).deal.played) > 2  # the computer players played theirs
    # ... and the rest of the deal, to its summary.
    drive_until(page, lambda p: p.locator('[data-action="next"]').count() > 0)
    assert len(saved_session(page).sheet()) == 1
    assert console_errors == []


def test_each_restore_draws_other_random_numbers(page):
    """A snapshot holds the state of Python's `random`: without seeding it again, every restore
    would draw the same numbers (and a game number drawn from it would come back each visit)."""
    first_visit(page, "/?autoplay=0&seed=62&lang=en&speed=instant")
    first, second = page.evaluate(TWO_RESTORES)
    assert first != second

    seeds = ["62"]
    for _ in range(2):  # two later visits, each starting a new game with a random seed
        come_back(page, "/?lang=en&speed=instant")
        assert boot(page) == "snapshot"
        page.click('[data-action="menu"]')
        page.fill("#new-seed", "")
        start_new_session(page)
        expect(page.locator("#menu-panel")).to_be_hidden()
        seeds.append(page.locator("#seed").get_attribute("data-seed"))
    assert len(set(seeds)) == 3, seeds


@pytest.mark.parametrize(
    "damage",
    [
        pytest.param("flipped", id="damaged-bytes"),
        pytest.param("build-id", id="refused-by-pyodide"),
    ],
)
def test_a_bad_snapshot_is_set_aside_and_the_saved_game_goes_on(page, damage):
    """A damaged snapshot (a byte flipped: the stored SHA-256 catches it), or one Pyodide
    refuses (another build id, under a digest that matches): the page would crash or run a
    broken interpreter, or the player would lose his game, if this failed."""
    size = first_visit(page, "/?autoplay=0&seed=63&lang=en&speed=instant")
    drive_until(page, lambda p: cards_left(p) <= 12)
    before = position(page)
    if damage == "flipped":  # one byte in the middle, the stored digest unchanged
        bad = page.evaluate(DAMAGE, [size // 2, size // 2 + 1, False])
        reason = "SHA-256 differs"
    else:  # Pyodide's build id (bytes 16..48 of the header), with the digest of the new bytes
        bad = page.evaluate(DAMAGE, [16, 48, True])
        reason = "Snapshot build id mismatch"
    warnings = watch_warnings(page)

    come_back(page, "/?autoplay=0&seed=63&lang=en&speed=instant")
    assert boot(page) == "plain"
    assert any("Python's snapshot set aside" in w and reason in w for w in warnings), warnings
    assert bad not in [entry["digest"] for entry in kept(page)]  # dropped
    assert position(page) == before
    assert stored_snapshot(page)["bytes"] > BIG  # a new one, taken by the worker
    assert [entry["intact"] and entry["current"] for entry in kept(page)] == [True]

    come_back(page, "/?autoplay=0&seed=63&lang=en&speed=instant")
    assert boot(page) == "snapshot"
    assert position(page) == before
    drive_until(page, lambda p: cards_left(p) <= 11)  # and the game goes on


def test_a_new_build_starts_without_the_old_snapshot_and_removes_it(page):
    """Another build's snapshot (other modules, another runtime) must not be restored, nor
    linger in the browser's storage (31 MB per build) after a new one is kept."""
    first_visit(page, "/?autoplay=0&seed=64&lang=en&speed=instant")
    older = page.evaluate(OLDER_BUILD)
    assert [entry["url"] for entry in kept(page)] == [older]

    come_back(page, "/?autoplay=0&seed=64&lang=en&speed=instant")
    assert boot(page) == "plain"
    assert shown_hand(page) == expected_hand(64)
    assert stored_snapshot(page)["bytes"] > BIG
    entries = kept(page)
    assert [(entry["current"], entry["intact"]) for entry in entries] == [(True, True)]
    assert older not in [entry["url"] for entry in entries]


def test_the_rules_demos_restore_the_games_snapshot(page):
    """A reader coming from the game would wait for a whole Python start before a demo
    answers."""
    first_visit(page, "/?autoplay=0&seed=65&lang=en&speed=instant")
    page.goto("/rules/en/")
    demo = page.locator("#demo-settlement")
    demo.scroll_into_view_if_needed()  # scrolled to: it comes alive
    expect(demo).to_have_attribute("data-state", "live")
    assert boot(page) == "snapshot"
    demo.locator('[data-act="1-0"]').click()  # the second player doubles the first
    expect(demo.locator("[data-final]")).to_have_text(["\u221218", "0", "\u22126", "0"])

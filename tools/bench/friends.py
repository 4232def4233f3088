"""Friends' table benchmark: the invitation's size, the two exchanges' times, a card's latency.

    .venv/bin/python -m tools.bench.friends [--rounds 3] [--dist dist]

Serves dist/ on loopback and opens four browser contexts of one headless Chromium that share
nothing but the links carried between them (as tests/e2e do; "same network only", no STUN):
the host invites seats 1, 2 and 3; each friend in turn opens its invitation, joins, and the
host pastes the reply; then the four play the first deal to its summary (every card played by
hand, the other decisions taken as they come, a trick contract chosen: the latency is read off
the trick). Each round prints:

- the invitation links' and the reply links' lengths in characters, and the QR code's version
  (byte mode, level L, as ``web/runtime/qr.js`` draws it);
- join: from an invitation opened (a page with nothing cached but the browser's HTTP cache of
  the context) to the reply shown, the name typed at once (median of the three friends);
- connect: from the reply pasted and "Connect" pressed to the seat shown connected on the
  host's page (median of the three);
- card latency: from a friend's card clicked to that card shown in the trick on each of the
  three other tables (every page reads the same machine clock, ``Date.now()``): median and 95th
  percentile over the deal's friends' cards and the tables they show on, and the median time
  until a card shows on all three.

Figures, not a test.
"""

from __future__ import annotations

import math
import statistics
import time
from typing import TYPE_CHECKING

from tools.bench import common
from tools.dev.chromium import launch_options
from tools.dev.serve import StaticServer

if TYPE_CHECKING:  # main() imports Playwright itself, only when the benchmark runs
    from playwright.sync_api import Browser, Page

TIMEOUT_MS = 90_000

# Every page notes when each card first shows in a trick.
SEEN = """() => {
  window.seen = {};
  new MutationObserver(() => {
    for (const card of document.querySelectorAll('.trick [data-played]')) {
      window.seen[card.dataset.played] ??= Date.now();
    }
  }).observe(document.body, { childList: true, subtree: true });
}"""

# A friend's card played by hand: its code and the time of the click.
PLAY = """() => {
  const card = document.querySelector('#hand button[data-card].playable');
  if (!card) return null;
  const t = Date.now();
  card.click();
  return [card.dataset.card, t];
}"""

QR_VERSION = """async (text) => (await import('/web/qr.js')).qrSymbol(text).version"""

STATE = """() => {
  const q = (s) => document.querySelector(s);
  if (q('[data-action="next"]')) return 'next';
  if (q('[data-trump]')) return '[data-trump="S"]';
  if (q('[data-rank]')) return '[data-rank="7"]';
  const trick = '[data-contract]:not([disabled]):not([data-contract="domino"])';
  if (q(trick)) return trick;  // a trick contract: the friend's cards go to the trick
  if (q('[data-contract]:not([disabled])')) return '[data-contract]:not([disabled])';
  if (q('[data-action="doubles-done"]')) return '[data-action="doubles-done"]';
  if (q('#hand button[data-card].playable')) return 'card';
  return null;
}"""


def invited(host: Page, friend: Page, seat: int, name: str) -> dict[str, float]:
    """One friend's two exchanges, timed; the links' lengths."""
    invite = host.locator(f"[data-invite][data-seat='{seat}']")
    invite.wait_for(timeout=TIMEOUT_MS)
    link = invite.get_attribute("data-invite-url") or ""
    started = time.monotonic()
    friend.goto(link)
    friend.wait_for_selector("input[data-friend-name]", timeout=TIMEOUT_MS)
    friend.fill("input[data-friend-name]", name)
    friend.click('[data-action="join"]')
    reply = friend.locator("[data-reply-url]")
    reply.wait_for(timeout=TIMEOUT_MS)
    joined = time.monotonic() - started
    answer = reply.get_attribute("data-reply-url") or ""
    host.fill(f"input[data-reply-input][data-seat='{seat}']", answer)
    started = time.monotonic()
    host.click(f"[data-action='accept-reply'][data-seat='{seat}']")
    host.wait_for_selector(
        f"[data-seat-status='connected'][data-seat='{seat}']", timeout=TIMEOUT_MS
    )
    connected = time.monotonic() - started
    qr = float(host.evaluate(QR_VERSION, link))
    return {
        "invite": len(link),
        "reply": len(answer),
        "qr": qr,
        "join": joined * 1000,
        "connect": connected * 1000,
    }


def one_round(browser: Browser, base: str) -> dict[str, float]:
    """Host, three joins and connections, and the first deal played; the round's figures."""
    host = browser.new_context(base_url=base).new_page()
    friends = [browser.new_context(base_url=base).new_page() for _ in range(3)]
    host.goto("/?lang=en&speed=instant&autoplay=0&friends=1,2,3")
    host.wait_for_selector("html.ready", timeout=TIMEOUT_MS)
    host.click('[data-action="menu"]')
    host.check("#friends-local")
    host.click('[data-action="host-table"]')
    joins = [
        invited(host, friend, seat, name)
        for seat, friend, name in zip((1, 2, 3), friends, ("Alba", "Bruno", "Vera"), strict=True)
    ]
    pages = [host, *friends]
    for page in pages:
        page.wait_for_selector("#hand button[data-card]", timeout=TIMEOUT_MS)
        page.evaluate(SEEN)
    each, everywhere = play_deal(pages)
    figures = {
        "invite": max(j["invite"] for j in joins),
        "invite_min": min(j["invite"] for j in joins),
        "reply": max(j["reply"] for j in joins),
        "reply_min": min(j["reply"] for j in joins),
        "qr": max(j["qr"] for j in joins),
        "join": statistics.median(j["join"] for j in joins),
        "connect": statistics.median(j["connect"] for j in joins),
        "median": statistics.median(each) if each else math.nan,
        "p95": sorted(each)[int(len(each) * 0.95)] if each else math.nan,
        "all": statistics.median(everywhere) if everywhere else math.nan,
        "cards": len(everywhere),
    }
    for page in pages:
        page.context.close()
    return figures


def play_deal(pages: list[Page]) -> tuple[list[float], list[float]]:
    """Play the deal to its summary; each friend's card's latency on each other table, and
    until it shows on all three (ms)."""
    clicked: dict[str, tuple[int, int]] = {}  # card: (the page that played it, when)
    for _ in range(4_000):
        states = [page.evaluate(STATE) for page in pages]
        if all(state == "next" for state in states):
            break
        for n, (page, state) in enumerate(zip(pages, states, strict=True)):
            if state is None or state == "next":
                continue
            if state == "card":
                played = page.evaluate(PLAY)
                if played and n > 0:  # a friend's card (the host's is not sent by a friend)
                    clicked[played[0]] = (n, played[1])
            else:
                page.locator(state).first.click(timeout=3_000)
        pages[0].wait_for_timeout(20)
    else:
        raise RuntimeError("the deal did not end")
    seen: list[dict[str, int]] = [page.evaluate("() => window.seen") for page in pages]
    each: list[float] = []
    everywhere: list[float] = []
    for card, (player, t) in clicked.items():
        times = [float(s[card] - t) for n, s in enumerate(seen) if n != player and card in s]
        each += times
        if len(times) == 3:
            everywhere.append(max(times))
    return each, everywhere


def main(argv: list[str] | None = None) -> int:
    """Run the rounds; print each round's figures and their medians."""
    command = common.parser("friends", __doc__)
    command.add_argument("--rounds", type=int, default=3)
    common.add_dist(command)
    args = command.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server = StaticServer(args.dist)
    server.start()
    rounds = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(**launch_options())
        for _ in range(args.rounds):
            rounds.append(one_round(browser, server.url))
        browser.close()
    server.stop()
    print(f"friends' table, loopback, four browser contexts, {args.rounds} rounds:")
    for n, r in enumerate(rounds, 1):
        print(
            f"  round {n}: invitations {r['invite_min']:.0f}-{r['invite']:.0f} chars (QR "
            f"version up to {r['qr']:.0f}), replies {r['reply_min']:.0f}-{r['reply']:.0f} chars; "
            f"join {r['join']:.0f} ms, connect {r['connect']:.0f} ms (medians of three); card "
            f"latency on another table median {r['median']:.0f} ms, 95th percentile "
            f"{r['p95']:.0f} ms, on all three {r['all']:.0f} ms, over {r['cards']:.0f} cards"
        )
    for key, name in (
        ("join", "join"),
        ("connect", "connect"),
        ("median", "card latency on another table"),
        ("all", "card latency until all three tables show it"),
    ):
        values = [r[key] for r in rounds if not math.isnan(r[key])]
        median = f"{statistics.median(values):.0f} ms" if values else "none"
        print(f"  median of the rounds, {name}: {median}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Friends' table benchmark: the invitation's size, the two exchanges' times, a card's latency.

    .venv/bin/python -m tools.bench.friends [--rounds 3] [--dist dist]

Serves dist/ on loopback and opens two browser contexts of one headless Chromium that share
nothing but the links carried between them (as tests/e2e do; "same network only", no STUN):
the host invites seat 2, a friend opens the invitation, joins, the host pastes the reply, and
the two play the first deal to its summary (the friend's cards played by hand, the host's
decisions taken as they come, a trick contract chosen: the latency is read off the trick).
Each round prints:

- the invitation link's and the reply link's lengths in characters, and the QR code's version
  (byte mode, level L, as ``web/runtime/qr.js`` draws it);
- join: from the invitation opened (a page with nothing cached but the browser's HTTP cache of
  the context) to the reply shown, the name typed at once;
- connect: from the reply pasted and "Connect" pressed to the seat shown connected on the
  host's page;
- card latency: from a friend's card clicked to that card shown in the trick on the host's
  table (both pages read the same machine clock, ``Date.now()``): median and 95th percentile
  over the deal's cards of the friend.

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

# The host's page notes when each of seat 2's cards first shows in a trick.
SEEN = """() => {
  window.seen = {};
  new MutationObserver(() => {
    for (const card of document.querySelectorAll('.trick [data-played][data-seat="2"]')) {
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


def one_round(browser: Browser, base: str) -> dict[str, float]:
    """Host, join, connect, and play the first deal; the round's figures."""
    host = browser.new_context(base_url=base).new_page()
    friend = browser.new_context(base_url=base).new_page()
    host.goto("/?lang=en&speed=instant&autoplay=0&friends=2")
    host.wait_for_selector("html.ready", timeout=TIMEOUT_MS)
    host.click('[data-action="menu"]')
    host.check("#friends-local")
    host.click('[data-action="host-table"]')
    invite = host.locator("[data-invite][data-seat='2']")
    invite.wait_for(timeout=TIMEOUT_MS)
    link = invite.get_attribute("data-invite-url") or ""
    started = time.monotonic()
    friend.goto(link)
    friend.wait_for_selector("input[data-friend-name]", timeout=TIMEOUT_MS)
    friend.fill("input[data-friend-name]", "Bob")
    friend.click('[data-action="join"]')
    reply = friend.locator("[data-reply-url]")
    reply.wait_for(timeout=TIMEOUT_MS)
    joined = time.monotonic() - started
    answer = reply.get_attribute("data-reply-url") or ""
    host.fill("input[data-reply-input][data-seat='2']", answer)
    started = time.monotonic()
    host.click("[data-action='accept-reply'][data-seat='2']")
    host.wait_for_selector("[data-seat-status='connected'][data-seat='2']", timeout=TIMEOUT_MS)
    connected = time.monotonic() - started
    host.evaluate(SEEN)
    latencies = play_deal(host, friend)
    figures = {
        "invite": len(link),
        "reply": len(answer),
        "qr": host.evaluate(QR_VERSION, link),
        "join": joined * 1000,
        "connect": connected * 1000,
        # a computer declarer may choose the Domino, whose cards go to rows, not a trick
        "median": statistics.median(latencies) if latencies else math.nan,
        "p95": sorted(latencies)[int(len(latencies) * 0.95)] if latencies else math.nan,
        "cards": len(latencies),
    }
    host.context.close()
    friend.context.close()
    return figures


def play_deal(host: Page, friend: Page) -> list[float]:
    """Play the deal to its summary; each friend's card's latency in ms."""
    clicked: dict[str, int] = {}
    for _ in range(2_000):
        states = [host.evaluate(STATE), friend.evaluate(STATE)]
        if states == ["next", "next"]:
            break
        for page, state in zip((host, friend), states, strict=True):
            if state is None or state == "next":
                continue
            if page is friend and state == "card":
                played = friend.evaluate(PLAY)
                if played:
                    clicked[played[0]] = played[1]
            elif state == "card":
                host.locator("#hand button[data-card].playable").first.click(timeout=3_000)
            else:
                page.locator(state).first.click(timeout=3_000)
        host.wait_for_timeout(20)
    else:
        raise RuntimeError("the deal did not end")
    seen: dict[str, int] = host.evaluate("() => window.seen")
    return [float(seen[card] - t) for card, t in clicked.items() if card in seen]


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
    print(f"friends' table, loopback, two browser contexts, {args.rounds} rounds:")
    for n, r in enumerate(rounds, 1):
        print(
            f"  round {n}: invitation {r['invite']:.0f} chars (QR version {r['qr']:.0f}), "
            f"reply {r['reply']:.0f} chars; join {r['join']:.0f} ms, connect "
            f"{r['connect']:.0f} ms; card latency median {r['median']:.0f} ms, 95th "
            f"percentile {r['p95']:.0f} ms over {r['cards']:.0f} cards"
        )
    for key, name in (("join", "join"), ("connect", "connect"), ("median", "card latency")):
        values = [r[key] for r in rounds if not math.isnan(r[key])]
        median = f"{statistics.median(values):.0f} ms" if values else "none (Domino deals only)"
        print(f"  median of the rounds, {name}: {median}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

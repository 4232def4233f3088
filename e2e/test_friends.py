"""Friends at one table, in browser contexts that share nothing but the links carried between
them: the host invites, a friend joins, the reply goes back, and they play a deal together over
a direct data channel (loopback, no STUN server), the host's engine the referee.

What a player would notice if these failed: an invitation that leads nowhere, a friend's table
that never appears or shows another seat's cards, a card that shows on one table and not on the
other, different totals on two screens, a deal check that does not say whether it passed or
that passes a lying host, a friend sent a card of another seat's hand, a reload of the host's page
that ends the game."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from e2e.browser_helpers import tap_first, wait_ready
from e2e.test_accessibility import check
from e2e.test_session_play import STATE  # what a page asks of its player now

LOADED_MS = 60_000
"""How long a step between browsers may take (an invitation made, a seat connected, a table
shown): a second or two on loopback, but the pages of up to four browsers, each starting its
Python and its computer players' worker, share two cores with the other tests."""


def act(page: Page, state: str) -> None:
    """Take the page's decision the simplest legal way. The page may take it first (a friend's
    only legal card, played for him as at the solo table): then the click finds nothing to
    press, and the next look at the page says what is asked now."""
    target = {
        "contract": "[data-contract]:not([disabled])",
        "trump": '[data-trump="S"]',
        "rank": '[data-rank="7"]',
        "double": '[data-action="doubles-done"]',
        "card": "#hand button[data-card].playable",
    }.get(state)
    if target is not None:  # nothing to press ("next" and "over" are the tests' to press)
        tap_first(page, target, 3_000)


def host_table(page: Page, seats: str) -> None:
    """Open the game with friends' seats ``seats`` asked for, and invite them (same network)."""
    page.goto(f"/?lang=en&speed=instant&autoplay=0&friends={seats}")
    wait_ready(page)
    page.click('[data-action="menu"]')
    page.check("#friends-local")
    page.click('[data-action="host-table"]')


def invitation(page: Page, seat: int) -> str:
    """The invitation link of ``seat`` on the host's page."""
    invite = page.locator(f"[data-invite][data-seat='{seat}']")
    expect(invite).to_have_count(1, timeout=LOADED_MS)
    url = invite.get_attribute("data-invite-url")
    assert url and "#join=" in url
    return url


def join(page: Page, url: str, name: str) -> str:
    """Open an invitation, give a name, join; the reply link."""
    page.goto(url)
    wait_ready(page)
    page.fill("input[data-friend-name]", name)
    page.click('[data-action="join"]')
    reply = page.locator("[data-reply-url]")
    expect(reply).to_have_count(1, timeout=LOADED_MS)
    code = page.locator("[data-reply-code]").get_attribute("data-reply-code")
    url = reply.get_attribute("data-reply-url")
    assert url and "#reply=" in url and code and code in url
    return url


def connect(host: Page, friend: Page, seat: int, name: str) -> str:
    """The whole handshake for one friend's seat, until the host's page says so; the
    invitation's link."""
    link = invitation(host, seat)
    reply = join(friend, link, name)
    host.fill(f"input[data-reply-input][data-seat='{seat}']", reply)
    host.click(f"[data-action='accept-reply'][data-seat='{seat}']")
    status = host.locator(f"[data-seat-status][data-seat='{seat}']")
    try:
        expect(status).to_have_attribute("data-seat-status", "connected", timeout=LOADED_MS)
    except AssertionError as error:
        seat_text = host.locator(f"[data-friend-seat='{seat}']").inner_text()
        raise AssertionError(
            f"seat {seat} not connected; the host's page says: {seat_text}"
        ) from error
    return link


def play_deal(pages: list[Page]) -> None:
    """Play until every page shows the deal's summary."""
    for _ in range(400):
        states = [page.evaluate(STATE) for page in pages]
        if all(state == "next" for state in states):
            return
        for page, state in zip(pages, states, strict=True):
            if state not in (None, "next"):
                act(page, state)
        pages[0].wait_for_timeout(50)
    raise AssertionError(f"the deal did not end: {states}")


def play_until(host: Page, friend: Page) -> None:
    """Play the host's decisions until the friend has one to take."""
    for _ in range(200):
        if friend.evaluate(STATE) not in (None, "next"):
            return
        state = host.evaluate(STATE)
        if state not in (None, "next"):
            act(host, state)
        host.wait_for_timeout(50)
    raise AssertionError("the friend never had a decision to take")


HAND = "buttons => buttons.map(b => b.dataset.card)"
"""The cards of a hand's buttons, as a list."""


def totals(page: Page) -> list[str]:
    """The four seats' totals as the page shows them."""
    return [
        page.locator(f"[data-total][data-seat='{seat}']").text_content() or "" for seat in range(4)
    ]


def test_a_friend_joins_by_links_and_the_two_tables_play_one_deal(new_context):
    host, friend = new_context().new_page(), new_context().new_page()
    host_table(host, "2")
    link = invitation(host, 2)
    check(host, "the invitations")
    reply = join(friend, link, "Bob")
    check(friend, "the reply")
    host.fill("input[data-reply-input][data-seat='2']", reply)
    host.click("[data-action='accept-reply'][data-seat='2']")
    expect(friend.locator("html")).to_have_attribute("data-role", "friend", timeout=LOADED_MS)
    expect(friend.locator("html")).to_have_attribute("data-seat", "2")
    check(friend, "the friend's table")
    expect(friend.locator("#seat-2")).to_have_class(re.compile(r"\bpos-bottom\b"))
    assert host.locator("#seat-2 .seat-name").text_content() == "Bob"
    play_until(host, friend)  # the friend's first decision: its hint, from its view alone
    expect(friend.locator("html")).to_have_attribute("data-bots", "ready", timeout=60_000)
    friend.click('[data-action="hint"]')
    expect(friend.locator("#hint")).to_have_text(re.compile(r"^Hint: .+\.$"), timeout=LOADED_MS)
    play_deal([host, friend])
    assert totals(host) == totals(friend)
    expect(friend.locator("[data-deal-verified]")).to_have_attribute(
        "data-deal-verified", "true", timeout=LOADED_MS
    )


def test_the_host_starts_without_a_friend_and_two_deals_are_played_and_checked(new_context):
    """Seat 1 stays empty (its friend never answers): the host starts at once, a computer plays
    seat 1, and the table goes on from the first deal's summary to the second."""
    host, friend = new_context().new_page(), new_context().new_page()
    host_table(host, "1,2")
    invitation(host, 1)  # made, never answered
    reply = join(friend, invitation(host, 2), "Bob")
    host.fill("input[data-reply-input][data-seat='2']", reply)
    host.click("[data-action='accept-reply'][data-seat='2']")
    status = host.locator("[data-seat-status][data-seat='2']")
    expect(status).to_have_attribute("data-seat-status", "connected", timeout=LOADED_MS)
    expect(host.locator("[data-seat-status][data-seat='1']")).to_have_attribute(
        "data-seat-status", "invited"
    )
    expect(friend.locator("html")).not_to_have_attribute("data-role", "friend")  # waits for 1
    host.click("[data-action='friends-start']")
    expect(friend.locator("html")).to_have_attribute("data-role", "friend", timeout=LOADED_MS)
    for number in (1, 2):
        expect(friend.locator("[data-deal]")).to_have_attribute("data-deal", str(number))
        play_deal([host, friend])
        assert totals(host) == totals(friend)
        verified = friend.locator(f"[data-deal-verified][data-verified-deal='{number}']")
        expect(verified).to_have_attribute("data-deal-verified", "true", timeout=LOADED_MS)
        for page in (host, friend):
            page.click('[data-action="next"]')


def test_a_friend_who_drops_is_away_and_comes_back_to_the_same_hand(new_context):
    """The friend's tab closes mid-deal: the host's page shows the seat away, makes a new
    invitation for it, and the friend who opens it finds the same hand."""
    host, friend = new_context().new_page(), new_context().new_page()
    host_table(host, "2")
    old = connect(host, friend, 2, "Bob")
    expect(friend.locator("html")).to_have_attribute("data-role", "friend", timeout=LOADED_MS)
    hand = friend.locator("#hand button[data-card]")
    expect(hand).to_have_count(13)
    cards = sorted(hand.evaluate_all("buttons => buttons.map(b => b.dataset.card)"))
    friend.context.close()
    status = host.locator("[data-seat-status][data-seat='2']")
    expect(status).to_have_attribute("data-seat-status", "away", timeout=LOADED_MS)
    host.click("[data-action='reinvite'][data-seat='2']")
    fresh = host.locator("[data-invite][data-seat='2']")
    expect(fresh).not_to_have_attribute("data-invite-url", old, timeout=LOADED_MS)  # a new one
    back = new_context().new_page()
    assert connect(host, back, 2, "Bob") != old
    expect(back.locator("html")).to_have_attribute("data-role", "friend", timeout=LOADED_MS)
    again = back.locator("#hand button[data-card]")
    expect(again).to_have_count(13)
    assert sorted(again.evaluate_all("buttons => buttons.map(b => b.dataset.card)")) == cards


# A hostile friend: no Barbu page at all, only the site's transport driven by hand (a page of
# the site's origin, the transport module imported), sending whatever it likes once connected.
HOSTILE = """async (fragment) => {
  const m = await import('/web/friends.js');
  const meta = await m.read(fragment);
  const guest = new m.Guest({ iceServers: [] });
  window.received = [];
  window.opened = new Promise((resolve) => guest.listen((kind, seat, text) => {
    if (kind === 'message') window.received.push(JSON.parse(text));
    if (kind === 'open') resolve();
  }));
  window.guest = guest;
  window.token = meta.token;
  return (await guest.join(fragment, 'Mallory')).url;
}"""

ATTACK = """async () => {
  await window.opened;
  const send = (fields) => window.guest.send(JSON.stringify({ v: 1, ...fields }));
  send({ t: 'hello', n: 0, name: 'Mallory', token: window.token });
  window.guest.send('{"v": 1, "t": [[[[[[[[[[]]]]]]]]]]}');  // garbage, nested too deep
  window.guest.send('not JSON at all');
  send({ t: 'act', n: 1, deal: 1, count: 0, action: '2C' });  // not its turn, not its card
  send({ t: 'act', n: 1, deal: 1, count: 0, action: '2C' });  // the same number again
  for (let n = 2; n < 300; n += 1) send({ t: 'ping', n });  // a flood
}"""


def test_a_hostile_friends_garbage_replays_and_flood_are_refused_and_the_deal_goes_on(
    new_context,
):
    host, mallory = new_context().new_page(), new_context().new_page()
    host_table(host, "2")
    link = invitation(host, 2)
    mallory.goto("/web/manifest.webmanifest")  # the site's origin, no game on it
    reply = mallory.evaluate(HOSTILE, link[link.index("#") :])
    host.fill("input[data-reply-input][data-seat='2']", reply)
    host.click("[data-action='accept-reply'][data-seat='2']")
    mallory.evaluate(ATTACK)
    status = host.locator("[data-seat-status][data-seat='2']")
    expect(status).to_have_attribute("data-seat-status", "connected", timeout=LOADED_MS)
    expect(host.locator("[data-notice='friend-refused']")).to_have_count(1, timeout=LOADED_MS)
    mallory.wait_for_function("window.received.some((m) => m.t === 'refused')")
    refused = mallory.evaluate("window.received.filter((m) => m.t === 'refused').length")
    assert 1 <= refused < 50  # each refusal answered at most once in a while, not the flood
    # The host's table plays on: the deal is dealt without Mallory's contribution, which never
    # comes, and the host's page draws it and hears its player.
    expect(host.locator("#seed.friends-mark")).to_be_visible(timeout=LOADED_MS)
    expect(host.locator("#status [data-deal]")).to_have_attribute("data-deal", "1")
    expect(host.locator("#hand button[data-card]")).to_have_count(13)
    host.click('.toolbar a[href="#scores"]')
    expect(host.locator("#scores")).to_be_in_viewport()


def test_the_hosts_reload_resumes_the_table_and_the_friend_comes_back_to_the_same_hand(
    new_context,
):
    """The host's tab reloads mid-deal: the table comes back from the save, the friend's seat
    away with a new invitation; the friend opens it in a new tab of the same browser, finds the
    same hand, the deal is played to its end with equal totals, and still checks."""
    host, friend = new_context().new_page(), new_context().new_page()
    host_table(host, "2")
    old = connect(host, friend, 2, "Bob")
    expect(friend.locator("html")).to_have_attribute("data-role", "friend", timeout=LOADED_MS)
    play_until(host, friend)
    cards = sorted(friend.locator("#hand button[data-card]").evaluate_all(HAND))
    mine = sorted(host.locator("#hand button[data-card]").evaluate_all(HAND))
    host.reload()
    wait_ready(host)
    status = host.locator("[data-seat-status][data-seat='2']")
    expect(status).to_have_attribute("data-seat-status", "away", timeout=LOADED_MS)
    expect(host.locator("#seed.friends-mark")).to_be_visible()
    expect(host.locator("#status [data-deal]")).to_have_attribute("data-deal", "1")
    assert sorted(host.locator("#hand button[data-card]").evaluate_all(HAND)) == mine
    fresh = invitation(host, 2)
    assert fresh != old
    expect(status).to_have_attribute("data-seat-status", "away")  # invited anew, still waited for
    back = friend.context.new_page()  # the new link opened in a new tab of the same browser
    friend.close()
    reply = join(back, fresh, "Bob")
    host.fill("input[data-reply-input][data-seat='2']", reply)
    host.click("[data-action='accept-reply'][data-seat='2']")
    expect(status).to_have_attribute("data-seat-status", "connected", timeout=LOADED_MS)
    expect(back.locator("html")).to_have_attribute("data-role", "friend", timeout=LOADED_MS)
    assert sorted(back.locator("#hand button[data-card]").evaluate_all(HAND)) == cards
    play_deal([host, back])
    assert totals(host) == totals(back)
    verified = back.locator("[data-deal-verified][data-verified-deal='1']")
    expect(verified).to_have_attribute("data-deal-verified", "true", timeout=LOADED_MS)


# Every message a friend's page receives on its data channel, kept in the page as it came.
RECORDER = """(() => {
  const seen = new WeakSet();
  window.received = [];
  const add = EventTarget.prototype.addEventListener;
  RTCDataChannel.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'message') return add.call(this, type, listener, options);
    return add.call(this, type, (event) => {
      if (!seen.has(event) && typeof event.data === 'string') {
        seen.add(event);
        window.received.push(event.data);
      }
      return listener.call(this, event);
    }, options);
  };
})()"""

# A host that lies once: the first deal's reveal it sends says another secret.
TAMPER = """(() => {
  const send = RTCDataChannel.prototype.send;
  let lied = false;
  RTCDataChannel.prototype.send = function (data) {
    if (!lied && typeof data === 'string' && data.includes('"reveal"')) {
      const message = JSON.parse(data);
      if (message.t === 'reveal') {
        lied = true;
        const s = message.secret;
        message.secret = (s[0] === '0' ? '1' : '0') + s.slice(1);
        return send.call(this, JSON.stringify(message));
      }
    }
    return send.call(this, data);
  };
})()"""

CARD_TEXT = re.compile(r"^(10|[2-9TJQKA])[SHDC]$")


def cards_named(value: object) -> set[str]:
    """Every card a message names, wherever in it."""
    if isinstance(value, str):
        return {value} if CARD_TEXT.match(value) else set()
    if isinstance(value, list):
        return {c for v in value for c in cards_named(v)}
    if isinstance(value, dict):
        return {c for v in value.values() for c in cards_named(v)}
    return set()


def test_four_browsers_play_a_deal_to_equal_totals_and_a_lying_host_is_caught(new_context):
    """A host and three friends, each in a browser of its own: the whole deal played to its
    summary shows the same totals on the four pages; no friend's page is ever sent another
    seat's card before it is played; the host, who lies about one friend's reveal, fails that
    friend's check and passes the two others'."""
    host = new_context().new_page()
    host.add_init_script(TAMPER)
    host_table(host, "1,2,3")
    friends = []
    for seat, name in ((1, "Alba"), (2, "Bruno"), (3, "Vera")):
        friend = new_context().new_page()
        friend.add_init_script(RECORDER)
        connect(host, friend, seat, name)
        friends.append(friend)
    for friend in friends:
        expect(friend.locator("html")).to_have_attribute("data-role", "friend", timeout=LOADED_MS)
    for seat, friend in enumerate(friends, 1):
        expect(friend.locator("#hand button[data-card]")).to_have_count(13)
        assert friend.locator("html").get_attribute("data-seat") == str(seat)
    play_deal([host, *friends])
    shown = totals(host)
    assert all(totals(friend) == shown for friend in friends), shown
    verdicts = []
    for friend in friends:
        check = friend.locator("[data-deal-verified][data-verified-deal='1']")
        expect(check).to_have_count(1, timeout=LOADED_MS)
        verdicts.append(check.get_attribute("data-deal-verified"))
    assert sorted(verdicts) == ["false", "true", "true"], verdicts
    for friend in friends:
        own: set[str] = set()
        played: set[str] = set()
        for text in friend.evaluate("window.received"):
            message = json.loads(text)
            if message["t"] == "view":
                deal = message["view"]["deal"]
                if deal["phase"] == "done":
                    break  # the deal is over: every hand is shown
                own = own or set(deal["hand"])
                played |= {card for _, card in deal["played"]}
            assert cards_named(message) <= own | played, sorted(cards_named(message) - own)
        assert len(own) == 13 and len(played) >= 40

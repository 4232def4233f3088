"""A friend's side of a friends' table on the game page: the invitation opened, the reply made,
then the host's table drawn from this seat's views.

A page opened on an invitation (``#join=`` in its address) shows the invitation (who invites,
the game, the seat), asks the friend's name, and makes the reply (the transport,
``web/runtime/friends.js``'s ``Guest``). Once the host accepts it the channel opens: the page says
hello with the invitation's token, and from then on the host's messages drive it
(``web.friends.remote.RemoteGame``): the first view puts the friend's table on the page, with
the friend's seat at the bottom; each later view comes with the engine's ``Event`` of the action
it follows, shown as the solo table shows its own (``Happened``); the friend's taps are sent to
the host (``act``), whose refusal comes back worded by the engine's reason. After each deal the
page checks it (``data-deal-verified``).

``FriendGame`` is the controller's ``Game`` for that: every reading member answers from the
seat's view; nothing is applied here (``apply`` refuses: the host's referee applies).
A reply link opened in the host's own browser (``#reply=``) is handed to the host's tab instead
(``deliver``).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol, cast

from barbu import (
    Action,
    DealSummary,
    Event,
    Phase,
    Refusal,
    RuleError,
    Rules,
    Session,
    SessionView,
)
from barbu.jsontext import JsonRefused
from barbu.jsontext import load as load_json
from barbu.presets import rules_from_record
from web.components.browser import js_object
from web.friends.guest import Change
from web.friends.remote import RemoteGame
from web.game.effects import (
    Draw,
    Effect,
    Happened,
    Hold,
    Later,
    Notify,
    Put,
    Redraw,
    Show,
    ShowPlay,
)
from web.game.engine import Game
from web.game.sessions import Sessions
from web.languages.i18n import Catalog
from web.languages.words import refusal, rules_link
from web.model.friends import ice_servers
from web.model.settings import NAME_LIMIT, Settings
from web.model.state import UiState
from web.table.joining import JoinProps
from web.table.view import TableView

__all__ = ["KEPT_PREFIX", "FriendGame", "Joining", "Page"]

KEPT_PREFIX = "barbu.friends."
"""A friend's page keeps what it saw of a table's deals under this prefix and the table's id."""


class FriendGame(Game):
    """The game on a friend's page: ``Game``'s members answered by a ``RemoteGame``."""

    def __init__(self, remote: RemoteGame) -> None:  # no Session here: the host holds it
        self.remote = remote

    @property
    def seat(self) -> int:
        """This page's seat (drawn at the bottom)."""
        return self.remote.seat or 0

    @property
    def friends(self) -> bool:
        """Friends play this game."""
        return True

    @property
    def rules(self) -> Rules:
        """The game the host's table plays."""
        return self.remote.rules

    @property
    def seed(self) -> int | None:
        """None: nobody chooses a friends' table's deals."""
        return None

    @property
    def is_over(self) -> bool:
        """Whether the session is over."""
        return self.remote.is_over

    @property
    def number(self) -> int:
        """The current deal's number."""
        return self.remote.number

    @property
    def to_move(self) -> int | None:
        """The seat to act now."""
        return self.remote.to_move

    @property
    def phase(self) -> Phase:
        """The current deal's phase."""
        return self.remote.phase

    @property
    def declarer(self) -> int:
        """The current deal's declarer."""
        return self.remote.declarer

    @property
    def deal_over(self) -> bool:
        """Whether the current deal is over."""
        return self.remote.deal_over

    @property
    def played(self) -> int:
        """Cards played in the current deal."""
        return self.remote.played

    def acted(self, seat: int) -> bool:
        """Whether ``seat`` acted in the current deal."""
        return self.remote.acted(seat)

    def played_a_card(self, seat: int) -> bool:
        """Whether ``seat`` played a card in the current deal."""
        return self.remote.played_a_card(seat)

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions (none when another seat is to move)."""
        return self.remote.legal_actions()

    def replayable(self) -> Session:
        """The deals this page checked, as a session (the replay)."""
        return self.remote.replayable()

    def cut(self, number: int, step: int) -> Game:
        """No practice from a friends' table's deal (the host holds the hands)."""
        raise RuleError("a friends' table's deal is not played on alone", "bad-step")

    def view(self) -> SessionView:
        """What this seat may know now."""
        return self.remote.view()

    def summary(self, number: int) -> DealSummary | None:
        """A finished deal's score-sheet row."""
        return self.remote.summary(number)

    @property
    def between_deals(self) -> bool:
        """Whether the deal is over and the host deals the next."""
        return self.remote.between_deals

    def reason(self, action: Action) -> RuleError | None:
        """Why this seat's ``action`` is illegal now, or None."""
        return self.remote.reason(action)

    def record(self) -> dict[str, Any]:
        """The deals this page checked, as a session record marked as played with friends."""
        return self.remote.record()

    def position_json(self) -> str:
        """This seat's view, for the hint (the host's worker plays the empty seats)."""
        return self.remote.position_json()

    def bot_seed(self) -> str:
        """A seed named after the position (unused here)."""
        return self.remote.bot_seed()

    def apply(self, action: Action) -> Event:
        """Nothing is applied here: the host's referee applies (``Joining.act``)."""
        raise RuleError("the host's table applies the actions", "not-your-turn")

    def take_back(self) -> int:
        """Take-back is off at a friends' table."""
        return self.remote.take_back()

    @property
    def practised(self) -> bool:
        """Never practised."""
        return False

    def next_deal(self) -> None:
        """The host deals the next deal."""


class Page(Protocol):
    """What joining needs of the page (``web.game.app.PageController``)."""

    window: Any
    query: str
    boot: Any
    table: TableView
    settings: Settings
    sessions: Sessions

    @property
    def catalog(self) -> Catalog: ...
    @property
    def ui(self) -> UiState: ...

    def apply(self, effects: Sequence[Effect]) -> None: ...


class Joining:
    """This page's seat at a friend's table, if it was opened on an invitation."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.props = JoinProps("reading")
        self.code = ""
        self.token = ""
        self.name = ""
        self.module: Any = None
        self.guest: Any = None
        self.remote = RemoteGame()
        self.game: FriendGame | None = None
        self.proxies: list[Any] = []
        self.kept_key = ""
        """Where this browser keeps what it saw of the table's deals (``keep``)."""
        self.kept = ""

    @property
    def active(self) -> bool:
        """Whether this page is a friend's at a friends' table."""
        return self.props.stage != "none" and bool(self.code)

    @property
    def playing(self) -> bool:
        """Whether the host's table is on this page."""
        return self.game is not None

    def people(self) -> tuple[tuple[int, str], ...]:
        """The other seats people play (the host's, the other friends'), and their state."""
        table = self.remote.table
        out = []
        for seat, kind in enumerate(table.kinds):
            status = table.status[seat] if seat < len(table.status) else "connected"
            if seat != table.seat and (kind == "host" or status in ("connected", "away")):
                out.append((seat, "host" if kind == "host" else status))
        return tuple(out)

    def qr(self, text: str, label: str) -> Any:
        """A QR code of ``text`` (an SVG node)."""
        return self.module.qr(text, label) if self.module is not None else None

    async def open(self, fragment: str) -> list[Effect]:
        """Read the invitation in the address's ``fragment`` (``#join=...``)."""
        self.code = fragment  # "#join=...": the transport reads past the "#join="
        self.module = await self.page.boot.friends()
        meta = await self.module.read(self.code)
        error = getattr(meta, "error", None)
        if error:
            return self.show(replace(self.props, stage="error", error=f"peer.{error}"))
        try:
            record = meta.rules.to_py() if hasattr(meta.rules, "to_py") else meta.rules
            rules = rules_from_record(record)
            seat, host = int(meta.seat), str(meta.host)[:NAME_LIMIT]
            self.token, local = str(meta.token), bool(meta.local)
            self.recall(str(getattr(meta, "table", "")))
        except (AttributeError, TypeError, ValueError, RuleError) as e:
            self.page.window.console.warn(f"Barbu: an invitation not read: {e!r}")
            return self.show(replace(self.props, stage="error", error="peer.damaged"))
        servers = ice_servers(self.page.query, local)
        self.guest = self.module.Guest.new(js_object(self.page.window, iceServers=servers))
        from pyodide.ffi import create_proxy

        listener = create_proxy(self.heard)
        self.proxies.append(listener)
        self.guest.listen(listener)
        name = self.page.settings.name
        props = JoinProps("invited", host, rules.name, len(rules.options), seat, name)
        return self.show(props)

    def recall(self, table: str) -> None:
        """What this browser kept of the table ``table`` (a return after a drop), taken back
        so that the deal left still checks (``GuestTable.recall``)."""
        if not (0 < len(table) <= 32 and all(c in "0123456789abcdef" for c in table)):
            return
        self.kept_key = f"{KEPT_PREFIX}{table}"
        text = self.page.sessions.slot.store.read(self.kept_key)
        if text is not None:  # nothing usable kept: the deal left is said unchecked, no more
            with contextlib.suppress(JsonRefused):
                self.remote.table.recall(load_json(text))

    def keep(self) -> None:
        """Keep what this page saw of the last deals, when it changed (a failed write only
        costs the check after a return)."""
        if not self.kept_key:
            return
        text = json.dumps(self.remote.table.keep(), separators=(",", ":"))
        if text != self.kept:
            self.kept = text
            self.page.sessions.slot.store.write(text, self.kept_key)

    def show(self, props: JoinProps) -> list[Effect]:
        """Take ``props`` and draw the panel."""
        self.props = props
        self.page.table.joining.draw(self.page.catalog, props, self.qr)
        return []

    async def join(self) -> list[Effect]:
        """The friend's name typed: make the reply to send back."""
        typed = self.page.table.joining.name()
        name = "".join(c for c in typed if c.isprintable()).strip()[:NAME_LIMIT]
        if not name:
            return self.show(replace(self.props, error="friends.name_missing"))
        self.name = name
        answer = await self.guest.join(self.code, name)
        error = getattr(answer, "error", None)
        if error:
            return self.show(replace(self.props, stage="error", error=f"peer.{error}"))
        props = replace(
            self.props,
            stage="replying",
            name=name,
            reply_url=str(answer.url),
            reply_code=str(answer.code),
            error=None,
        )
        return self.show(props)

    def heard(self, kind: Any, seat: Any, text: Any) -> None:
        """The transport's callback: the channel opened or closed, or a message came."""
        kind, text = str(kind), str(text)
        if kind == "open":
            self.send(self.remote.table.hello(self.name, self.token))
        elif kind == "close":
            self.page.apply(self.show(replace(self.props, stage="lost", error="friends.lost")))
        elif kind == "message":
            self.page.apply(self.received(self.remote.receive(text)))

    def send(self, text: str) -> None:
        """Send a message to the host."""
        self.guest.send(text)

    def received(self, change: Change) -> list[Effect]:
        """What one message from the host changed, as effects."""
        for text in change.sends:
            self.send(text)
        if change.sends or change.view:
            self.keep()
        effects: list[Effect] = []
        if change.reload:
            effects.append(Notify("friends-reload", "friends.reload"))
        if change.refused is not None:
            effects += self.refused(change.refused)
        if change.verified is not None:
            number = change.verified
            ok = self.remote.table.verified.get(number, False)
            reason = self.remote.table.reasons.get(number, "")
            if ok and self.remote.is_over and number == self.remote.number:
                effects += self.record_stats()
            effects += self.show(replace(self.props, verified=ok, reason=reason, checked=number))
        if change.view and self.remote.table.view is not None:
            effects += self.viewed(change.event)
        elif change.seats and self.game is not None:
            effects.append(Draw())
        return effects

    def viewed(self, event: Event | None) -> list[Effect]:
        """A new view of this seat: the table put on the page (the first), the action shown."""
        if self.game is None:
            self.game = FriendGame(self.remote)
            names = tuple(self.remote.table.names)
            self.page.table.seat_at_bottom(self.game.seat)
            self.page.table.mark_root("data-role", "friend")
            self.page.table.mark_root("data-seat", str(self.game.seat))
            stage = replace(self.props, stage="playing")
            game = self.game
            # the table put on the page, its header drawn anew (no seed: "with friends")
            put: list[Effect] = [Hold(game), Put(game, names, None), ShowPlay(True), Redraw()]
            return [*self.show(stage), *put]
        if event is not None:
            return [Happened(event)]
        return [Draw()]

    def record_stats(self) -> list[Effect]:
        """The session's last deal checked: its entry goes into this player's statistics,
        marked as played at a friends' table from this seat (a session with a deal this page
        could not check is not over in its record, and is not counted). A refused write is
        said and tried again later, as the solo table's (``web.game.unkept``)."""
        from web.stats.record import finished_entry

        record = self.remote.record()
        if len(record["deals"]) != self.remote.rules.deals:
            return []
        now = int(self.page.window.Date.now())
        key, text = finished_entry(record, self.page.settings.level, now)
        boot = self.page.boot
        stored = self.page.sessions.slot.store.retried(
            "stats-failed", lambda: boot.recordStats(key, text)
        )
        return [Later(stored)]

    def refused(self, fields: dict[str, Any]) -> list[Effect]:
        """The host refused this page's last action: say why, in the engine's words."""
        code, params = cast("Refusal", fields.get("rule")), fields.get("params")
        words = {str(k): v for k, v in params.items()} if isinstance(params, dict) else {}
        try:  # a code outside the engine's closed set is refused by RuleError itself
            error = RuleError(str(code), code, **words)
        except TypeError:
            return [Draw()]
        catalog = self.page.catalog
        text = refusal(catalog, error)
        return [Show(self.page.ui.refused(text, rules_link(catalog.lang, error)))]

    def act(self, action: Action) -> list[Effect]:
        """The friend's action, sent to the host (refused here first if the view says so)."""
        try:
            text = self.remote.act(action)
        except RuleError as error:
            catalog = self.page.catalog
            words = refusal(catalog, error)
            return [Show(self.page.ui.refused(words, rules_link(catalog.lang, error)))]
        self.send(text)
        return []

    async def copy(self) -> list[Effect]:
        """Copy the reply's link."""
        await self.module.copy(self.props.reply_url)
        return []

    async def share(self) -> list[Effect]:
        """Share the reply's link."""
        await self.module.share(self.props.reply_url, self.page.catalog.text("friends.reply_title"))
        return []


async def deliver(boot: Any, fragment: str) -> list[Effect]:
    """A friend's reply opened in the host's browser: hand it to the host's tab, and say whether
    one took it (the transport then closes this tab, if the browser lets a page do that)."""
    module = await boot.friends()
    taken = bool(await module.deliverReply(fragment))
    key = "friends.reply_delivered" if taken else "friends.reply_not_delivered"
    return [Notify("reply", key)]

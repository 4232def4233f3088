"""The replay on the page: opening a finished deal (of the session, or shared by a link or a
file), stepping through it, sharing it, asking the expert's review of the player's decisions
in it, and going back to the game as it was.

While a replay shows (``<html data-view="replay">``) the game's regions are hidden and the
computer players wait (``UiState.replaying``); closing it shows the game again, unchanged, and
lets them play on. The replay itself is a pure value (``web.model.replay.Replay``) drawn by
``web.table.replay``; sharing is ``web.game.share``; the review runs in the computer players'
worker (``web.runtime.worker.review``) and comes back as ``web.model.review.ReviewItem``s.

``Replays`` keeps the replay's own state and touches nothing of the page: each decision returns
effects (``web.game.effects``) for the controller's ``apply``, in the order they are carried
out: the replay's region shown, drawn from its props (``DrawReplay``) and focused, the UI
state, the menu, a notice, an announcement, the table redrawn, the focus given back, the
players kicked, a file downloaded, a practice started. A link made (``share``) comes after an
await: its effects come back through ``Later``. The reviews run in the worker across several
awaits: what they decide between two awaits (their progress drawn, a deal's review shown) is
handed to ``apply`` as it comes, like the computer players' loop does.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol

from barbu import Deal, Session
from barbu.wire import deal_position
from web.game.bots import ComputerPlayers
from web.game.effects import (
    Announce,
    CloseMenu,
    Download,
    Draw,
    DrawReplay,
    Effect,
    FocusBack,
    FocusReplay,
    Kick,
    Notify,
    PlayOn,
    ReplayBoard,
    ReplayShown,
)
from web.game.engine import Game
from web.game.kept_reviews import ReviewShelf, deal_key
from web.game.save import SaveStore
from web.game.share import (
    LINK_LIMIT,
    SharedDeal,
    SharedSession,
    ShareRefused,
    deflate,
    encode_payload,
    link_payload,
    shared_from_payload,
    shared_session_text,
    shared_text,
)
from web.game.slot import previous_session
from web.languages.i18n import Catalog
from web.languages.words import announcement, said
from web.model.replay import Replay
from web.model.review import ReviewItem, review_items
from web.model.session_review import SessionReview
from web.model.settings import clean_name
from web.model.state import UiState
from web.table.replay_props import replay_props


class Page(Protocol):
    """What the replays read of the page (``web.game.app.PageController``): nothing here is
    written; the effects returned, or handed to ``apply`` between a review's awaits, say what
    changes."""

    window: Any
    game: Game
    names: list[str]
    catalog: Catalog
    bots: ComputerPlayers

    def default_names(self) -> list[str]: ...
    def apply(self, effects: Sequence[Effect]) -> None: ...

    @property
    def ui(self) -> UiState: ...


__all__ = ["MOVES", "Found", "Page", "Replays"]

Found = tuple[tuple[ReviewItem, ...] | None, list[Effect]]
"""A review kept (None: none), and what finding it asks of the page (a damaged text said)."""

MOVES: dict[str, Callable[[Replay], Replay]] = {
    "replay-home": Replay.home,
    "replay-back": Replay.back,
    "replay-forward": Replay.forward,
    "replay-end": Replay.end,
}
"""The step buttons' and keys' moves."""


class Replays:
    """The replay shown on ``page`` (None: the game shows)."""

    def __init__(self, page: Page, store: SaveStore) -> None:
        self.page = page
        self.store = store
        """The saves on this device (the previous session's, the reviews kept)."""
        self.replay: Replay | None = None
        self.opener: Any = None
        """The button that opened the replay: the focus goes back to it."""
        self.reviews: dict[str, tuple[ReviewItem, ...]] = {}
        """The reviews made or read in this visit, by deal (``kept_reviews.deal_key``)."""
        self.shelf = ReviewShelf(store)
        """The reviews kept on this device, each with its deal."""
        self.review_call: Any = None
        """The review under way in the worker (``{id, answer}``), or None."""
        self.whole: SessionReview | None = None
        """The review of a whole session, under way or made in this visit."""
        self.whole_of: Session | None = None
        """The session ``whole`` reviews."""

    # -- opening and closing ---------------------------------------------------------------

    def open_deal(self, number: int, opener: Any = None) -> list[Effect]:
        """Replay deal ``number`` of the session on the table (a finished one)."""
        return self.open_in(
            self.page.game.replayable(), number, tuple(self.page.names), "session", 0, opener
        )

    def open_in(
        self,
        session: Session,
        number: int,
        names: tuple[str, ...],
        source: str,
        mine: int | None,
        opener: Any = None,
    ) -> list[Effect]:
        """Replay deal ``number`` of ``session`` (a finished one), from ``source``
        (``replay.SOURCES``), with its review if one is kept; from its first step, a shared one
        too (its outcome is not given away)."""
        deals = session.deals
        if not 0 < number <= len(deals) or not deals[number - 1].is_over:
            return []
        deal = deals[number - 1]
        replay = Replay(
            deal.at(len(deal.history)), names, number, mine, source=source, session=session
        )
        kept, effects = self.kept_review(deal) if mine is not None else (None, [])
        replay = replay if kept is None else replay.reviewed(kept)
        if self.replay is None:
            return [*effects, *self.show(replay, opener)]
        if self.whole is None or not self.whole.running:  # a session's review goes on
            effects += self.cancel_review()
        self.replay = replay
        return [*effects, *self.draw(), Announce(self.said())]

    def to_deal(self, value: str) -> list[Effect]:
        """Another deal of the replay's session, chosen in its list."""
        replay = self.replay
        if replay is not None and replay.session is not None and value.isdigit():
            number, source = int(value), replay.source
            return self.open_in(replay.session, number, replay.names, source, replay.mine)
        return []

    def open_previous(self, opener: Any = None) -> list[Effect]:
        """Replay the deals of the previous session kept on this device (its last finished
        deal first)."""
        found = previous_session(self.store)
        deals = found[1].replayable().finished_deals() if found is not None else []
        if found is None or not deals:
            return [Notify("previous-empty", "notice.previous_no_deal")]
        saved, game = found
        defaults = self.page.default_names()
        names = tuple(
            clean_name(name) or defaults[seat]
            for seat, name in enumerate(saved.names or ("", "", "", ""))
        )
        return self.open_in(game.replayable(), deals[-1].number, names, "previous", 0, opener)

    def kept_review(self, deal: Deal) -> Found:
        """The review made of ``deal`` in this visit or kept on this device, if any (a damaged
        text of kept reviews is said once, and set aside)."""
        key = deal_key(deal)
        effects: list[Effect] = []
        if key not in self.reviews:
            found = self.shelf.find(deal)
            if self.shelf.take_damaged():
                effects.append(Notify("reviews-damaged", "notice.reviews_damaged"))
            if found is None:
                return None, effects
            self.reviews[key] = found
        return self.reviews[key], effects

    def open_shared(self, shared: SharedDeal | SharedSession) -> list[Effect]:
        """Replay a deal someone shared (or a session's last deal), from its first step: the
        outcome is not given away before the deal is stepped through."""
        t = self.page.catalog.text
        defaults = (t("replay.sender"), t("player.1"), t("player.2"), t("player.3"))
        names = tuple(name or defaults[seat] for seat, name in enumerate(shared.names))
        if isinstance(shared, SharedSession):
            closed = self.close()  # a replay shown before gives way
            number = shared.deals[-1].number
            return [*closed, *self.open_in(shared.session, number, names, "shared", None)]
        return self.show(Replay(shared.deal, names, None, None, source="shared"), None)

    def open_link(self, fragment: str, query: str) -> list[Effect]:
        """Open the deal an address shares, if any; a link that cannot be opened is refused
        with a notice, and the game plays on."""
        payload = link_payload(fragment, query)
        if payload is None:
            return []
        try:
            shared = shared_from_payload(payload)
        except ShareRefused as error:
            return self.refuse(error)
        return self.open_shared(shared)

    def refuse(self, error: ShareRefused) -> list[Effect]:
        """Say why a shared link or file is not opened."""
        return [Notify("share-refused", f"notice.share_{error.code.replace('-', '_')}")]

    def show(self, replay: Replay, opener: Any) -> list[Effect]:
        """Put ``replay`` on the screen in place of the game."""
        closed: list[Effect] = [CloseMenu()] if self.page.ui.menu_open else []
        self.opener = opener
        self.replay = replay
        return [*closed, ReplayShown(True), *self.draw(), FocusReplay(), Announce(self.said())]

    def close(self) -> list[Effect]:
        """Back to the game, as it was; the computer players play on."""
        if self.replay is None:
            return []
        cancelled = self.cancel_review()
        self.replay = None
        opener, self.opener = self.opener, None
        return [*cancelled, ReplayShown(False), Draw(), FocusBack(opener), Kick()]

    # -- stepping --------------------------------------------------------------------------

    def move(self, action: str) -> list[Effect]:
        """A step button or key (``MOVES``)."""
        if self.replay is not None and action in MOVES:
            return self.go(MOVES[action](self.replay))
        return []

    def jump(self, value: str) -> list[Effect]:
        """A place chosen in the jump list (a step number)."""
        if self.replay is not None and value.isdigit():
            return self.go(self.replay.to(int(value)))
        return []

    def go(self, replay: Replay, said: bool = True) -> list[Effect]:
        """Show ``replay`` (another step) and say what it shows (``said``)."""
        if replay == self.replay:
            return []
        self.replay = replay
        return [*self.draw(), Announce(self.said())] if said else self.draw()

    def draw(self) -> list[Effect]:
        """Redraw the replay region from its props (the view draws again only what changed)."""
        if self.replay is None:
            return []
        replay = self.replay
        whole = self.whole if replay.session is self.whole_of else None
        busy = self.whole is not None and self.whole.running  # one review at a time
        return [DrawReplay(replay_props(replay, self.page.bots.ready and not busy, whole))]

    def said(self) -> str:
        """The step shown, in words: its number, then the last action and its trick."""
        replay, catalog = self.replay, self.page.catalog
        if replay is None:
            return ""
        parts = [catalog.text("replay.counter", step=replay.step, total=replay.total)]
        event = replay.last
        if event is not None:
            you = replay.mine
            declarer = replay.deal.declarer
            names = replay.names
            parts.append(announcement(catalog, names, event.seat, event.action, declarer, you))
            if event.trick is not None:
                parts.append(said(catalog, "trick.won", event.trick.winner, names, you))
        if replay.step == replay.total:
            parts.append(catalog.text("replay.at_end"))
        return " ".join(p for p in parts if p)

    # -- the expert's review ------------------------------------------------------------------

    async def review(self) -> None:
        """Ask the worker for the expert's review of the player's decisions in this deal,
        showing its progress; the table stays usable meanwhile."""
        replay, page = self.replay, self.page
        if replay is None or replay.mine is None or replay.number is None or self.review_call:
            return
        started = Announce(page.catalog.text("review.started"))
        page.apply([*self.go(replay.review_progress(0), said=False), started])
        items = await self.review_deal(replay.deal, replay.mine, self.progress)
        if items is False:  # cancelled
            return
        current = self.replay
        if current is not None and current.deal is replay.deal and current.reviewing is not None:
            shown = self.go(current.reviewed(items), said=False)
            done = "review.failed" if items is None else "review.done"
            page.apply([*shown, Announce(page.catalog.text(done))])

    async def review_deal(
        self, deal: Deal, mine: int, progress: Callable[[Deal, float], list[Effect]]
    ) -> tuple[ReviewItem, ...] | Literal[False] | None:
        """The worker's review of ``mine``'s decisions in ``deal``, kept with the deal once
        made; ``progress(deal, share)`` hears how far it is (its effects applied as they come).
        None if it failed, False if it was cancelled."""
        from pyodide.ffi import create_proxy

        page = self.page
        proxy = create_proxy(lambda share: page.apply(progress(deal, float(share))))
        position = json.dumps(deal_position(deal))
        seed = f"review-{deal_key(deal)}"
        call = self.review_call = page.bots.review(position, mine, seed, proxy)
        try:
            items: tuple[ReviewItem, ...] | None = review_items(
                json.loads(str(await call.answer)), len(deal.history)
            )
        except Exception as error:  # cancelled, or the worker failed
            if self.review_call is call:  # not cancelled: leave a trace
                page.window.console.warn(f"Barbu: the review failed: {error}")
            items = None
        finally:
            proxy.destroy()
        if self.review_call is not call:  # cancelled (another review may be under way)
            return False
        self.review_call = None
        if items is not None:
            self.reviews[deal_key(deal)] = items
            self.shelf.keep(deal, items)
        return items

    def progress(self, deal: Deal, share: float) -> list[Effect]:
        """The review's progress, shown if its deal still is."""
        replay = self.replay
        if replay is not None and replay.reviewing is not None and replay.deal is deal:
            return self.go(replay.review_progress(int(share * 100)), said=False)
        return []

    async def review_session(self) -> None:
        """Review every finished deal of the replay's session in turn (those kept already are
        not reviewed again), showing the progress; cancelled like a deal's review."""
        replay, page = self.replay, self.page
        if replay is None or replay.session is None or replay.mine is None or self.review_call:
            return
        session, mine = replay.session, replay.mine
        deals = session.finished_deals()
        self.whole_of = session
        self.whole = SessionReview(tuple(d.number for d in deals))
        started = page.catalog.text("review.session_started", count=len(deals))
        page.apply([Announce(started), *self.draw()])
        for deal in deals:
            items, effects = self.kept_review(deal)
            page.apply(effects)
            if items is None:
                page.apply(self.set_whole(self.whole.reviewing(deal.number)))
                found = await self.review_deal(deal, mine, self.whole_progress)
                if found is False or self.whole is None or not self.whole.running:
                    return  # cancelled
                if found is None:
                    continue  # failed: the next deals are still reviewed
                items = found
                page.apply(self.show_review(session, deal.number, items))
            page.apply(self.set_whole(self.whole.reviewed(deal.number, items)))
        stopped = self.set_whole(self.whole.stopped())
        done = page.catalog.text("review.session_done", count=self.whole.big_errors)
        page.apply([*stopped, Announce(done)])

    def set_whole(self, whole: SessionReview) -> list[Effect]:
        """Take ``whole`` as the session review's state and redraw."""
        self.whole = whole
        return self.draw()

    def whole_progress(self, deal: Deal, share: float) -> list[Effect]:
        """The progress of the deal under review in the session's review."""
        whole = self.whole
        if whole is not None and whole.running and whole.current == deal.number:
            percent = int(share * 100)
            if percent != whole.percent:
                return self.set_whole(whole.reviewing(deal.number, percent))
        return []

    def show_review(
        self, session: Session, number: int, items: tuple[ReviewItem, ...]
    ) -> list[Effect]:
        """A deal's review came: shown at once if that deal is on the screen."""
        current = self.replay
        if current is not None and current.session is session and current.number == number:
            return self.go(current.reviewed(items), said=False)
        return []

    def cancel_review(self) -> list[Effect]:
        """Stop the review under way (the replay shows the button to ask again)."""
        call, self.review_call = self.review_call, None
        if call is not None:
            self.page.bots.cancel(call.id)
        effects: list[Effect] = []
        if self.whole is not None and self.whole.running:
            effects += self.set_whole(self.whole.stopped())
        if self.replay is not None and self.replay.reviewing is not None:
            effects += self.go(self.replay.review_progress(None), said=False)
        return effects

    def only_big(self, on: bool) -> list[Effect]:
        """The review's filter: the big errors only, or every decision."""
        if self.replay is not None:
            return self.go(self.replay.only_big(on), said=False)
        return []

    def open_decision(self, value: str) -> list[Effect]:
        """A decision of the review opened: the replay at that moment, the better card marked."""
        if self.replay is not None and value.isdigit():
            return [*self.go(self.replay.to(int(value))), ReplayBoard()]
        return []

    def open_hindsight(self, value: str) -> list[Effect]:
        """A decision opened from the hindsight list: the replay at that moment, the best card
        with every card visible marked."""
        if self.replay is not None and value.isdigit():
            return [*self.go(self.replay.in_hindsight(int(value))), ReplayBoard()]
        return []

    def play_on(self) -> list[Effect]:
        """Play on from the moment shown: a practice deal (``web.game.practice``)."""
        return [] if self.replay is None else [PlayOn(self.replay)]

    # -- sharing -----------------------------------------------------------------------------

    async def share(self, whole: bool = False) -> list[Effect]:
        """Make the link to the deal (or to its whole session: ``whole``), compressed in the
        browser, or its file when too long (the effects come after the await: ``Later``)."""
        replay = self.replay
        if replay is None or (whole and replay.session is None):
            return []
        page = self.page
        names = self.shared_names(replay)
        if whole and replay.session is not None:
            text = shared_session_text(replay.session, names)
            name = f"barbu-session-{replay.session.seed or 'shared'}.json"
        else:
            text = shared_text(replay.deal, names)
            name = f"barbu-deal-{replay.number or 'shared'}.json"
        payload = encode_payload(await compress(page.window, text))
        location = page.window.location
        link = f"{location.origin}{location.pathname}?lang={page.catalog.lang}#replay={payload}"
        effects: list[Effect] = []
        if len(link) > LINK_LIMIT:
            effects.append(Download(text, name))
            shared = replay.shared(None, True, whole)
        else:
            shared = replay.shared(link, False, whole)
        if self.replay is replay:
            effects += self.go(shared)
            key = "replay.link_file" if shared.link_file else "replay.link_made"
            effects.append(Announce(page.catalog.text(key + ("_session" if whole else ""))))
        return effects

    def shared_names(self, replay: Replay) -> tuple[str, ...]:
        """The names a link carries: a default name travels empty (the reader's language names
        it), and the player's own seat is the sender's."""
        defaults = self.page.default_names()
        return tuple(
            "" if name == defaults[seat] else name for seat, name in enumerate(replay.names)
        )


async def compress(window: Any, text: str) -> bytes:
    """Raw DEFLATE of ``text`` by the browser's ``CompressionStream`` (``zlib`` without one)."""
    if not hasattr(window, "CompressionStream"):
        return deflate(text)
    from pyodide.ffi import to_js

    blob = window.Blob.new(to_js([text]))
    stream = blob.stream().pipeThrough(window.CompressionStream.new("deflate-raw"))
    buffer = await window.Response.new(stream).arrayBuffer()
    return bytes(buffer.to_bytes())

"""The Python side of ``python -m tools.bench.worker_dom``: runs inside the scratch page, on the
main thread's Python or in a PyScript worker, and hands its figures to the page.

Decisions:

- The same code measures every way of drawing, so that only the way differs: a
  ``web.table.view.TableView`` built and drawn from ``table_props`` as ``web.game.app`` draws,
  with the score sheet drawn at once (``scores_later`` is ``draw_scores``) and the diagram not
  scrolled, as the build's first tables do (tools/site/first_table.py): one redraw, one task.
- ``main``: the page's ``document`` on the main thread, as today. ``proxy``: PyScript's
  ``pyscript.document`` from the worker, the view's code unchanged (each DOM operation a
  synchronous round trip to the main thread). ``batched``: the view draws into
  ``web.components.plain_dom`` in the worker (plain Python data), then each region of
  ``<main id="table">`` whose nodes changed goes to the main thread in ONE call, as JSON, to
  the page's builder (``window.barbuRegion``, tools/bench/worker_dom.js).
- Two redraws per game state: ``full`` (the table built, then drawn: a page's first screen) and
  ``tap`` (the state one decision later drawn over the state before: what a tap costs).
- Each redraw's start and end are taken on the epoch clock (``timeOrigin + now``), the worker's
  and the page's being comparable, so that the page can say how long its own event loop was held
  while the redraw ran (tools/bench/worker_dom.js's heartbeat and long tasks).
- The proxy operations of a ``proxy`` redraw (property reads, writes, calls through
  ``pyscript``) are counted as it runs by a wrapper (``Counted``): its own cost, microseconds
  an operation, is nothing beside a round trip's. Its truthiness, iteration and length pass
  through uncounted (a few a redraw).
- ``proxy`` redraws take seconds (thousands of round trips), so they are repeated fewer times
  than the others (``reps`` is a pair: the others', then ``proxy``'s).
"""

from __future__ import annotations

import asyncio
import json
import random
import statistics
from dataclasses import dataclass
from typing import Any

from barbu import STANDARD, ChooseContract, Phase, Play
from web.components.plain_dom import Document, Element
from web.game.engine import Game
from web.languages.i18n import Catalog
from web.model.settings import Settings
from web.model.state import UiState
from web.table.props import TableProps, table_props
from web.table.table_state import TableState
from web.table.view import TableView

PAUSE = 0.25
"""The pause between redraws (s): the page lays out and paints the last one, its heartbeat runs."""


@dataclass(frozen=True)
class Scene:
    """A game state drawn twice: ``before`` then ``after`` (one decision later)."""

    name: str
    before: TableProps
    after: TableProps


def now(js: Any) -> float:
    """The epoch time in ms, on this realm's clock (the worker's or the page's)."""
    return float(js.performance.timeOrigin + js.performance.now())


def played(seed: int, stop: Any, prefer: str | None = None) -> Game:
    """A session played with random legal actions (``prefer``'s contract when it may be
    chosen) until ``stop(game)``."""
    game, rng = Game.new(seed, STANDARD), random.Random(seed)
    for _ in range(5000):
        if stop(game):
            return game
        if game.between_deals:
            game.next_deal()
            continue
        legal = game.legal_actions()
        chosen = [a for a in legal if isinstance(a, ChooseContract) and a.contract == prefer]
        game.apply(chosen[0] if chosen else rng.choice(legal))
    raise RuntimeError("the state was not reached")


def props(game: Game, catalog: Catalog, ui: UiState) -> TableProps:
    """The table's props for ``game`` as the page makes them (``PageController.draw``)."""
    t = catalog.text
    state = TableState(
        ui=ui,
        names=(t("player.you"), t("player.1"), t("player.2"), t("player.3")),
        seed=game.seed,
        query="",
        lang=catalog.lang,
        settings=Settings(),
    )
    return table_props(game.view(), state)


def human_to_play(cards: int, contract: str | None = None) -> Any:
    """A stop: the player's card to play, at least ``cards`` played in the deal."""

    def stop(game: Game) -> bool:
        return (
            game.phase is Phase.PLAY
            and game.to_move == 0
            and game.played >= cards
            and (contract is None or game.view().deal.contract == contract)
        )

    return stop


def scenes(catalog: Catalog) -> list[Scene]:
    """A hand to play, the Domino rows, and the score sheet after six deals."""
    out = []
    for name, seed, contract, cards in (("hand", 3, None, 5), ("domino", 4, "domino", 12)):
        game = played(seed, human_to_play(cards, contract), contract)
        before = props(game, catalog, UiState())
        play = next(a for a in game.legal_actions() if isinstance(a, Play))
        game.apply(play)
        out.append(Scene(name, before, props(game, catalog, UiState())))
    game = played(5, lambda g: g.between_deals and g.number >= 6)
    out.append(
        Scene(
            "scores",
            props(game, catalog, UiState()),
            props(game, catalog, UiState(summary=game.number)),
        )
    )
    return out


def new_view(document: Any, catalog: Catalog) -> TableView:
    """A table view whose one redraw is one task (the score sheet at once, no scrolling)."""
    view = TableView(document, catalog)
    view.scores_later = view.draw_scores  # type: ignore[method-assign]
    view.keep_in_view = lambda x: None  # type: ignore[method-assign]
    return view


def static_page() -> Document:
    """A plain-data document holding ``<main id="table">`` as index.html has it."""
    main = Element("main")
    main.setAttribute("id", "table")
    header = Element("header")
    header.setAttribute("class", "table-header")
    for tag, name in (("h1", "table-title"), ("div", "table-meta")):
        node = Element(tag)
        node.setAttribute("id", name)
        header.append(node)
    hand = Element("section")
    for key, value in (("id", "hand"), ("class", "hand"), ("aria-labelledby", "hand-heading")):
        hand.setAttribute(key, value)
    main.append(header, hand)
    body = Element("body")
    body.append(main)
    return Document(body)


class Batched:
    """The worker's table drawn into plain data, each changed region sent in one call."""

    def __init__(self, window: Any, catalog: Catalog) -> None:
        self.window = window
        self.document = static_page()
        self.view = new_view(self.document, catalog)
        self.sent: list[str] = []
        self.calls = 0

    def build(self) -> None:
        """Build the regions (nothing is sent until ``draw``)."""
        self.view.build()

    def draw(self, table: TableProps) -> None:
        """Draw, then send each region of ``#table`` whose data changed."""
        self.view.draw(table)
        main = self.document.getElementById("table")
        assert main is not None
        regions = [json.dumps(c if isinstance(c, str) else c.data()) for c in main.children]
        for index, text in enumerate(regions):
            if index >= len(self.sent) or self.sent[index] != text:
                self.window.barbuRegion(index, text)
                self.calls += 1
        self.sent = regions


class Counter:
    """Proxy operations seen by ``Counted`` wrappers."""

    def __init__(self) -> None:
        self.operations = 0


PLAIN = (str, int, float, bool, type(None))


class Counted:
    """A JavaScript object seen through a wrapper that counts each read, write and call."""

    __slots__ = ("_counter", "_target")

    def __init__(self, target: Any, counter: Counter) -> None:
        object.__setattr__(self, "_target", target)
        object.__setattr__(self, "_counter", counter)

    def _wrap(self, value: Any) -> Any:
        return value if isinstance(value, PLAIN) else Counted(value, self._counter)

    def __getattr__(self, name: str) -> Any:
        self._counter.operations += 1
        return self._wrap(getattr(self._target, name))

    def __setattr__(self, name: str, value: Any) -> None:
        self._counter.operations += 1
        setattr(self._target, name, unwrapped(value))

    def __call__(self, *args: Any) -> Any:
        self._counter.operations += 1
        return self._wrap(self._target(*(unwrapped(a) for a in args)))

    def __bool__(self) -> bool:
        return bool(self._target)

    def __iter__(self) -> Any:
        return (self._wrap(item) for item in self._target)

    def __len__(self) -> int:
        return len(self._target)


def unwrapped(value: Any) -> Any:
    """The JavaScript object behind a ``Counted`` wrapper (or the value itself)."""
    return object.__getattribute__(value, "_target") if isinstance(value, Counted) else value


def summary(values: list[float]) -> dict[str, float]:
    """Median and worst (ms)."""
    return {"median": statistics.median(values), "worst": max(values)}


async def round_trips(document: Any, js: Any, count: int) -> dict[str, Any]:
    """One DOM write (``body.dataset.x``) and one read (``getAttribute``), ``count`` times each."""
    body = document.body
    writes, reads = [], []
    for i in range(count):
        start = js.performance.now()
        body.dataset.x = str(i)
        middle = js.performance.now()
        body.getAttribute("data-x")
        writes.append(middle - start)
        reads.append(js.performance.now() - middle)
        if i % 50 == 0:
            await asyncio.sleep(0)
    return {"write": summary(writes), "read": summary(reads)}


async def redraws(mode: str, document: Any, window: Any, js: Any, reps: int) -> dict[str, Any]:
    """Each scene's ``full`` and ``tap`` redraws ``reps`` times: durations and epoch spans."""
    with open("catalog.json", encoding="utf-8") as text:
        catalog = Catalog.from_json("en", text.read())
    figures: dict[str, Any] = {}
    for scene in scenes(catalog):
        for kind in ("full", "tap"):
            window.benchProgress = f"{mode} {scene.name}/{kind}"
            times, spans, calls = [], [], []
            for _ in range(reps):
                window.benchReset()
                counter = Counter()
                if mode == "batched":
                    table: Any = Batched(window, catalog)
                else:
                    seen = Counted(document, counter) if mode == "proxy" else document
                    table = new_view(seen, catalog)
                if kind == "tap":
                    table.build()
                    table.draw(scene.before)
                await asyncio.sleep(PAUSE)
                sent = table.calls if mode == "batched" else 0
                counter.operations = 0
                start, clock = now(js), js.performance.now()
                if kind == "full":
                    table.build()
                table.draw(scene.after if kind == "tap" else scene.before)
                times.append(js.performance.now() - clock)
                spans.append([start, now(js)])
                calls.append(table.calls - sent if mode == "batched" else counter.operations)
            figures[f"{scene.name}/{kind}"] = {**summary(times), "spans": spans, "calls": calls}
    return figures


async def run(where: str, reps: tuple[int, int], trips: int, ready: float) -> None:
    """Measure from ``where`` (``main`` or ``worker``) and put the figures in
    ``window.benchResult`` (JSON): ``ready`` is when the script's first line ran (epoch ms),
    ``imported`` when the table's modules were imported; the page's ``?reps=0`` asks only
    these two."""
    import js
    from pyscript import document, window

    result: dict[str, Any] = {"ready": ready, "imported": now(js)}
    if "reps=0" in str(window.location.search):
        window.benchResult = json.dumps(result)
        return
    result["trips"] = await round_trips(document, js, trips)
    if where == "worker":
        result["probes"] = probes(document, window)
        result["batched"] = await redraws("batched", document, window, js, reps[0])
        result["proxy"] = await redraws("proxy", document, window, js, reps[1])
    else:
        result["main"] = await redraws("main", document, window, js, reps[0])
    window.benchReset()
    window.benchResult = json.dumps(result)


def probes(document: Any, window: Any) -> dict[str, Any]:
    """What the worker reaches of the page: isolation, layout, focus, listeners."""
    import js
    from pyodide.ffi import create_proxy

    out: dict[str, Any] = {"worker_isolated": bool(js.crossOriginIsolated)}
    out["page_isolated"] = bool(window.crossOriginIsolated)
    probe = document.getElementById("probe")
    out["height"] = float(probe.getBoundingClientRect().height)
    out["scroll_height"] = int(document.documentElement.scrollHeight)
    probe.focus()
    out["focus"] = document.activeElement.id == "probe"
    box = document.getElementById("box")

    def clicked(event: Any) -> None:
        event.preventDefault()
        window.benchClicked = True

    listener = create_proxy(clicked)
    KEPT.append(listener)
    box.addEventListener("click", listener)
    return out


KEPT: list[Any] = []
"""Listeners kept alive for the page's probes."""

"""The plain-data drawing of ``python -m tools.bench.worker_dom`` (tools/bench/worker_dom_page.py)
on CPython: its game states are the ones it names, a batched redraw sends each changed region of
``#table`` once and the data rebuild the same nodes, and the proxy counter counts."""

from __future__ import annotations

from typing import Any

from tools.bench import worker_dom_page as page
from tools.site.first_table import load_catalog
from web.components.plain_dom import Document, Element


class Window:
    """The page's builder, recorded: each call's region and data."""

    def __init__(self) -> None:
        self.sent: list[tuple[int, Any]] = []

    def barbuRegion(self, index: int, text: str) -> None:
        import json

        self.sent.append((index, json.loads(text)))


def html(data: Any) -> str:
    """Plain data (``Element.data``) built again as ``plain_dom`` nodes, written out."""
    return rebuilt(data).html()


def rebuilt(data: Any) -> Any:
    """Plain data as a ``web.components.plain_dom`` node (text stays text)."""
    if isinstance(data, str):
        return data
    tag, svg, flat, children = data
    element = Element(tag, svg)
    for name, value in zip(flat[::2], flat[1::2], strict=True):
        element.setAttribute(name, value)
    element.append(*(rebuilt(child) for child in children))
    return element


def test_the_scenes_are_a_hand_the_domino_rows_and_a_summary():
    scenes = {s.name: s for s in page.scenes(load_catalog("en"))}
    assert list(scenes) == ["hand", "domino", "scores"]
    assert len(scenes["hand"].after.hand.cards) == len(scenes["hand"].before.hand.cards) - 1
    assert scenes["scores"].before != scenes["scores"].after


def test_a_batched_redraw_sends_every_region_then_only_the_changed_ones():
    scene = page.scenes(load_catalog("en"))[0]
    window = Window()
    table = page.Batched(window, load_catalog("en"))
    table.build()
    table.draw(scene.before)
    main = table.document.getElementById("table")
    assert [i for i, _ in window.sent] == list(range(len(main.children)))
    assert [html(data) for _, data in window.sent] == [c.html() for c in main.children]
    window.sent.clear()
    table.draw(scene.after)
    assert 1 <= len(window.sent) < len(main.children)
    assert all(html(data) == main.children[i].html() for i, data in window.sent)


def test_the_counter_counts_reads_writes_and_calls():
    counter = page.Counter()
    document = page.Counted(Document(Element("body")), counter)
    node = document.createElement("p")  # a read, a call
    node.textContent = "x"  # a write
    assert counter.operations == 3
    assert page.unwrapped(node).html() == "<p>x</p>"

"""The rules pages' demos as their worker runs them (web.demos: ``mount``, ``act``): drawn as
plain data the page builds (``Element.data``), the same as the build draws into the page, and
drawn again after each click.

What a reader would notice if these failed: a demo that changes its look when it comes alive, a
click that is not answered, or the wrong demo answering on a page with several."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from web.components.dom import Dom
from web.components.plain_dom import Document, Element
from web.demos import DEMOS, LIVE, act, create, mount, read_catalog
from web.languages.i18n import Catalog

CATALOG = (Path(__file__).resolve().parent.parent / "web/languages/catalogs/en.json").read_text()
NAMES = ["Ann", "Bob", "Cleo", "Dan"]


@pytest.fixture(autouse=True)
def english():
    """The page's catalog, given to the worker once (``read_catalog``)."""
    assert read_catalog("en", CATALOG) == "en"


def controls(tree: Any) -> list[str]:
    """The ``data-act`` values of a demo drawn as plain data, in document order."""
    if isinstance(tree, str):
        return []
    _, _, flat, children = tree
    found = [value for name, value in zip(flat[::2], flat[1::2], strict=True) if name == "data-act"]
    return found + [act for child in children for act in controls(child)]


@pytest.mark.parametrize("name", list(DEMOS))
def test_a_demo_comes_alive_drawn_as_the_build_drew_it(name):
    uid = f"demo-{name}"
    tree = json.loads(mount(uid, name, "en", ",".join(NAMES)))
    built = create(name, Catalog.from_json("en", CATALOG), NAMES, uid).draw(Dom(Document()))
    assert tree == built.data()
    assert LIVE[uid].name == name


@pytest.mark.parametrize("name", list(DEMOS))
def test_a_click_is_answered_by_that_islands_demo_drawn_again(name):
    other = json.loads(mount("demo-other", "settlement", "en", ",".join(NAMES)))
    tree = json.loads(mount("demo-live", name, "en", ",".join(NAMES)))
    control = controls(tree)[0]
    reference = create(name, Catalog.from_json("en", CATALOG), NAMES, "demo-live")
    reference.act(control)
    assert json.loads(act("demo-live", control)) == reference.draw(Dom(Document())).data()
    assert json.loads(act("demo-other", controls(other)[0])) != other  # each its own state


def test_a_demo_in_a_language_whose_catalog_was_not_read_is_refused_with_the_reason():
    with pytest.raises(LookupError, match="no catalog read for 'ru'"):
        mount("demo-ru", "settlement", "ru", ",".join(NAMES))


def test_plain_data_keeps_attributes_in_order_svg_and_text_as_text():
    svg = Element("svg", svg=True)
    svg.setAttribute("viewBox", "0 0 1 1")
    button = Element("button")
    button.setAttribute("data-act", "x")
    button.setAttribute("class", "a b")
    button.append("<b>not markup</b>", svg)
    assert button.data() == [
        "button",
        False,
        ["data-act", "x", "class", "a b"],
        ["<b>not markup</b>", ["svg", True, ["viewBox", "0 0 1 1"], []]],
    ]

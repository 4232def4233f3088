"""The live demos of the rules pages (and of embed.html): each a small state with ``act`` and
``draw``, drawn with the game's own components (``web.components.settlement``...).

A demo is drawn twice over: at build time into the page's HTML (``tools/site/rules_page.py``),
so that the reader sees it at once, and in the demos' worker once the engine has started there
(web/runtime/demos-worker.js: ``read_catalog`` once, ``mount``, then ``act`` for each click on
a ``data-act`` control), from the same code, so that the two cannot differ. Both draw into a
document of plain objects (``web.components.plain_dom``); in the worker the demo is drawn whole
and handed to the page as plain data, which web/runtime/islands.js builds in place of the
island's body: the page's main thread never runs Python.
"""

from __future__ import annotations

import json
from typing import Any

from web.components.dom import Dom
from web.components.plain_dom import Document
from web.demos.domino import DominoBoard
from web.demos.first_deal import FirstDeal
from web.demos.may_i_play import MayIPlay
from web.demos.settlement import SettlementExplorer
from web.languages.i18n import Catalog

DEMOS = {demo.name: demo for demo in (SettlementExplorer, MayIPlay, DominoBoard, FirstDeal)}
"""Each demo by the name ``data-demo`` gives it."""


LIVE: dict[str, Any] = {}
"""The demos brought to life in this worker, by the id of their island in the page."""
CATALOGS: dict[str, Catalog] = {}
"""The catalogs the pages gave this worker, by language: read once, for all their demos."""


def drawn(demo: Any) -> str:
    """The demo drawn whole, as plain data in JSON (``Element.data``)."""
    tree = demo.draw(Dom(Document())).data()
    return json.dumps(tree, ensure_ascii=False, separators=(",", ":"))


def create(name: str, catalog: Catalog, names: list[str], uid: str) -> Any:
    """A demo by its name, in its initial state."""
    return DEMOS[name](catalog, names, uid)


def title_key(name: str) -> str:
    """The catalog key of a demo's name ("may-i-play": ``demo.may_i_play.title``)."""
    return f"demo.{name.replace('-', '_')}.title"


def read_catalog(lang: str, catalog_text: str) -> str:
    """Keep the page's catalog of ``lang`` for its demos (before their ``mount``)."""
    CATALOGS[str(lang)] = Catalog.from_json(str(lang), str(catalog_text))
    return str(lang)


def mount(uid: str, name: str, lang: str, names: str) -> str:
    """Bring to life the demo ``name`` of the island ``uid``, in the language ``lang`` (its
    catalog read first: ``read_catalog``; ``names``: the four players, comma-separated, as the
    page's text names them); the demo drawn (``drawn``)."""
    catalog = CATALOGS.get(str(lang))
    if catalog is None:
        raise LookupError(f"no catalog read for {lang!r}: read_catalog() comes first")
    demo = create(str(name), catalog, [n.strip() for n in str(names).split(",")], str(uid))
    LIVE[str(uid)] = demo
    return drawn(demo)


def act(uid: str, control: str) -> str:
    """A click on the control ``data-act=control`` of the island ``uid``: the demo's answer,
    drawn."""
    demo = LIVE[str(uid)]
    demo.act(str(control))
    return drawn(demo)

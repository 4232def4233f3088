"""The live demos of the rules pages (and of embed.html): each a small state with ``act`` and
``draw``, drawn with the game's own components (``web.components.settlement``...).

A demo is drawn twice over: at build time into the page's HTML (``tools/site/rules_page.py``, with a
``tools.site.static_dom.Document``), so that the reader sees it at once, and in the browser once the
engine has started (``web/runtime/islands.js`` calls ``mount``), from the same code, so that the two
cannot differ. Its buttons carry ``data-act``; the island hands each click to ``Island.act``.
"""

from __future__ import annotations

from typing import Any

from web.components.dom import Dom
from web.demos.domino import DominoBoard
from web.demos.first_deal import FirstDeal
from web.demos.may_i_play import MayIPlay
from web.demos.settlement import SettlementExplorer
from web.languages.i18n import Catalog

DEMOS = {demo.name: demo for demo in (SettlementExplorer, MayIPlay, DominoBoard, FirstDeal)}
"""Each demo by the name ``data-demo`` gives it."""


class Island:
    """One live demo in the page: its state, and the node it draws into."""

    def __init__(self, root: Any, demo: Any) -> None:
        self.root = root
        self.demo = demo
        self.dom = Dom(root.ownerDocument)

    def draw(self) -> None:
        """Redraw the demo whole."""
        self.root.replaceChildren(self.demo.draw(self.dom))

    def act(self, act: str) -> None:
        """A click on the control ``data-act=act``: the demo's answer, redrawn; the focus stays
        on that control, or the nearest one (a keyboard user goes on from where he was)."""
        self.demo.act(str(act))
        self.draw()
        # A card played is gone: the focus goes to the next card that may be played, else to
        # the demo's first control.
        control = next(
            filter(None, map(self.root.querySelector, (f'[data-act="{act}"]', ".playable"))),
            self.root.querySelector("[data-act]"),
        )
        if control:
            control.focus()


def create(name: str, catalog: Catalog, names: list[str], uid: str) -> Any:
    """A demo by its name, in its initial state."""
    return DEMOS[name](catalog, names, uid)


def title_key(name: str) -> str:
    """The catalog key of a demo's name ("may-i-play": ``demo.may_i_play.title``)."""
    return f"demo.{name.replace('-', '_')}.title"


def mount(root: Any, name: str, lang: str, catalog_text: str, names: str, uid: str) -> Island:
    """Bring the demo drawn at build time inside ``root`` to life (``names``: the four players,
    comma-separated, as the page's text names them)."""
    catalog = Catalog.from_json(str(lang), str(catalog_text))
    demo = create(str(name), catalog, [n.strip() for n in str(names).split(",")], str(uid))
    island = Island(root, demo)
    island.draw()
    return island

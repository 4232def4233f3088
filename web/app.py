"""The page controller: reads the address, deals, draws the hand and reports readiness.

It is an adapter only (STYLE.md §11-14): the hand comes from ``web.game``, every string from the
catalog, and the DOM is built with ``textContent`` (never HTML). It talks to the JavaScript boot
loader through ``barbuBoot`` (see ``web/boot.js``): ``stage()``, ``showTable()``,
``interactive()``, ``fail()`` and the ``updates`` hook.
"""

from __future__ import annotations

import random
from typing import Any
from urllib.parse import parse_qs, urlencode

from web.faces import CardFace, card_face
from web.game import dealt_hand
from web.i18n import Catalog, other_language

SEED_LIMIT = 2**32
HUMAN_SEAT = 0


def seed_from_query(query: str) -> int | None:
    """The seed asked for by ``?seed=N`` (a whole number below 2**32), or None."""
    values = parse_qs(query.lstrip("?")).get("seed", [])
    text = values[0].strip() if values else ""
    if text.isascii() and text.isdecimal() and int(text) < SEED_LIMIT:
        return int(text)
    return None


def new_seed() -> int:
    """A fresh seed, short enough to read aloud."""
    return random.SystemRandom().randrange(1, 1_000_000)


def page_query(seed: int, lang: str) -> str:
    """The address query that reproduces this deal in that language."""
    return "?" + urlencode({"seed": seed, "lang": lang})


class UpdateGate:
    """Python face of the update hook: keep the 'new version' banner away during a deal.

    ``hold()`` when a deal starts, ``release()`` between deals; a version published meanwhile
    is offered on release. See README, "Updates".
    """

    def __init__(self, updates: Any) -> None:
        self._updates = updates

    def hold(self) -> None:
        """Defer the banner until ``release()``."""
        self._updates.hold()

    def release(self) -> None:
        """Allow the banner again, showing it now if a new version is waiting."""
        self._updates.release()

    @property
    def available(self) -> bool:
        """Whether a new version is installed and waiting for a reload."""
        return bool(self._updates.available)


class PageController:
    """Holds the page's UI state and draws it; one per page."""

    def __init__(self, document: Any, boot: Any, catalog: Catalog, seed: int) -> None:
        self.document = document
        self.boot = boot
        self.catalog = catalog
        self.seed = seed
        self.updates = UpdateGate(boot.updates)
        self.hand_region = document.getElementById("hand")

    def start(self) -> None:
        """Deal, draw the first screen, then mark the page interactive."""
        self.boot.stage("deal")
        faces = [card_face(card, self.catalog) for card in dealt_hand(self.seed, HUMAN_SEAT)]
        self.draw_header()
        self.draw_hand(faces)
        self.boot.showTable()
        self.document.documentElement.classList.add("ready")
        self.boot.interactive()

    def element(self, tag: str, text: str | None = None, **attributes: str) -> Any:
        """A new element with plain text and attributes (``class_`` for ``class``)."""
        node = self.document.createElement(tag)
        for name, value in attributes.items():
            node.setAttribute(name.rstrip("_").replace("_", "-"), value)
        if text is not None:
            node.textContent = text
        return node

    def draw_header(self) -> None:
        """The title, the deal number with a link to it, and the language switch."""
        t = self.catalog.text
        other = other_language(self.catalog.lang)
        seed_link = self.element(
            "a",
            t("table.seed", seed=self.seed),
            href=page_query(self.seed, self.catalog.lang),
            title=t("table.seed_link"),
            data_seed=str(self.seed),
            id="seed",
        )
        language = self.element(
            "a", t("table.language"), href=page_query(self.seed, other), hreflang=other, lang=other,
            id="language",
        )
        self.document.getElementById("table-title").textContent = t("app.title")
        self.document.getElementById("table-meta").replaceChildren(seed_link, language)

    def draw_hand(self, faces: list[CardFace]) -> None:
        """Redraw the hand region whole: a heading and one button per card."""
        t = self.catalog.text
        heading = self.element("h2", t("table.hand"), id="hand-heading")
        count = self.element("span", t("table.count", count=len(faces)), class_="hand-count")
        heading.append(" ", count)
        row = self.element("div", class_="cards", role="group", aria_labelledby="hand-heading")
        for face in faces:
            row.append(self.card_button(face))
        self.hand_region.replaceChildren(heading, row)

    def card_button(self, face: CardFace) -> Any:
        """One card: ``<button data-card="QS" aria-label="Queen of spades">``."""
        button = self.element(
            "button", type="button", class_=f"card suit-{face.suit}", data_card=face.code,
            aria_label=face.name,
        )
        corner = self.element("span", class_="card-corner", aria_hidden="true")
        corner.append(
            self.element("span", face.rank, class_="card-rank"),
            self.element("span", face.symbol, class_="card-suit"),
        )
        pip = self.element("span", face.symbol, class_="card-pip", aria_hidden="true")
        button.append(corner, pip)
        return button


async def start(boot: Any, document: Any, query: str) -> PageController:
    """Wait for the catalog chosen by the boot loader, then build and start the controller."""
    catalog_source = await boot.catalog
    catalog = Catalog.from_json(catalog_source.lang, catalog_source.text)
    seed = seed_from_query(query)
    controller = PageController(document, boot, catalog, new_seed() if seed is None else seed)
    controller.start()
    return controller

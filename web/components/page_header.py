"""The header of a page beside the game (the score keeper, the statistics): the game's name (a
link to it), the page's title, the four languages (this page in each), links to other pages."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from web.components.dom import Dom
from web.languages.i18n import NAMES, SUPPORTED, Catalog

__all__ = ["page_header"]


def page_header(
    d: Dom, catalog: Catalog, title: str, links: Sequence[tuple[str, str]], class_: str
) -> Any:
    """The header: ``title`` under the game's name, then ``links`` as (text, address), the
    element's classes ``class_``."""
    t, lang = catalog.text, catalog.lang
    languages = []
    for x in SUPPORTED:
        if x == lang:
            item = d.el("span", NAMES[x], lang=x, aria_current="page")
        else:
            item = d.el("a", NAMES[x], href=f"./?lang={x}", hreflang=x, lang=x, data_lang=x)
        languages.append(d.el("li", None, item))
    return d.el(
        "header",
        None,
        d.el("a", t("app.title"), href=f"../?lang={lang}", class_="brand"),
        d.el("h1", title),
        d.el(
            "nav",
            None,
            d.el("ul", None, *languages, class_="languages"),
            aria_label=t("table.language"),
        ),
        *(d.el("a", text, href=href, class_="rules-link") for text, href in links),
        class_=class_,
    )

"""The rules pages' HTML documents: one language's page around its ``<main>`` (its header, the
language links, the embedding lines of its footer), and rules/, which leads the reader to their
language; the writers of both into dist/rules/ (entries of tools/site/build.py's ``PAGES``, which
gives them their Content-Security-Policy, tools/site/pages.py).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from html import escape
from pathlib import Path
from typing import Any

from tools.site.rules_page import Page
from web.components.dom import Dom
from web.components.plain_dom import Document
from web.demos import DEMOS, title_key
from web.languages.i18n import NAMES, SUPPORTED

PLACEHOLDER = "https://YOUR-BARBU-SITE/"
SITE = os.environ.get("BARBU_SITE", PLACEHOLDER)
"""The site's address, for the embedding lines as a page shows them without JavaScript (with it,
web/rules/rules.js writes the address the page was loaded from): set ``BARBU_SITE`` when building
for a known address."""


def document(page: Page, policy: str) -> str:
    """The whole HTML document of one language's page, with its Content-Security-Policy
    (tools/site/pages.py)."""
    d, t, lang = page.dom, page.catalog.text, page.lang
    head = [
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">',
        f"<title>{escape(page.source.title)}</title>",
        f'<meta name="description" content="{escape(page.source.description)}">',
        *(f'<link rel="alternate" hreflang="{x}" href="../{x}/">' for x in SUPPORTED),
        '<link rel="icon" href="../../web/icons/icon-192.png" type="image/png">',
        '<link rel="stylesheet" href="../../web/style.css">',
        '<link rel="stylesheet" href="../../web/rules.css">',
        '<script type="module" src="../../web/rules.js"></script>',
    ]
    header = d.el(
        "header",
        None,
        d.el("a", t("app.title"), href=f"../../?lang={lang}", class_="brand"),
        d.el(
            "nav",
            None,
            language_list(d, lang, lambda x: f"../{x}/"),
            aria_label=t("table.language"),
        ),
        d.el("a", t("rules_page.keeper"), href=f"../../keeper/?lang={lang}", class_="keeper-link"),
        d.el("a", t("rules_page.play"), href=f"../../?lang={lang}", class_="play-link"),
        class_="rules-header",
    )
    skip = d.el("a", t("rules_page.skip"), href="#main", class_="skip-link")
    body = "".join(node.html() for node in (skip, header, page.main(), embed_footer(page)))
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n'
        + "\n".join(head)
        + f'\n</head>\n<body class="rules-page">\n{body}\n</body>\n</html>\n'
    )


def embed_footer(page: Page) -> Any:
    """How to show the demos on another site: the lines to copy (web/embed/embed.js) and what each
    attribute does. The address of this site is ``SITE`` at build time; in the browser,
    web/rules/rules.js writes the address the page was loaded from."""
    d, t = page.dom, page.catalog.text
    unknown_site = SITE == PLACEHOLDER
    snippet = d.el(
        "code",
        None,
        '<script src="',
        d.el("span", SITE, data_site=""),
        'embed.js" defer></script>\n',
        f'<barbu-demo demo="settlement" lang="{page.lang}"></barbu-demo>',
    )
    demos = [
        d.el("li", None, d.el("code", name), " — ", t(title_key(name)), data_demo_name=name)
        for name in DEMOS
    ]
    codes: list[Any] = []
    for lang in SUPPORTED:
        codes += [", "] if codes else []
        codes.append(d.el("code", lang, title=NAMES[lang]))
    attributes = [
        ("demo", [t("rules_page.embed_demo"), d.el("ul", None, *demos)]),
        ("lang", d.fill(t("rules_page.embed_lang"), codes=d.el("span", None, *codes))),
        ("title", [t("rules_page.embed_title_attr")]),
    ]
    listed = []
    for name, described in attributes:
        listed += [d.el("dt", None, d.el("code", name)), d.el("dd", None, *described)]
    return d.el(
        "footer",
        None,
        d.el("h2", t("rules_page.embed_title"), id="embed"),
        d.el("p", t("rules_page.embed_text")),
        d.el("pre", None, snippet, tabindex="0"),
        # Without BARBU_SITE, the reader without JavaScript is told what to put in its place
        # (web/rules/rules.js removes the sentence when it writes the address).
        *([d.el("p", t("rules_page.embed_site"), data_site_note="")] if unknown_site else []),
        d.el("dl", None, *listed, class_="embed-attributes"),
        class_="embed-snippet",
    )


def language_list(d: Dom, lang: str, href: Callable[[str], str]) -> Any:
    """The four languages, each named in itself; the current one marked, the others links
    remembered when followed (``data-lang``, web/languages/language.js)."""
    items = []
    for x in SUPPORTED:
        if x == lang:
            item = d.el("span", NAMES[x], lang=x, aria_current="page")
        else:
            item = d.el("a", NAMES[x], href=href(x), hreflang=x, lang=x, data_lang=x)
        items.append(d.el("li", None, item))
    return d.el("ul", None, *items, class_="languages")


def index_document(policy: str) -> str:
    """rules/: the four languages to choose from; with JavaScript, the reader's own at once
    (web/rules/rules.js: the remembered choice or the browser's). ``policy``: its
    Content-Security-Policy (tools/site/pages.py)."""
    d = Dom(Document())
    links = language_list(d, "", lambda x: f"./{x}/")
    body = d.el(
        "main",
        None,
        d.el("h1", "Barbu"),
        d.el("p", "Rules · Règles · Правила · Regole"),
        links,
        class_="panel rules-choice",
        id="main",
    )
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
        "<title>Barbu: rules · règles · правила · regole</title>\n"
        '<link rel="stylesheet" href="../web/style.css">\n'
        '<link rel="stylesheet" href="../web/rules.css">\n'
        '<script type="module" src="../web/rules.js"></script>\n'
        f'</head>\n<body class="rules-page rules-index">\n{body.html()}\n</body>\n</html>\n'
    )


def write_rules_index(dist: Path, policy: str) -> None:
    """dist/rules/index.html."""
    (dist / "rules").mkdir(parents=True, exist_ok=True)
    (dist / "rules" / "index.html").write_text(index_document(policy), encoding="utf-8")


def write_rules_pages(dist: Path, pages: dict[str, Page], policy: str) -> None:
    """dist/rules/<lang>/index.html for every language."""
    for lang, page in pages.items():
        (dist / "rules" / lang).mkdir(parents=True, exist_ok=True)
        (dist / "rules" / lang / "index.html").write_text(document(page, policy), encoding="utf-8")

"""The embeddable demos, built into dist/: embed/<demo>/<lang>/index.html for every live demo and
language (the demo as the rules page draws it, alone), embed.html (``?demo=&lang=&id=`` opens
one of them) and embed.js (the ``<barbu-demo>`` element that other sites use). Entries of
tools/site/build.py's ``PAGES``, which gives them their Content-Security-Policy and lets other
origins frame these pages, and no other (``_headers``, tools/site/pages.py).
"""

from __future__ import annotations

import shutil
from html import escape
from pathlib import Path

from tools.site.rules_page import Page
from web.components.dom import Dom
from web.components.plain_dom import Document
from web.demos import DEMOS, title_key
from web.languages.i18n import NAMES, SUPPORTED

ROOT = Path(__file__).resolve().parents[2]


def embed_document(page: Page, name: str, policy: str) -> str:
    """One demo alone, in one language, for a frame, with its Content-Security-Policy."""
    d, t, lang = page.dom, page.catalog.text, page.lang
    island = page.island(name)
    credit = d.el(
        "p",
        None,
        d.el("a", t("rules_page.embed_credit"), href=f"../../../rules/{lang}/", target="_blank"),
        class_="embed-credit",
    )
    main = d.el("main", None, d.el("h1", t(title_key(name)), class_="embed-title"), island, credit)
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
        f"<title>{escape(t(title_key(name)))} · Barbu</title>\n"
        '<link rel="stylesheet" href="../../../web/style.css">\n'
        '<link rel="stylesheet" href="../../../web/rules.css">\n'
        '<script type="module" src="../../../web/embed-page.js"></script>\n'
        f'</head>\n<body class="rules-page embed-page">\n{main.html()}\n</body>\n</html>\n'
    )


def index_document(policy: str) -> str:
    """embed.html: with JavaScript, opens the demo and language asked for; without, lists them.
    ``policy``: its Content-Security-Policy."""
    d = Dom(Document())
    items = [
        d.el(
            "li",
            None,
            d.el(
                "a",
                f"{name} · {NAMES[lang]}",
                href=f"./embed/{name}/{lang}/",
                hreflang=lang,
                data_demo=name,
            ),
        )
        for name in DEMOS
        for lang in SUPPORTED
    ]
    body = d.el("main", None, d.el("h1", "Barbu"), d.el("ul", None, *items), id="main")
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
        "<title>Barbu: demos</title>\n"
        '<link rel="stylesheet" href="./web/style.css">\n'
        '<link rel="stylesheet" href="./web/rules.css">\n'
        '<script type="module" src="./web/embed-page.js"></script>\n'
        f'</head>\n<body class="rules-page embed-index">\n{body.html()}\n</body>\n</html>\n'
    )


def write_embed_pages(dist: Path, pages: dict[str, Page], policy: str) -> None:
    """Every demo in every language, from the rules pages of each language."""
    for lang, page in pages.items():
        for name in DEMOS:
            folder = dist / "embed" / name / lang
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "index.html").write_text(embed_document(page, name, policy), encoding="utf-8")


def write_embed_index(dist: Path, policy: str) -> None:
    """embed.html, and embed.js, the script with which other sites frame it."""
    (dist / "embed.html").write_text(index_document(policy), encoding="utf-8")
    shutil.copyfile(ROOT / "web" / "embed" / "embed.js", dist / "embed.js")

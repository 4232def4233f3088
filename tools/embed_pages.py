"""The embeddable demos, built into dist/: embed/<demo>/<lang>/index.html for every live demo and
language (the demo as the rules page draws it, alone), embed.html (``?demo=&lang=&id=`` opens
one of them), embed.js (the ``<barbu-demo>`` element that other sites use) and _headers (which
pages other origins may frame: these, and no other).
"""

from __future__ import annotations

import shutil
from html import escape
from pathlib import Path

from tools.rules_page import CSP, Page
from tools.static_dom import Document
from web.demos import DEMOS, title_key
from web.dom import Dom
from web.i18n import NAMES, SUPPORTED

ROOT = Path(__file__).resolve().parent.parent
HEADERS = """\
# Which pages other sites may show in a frame (Netlify / Cloudflare Pages syntax; tools/serve.py
# sends the same): the embeddable demos only.
/
  Content-Security-Policy: frame-ancestors 'self'
/index.html
  Content-Security-Policy: frame-ancestors 'self'
/rules/*
  Content-Security-Policy: frame-ancestors 'self'
/embed.html
  Content-Security-Policy: frame-ancestors *
/embed/*
  Content-Security-Policy: frame-ancestors *
"""


def embed_document(page: Page, name: str) -> str:
    """One demo alone, in one language, for a frame."""
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
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        f"<title>{escape(t(title_key(name)))} · Barbu</title>\n"
        '<link rel="stylesheet" href="../../../web/style.css">\n'
        '<link rel="stylesheet" href="../../../web/rules.css">\n'
        '<script type="module" src="../../../web/embed-page.js"></script>\n'
        f'</head>\n<body class="rules-page embed-page">\n{main.html()}\n</body>\n</html>\n'
    )


def index_document() -> str:
    """embed.html: with JavaScript, opens the demo and language asked for; without, lists them."""
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
        f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
        "<title>Barbu: demos</title>\n"
        '<link rel="stylesheet" href="./web/style.css">\n'
        '<link rel="stylesheet" href="./web/rules.css">\n'
        '<script type="module" src="./web/embed-page.js"></script>\n'
        f'</head>\n<body class="rules-page embed-index">\n{body.html()}\n</body>\n</html>\n'
    )


def write_embed_pages(dist: Path, pages: dict[str, Page]) -> None:
    """Every demo in every language, embed.html, embed.js and _headers."""
    for lang, page in pages.items():
        for name in DEMOS:
            folder = dist / "embed" / name / lang
            folder.mkdir(parents=True, exist_ok=True)
            (folder / "index.html").write_text(embed_document(page, name), encoding="utf-8")
    (dist / "embed.html").write_text(index_document(), encoding="utf-8")
    shutil.copyfile(ROOT / "web" / "embed.js", dist / "embed.js")
    (dist / "_headers").write_text(HEADERS, encoding="utf-8")

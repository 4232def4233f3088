"""The rules pages, built into dist/rules/: one real HTML page per language, and rules/ leading
the reader to theirs (``write_rules_pages``, ``write_rules_index``: entries of tools/build.py's
``PAGES``, which gives them their Content-Security-Policy).

Every number a page states is computed by the engine from its rules objects
(``tools.rules_facts``): the scores of each contract, the session's shape, the presets' values,
the settlement example of RULES.md §5, and a whole worked session played by the computer players
from a fixed game number, drawn with the game's own score sheet and diagram (``web.scores``,
given a ``tools.static_dom.Document``), as the live demos' first state is (``web.demos``). The
prose is ``web/rules/<lang>.md`` (``tools.rules_text``); the table headings are the game's
catalog, ``rules_page.*``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from html import escape
from pathlib import Path
from typing import Any

from barbu import Session
from barbu.errors import RuleError
from barbu.rules import REGISTRY, STANDARD, registered
from tools.rules_facts import example_session, facts, settlement_example
from tools.rules_text import (
    Generated,
    Heading,
    Items,
    Paragraph,
    RulesTextError,
    Source,
    inline,
    read_source,
)
from tools.static_dom import Document
from web.demos import DEMOS, create, title_key
from web.demos.settlement import EXAMPLE_DOUBLES
from web.dom import Dom
from web.i18n import NAMES, SUPPORTED, Catalog
from web.scores import draw_diagram, draw_legend, draw_sheet
from web.settlement_view import settlement_table
from web.words import contract_name, explanation, signed

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ROOT / "web" / "rules"
SECTIONS = ("session", "contracts", "doubles", "settlement", "example", "variants", "faq")
"""The sections every language has, in this order (the game links to them)."""
SUBSECTIONS = {
    "contracts": ("tricks", *(c.contract.value for c in STANDARD.contracts)),
    "doubles": ("obligation",),
    "variants": tuple(p.section for p in REGISTRY.values() if p.section not in SECTIONS),
    "faq": ("faq-double-in-trumps", "faq-cannot-follow", "faq-barbu", "faq-why-double", "faq-tie"),
}
"""Subsections each section must have (in this order but for the FAQ's, which may be anywhere
in it among the others); each preset's section (``barbu.rules.REGISTRY``) is a section or a
variant."""
FAQ_AT_LEAST = 10


class Page:
    """One language's page being drawn: its source, catalog, fields and node factory."""

    def __init__(self, lang: str, source: Source, catalog: Catalog, example: Session) -> None:
        self.lang = lang
        self.source = source
        self.catalog = catalog
        self.example = example
        self.dom = Dom(Document())
        self.fields = facts(catalog, source.names, example)
        self.where = f"web/rules/{lang}.md"
        self.ids = {b.id for b in source.blocks if isinstance(b, Heading) and b.id}

    def link(self, target: str) -> str:
        """A link's address: a section of this page, or the game with a preset."""
        if target.startswith("#") and target[1:] in self.ids:
            return target
        if target.startswith("play:"):  # a preset by its id or a former one; linked by its id
            try:
                return play_href(self.lang, registered(target.removeprefix("play:")).name)
            except RuleError:
                pass
        raise RulesTextError(f"{self.where}: no such link target {target!r}")

    def text(self, text: str, line: int) -> list[Any]:
        """A line of prose as nodes."""
        return inline(self.dom, text, self.fields, self.link, f"{self.where}:{line}")

    def main(self) -> Any:
        """The page's <main>: its title, lead, contents, then one <section> per ``##``."""
        d = self.dom
        main = d.el("main", None, id="main")
        section: Any = main
        for block in self.source.blocks:
            if isinstance(block, Heading):
                node = d.el(f"h{block.level}", None, *self.text(block.title, block.line))
                if block.id:
                    node.setAttribute("id", block.id)
                if block.level == 2:
                    if section is main and main.children and not self.has_contents(main):
                        main.append(self.contents())
                    section = d.el("section", None, aria_labelledby=block.id)
                    main.append(section)
                section.append(node)
            elif isinstance(block, Paragraph):
                section.append(d.el("p", None, *self.text(block.text, block.line)))
            elif isinstance(block, Items):
                items = [d.el("li", None, *self.text(item, block.line)) for item in block.items]
                section.append(d.el("ul", None, *items))
            elif isinstance(block, Generated):
                drawn = self.generated(block)
                if drawn is not None:
                    section.append(drawn)
        return main

    @staticmethod
    def has_contents(main: Any) -> bool:
        return any(getattr(c, "attributes", {}).get("class") == "contents" for c in main.children)

    def contents(self) -> Any:
        """The list of sections, linked."""
        d, t = self.dom, self.catalog.text
        entries = [
            d.el("li", None, d.el("a", None, *self.text(b.title, b.line), href=f"#{b.id}"))
            for b in self.source.blocks
            if isinstance(b, Heading) and b.level == 2
        ]
        return d.el(
            "nav",
            None,
            d.el("h2", t("rules_page.contents"), id="contents-title"),
            d.el("ol", None, *entries),
            aria_labelledby="contents-title",
            class_="contents",
        )

    def generated(self, block: Generated) -> Any:
        """A ``{{block}}``: a table or a diagram drawn from the engine, or a demo's place."""
        draw: dict[str, Callable[[], Any]] = {
            "contracts-table": self.contracts_table,
            "settlement-example": self.settlement_table,
            "game-sheet": self.game_sheet,
            "game-diagram": self.game_diagram,
        }
        if block.name in draw:
            return draw[block.name]()
        name = block.name.removeprefix("demo:")
        if block.name.startswith("demo:") and name in DEMOS:
            return self.island(name)
        raise RulesTextError(f"{self.where}:{block.line}: unknown block {{{{{block.name}}}}}")

    def table(self, caption: str, head: Sequence[str], rows: Sequence[Sequence[Any]]) -> Any:
        """A table with a caption, a header row, and rows whose first cell heads the row."""
        d = self.dom
        body = []
        for row in rows:
            cells = [d.el("th", row[0], scope="row")]
            cells += [
                d.el("td", cell, class_="num" if is_number(cell) else None) for cell in row[1:]
            ]
            body.append(d.el("tr", None, *cells))
        table = d.el(
            "table",
            None,
            d.el("caption", caption),
            d.el("thead", None, d.el("tr", None, *(d.el("th", h, scope="col") for h in head))),
            d.el("tbody", None, *body),
            class_="rules-table",
        )
        return self.scroll_box(table, "table-box", caption)

    def scroll_box(self, content: Any, class_: str, label: str, **attributes: Any) -> Any:
        """A box that scrolls sideways on a narrow screen: a named region the keyboard reaches."""
        return self.dom.el(
            "div",
            None,
            content,
            class_=class_,
            tabindex="0",
            role="region",
            aria_label=label,
            **attributes,
        )

    def contracts_table(self) -> Any:
        """The seven contracts of the standard game: what each scores, and its total."""
        t = self.catalog.text
        rows = [
            (
                contract_name(self.catalog, c.contract),
                explanation(self.catalog, c, STANDARD, leads=True),
                signed(c.total),
            )
            for c in STANDARD.contracts
        ]
        head = (t("sheet.contract"), t("rules_page.scores"), t("rules_page.total"))
        return self.table(t("rules_page.contracts_caption"), head, rows)

    def settlement_table(self) -> Any:
        """RULES.md §5's example: raw scores, transfers, deal scores, as the game's summary."""
        t = self.catalog.text
        raw, final = settlement_example()
        names = self.source.names
        doubled = [(names[a], names[b]) for a, b in EXAMPLE_DOUBLES]
        caption = t(
            "rules_page.settlement_caption",
            contract=contract_name(self.catalog, "no-queens"),
            doubles=", ".join(t("doubles.single", doubler=a, target=b) for a, b in doubled),
        )
        table = settlement_table(self.dom, self.catalog, names, raw, final, caption=caption)
        return self.scroll_box(table, "table-box", caption)

    def island(self, name: str) -> Any:
        """A live demo as the build draws it (its initial state, by the same code as in the
        browser), in the box web/islands.js brings to life."""
        d, t = self.dom, self.catalog.text
        uid = f"demo-{name}"
        demo = create(name, self.catalog, list(self.source.names), uid)
        return d.el(
            "div",
            None,
            d.el("p", "", class_="demo-status", aria_live="polite"),
            d.el("div", None, demo.draw(d), class_="demo-body-box"),
            class_="demo",
            id=uid,
            role="region",
            aria_label=t(title_key(name)),
            data_demo=name,
            data_names=",".join(self.source.names),
            data_starting=t("demo.starting"),
            data_failed=t("demo.failed"),
        )

    def game_sheet(self) -> Any:
        """The worked session's score sheet, as the game draws it."""
        session = self.example
        sheet = draw_sheet(
            self.dom,
            self.catalog,
            self.source.names,
            session.history(),
            session.totals(),
            0,
        )
        return self.scroll_box(sheet, "sheet-box", self.catalog.text("sheet.caption"))

    def game_diagram(self) -> Any:
        """The worked session's running totals, as the game draws them: wider than a phone."""
        session, d = self.example, self.dom
        rules = session.rules
        svg, _ = draw_diagram(
            d, self.catalog, self.source.names, session.history(), rules.deals, rules.block_size, 0
        )
        return d.el(
            "figure",
            None,
            draw_legend(d, self.source.names, session.totals()),
            self.scroll_box(
                svg, "diagram-box", self.catalog.text("diagram.title"), data_testid="rules-diagram"
            ),
            class_="diagram-figure",
        )


def is_number(cell: Any) -> bool:
    """Whether a table cell is a score (aligned right)."""
    return isinstance(cell, str) and cell.lstrip("+\u2212").isdigit()


def play_href(lang: str, rules: str) -> str:
    """The game, from a rules page, in ``lang``, playing ``rules`` (a session of them under way
    is resumed; another is kept as the previous one and a new one starts)."""
    return f"../../?lang={lang}&rules={rules}"


def document(page: Page, policy: str) -> str:
    """The whole HTML document of one language's page, with its Content-Security-Policy
    (tools/pages.py)."""
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
    """How to show the demos on another site: the two lines to copy (web/embed.js). The address
    of this site is only known in the browser: web/rules.js writes it into the lines."""
    d, t = page.dom, page.catalog.text
    snippet = d.el(
        "code",
        None,
        '<script src="',
        d.el("span", "../../", data_site=""),
        'embed.js" defer></script>\n',
        f'<barbu-demo demo="settlement" lang="{page.lang}"></barbu-demo>',
    )
    return d.el(
        "footer",
        None,
        d.el("h2", t("rules_page.embed_title"), id="embed"),
        d.el("p", t("rules_page.embed_text")),
        d.el("pre", None, snippet, tabindex="0"),
        class_="embed-snippet",
    )


def language_list(d: Dom, lang: str, href: Callable[[str], str]) -> Any:
    """The four languages, each named in itself; the current one marked, the others links
    remembered when followed (``data-lang``, web/language.js)."""
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
    (web/rules.js: the remembered choice or the browser's). ``policy``: its
    Content-Security-Policy (tools/pages.py)."""
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


def load_catalog(lang: str) -> Catalog:
    """The game's catalog of ``lang``."""
    path = ROOT / "web" / "i18n" / f"{lang}.json"
    return Catalog.from_json(lang, path.read_text(encoding="utf-8"))


def check_structure(source: Source, where: str) -> None:
    """The sections the game links to are all there, in order, and the FAQ is long enough."""
    headings = [b for b in source.blocks if isinstance(b, Heading)]
    if not headings or headings[0].level != 1:
        raise RulesTextError(f"{where}: the body must start with one '# Title'")
    tops = [h.id for h in headings if h.level == 2]
    if tops != list(SECTIONS):
        raise RulesTextError(f"{where}: sections {tops} instead of {list(SECTIONS)}")
    under: dict[str, list[str]] = {}
    current = ""
    for h in headings:
        if h.level == 2:
            current = h.id or ""
        elif h.level == 3 and h.id:
            under.setdefault(current, []).append(h.id)
    ids = [h.id for h in headings if h.id]
    if len(ids) != len(set(ids)):
        raise RulesTextError(f"{where}: an id is used twice")
    for section, wanted in SUBSECTIONS.items():
        have = under.get(section, [])
        if section == "faq":
            if set(wanted) - set(have) or len(have) < FAQ_AT_LEAST:
                raise RulesTextError(
                    f"{where}: the FAQ needs {FAQ_AT_LEAST} questions and {list(wanted)}"
                )
        elif have != list(wanted):
            raise RulesTextError(f"{where}: '{section}' has {have} instead of {list(wanted)}")


def language_pages() -> dict[str, Page]:
    """Every language's page, its source read and checked: what the rules pages and the
    embeddable demos (tools/embed_pages.py) are drawn from."""
    example = example_session()
    pages = {}
    for lang in SUPPORTED:
        path = SOURCES / f"{lang}.md"
        where = f"web/rules/{lang}.md"
        source = read_source(path.read_text(encoding="utf-8"), where)
        check_structure(source, where)
        pages[lang] = Page(lang, source, load_catalog(lang), example)
    return pages


def write_rules_index(dist: Path, policy: str) -> None:
    """dist/rules/index.html."""
    (dist / "rules").mkdir(parents=True, exist_ok=True)
    (dist / "rules" / "index.html").write_text(index_document(policy), encoding="utf-8")


def write_rules_pages(dist: Path, pages: dict[str, Page], policy: str) -> None:
    """dist/rules/<lang>/index.html for every language."""
    for lang, page in pages.items():
        (dist / "rules" / lang).mkdir(parents=True, exist_ok=True)
        (dist / "rules" / lang / "index.html").write_text(document(page, policy), encoding="utf-8")

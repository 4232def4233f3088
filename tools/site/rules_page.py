"""The rules pages' content: one language's ``<main>`` drawn from its source (``Page``), and
every language's page (``language_pages``), which tools/site/rules_document.py wraps into the
HTML documents of dist/rules/ and tools/site/embed_pages.py draws the demos alone from.

Every number a page states is computed by the engine from its rules objects
(``tools.site.rules_facts``): the scores of each contract, the session's shape, the presets'
values, the settlement example of RULES.md §5, and a whole worked session played by the computer
players from a fixed game number, drawn with the game's own score sheet and diagram
(``web.components.scores``, given a ``web.components.plain_dom.Document``), as the live demos' first
state is (``web.demos``). The prose is ``web/rules/<lang>.md`` (``tools.site.rules_text``, read
and checked by ``tools.site.rules_sources``); the table headings are the game's catalog,
``rules_page.*``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from barbu import Card, Rank, RuleError, Session, cards
from barbu.presets import REGISTRY, STANDARD, registered
from tools.site.rules_facts import example_session, facts, settlement_example
from tools.site.rules_sources import load_catalog, load_source, same_ids
from tools.site.rules_text import (
    Generated,
    Heading,
    Items,
    Paragraph,
    RulesTextError,
    Source,
    inline,
)
from web.components.cards import face_up
from web.components.dom import Dom
from web.components.domino import domino_rows
from web.components.plain_dom import Document
from web.components.scores import draw_diagram, draw_legend, draw_sheet
from web.components.settlement import settlement_table
from web.components.trick import trick_cards
from web.demos import DEMOS, create, title_key
from web.demos.settlement import EXAMPLE_DOUBLES
from web.languages.faces import card_face
from web.languages.i18n import SUPPORTED, Catalog
from web.languages.plurals import CATEGORIES, category
from web.languages.presets import preset_words
from web.languages.words import contract_name, explanation, signed, trick_said

FORMER_IDS = {
    preset_words(p.name).section: tuple(p.aliases) for p in REGISTRY.values() if p.aliases
}
"""A preset's section also answers to its former ids (``#pagat``, the italian game's)."""
WORDS: dict[str, dict[str, str]] = {
    "en": {
        "word": (
            "zero one two three four five six seven eight nine ten eleven twelve thirteen "
            "fourteen fifteen sixteen seventeen eighteen nineteen twenty"
        ),
        "times": "— once twice three_times four_times five_times six_times seven_times",
    },
    "fr": {
        "word": (
            "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze "
            "quinze seize dix-sept dix-huit dix-neuf vingt"
        ),
    },
    "it": {
        "word": (
            "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici "
            "quattordici quindici sedici diciassette diciotto diciannove venti"
        ),
    },
    "ru": {
        "word": (
            "ноль один два три четыре пять шесть семь восемь девять десять одиннадцать "
            "двенадцать тринадцать четырнадцать пятнадцать шестнадцать семнадцать "
            "восемнадцать девятнадцать двадцать"
        ),
        "fem": (
            "ноль одна две три четыре пять шесть семь восемь девять десять одиннадцать "
            "двенадцать тринадцать четырнадцать пятнадцать шестнадцать семнадцать "
            "восемнадцать девятнадцать двадцать"
        ),
        "gen": (
            "нуля одного двух трёх четырёх пяти шести семи восьми девяти десяти "
            "одиннадцати двенадцати тринадцати четырнадцати пятнадцати шестнадцати "
            "семнадцати восемнадцати девятнадцати двадцати"
        ),
        "together": (
            "— — вдвоём втроём вчетвером впятером вшестером всемером ввосьмером "
            "вдевятером вдесятером"
        ),
    },
}
"""Numbers in words, by language and form (``{players:word}``; English also ``times``, "twice";
Russian ``fem``, the feminine, ``gen``, the genitive, and ``together``, "вчетвером"), from zero
up, one word each (``_`` for a space; ``—`` for none). A
number the table lacks is written in digits; a form with a capital (``{block:Word}``) starts
with one."""


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
        return inline(self.dom, text, self.field, self.link, f"{self.where}:{line}")

    def field(self, spec: str) -> str:
        """A ``{field}`` filled in (``tools.site.rules_text``): a number of the engine, in digits or
        words, with its plural forms; a message of the catalog; a sentence the game shows; a
        card. ``KeyError`` for a name it does not know, ``ValueError`` for a bad form."""
        head, *forms = spec.split("|")
        kind, _, rest = head.partition(":")
        if kind == "game":
            text = self.catalog.text(rest)
            if "{" in text:
                raise ValueError("this message has fields: quote it with {quote:NAME}")
            return text
        if kind == "quote":  # Russian sets a quoted sentence's full stop after the quotes
            said = QUOTES[rest](self)
            return said.removesuffix(".") if self.lang == "ru" else said
        if kind == "card":
            face = card_face(Card.parse(rest), self.catalog)
            return face.rank + face.symbol
        value = self.fields[kind]
        shown = self.words(value, rest) if rest else value
        if not forms:
            return shown
        return self.plural(number_of(value), forms).replace("#", shown)

    def words(self, value: str, form: str) -> str:
        """A number in words (``WORDS``), or in digits past the table's end."""
        words = WORDS[self.lang].get(form.lower())
        if words is None:
            raise ValueError(f"no word form {form!r} in {self.lang}")
        table = words.split()
        count = number_of(value)
        word = table[count] if 0 <= count < len(table) and table[count] != "—" else value
        word = word.replace("_", " ")
        return word[:1].upper() + word[1:] if form[:1].isupper() else word

    def plural(self, count: int, forms: Sequence[str]) -> str:
        """The form for ``count``, given in the order of the language's CLDR categories
        (``web.languages.plurals.CATEGORIES``); French and Italian may give only *one* and
        *other*."""
        categories = CATEGORIES[self.lang]
        if len(forms) == 2 and categories == ("one", "many", "other"):
            categories = ("one", "other")
        if len(forms) != len(categories):
            raise ValueError(f"{len(forms)} plural forms instead of {len(categories)}")
        wanted = category(self.lang, count)
        return forms[categories.index(wanted if wanted in categories else "other")]

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
                    for former in FORMER_IDS.get(block.id, ()):  # old links still land here
                        node.prepend(d.el("span", None, id=former))
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
        figures: dict[str, Callable[[str], Any]] = {
            "hand": self.hand_figure,
            "trick": self.trick_figure,
            "domino": self.domino_figure,
        }
        if block.name in draw and not block.argument:
            return draw[block.name]()
        if block.name == "demo" and block.argument in DEMOS:
            return self.island(block.argument)
        if block.name in figures and block.argument:
            try:
                return figures[block.name](block.argument)
            except (ValueError, IndexError) as error:
                raise RulesTextError(f"{self.where}:{block.line}: {error}") from None
        raise RulesTextError(f"{self.where}:{block.line}: unknown block {{{{{block.name}}}}}")

    def figure(self, *content: Any) -> Any:
        """A tip's picture: the game's cards on the felt."""
        return self.dom.el("div", None, *content, class_="tip-figure demo-table")

    def hand_figure(self, argument: str) -> Any:
        """``{{hand:AS KS 7H}}``: a hand of cards, face up, as the game draws them and in its
        order (by suit, then from the highest)."""
        d = self.dom
        held = sorted(cards(argument), key=lambda c: (c.suit, -c.rank))
        faces = [face_up(d, self.catalog, card) for card in held]
        hand = d.el(
            "div",
            None,
            *faces,
            class_="tip-hand",
            role="group",
            aria_label=self.catalog.text("table.hand"),
        )
        return self.figure(hand)

    def trick_figure(self, argument: str) -> Any:
        """``{{trick:1 AC 3C 9C KH}}``: a trick of a contract without trumps, led by that seat
        (the reader's is 0, at the bottom), the other cards clockwise; its winner ringed."""
        d, t, names = self.dom, self.catalog.text, self.source.names
        leader, *codes = argument.split()
        played = [((int(leader) + k) % 4, card) for k, card in enumerate(cards(" ".join(codes)))]
        led = played[0][1].suit
        winner = max((c.rank, seat) for seat, c in played if c.suit is led)[1]
        said = trick_said(self.catalog, names, played)
        seats = t("demo.seats", left=names[1], top=names[2], right=names[3])
        return self.figure(
            d.el(
                "div",
                None,
                trick_cards(d, self.catalog, played, said, winner),
                d.el("p", seats, class_="trick-caption", aria_hidden="true"),
                class_="trick-area",
            )
        )

    def domino_figure(self, argument: str) -> Any:
        """``{{domino:8/7S 8S 9S 8H/6S TH 2C}}``: the Domino rows grown from a starting rank by
        the cards on the table, and a hand, as the game draws them."""
        d = self.dom
        rank_text, table_text, hand_text = argument.split("/")
        rank = Rank.parse(rank_text.strip())
        rows: list[tuple[int, int] | None] = [None] * 4
        for card in cards(table_text):
            row = rows[card.suit]
            low, high = row if row else (card.rank, card.rank)
            rows[card.suit] = (min(low, card.rank), max(high, card.rank))
        return d.el(
            "div",
            None,
            self.figure(domino_rows(d, self.catalog, rows, rank)),
            self.hand_figure(hand_text),
            class_="tip-figures",
        )

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
        browser), in the box web/runtime/islands.js brings to life."""
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
        """The worked session's score sheet, as the game draws it, with the game's legend of its
        marks."""
        session = self.example
        sheet = draw_sheet(
            self.dom,
            self.catalog,
            self.source.names,
            session.sheet(),
            session.totals(),
            0,
        )
        d, initial = self.dom, self.source.names[1][:1]
        legend = d.el(  # what the letters under the scores mean: the game's own legend
            "p",
            None,
            *d.fill(
                self.catalog.text("sheet.legend"),
                mark=d.el("span", initial, class_="mark", aria_hidden="true"),
                mutual=d.el("span", initial, class_="mark mutual", aria_hidden="true"),
            ),
            class_="sheet-legend",
        )
        box = self.scroll_box(sheet, "sheet-box", self.catalog.text("sheet.caption"))
        return d.el("div", None, box, legend)

    def game_diagram(self) -> Any:
        """The worked session's running totals, as the game draws them: wider than a phone."""
        session, d = self.example, self.dom
        rules = session.rules
        svg, _ = draw_diagram(
            d, self.catalog, self.source.names, session.sheet(), rules.deals, rules.block_size, 0
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


def number_of(value: str) -> int:
    """A field's number ("28", "+5", "\u22126") as an int; ``ValueError`` for a name."""
    return int(value.replace("\u2212", "-"))


def must_double(page: Page) -> str:
    """The game's warning when doubling the declarer becomes compulsory, at the first deal it
    can be: as many deals left in the block as doubles owed, the quota."""
    catalog, quota = page.catalog, STANDARD.double_quota
    return catalog.text(
        "choice.must_double",
        name=page.source.names[1],
        owed=catalog.plural("count.doubles", quota),
        left=catalog.plural("count.deals", quota),
    )


def owed(page: Page) -> str:
    """What the doubling panel says of the doubles a player still owes the declarer, at the
    start of a block."""
    catalog, quota = page.catalog, STANDARD.double_quota
    return catalog.text(
        "choice.owed",
        name=page.source.names[1],
        owed=catalog.plural("count.doubles", quota),
        left=catalog.plural("count.deals", STANDARD.block_size),
    )


QUOTES: dict[str, Callable[[Page], str]] = {"must-double": must_double, "owed": owed}
"""The sentences of the game a rules text may quote (``{quote:NAME}``), filled in as the game
would fill them, so that the quotation is the game's own words."""


def is_number(cell: Any) -> bool:
    """Whether a table cell is a score (aligned right)."""
    return isinstance(cell, str) and cell.lstrip("+\u2212").isdigit()


def play_href(lang: str, rules: str) -> str:
    """The game, from a rules page, in ``lang``, playing ``rules`` (a session of them under way
    is resumed; another is kept as the previous one and a new one starts)."""
    return f"../../?lang={lang}&rules={rules}"


def language_pages() -> dict[str, Page]:
    """Every language's page, its source read and checked (the same ids in every language): what
    the rules pages and the embeddable demos (tools/site/embed_pages.py) are drawn from."""
    example = example_session()
    sources = {lang: load_source(lang) for lang in SUPPORTED}
    same_ids(sources)
    return {
        lang: Page(lang, source, load_catalog(lang), example) for lang, source in sources.items()
    }

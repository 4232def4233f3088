"""The rules pages' source text (``web/rules/<lang>.md``), read into blocks of HTML nodes.

A source is three header lines (``title:``, ``description:``, ``names:`` with the four example
players), a blank line, then a small Markdown subset: ``# Title`` once; ``## id: Title`` and
``### id: Title`` sections with fixed ids (the game links to them); paragraphs; ``- `` lists;
``**bold**``, ``*emphasis*``, ``[text](#id)`` and ``[text](play:PRESET)`` links; ``{field}`` for a
number the engine computes, or a string the game shows; ``{{block}}`` or ``{{block:argument}}``
alone on a line for a generated table, diagram, hand of cards or demo.

A field is filled by the page (``tools.site.rules_page.Page.field``): ``{deals}`` a number,
``{players:word}`` the same in words, ``{blocks|# block|# blocks}`` with the plural form of the
language's CLDR category for the value (``#`` stands for the number; the forms in the order of
``web.languages.plurals.CATEGORIES``), ``{game:KEY}`` a message of the game's catalog,
``{quote:NAME}`` a sentence the game shows, filled in as it would be, ``{card:KH}`` a card as the
game prints it.

No digit may stand outside a field: every number the page states is the engine's, so that text and
engine cannot disagree (docs/ARCHITECTURE.md, "The rules pages and their demos"). Anything else
is refused with its line number.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

HEADING = re.compile(r"^(#{1,3}) (?:([a-z0-9-]+): )?(\S.*)$")
BLOCK = re.compile(r"^\{\{([a-z0-9-]+)(?::([^{}]+))?\}\}$")
FIELD = r"\{(?P<field>[\w.:-]+(?:\|[^{}|*\[\]]*)*)\}"
INLINE = re.compile(
    r"\*\*(?P<bold>.+?)\*\*|\*(?P<em>[^*]+?)\*|\[(?P<text>[^\]]+)\]\((?P<target>[^)\s]+)\)"
    r"|" + FIELD
)
FIELD_OR_BLOCK = re.compile(r"\{\{[^}]*\}\}|\{[\w.:-]+\}|\{[\w.:-]+\||\]\([^)\s]+\)")
"""What the digit check skips: fields, blocks and link targets (``play:fr32``)."""
HEADER_KEYS = ("title", "description", "names")


class RulesTextError(ValueError):
    """A source the build cannot turn into a page; the message names the file and line."""


@dataclass(frozen=True)
class Heading:
    level: int
    id: str | None
    title: str
    line: int


@dataclass(frozen=True)
class Paragraph:
    text: str
    line: int


@dataclass(frozen=True)
class Items:
    items: tuple[str, ...]
    line: int


@dataclass(frozen=True)
class Generated:
    name: str
    line: int
    argument: str = ""


Block = Heading | Paragraph | Items | Generated


@dataclass(frozen=True)
class Source:
    """One language's rules text, read."""

    title: str
    description: str
    names: tuple[str, str, str, str]
    blocks: tuple[Block, ...]


def read_source(text: str, where: str) -> Source:
    """Read a source; ``RulesTextError`` says what and where for anything not understood."""
    lines = text.splitlines()
    header: dict[str, str] = {}
    for number, line in enumerate(lines[: len(HEADER_KEYS)], 1):
        key, _, value = line.partition(": ")
        if key != HEADER_KEYS[number - 1] or not value.strip():
            raise RulesTextError(f"{where}:{number}: expected '{HEADER_KEYS[number - 1]}: ...'")
        header[key] = value.strip()
    names = tuple(name.strip() for name in header["names"].split(","))
    if len(names) != 4 or not all(names):
        raise RulesTextError(f"{where}:3: 'names:' needs four names separated by commas")
    if len(lines) <= len(HEADER_KEYS) or lines[len(HEADER_KEYS)].strip():
        raise RulesTextError(f"{where}:{len(HEADER_KEYS) + 1}: a blank line must end the header")
    blocks = _blocks(lines, len(HEADER_KEYS) + 1, where)
    return Source(header["title"], header["description"], names, blocks)


def _blocks(lines: list[str], start: int, where: str) -> tuple[Block, ...]:
    """The body's blocks: headings, paragraphs, lists and generated blocks."""
    body = _Body(where)
    for number, line in enumerate(lines[start:], start + 1):
        body.read(number, line)
    body.close()
    return tuple(body.blocks)


class _Body:
    """A source's body being read: the blocks so far, and the paragraph or list under way."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.blocks: list[Block] = []
        self.paragraph: list[str] = []
        self.items: list[str] = []
        self.first = 0
        """The line the paragraph or list under way starts on."""

    def close(self) -> None:
        """End the paragraph or list under way."""
        if self.paragraph:
            self.blocks.append(Paragraph(" ".join(self.paragraph), self.first))
            self.paragraph.clear()
        if self.items:
            self.blocks.append(Items(tuple(self.items), self.first))
            self.items.clear()

    def read(self, number: int, line: str) -> None:
        """Read line ``number`` of the source."""
        _check_digits(line, f"{self.where}:{number}")
        stripped = line.strip()
        if not stripped:
            self.close()
        elif heading := HEADING.match(line):
            self.close()
            self.blocks.append(self._heading(heading, number))
        elif block := BLOCK.match(stripped):
            self.close()
            self.blocks.append(Generated(block.group(1), number, (block.group(2) or "").strip()))
        elif line.startswith("- "):
            self._item(number, line[2:].strip())
        elif self.items and line.startswith("  "):
            self.items[-1] += " " + stripped
        elif stripped[0] in "#<|>`" or re.match(r"^\d+[.)] ", stripped):
            raise RulesTextError(f"{self.where}:{number}: not understood: {stripped[:40]!r}")
        else:
            self._text(number, stripped)

    def _heading(self, heading: re.Match[str], number: int) -> Heading:
        """A heading: ``#`` without an id, ``##`` and ``###`` with one."""
        level = len(heading.group(1))
        if (level > 1) != (heading.group(2) is not None):
            raise RulesTextError(f"{self.where}:{number}: '#' takes no id, '##' and '###' need one")
        return Heading(level, heading.group(2), heading.group(3).strip(), number)

    def _item(self, number: int, text: str) -> None:
        """A list item, ending a paragraph under way."""
        if self.paragraph:
            self.close()
        if not self.items:
            self.first = number
        self.items.append(text)

    def _text(self, number: int, text: str) -> None:
        """A line of a paragraph, ending a list under way."""
        if self.items:
            self.close()
        if not self.paragraph:
            self.first = number
        self.paragraph.append(text)


def _check_digits(line: str, where: str) -> None:
    """Refuse a digit outside a field (a heading's id and a link's target aside): the numbers
    of the rules come from the engine."""
    heading = HEADING.match(line)
    text = heading.group(3) if heading else line
    if re.search(r"\d", FIELD_OR_BLOCK.sub("", text)):
        raise RulesTextError(
            f"{where}: a digit outside a {{field}}: every number must come from the engine"
        )


def inline(
    dom: Any,
    text: str,
    fields: Mapping[str, str] | Callable[[str], str],
    link: Callable[[str], str],
    where: str,
) -> list[Any]:
    """A line of text as nodes: bold, emphasis, links and fields filled in (``fields`` maps a
    field to its text, or fills one in: ``KeyError`` for one it does not know, ``ValueError``
    for one it cannot fill)."""
    out: list[Any] = []
    last = 0
    for match in INLINE.finditer(text):
        if match.start() > last:
            out.append(text[last : match.start()])
        last = match.end()
        if match.group("bold") is not None:
            out.append(dom.el("strong", None, *inline(dom, match["bold"], fields, link, where)))
        elif match.group("em") is not None:
            out.append(dom.el("em", None, *inline(dom, match["em"], fields, link, where)))
        elif match.group("text") is not None:
            children = inline(dom, match["text"], fields, link, where)
            out.append(dom.el("a", None, *children, href=link(match["target"])))
        else:
            name = match["field"]
            try:
                out.append(fields(name) if callable(fields) else fields[name])
            except KeyError:
                raise RulesTextError(f"{where}: unknown field {{{name}}}") from None
            except ValueError as error:
                raise RulesTextError(f"{where}: {{{name}}}: {error}") from None
    if last < len(text):
        out.append(text[last:])
    if any(isinstance(part, str) and re.search(r"[*{}\[\]]", part) for part in out):
        raise RulesTextError(f"{where}: unbalanced markup in {text[:60]!r}")
    return out

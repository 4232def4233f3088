"""A small document that builds HTML text at build time with the page's own renderers.

``web.components.dom.Dom`` draws into the browser's ``document``; given a ``Document`` from here
instead, the same renderers (the score sheet, the diagram, the contract lines) write the static
rules pages, so that a page read before Python starts shows what the game would draw. Only what the
renderers use is here: ``createElement``, ``createElementNS``, ``setAttribute``, ``textContent``,
``append``, ``prepend``; ``html()`` writes the node out, text and attribute values escaped.
"""

from __future__ import annotations

from html import escape
from typing import Any

VOID = frozenset({"br", "hr", "img", "input", "link", "meta", "source", "wbr"})
"""Elements without an end tag."""
SVG_NS = "http://www.w3.org/2000/svg"


class Element:
    """An element: a tag, attributes in the order set, children (elements or text)."""

    def __init__(self, tag: str, svg: bool = False) -> None:
        self.tag = tag
        self.svg = svg
        self.attributes: dict[str, str] = {}
        self.children: list[Element | str] = []

    def setAttribute(self, name: str, value: str) -> None:
        """Set one attribute."""
        self.attributes[name] = str(value)

    def getAttribute(self, name: str) -> str | None:
        """One attribute's value, or None."""
        return self.attributes.get(name)

    @property
    def textContent(self) -> str:
        """The text of the element and its descendants."""
        return "".join(c if isinstance(c, str) else c.textContent for c in self.children)

    @textContent.setter
    def textContent(self, text: str) -> None:
        self.children = [str(text)] if text else []

    def append(self, *nodes: Any) -> None:
        """Add children at the end (text as text)."""
        self.children.extend(self._node(node) for node in nodes)

    def prepend(self, *nodes: Any) -> None:
        """Add children at the start."""
        self.children[:0] = [self._node(node) for node in nodes]

    @staticmethod
    def _node(node: Any) -> Element | str:
        return node if isinstance(node, Element) else str(node)

    def html(self) -> str:
        """The element as HTML text."""
        attributes = "".join(
            f' {name}="{escape(value, quote=True)}"' for name, value in self.attributes.items()
        )
        if self.tag in VOID and not self.svg:
            return f"<{self.tag}{attributes}>"
        inner = "".join(
            escape(child, quote=False) if isinstance(child, str) else child.html()
            for child in self.children
        )
        if self.svg and not inner:
            return f"<{self.tag}{attributes}/>"
        return f"<{self.tag}{attributes}>{inner}</{self.tag}>"


class Document:
    """Creates elements, as ``document`` does."""

    def createElement(self, tag: str) -> Element:
        """A new HTML element."""
        return Element(tag)

    def createElementNS(self, namespace: str, tag: str) -> Element:
        """A new element of ``namespace`` (SVG: written with self-closing empty tags)."""
        return Element(tag, svg=namespace == SVG_NS)

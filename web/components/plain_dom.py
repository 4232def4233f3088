"""A document of plain Python objects, where there is no browser's: the page's own renderers draw
into it at build time and in a worker, and it writes out as HTML text (``html``) or as plain data
for the page's builder (``data``, web/runtime/plain.js).

``web.components.dom.Dom`` draws into the browser's ``document``; given a ``Document`` from here
instead, the same renderers (the score sheet, the diagram, the contract lines) write the static
rules pages, so that a page read before Python starts shows what the game would draw, and the
rules pages' demos draw in their worker (web/runtime/demos-worker.js). Only what the
renderers use is here: ``createElement``, ``createElementNS``, ``setAttribute``, ``textContent``,
``append``, ``prepend``. The game's table view (``web.table.view.TableView``, for the build's
first tables: tools/site/first_table.py) also needs ``replaceChildren``, ``removeAttribute``,
``classList``, the ``hidden``, ``disabled`` and ``inert`` properties, ``querySelector`` by class
or id, and the document's ``getElementById`` (a ``Document`` given its ``body``).
"""

from __future__ import annotations

from html import escape
from typing import Any

VOID = frozenset({"br", "hr", "img", "input", "link", "meta", "source", "wbr"})
"""Elements without an end tag."""
SVG_NS = "http://www.w3.org/2000/svg"


BOOLEAN_PROPERTIES = ("hidden", "disabled", "inert")
"""Properties that reflect a boolean attribute (``node.hidden = True``)."""


class ClassList:
    """An element's ``classList``: its ``class`` attribute as a list of names."""

    def __init__(self, element: Element) -> None:
        self.element = element

    def names(self) -> list[str]:
        """The names, in order."""
        return (self.element.getAttribute("class") or "").split()

    def _set(self, names: list[str]) -> None:
        if names:
            self.element.setAttribute("class", " ".join(names))
        else:
            self.element.removeAttribute("class")

    def add(self, *names: str) -> None:
        """Add names not there yet."""
        old = self.names()
        self._set(old + [n for n in names if n not in old])

    def remove(self, *names: str) -> None:
        """Remove names."""
        self._set([n for n in self.names() if n not in names])

    def toggle(self, name: str, on: bool) -> None:
        """Add or remove one name."""
        if on:
            self.add(name)
        else:
            self.remove(name)

    def contains(self, name: str) -> bool:
        """Whether the name is there."""
        return name in self.names()


class Element:
    """An element: a tag, attributes in the order set, children (elements or text)."""

    def __init__(self, tag: str, svg: bool = False) -> None:
        self.tag = tag
        self.svg = svg
        self.attributes: dict[str, str] = {}
        self.children: list[Element | str] = []
        self.classList = ClassList(self)
        self.parent: Element | None = None

    def __setattr__(self, name: str, value: Any) -> None:
        if name in BOOLEAN_PROPERTIES:
            if value:
                self.setAttribute(name, "")
            else:
                self.removeAttribute(name)
        else:
            super().__setattr__(name, value)

    def __getattr__(self, name: str) -> Any:  # only called for names not set: the properties
        if name in BOOLEAN_PROPERTIES:
            return name in self.attributes
        raise AttributeError(name)

    def removeAttribute(self, name: str) -> None:
        """Remove one attribute (if set)."""
        self.attributes.pop(name, None)

    def replaceChildren(self, *nodes: Any) -> None:
        """Put ``nodes`` in place of the children."""
        self.children = []
        self.append(*nodes)

    def elements(self) -> list[Element]:
        """The descendant elements, in document order."""
        found: list[Element] = []
        for child in self.children:
            if isinstance(child, Element):
                found += [child, *child.elements()]
        return found

    def querySelector(self, selector: str) -> Element | None:
        """The first descendant matching a selector of one class (``.name``), one id
        (``#name``) or one tag."""
        for node in self.elements():
            if (
                (selector.startswith(".") and node.classList.contains(selector[1:]))
                or (selector.startswith("#") and node.getAttribute("id") == selector[1:])
                or node.tag == selector
            ):
                return node
        return None

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
        """Add children at the end (text as text); an element moves from where it was."""
        self.children.extend(self._node(node) for node in nodes)

    def prepend(self, *nodes: Any) -> None:
        """Add children at the start."""
        self.children[:0] = [self._node(node) for node in nodes]

    def remove(self) -> None:
        """Take the element out of its parent."""
        if self.parent is not None:
            self.parent.children = [c for c in self.parent.children if c is not self]
            self.parent = None

    def _node(self, node: Any) -> Element | str:
        if not isinstance(node, Element):
            return str(node)
        node.remove()
        node.parent = self
        return node

    def data(self) -> list[Any]:
        """The element as plain data, JSON's to carry: ``[tag, svg, [name, value, ...],
        children]``, each child such a list or a text (built again by web/runtime/plain.js with
        ``createElement`` and ``textContent``, never as HTML)."""
        flat = [part for pair in self.attributes.items() for part in pair]
        children = [c if isinstance(c, str) else c.data() for c in self.children]
        return [self.tag, self.svg, flat, children]

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
    """Creates elements, as ``document`` does; finds them by id in ``body``, if given."""

    def __init__(self, body: Element | None = None) -> None:
        self.body = body
        self.activeElement: Element | None = None
        """Nothing has the focus in a page being built."""

    def getElementById(self, name: str) -> Element | None:
        """The element of ``body`` with this id, or None."""
        return self.body.querySelector(f"#{name}") if self.body is not None else None

    def createElement(self, tag: str) -> Element:
        """A new HTML element."""
        return Element(tag)

    def createElementNS(self, namespace: str, tag: str) -> Element:
        """A new element of ``namespace`` (SVG: written with self-closing empty tags)."""
        return Element(tag, svg=namespace == SVG_NS)

"""Building DOM nodes from Python: elements with text and attributes, SVG, filled templates.

Text always goes in as ``textContent`` (never HTML), so a player's name or an imported record
cannot inject markup (STYLE.md §14).
"""

from __future__ import annotations

import re
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"
FIELD = re.compile(r"\{(\w+)\}")


class Dom:
    """Creates nodes in one document."""

    def __init__(self, document: Any) -> None:
        self.document = document

    def el(self, tag: str, text: str | None = None, *children: Any, **attributes: Any) -> Any:
        """A new element: ``text`` as its text, then ``children``; attributes by keyword.

        ``class_`` sets ``class``, ``data_card`` sets ``data-card``; ``None`` and ``False`` values
        are left out, ``True`` gives an empty attribute (``disabled=True``); a ``None`` child is
        left out too (a part drawn only in some states).
        """
        return self._filled(self.document.createElement(tag), text, children, attributes)

    def svg(self, tag: str, *children: Any, text: str | None = None, **attributes: Any) -> Any:
        """A new SVG element."""
        return self._filled(self.document.createElementNS(SVG_NS, tag), text, children, attributes)

    def _filled(
        self, node: Any, text: str | None, children: tuple[Any, ...], attributes: dict[str, Any]
    ) -> Any:
        """``node`` with its attributes, its text, then its children."""
        self._attributes(node, attributes)
        if text is not None:
            node.textContent = text
        children = tuple(child for child in children if child is not None)
        if children:
            node.append(*children)
        return node

    def fill(self, template: str, **parts: Any) -> list[Any]:
        """A catalog template with ``{field}`` replaced by nodes or text: a list to ``append``."""
        out: list[Any] = []
        last = 0
        for match in FIELD.finditer(template):
            if match.start() > last:
                out.append(template[last : match.start()])
            part = parts.get(match.group(1), match.group(0))
            out.append(part if not isinstance(part, (int, float)) else str(part))
            last = match.end()
        if last < len(template):
            out.append(template[last:])
        return out

    @staticmethod
    def _attributes(node: Any, attributes: dict[str, Any]) -> None:
        for name, value in attributes.items():
            if value is None or value is False:
                continue
            key = name.rstrip("_").replace("_", "-")
            node.setAttribute(key, "" if value is True else str(value))

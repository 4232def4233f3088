"""The site's pages as data, and the one Content-Security-Policy they all carry.

tools/site/build.py writes every page from its list ``PAGES`` of ``SitePage``: the game
(index.html), the rules index and the rules in each language, embed.html and the embeddable demos,
the score keeper (keeper/) and the statistics (stats/). An entry says where its pages are (as
``_headers`` patterns), which function writes them, and how it differs from the others: whether it
runs PyScript, which needs ``'unsafe-eval'`` (``pyscript``), and which sites may show it in a frame
(``framed_by``).
The policy is written once, here (``POLICY``). Each page's writer puts its entry's ``policy``
into the page's ``<meta>``. index.html is a source file, served as it is: its ``<meta>`` keeps
the policy written out, beside the comment that justifies each directive, and the build refuses
to write the page unless that text is exactly its entry's ``policy`` (``check_policy``), rather
than filling it in: the repository's page stays a whole page, and the two copies cannot drift
apart unnoticed. ``frame-ancestors`` cannot be set from a ``<meta>``: it goes into ``_headers``
(``headers_file``), which static hosts send as a header, and so does tools/dev/serve.py; so do the
cross-origin isolation headers, for every file of the site.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

POLICY: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("default-src", ("'self'",)),
    ("script-src", ("'self'", "'wasm-unsafe-eval'")),
    ("style-src", ("'self'",)),
    ("img-src", ("'self'",)),
    ("font-src", ("'self'",)),
    ("connect-src", ("'self'",)),
    ("worker-src", ("'self'",)),
    ("manifest-src", ("'self'",)),
    ("object-src", ("'none'",)),
    ("base-uri", ("'self'",)),
    ("form-action", ("'none'",)),
)
"""Everything from the site's own origin, nothing from anywhere else; ``'wasm-unsafe-eval'``:
Pyodide compiles its WebAssembly (the game, and the rules pages' demos). index.html's comment
justifies each directive."""
PYSCRIPT_SOURCES = ("'unsafe-eval'",)
"""What the pages that run PyScript add to ``script-src``: PyScript rebuilds its worker hooks
with ``Function()`` while it starts (index.html's comment)."""
META = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">')
HEADERS_OPENING = """\
# The headers a static host adds (Netlify / Cloudflare Pages syntax; tools/dev/serve.py sends the
# same). Every file: cross-origin isolated (the site loads nothing from another origin), which
# Pyodide's shared WebAssembly memory asks of a page (without it Chromium warns that
# SharedArrayBuffer requires it). Then which pages other sites may show in a frame: the
# embeddable demos only.
/*
  Cross-Origin-Opener-Policy: same-origin
  Cross-Origin-Embedder-Policy: require-corp
"""
"""The opening of ``_headers``: what the file is, and the rule for every file of the site."""


@dataclass(frozen=True)
class SitePage:
    """A page of the site, or a family of them (the rules in every language).

    ``paths``: where they are, as ``_headers`` patterns (``/rules/*``: every address under
    /rules/). ``write``: called with the build's ``Site`` and this entry's ``policy``.
    ``framed_by``: the ``frame-ancestors`` sources. ``pyscript``: the page runs PyScript."""

    name: str
    paths: tuple[str, ...]
    write: Callable[[Any, str], None]
    framed_by: str = "'self'"
    pyscript: bool = False

    @property
    def policy(self) -> str:
        """The Content-Security-Policy of its ``<meta>``."""
        extra = {"script-src": PYSCRIPT_SOURCES if self.pyscript else ()}
        return "; ".join(
            " ".join((name, *sources, *extra.get(name, ()))) for name, sources in POLICY
        )


class PolicyError(ValueError):
    """A page's written policy, or the pages' framing rules, disagree with this module."""


def check_policy(html: str, policy: str, where: str) -> None:
    """Refuse a page that does not carry exactly one policy ``<meta>``, whose content is
    ``policy``."""
    found = META.findall(html)
    if found != [policy]:
        raise PolicyError(
            f"{where} must carry one Content-Security-Policy <meta>, the policy of its entry "
            f"in tools/site/build.py's PAGES (tools/site/pages.py): {policy!r}; it has {found}"
        )


def headers_file(pages: Iterable[SitePage]) -> str:
    """The ``_headers`` file: the whole site cross-origin isolated, then each page's addresses
    with its ``frame-ancestors``."""
    framing: dict[str, str] = {}
    for page in pages:
        for path in page.paths:
            if framing.setdefault(path, page.framed_by) != page.framed_by:
                raise PolicyError(f"{path}: framed by {framing[path]} and by {page.framed_by}")
    rules = (
        f"{path}\n  Content-Security-Policy: frame-ancestors {sources}\n"
        for path, sources in framing.items()
    )
    return HEADERS_OPENING + "".join(rules)

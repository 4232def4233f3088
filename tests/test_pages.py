"""The site's pages (tools/site/build.py ``PAGES``, tools/site/pages.py): one
Content-Security-Policy for all, differing only where an entry says so; index.html's written-out
copy checked; the framing rules of ``_headers`` from the same list."""

from __future__ import annotations

from pathlib import Path

import pytest

import tools.site.build
from tools.site.build import PAGES, BuildError, Site, write_game
from tools.site.pages import META, POLICY, PolicyError, SitePage, check_policy, headers_file

ROOT = Path(__file__).resolve().parent.parent
ALLOWED = {"'self'", "'none'", "'wasm-unsafe-eval'", "'unsafe-eval'"}
HEADERS = """\
# The headers a static host adds (Netlify / Cloudflare Pages syntax; tools/dev/serve.py sends the
# same). Every file: cross-origin isolated (the site loads nothing from another origin), which
# Pyodide's shared WebAssembly memory asks of a page (without it Chromium warns that
# SharedArrayBuffer requires it). Then which pages other sites may show in a frame: the
# embeddable demos only.
/*
  Cross-Origin-Opener-Policy: same-origin
  Cross-Origin-Embedder-Policy: require-corp
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
/keeper/*
  Content-Security-Policy: frame-ancestors 'self'
/stats/*
  Content-Security-Policy: frame-ancestors 'self'
"""


def directives(policy: str) -> dict[str, list[str]]:
    return {name: sources for name, *sources in (part.split() for part in policy.split(";"))}


def entry(name: str) -> SitePage:
    return next(page for page in PAGES if page.name == name)


def test_every_page_has_the_one_policy_and_only_the_game_allows_eval():
    """A page would let a script from elsewhere run, or run code built from text, if its policy
    were written apart from the others and drifted."""
    assert [page.name for page in PAGES] == [
        "game",
        "rules index",
        "rules",
        "embed index",
        "embeds",
        "keeper",
        "stats",
    ]
    for page in PAGES:
        found = directives(page.policy)
        assert list(found) == [name for name, _ in POLICY], page.name
        assert {source for sources in found.values() for source in sources} <= ALLOWED
        extra = ["'unsafe-eval'"] if page.pyscript else []
        assert found["script-src"] == ["'self'", "'wasm-unsafe-eval'", *extra], page.name
        assert all(found[name] == list(sources) for name, sources in POLICY if name != "script-src")
    assert [page.name for page in PAGES if page.pyscript] == ["game"]
    assert "'unsafe-eval'" not in directives(entry("game").policy)["default-src"]


def test_index_html_writes_out_the_game_pages_policy():
    """The game's page, served as it is from the repository, would carry another policy than the
    one the build checks the others against."""
    check_policy((ROOT / "index.html").read_text(encoding="utf-8"), entry("game").policy, "x")


def test_a_page_whose_policy_differs_is_refused(tmp_path, monkeypatch):
    """A policy edited in index.html alone would ship unnoticed."""
    source = (ROOT / "index.html").read_text(encoding="utf-8")
    policy = entry("game").policy
    for html in (
        source.replace(policy, policy.replace("object-src 'none'", "object-src *")),
        source.replace(META.search(source)[0], ""),
        source.replace("</head>", f"{META.search(source)[0]}\n</head>"),
    ):
        with pytest.raises(PolicyError, match=r"tools/site/pages\.py"):
            check_policy(html, policy, "index.html")
    (tmp_path / "index.html").write_text(source.replace("'unsafe-eval'", ""), encoding="utf-8")
    monkeypatch.setattr(tools.site.build, "ROOT", tmp_path)
    with pytest.raises(BuildError, match=r"index\.html must carry"):
        write_game(Site(tmp_path / "dist"), policy)


def test_headers_let_other_sites_frame_the_embeds_only():
    """Another site could frame the game or the rules (clickjacking), or none could show the
    demos, if the framing rules did not follow the pages; Chromium would warn of Pyodide's shared
    memory on a page not cross-origin isolated."""
    assert headers_file(PAGES) == HEADERS
    clash = SitePage("clash", ("/embed/*",), write_game)
    with pytest.raises(PolicyError, match="/embed/"):
        headers_file([*PAGES, clash])


def entries_of(url: str) -> list[SitePage]:
    """The entries whose ``_headers`` patterns take this address."""
    return [
        page
        for page in PAGES
        for pattern in page.paths
        if (url.startswith(pattern[:-1]) if pattern.endswith("*") else url == pattern)
    ]


@pytest.mark.build
def test_each_built_page_carries_its_entrys_policy(dist):
    """A page of dist/ written by hand, or by a writer that forgot its entry's policy, would
    carry another policy, or none."""
    pages = sorted(dist.rglob("*.html"))
    assert len(pages) > 10
    for path in pages:
        url = "/" + path.relative_to(dist).as_posix()
        owners = entries_of(url)
        assert owners, url
        assert len({page.policy for page in owners}) == 1, url
        assert META.findall(path.read_text(encoding="utf-8")) == [owners[0].policy], url
    assert (dist / "_headers").read_text(encoding="utf-8") == headers_file(PAGES)

"""The site without a browser: catalogs, build output, service worker list, icons, UI helpers.

The tests marked ``build`` read dist/ (``make build``) or run the build."""

from __future__ import annotations

import hashlib
import json
import re
import struct
import tomllib
import zipfile
from pathlib import Path

import pytest

from barbu.cards import Card
from barbu.presets import PRESET_NAMES
from tools.site.build import (
    PYODIDE_FILES,
    UNUSED_PYSCRIPT,
    build,
    chunk_name,
    compact_css,
    content_hash,
    pyscript_modules,
    shipped_python,
    site_files,
    without_js_comments,
)
from web.languages.faces import card_face
from web.languages.i18n import SUPPORTED, Catalog, MissingMessage
from web.languages.plurals import CATEGORIES
from web.model.settings import page_query, seed_from_query

ROOT = Path(__file__).resolve().parent.parent
CATALOG_FILES = sorted((ROOT / "web" / "languages" / "catalogs").glob("*.json"))
FIELD = re.compile(r"\{(\w+)\}")


def catalog(lang: str) -> Catalog:
    return Catalog.from_json(
        lang, (ROOT / "web" / "languages" / "catalogs" / f"{lang}.json").read_text()
    )


def plural_bases(messages: dict[str, str]) -> set[str]:
    """The counted messages: those with a ``.one`` form."""
    return {key[: -len(".one")] for key in messages if key.endswith(".one")}


def test_catalogs_have_the_same_keys_and_fields():
    """A player would meet a missing or garbled message where English has one: every catalog
    has every message, with the same fields, and each counted message has exactly the forms of
    its language's CLDR plural categories (Russian: one, few, many)."""
    catalogs = {path.stem: json.loads(path.read_text()) for path in CATALOG_FILES}
    assert set(catalogs) == set(SUPPORTED)
    english = catalogs["en"]
    counted = plural_bases(english)
    assert counted, "no counted message found"
    plain = {key for key in english if key.rpartition(".")[0] not in counted}
    for lang, messages in catalogs.items():
        forms = {f"{base}.{form}" for base in counted for form in CATEGORIES[lang]}
        assert set(messages) == plain | forms, lang
        for key, text in messages.items():
            base = key.rpartition(".")[0]
            model = english[f"{base}.other"] if base in counted else english[key]
            fields = set(FIELD.findall(text))
            assert text.strip(), (lang, key)
            if base in counted:  # a form may leave {count} out ("une carte")
                assert fields - {"count"} == set(FIELD.findall(model)) - {"count"}, (lang, key)
            else:
                assert fields == set(FIELD.findall(model)), (lang, key)


def test_every_message_key_used_by_the_page_exists():
    """A player would read a raw key like 'boot.error.title' if the page asked for a missing one."""
    keys = json.loads((ROOT / "web" / "languages" / "catalogs" / "en.json").read_text()).keys()
    used = set(re.findall(r'data-i18n(?:-label)?="([\w.]+)"', (ROOT / "index.html").read_text()))
    boot = "".join(path.read_text() for path in (ROOT / "web" / "runtime").glob("boot*.js"))
    used |= set(re.findall(r"\bt\('([\w.]+)'", boot)) | set(
        re.findall(r"'(boot\.error\.\w+)'", boot)
    )
    for module in (ROOT / "web").rglob("*.py"):
        used |= set(re.findall(r'\bt(?:ext)?\("([\w.]+)"', module.read_text()))
    assert used, "no key found: the patterns above are stale"
    assert used - keys == set()


def test_card_faces_speak_the_players_language():
    """A screen-reader user would hear 'QS' instead of 'Queen of spades' / 'Dame de pique'."""
    queen = Card.parse("QS")
    en, fr = card_face(queen, catalog("en")), card_face(queen, catalog("fr"))
    assert (en.code, en.rank, en.suit, en.name) == ("QS", "Q", "S", "Queen of spades")
    assert (fr.code, fr.rank, fr.name) == ("QS", "D", "Dame de pique")
    assert en.symbol.startswith("♠")
    assert card_face(Card.parse("TH"), catalog("en")).rank == "10"
    assert card_face(Card.parse("KH"), catalog("fr")).name == "Roi de cœur"


def test_missing_message_is_a_clear_error():
    """A bug in a message key would surface as a confusing error far from its cause."""
    with pytest.raises(MissingMessage, match="no message 'nope'"):
        catalog("en").text("nope")


@pytest.mark.parametrize(
    "query,seed",
    [
        ("?seed=42", 42),
        ("seed=0", 0),
        ("?lang=fr&seed=7", 7),
        ("?seed=4294967295", 4294967295),
        ("?seed=4294967296", None),
        ("?seed=-1", None),
        ("?seed=abc", None),
        ("?seed=", None),
        ("", None),
        ("?seed=١٢", None),
        ("?seed=" + "9" * 5000, None),  # int() refuses 4,301 digits: counted before
    ],
)
def test_seed_is_read_from_the_address(query, seed):
    """A shared ?seed=N link would deal a different hand if the seed were misread."""
    assert seed_from_query(query) == seed


def test_page_query_reproduces_the_deal():
    """The 'link to this deal' would lose the deal or the language."""
    assert seed_from_query(page_query(123, "fr")) == 123
    assert "lang=fr" in page_query(123, "fr")


@pytest.fixture(scope="module")
def built(dist: Path) -> Path:
    return dist


@pytest.mark.build
def test_dist_holds_exactly_the_deployable_runtime(built):
    """A host would serve a runtime missing files (boot fails) or junk (source maps, unused
    plugins) if this failed."""
    files = set(site_files(built)) | {"sw.js"}
    for name in PYODIDE_FILES:
        assert f"vendor/pyodide/{name}" in files
    pyscript = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
    shipped = {
        f.removeprefix("vendor/pyscript/") for f in files if f.startswith("vendor/pyscript/")
    }
    assert shipped == {*pyscript_modules(pyscript), "core.css"}
    assert {"core.js", "core.css"} <= shipped and any(name.startswith("core-") for name in shipped)
    # The plugins turned off in pyscript.toml, and what only they import, are not shipped.
    assert not [name for name in shipped if chunk_name(name).startswith(UNUSED_PYSCRIPT)]
    assert not [name for name in shipped if name.startswith(("xterm", "codemirror", "py-"))]
    plugins = tomllib.loads((ROOT / "pyscript.toml").read_text())["plugins"]
    assert {f"!{name}" for name in ("py-editor", "py-terminal", "py-game", "donkey")} <= set(
        plugins
    )
    assert not [f for f in files if f.endswith(".map")]
    for path in built.rglob("*.js"):
        assert b"sourceMappingURL" not in path.read_bytes()[-200:], path


@pytest.mark.build
def test_dist_holds_exactly_the_deployable_pages(built):
    """A host would serve pages missing their files (boot fails) or sources if this failed."""
    files = set(site_files(built)) | {"sw.js"}
    assert {
        "index.html",
        "pyscript.toml",
        "modules.zip",
        "web/boot.js",
        "web/main.py",
        "web/style.css",
        "web/manifest.webmanifest",
        "web/i18n/en.json",
        "web/i18n/fr.json",
        "web/icons/icon-192.png",
        "web/icons/icon-512.png",
        "keeper/index.html",
        "web/keeper.js",
        "web/keeper.css",
        "stats/index.html",
        "web/stats.js",
        "web/statsdb.js",
        "web/stats.css",
        "vendor/uplot/uPlot.iife.min.js",
        "vendor/uplot/uPlot.min.css",
    } <= files
    # The runtime is loaded through web/runtime.mjs, without Pyodide's package lock.
    assert "web/runtime.mjs" in files and "vendor/pyodide/pyodide-lock.json" not in files
    # The page's script and the computer players' worker (a module worker; its Python,
    # web/runtime/worker.py, is zipped with the rest).
    assert {"web/main.py", "web/bots-worker.js"} <= files
    assert not [f for f in files if f.endswith(".py") and f != "web/main.py"]  # the rest is zipped


@pytest.mark.build
def test_dist_zips_the_compiled_engine_and_ui_only(built):
    """The page would fail to import the engine, or ship the command-line tools and sources,
    if this failed."""
    modules = set(zipfile.ZipFile(built / "modules.zip").namelist())
    assert {
        "barbu/__init__.pyc",
        "barbu/bots/players.pyc",
        "barbu/presets/italian.json",  # a preset's measured data, read with pkgutil.get_data
        "barbu/wire.pyc",
        "web/game/app.pyc",
    } <= modules
    assert not {"barbu/__main__.pyc", "web/main.pyc", "web/game/main.pyc"} & modules
    assert not [name for name in modules if name.startswith(("tools/", "tests/"))]
    # compiled, no source; beside them only the presets' measured data
    assert all(name.endswith(".pyc") or name.startswith("barbu/presets/") for name in modules)
    assert {name for name in modules if not name.endswith(".pyc")} == {
        f"barbu/presets/{name}.json" for name in PRESET_NAMES
    }


def test_shipped_python_keeps_every_line_of_code_in_its_place():
    """A traceback from the browser would point at the wrong line of the repository, or the
    shipped engine would not even compile, if blanking the prose moved or broke code."""
    sources = sorted((ROOT / "barbu").rglob("*.py")) + sorted((ROOT / "web").rglob("*.py"))
    for path in sources:
        source = path.read_text()
        shipped = shipped_python(source)
        assert len(shipped.splitlines()) == len(source.splitlines()), path
        # PyScript runs main.py with top-level await
        flags = 0x2000 if path.name == "main.py" else 0
        compile(shipped, str(path), "exec", flags=flags)
        for before, after in zip(source.splitlines(), shipped.splitlines(), strict=True):
            code = before.split("#")[0].strip()
            if after.strip() and after.strip() != '""':
                assert code and after.strip() in before, (path, before, after)
    example = 'def f(x):\n    """Say it.\n\n    Twice."""\n    return x  # why\n'
    assert shipped_python(example) == 'def f(x):\n    ""\n\n\n    return x\n'


def test_shipped_scripts_lose_only_whole_line_comments():
    """The boot loader or the service worker would break if comment stripping cut code."""
    source = (
        "/**\n * Header.\n */\nconst a = 'http://x'; // keep\n  // gone\n"
        "  /** gone too */\nconst re = /\\/\\//; const s = `/* not a comment */`;\n"
    )
    assert without_js_comments(source) == (
        "const a = 'http://x'; // keep\nconst re = /\\/\\//; const s = `/* not a comment */`;\n"
    )


@pytest.mark.build
def test_the_shipped_stylesheet_loses_comments_and_layout_only(built):
    """A compacted stylesheet that merged ``a :hover`` into ``a:hover`` (or cut a value) would
    restyle the page in ways no test of ours would notice at once."""
    source = (
        "/* note */\n.a :hover,\n.b > .c {\n  color: red;\n  margin: 0 auto;\n}\n"
        '.d { content: "★ x"; }\n'
    )
    assert (
        compact_css(source) == '.a :hover, .b > .c{color: red;margin: 0 auto}.d{content: "★ x"}\n'
    )
    assert (built / "web" / "style.css").read_text() == compact_css(
        (ROOT / "web" / "game" / "style.css").read_text()
    )


@pytest.mark.build
def test_service_worker_lists_every_file_and_names_its_cache_by_content(built):
    """Offline boot would break on the one file the list forgot, or an update would go unnoticed."""
    source = (built / "sw.js").read_text()
    listed = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", source, re.S)[1])
    assert listed == [f"./{name}" for name in site_files(built)]
    cache = re.search(r'const CACHE = "(barbu-[0-9a-f]{16})";', source)[1]
    assert cache == f"barbu-{content_hash(built, site_files(built))[:16]}"


def tree_digests(root: Path) -> dict[str, str]:
    """Every file under ``root``, by its path there, with the SHA-256 of its bytes."""
    return {
        path.relative_to(root).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file()
    }


@pytest.mark.build
def test_build_is_deterministic(dist, tmp_path):
    """Every rebuild would offer players a 'new version' that is not new.

    The suite's own dist/ is one build (``make test`` builds first), the build here the other,
    into another folder at another time: every file the same, byte for byte. Only if they differ
    (a dist/ older than the sources, or a build that is not deterministic) is a third build made,
    to tell which: the two made here must then be the same."""
    first = build(tmp_path / "first")
    if tree_digests(tmp_path / "first") == tree_digests(dist):
        assert f'const CACHE = "{first}";' in (dist / "sw.js").read_text()
        return
    second = build(tmp_path / "second")
    assert first == second
    assert tree_digests(tmp_path / "first") == tree_digests(tmp_path / "second")


@pytest.mark.build
def test_page_has_a_strict_content_security_policy(built):
    """A script injected from another site could run in the page if the policy let it."""
    html = (built / "index.html").read_text()
    policy = re.search(r'http-equiv="Content-Security-Policy" content="([^"]+)"', html)[1]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    for name, sources in directives.items():
        for source in sources.split():
            allowed = ("'self'", "'none'", "'wasm-unsafe-eval'", "'unsafe-eval'")
            assert source in allowed, (name, source)
    assert "'unsafe-eval'" not in directives["default-src"]
    assert "unsafe-inline" not in policy
    markup = re.sub(r"<!--.*?-->", "", html, flags=re.S)
    # The first visit's tables are data blocks (type="text/html"): never run
    # (tools/site/first_table.py).
    code = re.sub(r'<script type="text/html" data-first-table[^>]*>.*?</script>', "", markup)
    assert not re.search(r"<script\b(?![^>]*\bsrc=)", code), "inline script"
    assert not re.search(r"\son[a-z]+=", markup), "event-handler attribute"


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


@pytest.mark.build
def test_manifest_and_icons_make_the_site_installable(built):
    """The browser would not offer to install Barbu without a manifest with 192 and 512 px icons."""
    manifest = json.loads((built / "web" / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["display"] == "standalone" and manifest["start_url"]
    sizes = set()
    for icon in manifest["icons"]:
        width, height = png_size(built / "web" / icon["src"])
        assert icon["sizes"] == f"{width}x{height}"
        sizes.add(width)
    assert {192, 512} <= sizes
    assert (
        '<link rel="manifest" href="./web/manifest.webmanifest">'
        in (built / "index.html").read_text()
    )

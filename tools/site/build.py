"""Build the deployable static site into dist/: ``python3 -m tools.site.build`` (or ``make build``).

dist/ holds exactly what a static host needs, and can be copied anywhere as is:

    index.html, pyscript.toml          the game's page (without its comments), with the first
                                       visit's tables (tools/site/first_table.py), and its PyScript
                                       configuration
    modules.zip                        the engine (barbu/ but the command-line tools) and the UI's
                                       modules (web/ but main.py), compiled for the
                                       page's Python (tools/site/compile_python.mjs); imported
                                       from the zip itself in the browser
    web/                               main.py, boot.js and its boot-*.js modules, bots-worker.js,
                                       language.js, runtime.mjs
                                       (with the build's snapshot key), legacy.js, style.css,
                                       rules.css, rules.js, keeper.js, keeper.css, stats.js,
                                       statsdb.js, stats.css, i18n/, icons/, manifest.webmanifest:
                                       side by side, whatever their folder in web/ (WEB_FILES)
    rules/                             the rules pages: rules/<lang>/index.html for each language,
                                       real HTML with the engine's numbers (rules_*.py),
                                       and rules/index.html leading to the reader's language
    embed/, embed.html, embed.js       the demos alone, for other sites' frames
                                       (tools/site/embed_pages.py)
    keeper/                            the score keeper for real tables: its frame, drawn
                                       by Python in the page (tools/site/keeper_page.py,
                                       web/keeper/)
    stats/                             the statistics of this device's games, drawn by Python
                                       in the page (tools/site/stats_page.py, web/stats/)
    _headers                           the headers a host adds: cross-origin isolation, which
                                       pages other sites may frame (tools/site/pages.py)
    vendor/pyodide/                    the four Pyodide runtime files (npm pyodide), its
                                       standard library without what a page cannot use and
                                       the modules a start imports compiled (tools/site/stdlib.py);
                                       not its package lock, unused (web/runtime/runtime.mjs)
    vendor/pyscript/                   the PyScript modules this page imports, and core.css,
                                       no source maps
    vendor/qrcode/                     the friends' table's QR codes (npm qrcode-generator)
    vendor/uplot/                      the chart library of stats/ (npm uplot): its minified
                                       script and stylesheet
    sw.js                              the service worker, with its precache list (every other
                                       file of dist/, each with its SHA-256 integrity value) and
                                       a cache name from their content hash

The pages are the entries of ``PAGES`` (tools/site/pages.py: what an entry says, and the one
Content-Security-Policy that each page's writer puts in its ``<meta>``).

The build is deterministic: the same sources give byte-identical files, hence the same cache
name, so an unchanged site never offers a "new version".
"""

from __future__ import annotations

import ast
import base64
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tokenize
import zipfile
from functools import cached_property
from pathlib import Path

from tools.site.embed_pages import write_embed_index, write_embed_pages
from tools.site.first_table import first_tables, with_first_tables
from tools.site.keeper_page import write_keeper_page
from tools.site.pages import PolicyError, SitePage, check_policy, headers_file
from tools.site.rules_document import write_rules_index, write_rules_pages
from tools.site.rules_page import Page, language_pages
from tools.site.stats_page import UPLOT_FILES, write_stats_page
from tools.site.stdlib import precompile, write_stdlib

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
PYSCRIPT = NODE_MODULES / "@pyscript" / "core" / "dist"
UPLOT = NODE_MODULES / "uplot" / "dist"
QRCODE = NODE_MODULES / "qrcode-generator" / "dist" / "qrcode.mjs"  # for web/runtime/qr.js

PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
# What the boot downloads for the runtime; their sizes feed the loading screen's progress bar.
RUNTIME_FILES = tuple(f"vendor/pyodide/{name}" for name in PYODIDE_FILES)
WEB_FILES = (
    "game/main.py",
    "runtime/boot.js",
    "runtime/boot-page.js",
    "runtime/boot-progress.js",
    "runtime/boot-python.js",
    "runtime/boot-updates.js",
    "runtime/boot-bots.js",
    "runtime/first-table.js",
    "runtime/bots-worker.js",
    "languages/language.js",
    "runtime/legacy.js",
    "game/style.css",
    "rules/rules.css",
    "rules/rules.js",
    "runtime/islands.js",
    "runtime/demos-worker.js",
    "runtime/calls.js",
    "runtime/plain.js",
    "runtime/peers.js",
    "runtime/qr.js",
    "runtime/friends.js",
    "embed/embed-page.js",
    "keeper/keeper.js",
    "keeper/keeper.css",
    "stats/stats.js",
    "stats/statsdb.js",
    "stats/stats.css",
    "game/manifest.webmanifest",
)
"""The static files the pages load, by their place in web/, served side by side in dist/web/
under their own names (web/runtime/boot.js is dist/web/boot.js): the addresses stay put however
the sources are arranged. Catalogs are served as dist/web/i18n/, icons as dist/web/icons/."""
LOCK_INFO = "__LOCK_INFO__"
"""Placeholder in web/runtime/runtime.mjs for the "info" of Pyodide's package lock."""
SNAPSHOT_KEY = "__BUILD__"
"""Placeholder in web/runtime/runtime.mjs for the key of this build's Python snapshots: a hash of
the files whose bytes a snapshot depends on (``SNAPSHOT_FILES``)."""
SNAPSHOT_FILES = (*RUNTIME_FILES, "modules.zip")
ENTRY_SCRIPTS = ("main.py",)
"""The page's own script (run by PyScript): served as a file, not zipped."""
COMMAND_LINE = ("__main__.py",)
"""Engine modules for the command line only (`python -m barbu score`): not shipped to the page."""
ZIP_DATE = (2020, 1, 1, 0, 0, 0)
SOURCE_MAP_COMMENT = re.compile(rb"\n?//# sourceMappingURL=\S+\s*$")
BOOT_FILES_META = '<meta name="barbu:boot-files" content="{}">'
CORE_PRELOAD = '<link rel="modulepreload" href="./vendor/pyscript/core.js">'


class BuildError(RuntimeError):
    """Something the build needs is missing; the message says what to do."""


def pinned_versions() -> dict[str, str]:
    """The exact npm versions package.json pins."""
    dependencies = json.loads((ROOT / "package.json").read_text())["dependencies"]
    return {name: version for name, version in dependencies.items()}


def check_node_modules() -> None:
    """Fail clearly unless node_modules holds exactly the pinned Pyodide and PyScript."""
    for name, version in pinned_versions().items():
        manifest = NODE_MODULES / name / "package.json"
        if not manifest.is_file():
            raise BuildError(f"{name} is not installed: run `npm ci` (or `make build`)")
        installed = json.loads(manifest.read_text())["version"]
        if installed != version:
            raise BuildError(
                f"{name} {installed} is installed, package.json pins {version}: run `npm ci`"
            )


def write_modules(
    target: Path, files: list[tuple[Path, str]], data: list[tuple[Path, str]] | None = None
) -> None:
    """The zip of our Python modules as the page imports them: each one as shipped
    (``shipped_python``), compiled into a sourceless .pyc by the page's own Python. Importing
    them compiles nothing: 0.14 s less before a first visit's first screen than shipping the
    sources (measured: docs/BENCHMARKS.md). The packages' data files (``data``: a preset's
    measured figures, read with ``pkgutil.get_data``) go in as they are. Fixed dates and order,
    so that the bytes depend on the contents only."""
    with tempfile.TemporaryDirectory(prefix="barbu-build-") as tmp:
        sources, compiled = Path(tmp) / "sources", Path(tmp) / "compiled"
        for source, name in files:
            (sources / name).parent.mkdir(parents=True, exist_ok=True)
            (sources / name).write_text(
                shipped_python(source.read_text(encoding="utf-8")), encoding="utf-8"
            )
        node("compile_python.mjs", "compiling the Python modules", sources, compiled)
        with zipfile.ZipFile(
            target, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=9
        ) as archive:
            entries = [(f"{name}c", compiled / f"{name}c") for _, name in files]
            entries += [(name, source) for source, name in data or []]
            for name, path in sorted(entries):
                info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
                info.compress_type = zipfile.ZIP_DEFLATED
                info.external_attr = 0o644 << 16
                archive.writestr(info, path.read_bytes())


def node(script: str, doing: str, *arguments: object) -> str:
    """Run ``tools/<script>`` with Node.js (the vendored Pyodide under it); its output."""
    command = ["node", str(ROOT / "tools" / "site" / script), *map(str, arguments)]
    try:
        run = subprocess.run(command, capture_output=True, text=True)
    except FileNotFoundError:
        raise BuildError("Node.js is not installed: `node` compiles the Python modules") from None
    if run.returncode != 0:
        raise BuildError(f"{doing} failed:\n{run.stderr.strip()}")
    return run.stdout


def compile_library(library: Path, modules: Path) -> None:
    """Ship the standard library's modules that a start imports compiled (tools/site/stdlib.py,
    ``precompile``): those tools/site/stdlib_used.mjs finds imported once Pyodide has started and
    ``modules`` (our modules.zip) has imported what a Python snapshot holds."""
    used = json.loads(
        node("stdlib_used.mjs", "listing the library's modules a start imports", modules)
    )
    with tempfile.TemporaryDirectory(prefix="barbu-build-") as tmp:
        sources, compiled = Path(tmp) / "sources", Path(tmp) / "compiled"
        with zipfile.ZipFile(library) as archive:
            for name in used["files"]:
                (sources / name).parent.mkdir(parents=True, exist_ok=True)
                (sources / name).write_bytes(archive.read(name))
        node(
            "compile_python.mjs",
            "compiling the standard library",
            sources,
            compiled,
            used["zip"] + "/",
        )
        precompile(library, {name: (compiled / f"{name}c").read_bytes() for name in used["files"]})


def shipped_python(source: str) -> str:
    """A module as the page gets it (compiled then): docstrings and comments blanked out, every
    other line unchanged and in its place, so that a traceback from the browser names the same
    line as the repository (the code is the same; the prose stays home: a smaller zip).

    Class docstrings stay: without one, ``@dataclass`` writes one from the class's signature at
    import (``inspect.signature``), about 18 ms for our dataclasses in Pyodide."""
    lines = source.splitlines(keepends=True)
    blank: dict[int, str] = {}  # line index -> its replacement
    for node in ast.walk(ast.parse(source)):
        for body in (getattr(node, "body", None), getattr(node, "orelse", None)):
            if not isinstance(body, list):
                continue
            for statement in body:
                if isinstance(node, ast.ClassDef) and statement is node.body[0]:
                    continue
                if (
                    isinstance(statement, ast.Expr)
                    and isinstance(statement.value, ast.Constant)
                    and isinstance(statement.value.value, str)
                    and statement.end_lineno is not None
                    and lines[statement.lineno - 1][: statement.col_offset].strip() == ""
                    and lines[statement.end_lineno - 1][statement.end_col_offset :].strip() == ""
                ):
                    first = statement.lineno - 1
                    # Still a string statement: a docstring may stand before __future__ imports.
                    blank[first] = " " * statement.col_offset + '""\n'
                    for index in range(first + 1, statement.end_lineno):
                        blank[index] = "\n"
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, col = token.start
            if row - 1 not in blank:
                blank[row - 1] = lines[row - 1][:col].rstrip() + "\n"
    return "".join(blank.get(index, line) for index, line in enumerate(lines))


def python_sources(package: Path, exclude: tuple[str, ...] = ()) -> list[tuple[Path, str]]:
    """The .py files of a package, with their names inside the archive."""
    return [
        (path, path.relative_to(package.parent).as_posix())
        for path in package.rglob("*.py")
        if "__pycache__" not in path.parts and path.name not in exclude
    ]


def zipped_sources() -> list[tuple[Path, str]]:
    """What modules.zip holds: the engine but its command-line tools, the UI but the page's
    script."""
    return python_sources(ROOT / "barbu", exclude=COMMAND_LINE) + python_sources(
        ROOT / "web", exclude=ENTRY_SCRIPTS
    )


def zipped_data() -> list[tuple[Path, str]]:
    """The engine's data files modules.zip holds beside its modules (each preset's measured
    figures, ``barbu/presets/<id>.json``)."""
    return sorted(
        (path, path.relative_to(ROOT).as_posix()) for path in (ROOT / "barbu").rglob("*.json")
    )


def copy_without_source_map(source: Path, target: Path) -> None:
    """Copy a JavaScript file, dropping its trailing sourceMappingURL comment (maps are not
    shipped)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(SOURCE_MAP_COMMENT.sub(b"\n", source.read_bytes()))


def copy_vendor(dist: Path) -> None:
    """The Pyodide runtime files (its standard library trimmed: tools/site/stdlib.py), PyScript's
    dist (without .map), uPlot's script and stylesheet."""
    pyodide = NODE_MODULES / "pyodide"
    for name in PYODIDE_FILES:
        target = dist / "vendor" / "pyodide" / name
        if name.endswith(".mjs"):
            copy_without_source_map(pyodide / name, target)
        elif name == "python_stdlib.zip":
            write_stdlib(pyodide / name, target)  # without what a page cannot use
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(pyodide / name, target)
    for name in pyscript_modules(PYSCRIPT):
        copy_without_source_map(PYSCRIPT / name, dist / "vendor" / "pyscript" / name)
    shutil.copyfile(PYSCRIPT / "core.css", dist / "vendor" / "pyscript" / "core.css")
    (dist / "vendor" / "uplot").mkdir(parents=True)
    for name in UPLOT_FILES:
        copy_without_source_map(UPLOT / name, dist / "vendor" / "uplot" / name)
    copy_without_source_map(QRCODE, dist / "vendor" / "qrcode" / "qrcode.mjs")


def write_runtime(dist: Path) -> None:
    """dist/web/runtime.mjs, with the "info" of the vendored Pyodide's package lock and the key
    of this build's snapshots filled in (after the runtime files and modules.zip are written)."""
    source = (ROOT / "web" / "runtime" / "runtime.mjs").read_text(encoding="utf-8")
    for placeholder in (LOCK_INFO, SNAPSHOT_KEY):
        if placeholder not in source:
            raise BuildError(f"web/runtime.mjs lacks the placeholder {placeholder}")
    lock = json.loads((NODE_MODULES / "pyodide" / "pyodide-lock.json").read_text())
    info = json.dumps(lock["info"], separators=(",", ":"), sort_keys=True)
    key = content_hash(dist, list(SNAPSHOT_FILES))[:16]
    source = source.replace(LOCK_INFO, info).replace(SNAPSHOT_KEY, key)
    (dist / "web" / "runtime.mjs").write_text(without_js_comments(source))


def preload_modules(dist: Path, names: list[str]) -> None:
    """Preload PyScript's chunks beside core.js: imported one after another by core.js, they
    would otherwise be fetched one after another, each a round trip before Pyodide starts."""
    page = dist / "index.html"
    html = page.read_text()
    if CORE_PRELOAD not in html:
        raise BuildError(f"index.html lacks {CORE_PRELOAD}")
    links = "".join(
        f'\n  <link rel="modulepreload" href="./vendor/pyscript/{name}">' for name in names
    )
    page.write_text(html.replace(CORE_PRELOAD, CORE_PRELOAD + links))


UNUSED_PYSCRIPT = (
    "codemirror",
    "deprecations-manager",
    "donkey",
    "py-editor",
    "py-game",
    "py-terminal",
    "pyodide_graph",
    "zip",
)
"""PyScript modules this page never imports, by name (without the content hash of the chunk):
the plugins turned off in pyscript.toml (editor, terminal, game, donkey, deprecation notices)
and what only they or unused features load (CodeMirror; the package graph, for ``packages``;
the zip reader, for MicroPython: Pyodide's Python reads our zip itself). Leaving them out of
dist/ keeps them out of the service worker's precache, which every first visit downloads."""
IMPORT = re.compile(rb"""(?:\bimport\s*\(\s*|\bfrom\s*|\bimport\s*)["']\./([\w.-]+\.js)["']""")


def chunk_name(file_name: str) -> str:
    """A PyScript chunk's name without its content hash: ``py-editor-C4XsZtn7.js`` ->
    ``py-editor``."""
    return re.sub(r"-[A-Za-z0-9_-]{8}\.js$|\.js$", "", file_name)


def pyscript_modules(pyscript: Path) -> list[str]:
    """The PyScript files the page can import: those reachable from core.js through static and
    dynamic imports, skipping the modules of ``UNUSED_PYSCRIPT`` (and all they import)."""
    found: set[str] = set()
    todo = ["core.js"]
    while todo:
        name = todo.pop()
        if name in found or chunk_name(name).startswith(UNUSED_PYSCRIPT):
            continue
        if not (pyscript / name).is_file():
            raise BuildError(f"PyScript's {name} is imported but missing from {pyscript}")
        found.add(name)
        todo += [match.decode() for match in IMPORT.findall((pyscript / name).read_bytes())]
    return sorted(found)


def copy_web(dist: Path) -> None:
    """The game's config and the UI's static files."""
    config = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    (dist / "pyscript.toml").write_text(re.sub(r"(?m)^#.*\n", "", config), encoding="utf-8")
    web = ROOT / "web"
    for name in WEB_FILES:
        text = (web / name).read_text(encoding="utf-8")
        shipped = {".css": compact_css, ".js": without_js_comments, ".py": shipped_python}
        (dist / "web" / Path(name).name).write_text(
            shipped.get(Path(name).suffix, str)(text), encoding="utf-8"
        )
    (dist / "web" / "i18n").mkdir()
    for source in sorted((web / "languages" / "catalogs").glob("*.json")):
        catalog = json.loads(source.read_text())
        (dist / "web" / "i18n" / source.name).write_text(
            json.dumps(catalog, ensure_ascii=False, separators=(",", ":"))
        )
    (dist / "web" / "icons").mkdir()
    for source in sorted((web / "game" / "icons").glob("*.png")):
        shutil.copyfile(source, dist / "web" / "icons" / source.name)


def compact_css(text: str) -> str:
    """The stylesheet without comments and layout whitespace (about a sixth fewer bytes).
    Spaces inside selectors and values are kept: ``a :hover`` and ``a:hover`` differ."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"\s+", " ", text)
    text = re.sub(r"\s*([{};])\s*", r"\1", text)
    return text.replace(";}", "}").strip() + "\n"


def without_js_comments(text: str) -> str:
    """Our own scripts without their comments: ``/* … */`` blocks and ``//`` lines that stand
    alone on their lines (a comment after code, or inside a string, is left as it is)."""
    text = re.sub(r"(?ms)^[ \t]*/\*.*?\*/[ \t]*\n", "", text)
    return re.sub(r"(?m)^[ \t]*//.*\n", "", text)


def write_boot_sizes(dist: Path) -> None:
    """Put the runtime files' sizes into index.html, for the real download progress."""
    page = dist / "index.html"
    html = page.read_text()
    if BOOT_FILES_META not in html:
        raise BuildError(f"index.html lacks the placeholder {BOOT_FILES_META}")
    sizes = {path: (dist / path).stat().st_size for path in RUNTIME_FILES}
    meta = f"<meta name=\"barbu:boot-files\" content='{json.dumps(sizes, separators=(',', ':'))}'>"
    page.write_text(html.replace(BOOT_FILES_META, meta))


NOT_PRECACHED = ("sw.js", "_headers")
"""The service worker itself, and the host's header rules (never fetched by a page)."""


def site_files(dist: Path) -> list[str]:
    """Every file of dist/ but sw.js and _headers, as site paths, sorted."""
    return sorted(
        path.relative_to(dist).as_posix()
        for path in dist.rglob("*")
        if path.is_file() and path.relative_to(dist).as_posix() not in NOT_PRECACHED
    )


def file_digests(dist: Path, files: list[str]) -> dict[str, bytes]:
    """The SHA-256 digest of each file's bytes."""
    return {name: hashlib.sha256((dist / name).read_bytes()).digest() for name in files}


def content_hash(dist: Path, files: list[str], digests: dict[str, bytes] | None = None) -> str:
    """A hash of the names and bytes of the files (from their ``file_digests``, if given)."""
    if digests is None:
        digests = file_digests(dist, files)
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0")
        digest.update(digests[name])
    return digest.hexdigest()


def integrity(digest: bytes) -> str:
    """A SHA-256 digest as a Subresource Integrity value, the form ``fetch()`` checks."""
    return f"sha256-{base64.b64encode(digest).decode()}"


SERVICE_WORKER_PLACEHOLDERS = ("'__CACHE_NAME__'", "__PRECACHE_LIST__", "__INTEGRITY__")


def write_service_worker(dist: Path, template: Path | None = None) -> str:
    """Write dist/sw.js from web/runtime/sw.js for the current contents of dist/; returns the cache
    name.

    Besides the cache name and the list of files, sw.js gets each file's integrity value: the
    worker stores a file only if its bytes are the ones this build hashed, so a half-published
    site (a new sw.js beside an old or truncated file) is never cached as a version."""
    files = site_files(dist)
    digests = file_digests(dist, files)
    cache = f"barbu-{content_hash(dist, files, digests)[:16]}"
    source = (template or ROOT / "web" / "runtime" / "sw.js").read_text()
    for placeholder in SERVICE_WORKER_PLACEHOLDERS:
        if placeholder not in source:
            raise BuildError(f"web/sw.js lacks the placeholder {placeholder}")
    precache = json.dumps([f"./{name}" for name in files], indent=2)
    hashes = json.dumps({f"./{name}": integrity(digests[name]) for name in files}, indent=2)
    source = (
        source.replace("'__CACHE_NAME__'", json.dumps(cache))
        .replace("__PRECACHE_LIST__", precache)
        .replace("__INTEGRITY__", hashes)
    )
    (dist / "sw.js").write_text(without_js_comments(source))
    return cache


class Site:
    """The site being built: where, and what several of its pages are drawn from (once)."""

    def __init__(self, dist: Path) -> None:
        self.dist = dist

    @cached_property
    def rules(self) -> dict[str, Page]:
        """The rules page of each language (the rules pages and the embeddable demos)."""
        return language_pages()


def write_game(site: Site, policy: str) -> None:
    """index.html: the repository's, once its policy is checked (index.html writes it out:
    tools/site/pages.py), without its comments, with PyScript's chunks preloaded and the runtime
    files' sizes (after ``copy_vendor``)."""
    page = (ROOT / "index.html").read_text(encoding="utf-8")
    try:
        check_policy(page, policy, "index.html")
    except PolicyError as error:
        raise BuildError(str(error)) from None
    page = with_first_tables(page, first_tables())
    (site.dist / "index.html").write_text(
        re.sub(r"\n?[ \t]*<!--.*?-->", "", page, flags=re.S), encoding="utf-8"
    )
    preload_modules(site.dist, [name for name in pyscript_modules(PYSCRIPT) if name != "core.js"])
    write_boot_sizes(site.dist)


def write_rules_choice(site: Site, policy: str) -> None:
    """rules/index.html, leading to the reader's language."""
    write_rules_index(site.dist, policy)


def write_rules(site: Site, policy: str) -> None:
    """rules/<lang>/index.html for each language."""
    write_rules_pages(site.dist, site.rules, policy)


def write_embed_choice(site: Site, policy: str) -> None:
    """embed.html and embed.js."""
    write_embed_index(site.dist, policy)


def write_embeds(site: Site, policy: str) -> None:
    """embed/<demo>/<lang>/index.html for each demo and language."""
    write_embed_pages(site.dist, site.rules, policy)


def write_keeper(site: Site, policy: str) -> None:
    """keeper/index.html: the score keeper (tools/site/keeper_page.py)."""
    write_keeper_page(site.dist, policy)


def write_stats(site: Site, policy: str) -> None:
    """stats/index.html: the statistics (tools/site/stats_page.py)."""
    write_stats_page(site.dist, policy)


PAGES = (
    SitePage("game", ("/", "/index.html"), write_game, pyscript=True),
    SitePage("rules index", ("/rules/*",), write_rules_choice),
    SitePage("rules", ("/rules/*",), write_rules),
    SitePage("embed index", ("/embed.html",), write_embed_choice, framed_by="*"),
    SitePage("embeds", ("/embed/*",), write_embeds, framed_by="*"),
    SitePage("keeper", ("/keeper/*",), write_keeper),
    SitePage("stats", ("/stats/*",), write_stats),
)
"""The site's pages (tools/site/pages.py), written in this order."""


def build(dist: Path = DIST) -> str:
    """Build the site into ``dist`` (emptied first); returns the service worker's cache name."""
    check_node_modules()
    if dist.exists():
        shutil.rmtree(dist)
    (dist / "web").mkdir(parents=True)
    copy_web(dist)
    copy_vendor(dist)
    write_modules(dist / "modules.zip", zipped_sources(), zipped_data())
    compile_library(dist / "vendor" / "pyodide" / "python_stdlib.zip", dist / "modules.zip")
    write_runtime(dist)
    try:
        headers = headers_file(PAGES)
    except PolicyError as error:
        raise BuildError(str(error)) from None
    site = Site(dist)
    for page in PAGES:
        page.write(site, page.policy)
    (dist / "_headers").write_text(headers, encoding="utf-8")
    return write_service_worker(dist)


def main() -> int:
    try:
        cache = build()
    except BuildError as error:
        print(f"build failed: {error}", file=sys.stderr)
        return 1
    files = site_files(DIST)
    size = sum((DIST / name).stat().st_size for name in files)
    where = f"{DIST.relative_to(ROOT)}/"
    print(f"built {where}: {len(files) + 1} files, {size / 1e6:.1f} MB, cache {cache}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

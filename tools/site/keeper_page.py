"""The score keeper's page, built into dist/keeper/index.html (``write_keeper``: an entry of
tools/site/build.py's ``PAGES``, which gives it its Content-Security-Policy).

One page for the four languages: its script (web/keeper/keeper.js) picks the language as the
rest of the site does and Python draws everything (web/keeper/app.py), so the HTML written here
is only the frame: the stylesheets, the script, and what shows before Python is up or without
JavaScript, in each language, written afresh for this page.

Why not PyScript, as the game: the keeper needs no worker and no computer player; it starts the
runtime as the statistics page does (web/runtime/runtime.mjs: ``loadPyodide``,
``addModules``), which needs no ``'unsafe-eval'`` and loads fewer files, from the same service
worker cache and the same Python snapshot as the game.
"""

from __future__ import annotations

from pathlib import Path

LOADING = {
    "en": "Score keeper: starting…",
    "fr": "Feuille de marque : démarrage…",
    "ru": "Запись счёта: запуск…",
    "it": "Segnapunti: avvio in corso…",
}
"""What the page says while Python starts, in each language."""
NO_SCRIPT = {
    "en": "The score keeper needs JavaScript and WebAssembly: turn JavaScript on, or open the "
    "page in a recent browser.",
    "fr": "La feuille de marque a besoin de JavaScript et de WebAssembly : activez JavaScript, "
    "ou ouvrez la page dans un navigateur récent.",
    "ru": "Для записи счёта нужны JavaScript и WebAssembly: включите JavaScript или откройте "
    "страницу в современном браузере.",
    "it": "Il segnapunti ha bisogno di JavaScript e WebAssembly: attiva JavaScript oppure apri "
    "la pagina in un browser recente.",
}


def island_document(
    policy: str,
    *,
    name: str,
    title: str,
    heads: tuple[str, ...],
    body_class: str,
    loading: dict[str, str],
    missing: dict[str, str],
) -> str:
    """A page beside the game drawn by Python in the page (the keeper, the statistics): the
    site's icon, manifest and shared styles, then its own ``heads`` (link and script lines), a
    ``<div id=name>`` saying it loads (``loading``) or why it cannot (``missing``, without
    JavaScript), in every language."""
    waiting = "".join(f'<p lang="{x}">{text}</p>' for x, text in loading.items())
    lacking = "".join(f'<p lang="{x}">{text}</p>' for x, text in missing.items())
    return (
        '<!doctype html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
        f"<title>{title}</title>\n"
        '<link rel="icon" href="../web/icons/icon-192.png" type="image/png">\n'
        '<link rel="manifest" href="../web/manifest.webmanifest">\n'
        '<link rel="stylesheet" href="../web/style.css">\n'
        '<link rel="stylesheet" href="../web/rules.css">\n'
        '<link rel="stylesheet" href="../web/keeper.css">\n'
        + "".join(f"{line}\n" for line in heads)
        + f'</head>\n<body class="{body_class}">\n'
        f'<div id="{name}"><div class="keeper-loading" aria-live="polite">{waiting}</div>'
        f"<noscript>{lacking}</noscript></div>\n"
        "</body>\n</html>\n"
    )


def write_island_page(dist: Path, name: str, document: str) -> None:
    """dist/<name>/index.html."""
    (dist / name).mkdir(parents=True, exist_ok=True)
    (dist / name / "index.html").write_text(document, encoding="utf-8")


def keeper_document(policy: str) -> str:
    """dist/keeper/index.html, with its Content-Security-Policy (tools/site/pages.py)."""
    return island_document(
        policy,
        name="keeper",
        title="Barbu: score keeper · feuille de marque · запись счёта · segnapunti",
        heads=('<script type="module" src="../web/keeper.js"></script>',),
        body_class="rules-page keeper-page",
        loading=LOADING,
        missing=NO_SCRIPT,
    )


def write_keeper_page(dist: Path, policy: str) -> None:
    """dist/keeper/index.html."""
    write_island_page(dist, "keeper", keeper_document(policy))

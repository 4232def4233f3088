"""The statistics page, built into dist/stats/index.html (``write_stats_page``: an entry of
tools/site/build.py's ``PAGES``, which gives it its Content-Security-Policy).

The score keeper's way (tools/site/keeper_page.py): one page for the four languages, whose script
(web/stats/stats.js) picks the language and has Python draw everything (web/stats/app.py); the
HTML written here is only the frame. Besides the keeper's stylesheets and its own, it loads the
vendored chart library, uPlot (its stylesheet, and its script as a classic ``defer`` script that
runs before the page's module): the only page that loads it.
"""

from __future__ import annotations

from pathlib import Path

from tools.site.keeper_page import island_document, write_island_page

UPLOT_FILES = ("uPlot.iife.min.js", "uPlot.min.css")
"""What the build copies from npm's uplot/dist/ into dist/vendor/uplot/."""
LOADING = {
    "en": "Statistics: starting…",
    "fr": "Statistiques : démarrage…",
    "ru": "Статистика: запуск…",
    "it": "Statistiche: avvio in corso…",
}
"""What the page says while Python starts, in each language."""
NO_SCRIPT = {
    "en": "The statistics need JavaScript and WebAssembly: turn JavaScript on, or open the page "
    "in a recent browser.",
    "fr": "Les statistiques ont besoin de JavaScript et de WebAssembly : activez JavaScript, ou "
    "ouvrez la page dans un navigateur récent.",
    "ru": "Для статистики нужны JavaScript и WebAssembly: включите JavaScript или откройте "
    "страницу в современном браузере.",
    "it": "Le statistiche hanno bisogno di JavaScript e WebAssembly: attiva JavaScript oppure "
    "apri la pagina in un browser recente.",
}


def stats_document(policy: str) -> str:
    """dist/stats/index.html, with its Content-Security-Policy (tools/site/pages.py)."""
    return island_document(
        policy,
        name="stats",
        title="Barbu: statistics · statistiques · статистика · statistiche",
        heads=(
            '<link rel="stylesheet" href="../vendor/uplot/uPlot.min.css">',
            '<link rel="stylesheet" href="../web/stats.css">',
            '<script src="../vendor/uplot/uPlot.iife.min.js" defer></script>',
            '<script type="module" src="../web/stats.js"></script>',
        ),
        body_class="rules-page keeper-page stats-page",
        loading=LOADING,
        missing=NO_SCRIPT,
    )


def write_stats_page(dist: Path, policy: str) -> None:
    """dist/stats/index.html."""
    write_island_page(dist, "stats", stats_document(policy))

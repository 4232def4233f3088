"""The statistics page's Python without a browser (web/stats/): the store read (an
unreadable entry kept aside before it leaves the statistics store, nothing lost), the page drawn
into a build-time document (its plots' places and the tables of their numbers, the empty state,
the four languages), an import (a file that is not statistics changes nothing), the game's entry
when a session ends, and the page's frame (its policy, no inline style, the chart library loaded
here only).

If these fail, a player would lose statistics to a damaged entry, see a plot without its table
(or numbers that are not the engine's), or import a wrong file over good statistics.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from barbu.keeper import KeptGame
from barbu.presets import PRESETS
from tests.test_keeper_page import FakeStorage, RefusingStorage
from tests.test_stats import record
from tools.site.build import PAGES
from tools.site.stats_page import stats_document
from web.components.plain_dom import Document
from web.languages.i18n import SUPPORTED
from web.stats.app import StatsPage
from web.stats.figures import (
    against_bots,
    entry_data,
    entry_key,
    figures,
    read_entry,
    with_friends,
)
from web.stats.record import record_finished
from web.stats.store import UNREADABLE_PREFIX, StatsStore

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "languages" / "catalogs"


class FakeDatabase:
    """The statistics store (web/stats/statsdb.js) as a dict, with its calls."""

    def __init__(self, pairs: dict[str, str] | None = None) -> None:
        self.data = dict(pairs or {})
        self.calls: list[tuple[str, str]] = []

    def put(self, key: str, text: str) -> None:
        self.calls.append(("put", key))
        self.data[key] = text

    def remove(self, key: str) -> None:
        self.calls.append(("remove", key))
        self.data.pop(key, None)


class Root:
    """The page's root: what it holds after ``replaceChildren``."""

    def __init__(self) -> None:
        self.children: list[Any] = []

    def replaceChildren(self, *children: Any) -> None:
        self.children = list(children)

    def querySelector(self, selector: str) -> None:
        return None

    def html(self) -> str:
        return "".join(child.html() for child in self.children)


class Window:
    """What the page reads of ``window``."""

    def __init__(self) -> None:
        self.document = Document()
        self.Date = type("Date", (), {"now": staticmethod(lambda: 1_764_000_000_000)})


def catalog_text(lang: str) -> str:
    return (CATALOGS / f"{lang}.json").read_text(encoding="utf-8")


def stored(*records: dict, level: str = "beginner") -> dict[str, str]:
    return {
        entry_key(r): json.dumps(entry_data(r, level, 1_000 + n)) for n, r in enumerate(records)
    }


def page(database: FakeDatabase, storage: FakeStorage | None = None, lang: str = "en"):
    from web.languages.i18n import Catalog

    catalog = Catalog.from_json(lang, catalog_text(lang))
    root = Root()
    shown = StatsPage(
        Window(),
        root,
        catalog,
        FakeStorage() if storage is None else storage,
        database,
        list(database.data.items()),
    )
    shown.draw()
    return shown, root


def test_an_unreadable_entry_is_kept_aside_before_it_leaves_the_store():
    good = stored(record(seed=1))
    damaged = {"bad-json": "{not json", "bad-record": json.dumps({"stats": 1, "record": {}})}
    database, storage = FakeDatabase({**good, **damaged}), FakeStorage()
    shown, root = page(database, storage)
    aside = sorted(k for k in storage if k.startswith(UNREADABLE_PREFIX))
    assert len(aside) == 2 and sorted(storage[k] for k in aside) == sorted(damaged.values())
    assert ("remove", "bad-json") in database.calls and ("remove", "bad-record") in database.calls
    assert set(database.data) == set(good)
    html = root.html()
    for key in aside:
        assert re.search(rf'role="alert"[^>]*>[^<]*{re.escape(key)}', html)
    assert list(shown.stored.entries) == list(good)


def test_an_entry_the_browser_will_not_keep_aside_stays_where_it_was():
    database = FakeDatabase({"bad": "[1"})
    shown, root = page(database, RefusingStorage())
    assert database.data == {"bad": "[1"} and ("remove", "bad") not in database.calls
    assert shown.stored.stuck == 1 and 'role="alert"' in root.html()


def test_the_page_draws_each_plot_beside_the_table_of_its_numbers():
    records = [record(seed=1), record(seed=2), record(seed=3, takebacks=1)]
    shown, root = page(FakeDatabase(stored(*records)))
    html = root.html()
    charts = json.loads(shown.charts_json())
    ids = [c["id"] for c in charts]
    assert ids == ["played-places", "played-rates", "played-contracts", "played-doubles"]
    for chart in charts:
        figure = re.search(rf'<figure[^>]*data-figure="{chart["id"]}".*?</figure>', html)
        assert figure, chart["id"]
        assert f'data-chart="{chart["id"]}"' in figure[0] and "<table" in figure[0]
    expected = figures(
        against_bots([read_entry(entry_data(r, "beginner", 0)) for r in records]),
        PRESETS["standard"],
    )
    assert charts[0]["series"][0]["values"] == list(map(float, expected.places))
    places = re.search(r'data-figure="played-places".*?</figure>', html)[0]  # type: ignore[index]
    assert re.findall(r"<td>(\d)</td>", places) == [str(p) for p in expected.places]
    assert "Practice sessions" in html and ": 1." in html  # counted apart
    assert 'data-filter="game"' in html and 'data-filter="level"' in html
    assert "data-empty" not in html


def test_sessions_at_friends_tables_are_a_choice_beside_the_levels_from_the_players_seat():
    records = [record(seed=1), record(seed=3, friends={"seat": 2})]
    shown, root = page(FakeDatabase(stored(*records)))
    html = root.html()
    assert 'value="friends"' in html and "Friends, at one table" in html and "Opponents" in html
    charts = json.loads(shown.charts_json())  # the latest session was with friends: shown first
    joined = read_entry(entry_data(records[1], "beginner", 0))
    expected = figures(with_friends([joined]), PRESETS["standard"])
    assert charts[0]["series"][0]["values"] == list(map(float, expected.places))
    shown.chosen["level"] = "beginner"
    shown.draw()
    alone = figures(
        against_bots([read_entry(entry_data(records[0], "beginner", 0))]), PRESETS["standard"]
    )
    assert json.loads(shown.charts_json())[0]["series"][0]["values"] == list(
        map(float, alone.places)
    )


def test_kept_games_are_shown_per_named_player():
    game = KeptGame.from_record(
        {**KeptGame.from_record(record(seed=4)).record(), "names": ["Ann", "Bob", "Cy", "Di"]}
    )
    storage = FakeStorage(
        {"barbu.keeper": json.dumps({"format": 1, "games": {"1": game.record()}, "current": "1"})}
    )
    shown, root = page(FakeDatabase(), storage)
    html = root.html()
    assert json.loads(shown.charts_json())[0]["id"] == "kept-places"
    assert re.search(r'data-filter="player".*?<option[^>]*value="Ann" selected', html)
    shown.chosen["player"] = "Cy"
    shown.draw()
    cy = next(s.place for s in game.ranking() if s.seat == 2)
    assert json.loads(shown.charts_json())[0]["series"][0]["values"] == [float(cy)]


@pytest.mark.parametrize("lang", SUPPORTED)
def test_with_nothing_stored_the_page_says_how_to_get_statistics(lang):
    shown, root = page(FakeDatabase(), lang=lang)
    html = root.html()
    assert "data-empty" in html and 'href="../?lang=' in html and "../keeper/" in html
    assert json.loads(shown.charts_json()) == []
    assert 'data-action="export"' in html and "data-import" in html


def test_an_import_adds_entries_and_a_wrong_file_changes_nothing():
    database = FakeDatabase(stored(record(seed=1)))
    shown, root = page(database)
    before = dict(database.data)
    for text in ("{not json", json.dumps(record(seed=2)), json.dumps({"kind": "other"})):
        shown.import_text(text)
        assert database.data == before
        assert re.search(r'role="alert"[^>]*>This file is not a Barbu statistics file', root.html())
    entry = json.loads(stored(record(seed=2))[entry_key(record(seed=2))])
    good_file = {"kind": "barbu-stats", "format": 1, "entries": [entry, {"stats": 99}]}
    shown.import_text(json.dumps(good_file))
    assert set(database.data) == {*before, entry_key(record(seed=2))}
    assert "Imported: 1 sessions added, 1 refused." in root.html()
    assert any(k.startswith(UNREADABLE_PREFIX) for k in shown.store.slot.storage)  # type: ignore[union-attr]


def test_the_game_stores_a_finished_sessions_entry_under_its_records_key():
    class Boot:
        def __init__(self) -> None:
            self.stored: list[tuple[str, str]] = []

        def recordStats(self, key: str, text: str) -> None:
            self.stored.append((key, text))

    boot, r = Boot(), record(seed=5)
    key = record_finished(boot, r, "expert", 1_764_000_000_000)
    assert boot.stored[0][0] == key == entry_key(r)
    entry = read_entry(json.loads(boot.stored[0][1]))
    assert (entry.level, entry.ended, entry.record) == ("expert", 1_764_000_000_000, r)


def test_a_store_reads_the_keepers_games_too():
    storage = FakeStorage({"barbu.keeper": "{broken"})
    result = StatsStore(storage, FakeDatabase()).read([], 7)
    assert result.set_aside == ["barbu.keeper.unreadable.7"] and not result.kept


def test_the_page_frame_carries_its_policy_and_loads_the_chart_library_here_only():
    entry = next(p for p in PAGES if p.name == "stats")
    html = stats_document(entry.policy)
    assert f'content="{entry.policy}"' in html and "'unsafe-eval'" not in entry.policy
    assert "<style" not in html and " style=" not in html
    assert re.findall(r'src="([^"]+)"', html) == [
        "../vendor/uplot/uPlot.iife.min.js",
        "../web/stats.js",
    ]
    assert all(
        not src.startswith(("http", "//")) for src in re.findall(r'(?:src|href)="([^"]+)"', html)
    )
    others = ("keeper_page.py", "rules_page.py", "rules_document.py")
    for other in ("index.html", *(f"tools/site/{name}" for name in others)):
        assert "uplot" not in (CATALOGS.parents[2] / other).read_text(encoding="utf-8").lower()


@pytest.mark.build
def test_the_build_writes_the_statistics_page_and_vendors_the_chart_library(dist):
    entry = next(p for p in PAGES if p.name == "stats")
    assert (dist / "stats" / "index.html").read_text(encoding="utf-8") == stats_document(
        entry.policy
    )
    script = (dist / "vendor" / "uplot" / "uPlot.iife.min.js").read_bytes()
    node = CATALOGS.parents[2] / "node_modules" / "uplot" / "dist" / "uPlot.iife.min.js"
    assert script.rstrip() == node.read_bytes().rstrip()
    versions = json.loads((CATALOGS.parents[2] / "package.json").read_text())["dependencies"]
    assert re.fullmatch(r"\d+\.\d+\.\d+", versions["uplot"])  # pinned exactly
    sw = (dist / "sw.js").read_text(encoding="utf-8")
    for name in ("./stats/index.html", "./vendor/uplot/uPlot.iife.min.js", "./web/stats.js"):
        assert f'"{name}"' in sw


def test_a_browser_that_refuses_the_store_is_told_and_an_import_keeps_saying_so():
    shown, root = page(FakeDatabase())
    shown.unstored = True
    shown.alerts = shown.standing_alerts()
    shown.import_text("[]")
    alerts = re.findall(r'role="alert"[^>]*>([^<]*)<', root.html())
    assert [a.split(" (")[0] for a in alerts] == [
        "This file is not a Barbu statistics file: nothing was imported, and nothing stored has "
        "changed.",
        "This browser does not keep statistics",
    ]


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_skip_link_leads_to_the_statistics_in_its_own_words(lang):
    words = json.loads(catalog_text(lang))
    _, root = page(FakeDatabase(stored(record(seed=1))), lang=lang)
    skip = re.search(r'<a[^>]*class="skip-link"[^>]*>([^<]*)</a>', root.html())
    assert skip and skip[1] == words["stats.skip"] != words["rules_page.skip"]


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_header_leads_to_the_rules_and_the_keeper_as_the_keepers_header_does(lang):
    """The keeper's header linked the rules and the statistics; this one only the keeper."""
    words = json.loads(catalog_text(lang))
    _, root = page(FakeDatabase(stored(record(seed=1))), lang=lang)
    links = re.findall(r'<a href="([^"]*)" class="rules-link">([^<]*)</a>', root.html())
    assert links == [
        (f"../rules/{lang}/", words["menu.rules"]),
        (f"../keeper/?lang={lang}", words["rules_page.keeper"]),
    ]


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize("name", ["fr32", "standard"])
def test_the_scores_plot_says_lower_is_better_where_the_rules_count_so(lang, name):
    cue = json.loads(catalog_text(lang))["stats.lower_better"]
    _, root = page(FakeDatabase(stored(record(name, seed=1))), lang=lang)
    html = root.html()
    contracts = re.search(r'<figure[^>]*data-figure="played-contracts".*?</figure>', html)
    assert contracts
    lower = PRESETS[name].goal < 0
    assert (cue in contracts[0]) is lower and html.count(cue) == int(lower)

"""A full disk on the game page (web/game/unkept.py): each storage write the browser refuses is
said once, keeps the last good text stored, and is tried again; a write that goes through again
takes its notice away.

What a player would notice if these failed: a session lost at the reload after a full disk, a
notice on every card played while the disk stays full, a warning that stays after the saves work
again, or statistics dropped without a word.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from barbu import Contract
from tests.helpers import run
from tests.test_kept_reviews import decision
from tests.test_replay import finished_deal
from tests.test_sessions import Page, Storage
from tests.test_stats_page import FakeDatabase, stored
from tests.test_stats_page import page as stats_page
from tests.test_stats_page import record as stats_record
from web.game.effects import Dismiss, Effect, Later, Notify
from web.game.engine import Game
from web.game.kept_reviews import KEY as REVIEWS_KEY
from web.game.kept_reviews import ReviewShelf
from web.game.save import PREVIOUS_KEY, SAVE_KEY, SETTINGS_KEY, Saved
from web.game.sessions import Sessions
from web.game.unkept import NOTICES, WatchedStore
from web.languages.i18n import SUPPORTED
from web.model.review import review_items
from web.model.settings import Settings
from web.stats.figures import entry_key
from web.table.table_state import Notice

ROOT = Path(__file__).resolve().parent.parent


class QuotaExceededError(Exception):
    """What a browser's ``setItem`` raises when its storage is full (a DOMException)."""


class FullStorage(Storage):
    """A localStorage whose writes of ``full`` keys raise, as a full disk's do."""

    def __init__(self, full: set[str] | None = None) -> None:
        super().__init__()
        self.full = set() if full is None else full

    def setItem(self, key: str, value: str) -> None:
        if key in self.full:
            raise QuotaExceededError("the quota has been exceeded")
        super().setItem(key, value)


def watched(storage: FullStorage) -> tuple[WatchedStore, list[Effect]]:
    """A watched store over ``storage`` and the effects it hands the page."""
    store = WatchedStore(storage)
    said: list[Effect] = []
    store.heard = said.extend
    return store, said


def test_a_refused_save_is_said_once_keeps_the_last_good_one_and_a_later_save_takes_it_back():
    storage = FullStorage()
    store, said = watched(storage)
    assert store.write("first")
    storage.full.add(SAVE_KEY)
    assert not store.write("second") and not store.write("third")
    assert storage[SAVE_KEY] == "first"
    assert said == [Notify("save-failed", "notice.save_failed")]
    storage.full.clear()
    assert store.write("fourth") and storage[SAVE_KEY] == "fourth"
    assert said[1:] == [Dismiss("save-failed")]
    storage.full.add(SAVE_KEY)  # full again: said again, once
    store.write("fifth")
    store.write("sixth")
    assert said[2:] == [Notify("save-failed", "notice.save_failed")]


@pytest.mark.parametrize(
    ("key", "kind"),
    [
        (PREVIOUS_KEY, "previous-failed"),
        (SETTINGS_KEY, "settings-failed"),
        (REVIEWS_KEY, "review-failed"),
    ],
)
def test_each_kind_of_write_has_its_own_notice(key: str, kind: str):
    storage = FullStorage({key})
    store, said = watched(storage)
    assert not store.write("{}", key) and store.write("{}", SAVE_KEY)
    assert said == [Notify(kind, NOTICES[kind])] and key not in storage


def test_a_write_set_aside_or_unwatched_has_no_notice_here():
    storage = FullStorage({"barbu.save.unreadable.7", "barbu.reviews.damaged"})
    store, said = watched(storage)
    assert store.set_aside("{broken", 7) is None
    assert not store.write("x", "barbu.reviews.damaged")
    assert said == []


def test_every_notice_is_in_every_catalog():
    for lang in SUPPORTED:
        catalog = json.loads((ROOT / f"web/languages/catalogs/{lang}.json").read_text("utf-8"))
        assert all(catalog.get(message) for message in NOTICES.values()), lang


def test_the_sessions_save_says_a_full_disk_once_however_many_cards_are_played():
    page = Page()
    page.window.localStorage = FullStorage({SAVE_KEY})
    sessions = Sessions(page)
    for action in range(3):
        page.game.apply(page.game.legal_actions()[0])
        assert sessions.save() == []
        if action == 0:  # the player dismisses it: not said again while the disk stays full
            page.notices.append(Notice("save-failed", "..."))
            page.notices.clear()
    assert page.applied == [Notify("save-failed", "notice.save_failed")]
    assert SAVE_KEY not in page.window.localStorage
    page.window.localStorage.full.clear()  # room again: the next action's save goes through
    page.game.apply(page.game.legal_actions()[0])
    sessions.save()
    assert page.applied[1:] == [Dismiss("save-failed")]
    saved = Saved.from_json(page.window.localStorage[SAVE_KEY])
    assert saved.record == page.game.record()


def test_a_refused_review_is_said_and_stays_for_this_visit():
    storage = FullStorage({REVIEWS_KEY})
    store, said = watched(storage)
    deal = finished_deal(contract=Contract.NO_TRICKS)
    step = next(k for k, e in enumerate(deal.history) if e.seat == 0)
    items = review_items({"decisions": [decision(deal, step, value=-4)]}, len(deal.history))
    assert items and not ReviewShelf(store).keep(deal, items)
    assert said == [Notify("review-failed", "notice.review_failed")]
    assert REVIEWS_KEY not in storage


def test_a_statistics_entry_refused_is_said_then_sent_again_until_stored():
    store, said = watched(FullStorage())
    answers = iter([False, RuntimeError("QuotaExceededError"), True])
    slept: list[float] = []

    async def send() -> object:
        answer = next(answers)
        if isinstance(answer, Exception):
            raise answer
        return answer

    async def sleep(delay: float) -> None:
        slept.append(delay)

    assert run(store.retried("stats-failed", send, (1.0, 2.0, 4.0), sleep)) == []
    assert slept == [1.0, 2.0]
    assert said == [Notify("stats-failed", "notice.stats_failed"), Dismiss("stats-failed")]


def test_a_statistics_entry_always_refused_is_given_up_after_the_last_delay():
    store, said = watched(FullStorage())
    sent: list[int] = []

    async def send() -> object:
        sent.append(1)
        return False

    async def sleep(delay: float) -> None:
        pass

    run(store.retried("stats-failed", send, (1.0, 2.0), sleep))
    assert len(sent) == 3 and said == [Notify("stats-failed", "notice.stats_failed")]


def test_the_finished_sessions_entry_goes_through_the_retried_write():
    page = Page()
    sent: list[str] = []

    class Boot:
        async def recordStats(self, key: str, text: str) -> bool:
            sent.append(key)
            return True

    class Date:
        @staticmethod
        def now() -> int:
            return 1_764_000_000_000

    page.boot = Boot()  # type: ignore[attr-defined]
    page.settings = Settings(level="expert")  # type: ignore[attr-defined]
    page.window.Date = Date  # type: ignore[attr-defined]
    Sessions(page).record_stats()
    (later,) = page.applied
    assert isinstance(later, Later) and sent == []  # sent in the background
    assert run(later.effects) == [] and sent == [entry_key(page.game.record())]


class Console:
    def warn(self, text: str) -> None:
        pass


class Clock:
    @staticmethod
    def now() -> int:
        return 7


def test_an_unreadable_save_that_cannot_be_set_aside_is_never_written_over():
    storage = FullStorage({"barbu.save.unreadable.7"})
    storage[SAVE_KEY] = "{not a save"
    page = Page()
    page.window.localStorage = storage
    page.window.Date = Clock  # type: ignore[attr-defined]
    page.window.console = Console()  # type: ignore[attr-defined]
    sessions = Sessions(page)
    assert sessions.slot.read() is None
    assert page.applied == [Notify("save-unreadable", "notice.save_unreadable_lost")]
    saved = Saved(page.game.record(), None, None)
    assert sessions.slot.write(saved) == "failed"  # the slot keeps the unreadable text
    assert storage[SAVE_KEY] == "{not a save"
    storage.full.clear()  # room again: set aside first, then the session saved
    assert sessions.slot.write(saved) == "written"
    assert storage["barbu.save.unreadable.7"] == "{not a save"
    assert Saved.from_json(storage[SAVE_KEY]).record == page.game.record()
    key = "barbu.save.unreadable.7"
    assert page.applied[1:] == [
        Notify("save-unreadable", "notice.save_unreadable", key, (("key", key),))
    ]


def test_an_imported_statistics_entry_the_store_refuses_is_said_once_on_the_statistics_page():
    shown, root = stats_page(FakeDatabase(stored(stats_record(seed=1))))
    said = "this browser’s storage is full"
    assert said not in root.html()
    shown.store_refused()  # stats.js: the store's put rejected
    shown.store_refused()
    assert root.html().count(said) == 1
    assert "Sessions finished: 1" in root.html()  # what is shown stays


def test_a_session_left_that_cannot_be_kept_aside_stays_in_the_slot_until_it_is():
    storage = FullStorage({PREVIOUS_KEY})
    page = Page()
    page.window.localStorage = storage
    sessions = Sessions(page)
    sessions.save()
    first = storage[SAVE_KEY]
    sessions.new_session(42)  # the session on the table is to be kept as the previous one
    page.game = Game.new(42)
    assert sessions.save() == [] and storage[SAVE_KEY] == first  # not written over
    assert page.applied == [Notify("previous-failed", "notice.previous_failed")]
    storage.full.clear()  # room again: kept aside first, then the new session saved
    sessions.save()
    assert storage[PREVIOUS_KEY] == first
    assert Saved.from_json(storage[SAVE_KEY]).record == page.game.record()
    assert page.applied[1:] == [Dismiss("previous-failed")]

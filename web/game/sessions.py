"""The session on the table and its save: which session opens, a new one, the previous one taken
back, a record imported or exported, and what this tab does when another tab plays.

The save itself, the previous session kept aside and the tabs' lock are ``web.game.slot``'s;
putting a session on the table and drawing it are the controller's: each decision here returns
effects (``web.game.effects``: the game put on the table, the save written, the menu closed, the
players kicked...), which the controller alone carries out; the slot's calls (another tab's
game, this tab playing again) hand theirs to the page's ``apply``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from barbu.jsontext import MAX_CHARS as JSON_MAX_CHARS
from barbu.jsontext import JsonRefused
from barbu.jsontext import load as load_json
from barbu.presets import STANDARD, preset
from barbu.rules import Rules
from web.game.effects import (
    Announce,
    CloseMenu,
    ConfirmNew,
    Dismiss,
    Download,
    Draw,
    Effect,
    Elsewhere,
    FieldError,
    GateUpdates,
    Kick,
    Later,
    NoteAfter,
    Notify,
    OpenShared,
    Put,
    Redraw,
    RefuseShared,
    Rename,
    Restart,
    TakeFocus,
    Write,
)
from web.game.engine import Game, Phase, RuleError
from web.game.save import UNREADABLE_PREFIX, Saved
from web.game.share import ShareRefused, is_shared, read_shared
from web.game.slot import SessionSlot
from web.game.timeline import Timeline
from web.languages.i18n import Catalog
from web.languages.presets import preset_words
from web.model.seats import HUMAN
from web.model.settings import Settings, rules_from_query, seed_from_query
from web.model.state import UiState
from web.table.menu_form import NewSession
from web.table.table_state import Notice

__all__ = ["Page", "Sessions", "new_seed"]


def begun(game: Game) -> bool:
    """Whether ``game`` has begun and is not over (losing it would hurt)."""
    view = game.view()
    return not game.is_over and (bool(view.sheet) or view.deal.phase is not Phase.CONTRACT)


def new_seed() -> int:
    """A fresh seed, short enough to read aloud."""
    return random.SystemRandom().randrange(1, 1_000_000)


class Form(Protocol):
    """The table, as the menu's form for a new session is read from it (``TableView``)."""

    def read_new_session(self, current: Rules) -> NewSession: ...


class Resumer(Protocol):
    """The page's friends' table (``web.game.friends.Friends``), as a save resumes it."""

    def resume(self, saved: Saved) -> list[Effect]: ...


class Page(Protocol):
    """What the sessions read of the page (``web.game.app.PageController``): nothing here is
    written; the effects returned, or handed to ``apply``, say what changes."""

    window: Any
    boot: Any
    timeline: Timeline
    game: Game
    names: list[str]
    catalog: Catalog
    table: Form
    notices: list[Notice]
    settings: Settings
    friends: Resumer

    def default_names(self) -> list[str]: ...
    def apply(self, effects: Sequence[Effect]) -> None: ...

    @property
    def ui(self) -> UiState: ...


class Sessions:
    """The page's sessions; ``slot`` is the save and the tab that plays."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.slot = SessionSlot(page.window, self)
        self.slot.store.heard = page.apply  # what could not be kept (web.game.unkept)
        self.asked: tuple[int | None, Rules] | None = None
        """The game the address asked for while another was under way, until the player says."""

    @property
    def elsewhere(self) -> bool:
        """Whether another tab plays the game, which this one only shows."""
        return self.slot.elsewhere

    def open(self, query: str) -> None:
        """Resume the save, or start the session the address asks for (keeping the save aside):
        its seed (``?seed=``) and its game (``?rules=``)."""
        asked = seed_from_query(query)
        asked_rules = rules_from_query(query)
        found = self.slot.read()
        rules = preset(asked_rules) if asked_rules else STANDARD
        other_game = asked_rules not in (None, found[1].rules.name) if found else False
        if found is not None and (
            self.elsewhere  # another tab plays: show its game (whatever the address asks)
            or (asked in (None, found[1].seed) and not other_game)
            or (other_game and begun(found[1]))  # a rules page's Play: asked first
        ):
            saved, game = found
            self.page.apply(self.put_saved(saved, game))
            if other_game and not self.elsewhere:  # asked in the words of the game put
                self.page.apply(self.ask_to_replace(asked, rules))
            return
        fresh = Game.new(new_seed() if asked is None else asked, rules)
        if self.elsewhere:  # nothing readable saved yet: a game to look at until that tab saves
            self.page.apply([Put(fresh, None, None)])
            return
        if found is not None:
            self.slot.keep_previous(found[1].seed)
        self.page.apply([Put(fresh, None, None), Write()])

    def put_saved(self, saved: Saved, game: Game) -> list[Effect]:
        """Put a saved session back on the table: a friends' table this page hosted is hosted
        again (``web.game.friends``), unless another tab plays it; a save whose table cannot be
        restored is set aside, and a fresh session starts."""
        if saved.friends is None or self.elsewhere:
            return [Put(game, saved.names, saved.summary)]
        try:
            return self.page.friends.resume(saved)
        except ValueError as error:  # TableDataError, RuleError
            self.slot.set_aside(saved.to_json(), error)
            return [Put(Game.new(new_seed()), None, None), Write()]

    # -- sessions, the save, the menu -----------------------------------------------------------

    def record_stats(self) -> None:
        """The session's last deal is over: store its statistics entry (web.stats.record,
        imported only now: the statistics' modules are not the game's start)."""
        from web.stats.record import finished_entry

        page = self.page
        now = int(page.window.Date.now())
        key, text = finished_entry(page.game.record(), page.settings.level, now)
        stored = self.slot.store.retried("stats-failed", lambda: page.boot.recordStats(key, text))
        page.apply([Later(stored)])  # refused (a full disk): said, and tried again later

    def save(self) -> list[Effect]:
        """Write the session to the slot (after every action). Default names are saved empty,
        so that the session resumed in the other language takes that language's names. A
        practice deal (``web.game.practice``) is never saved: the real session's save stays.
        A refused write is said once, by the slot's store (``web.game.unkept``)."""
        if self.page.game is self.slot.held:
            return []
        self.page.timeline.mark("barbu:save")
        names = tuple(
            "" if name == default else name
            for name, default in zip(self.page.names, self.page.default_names(), strict=True)
        )
        game = self.page.game
        self.slot.write(Saved(game.record(), names, self.page.ui.summary, game.hosted()))
        self.page.timeline.measure("barbu:save", "barbu:save")
        return []

    def replace(
        self, game: Game, names: Sequence[str] | None, summary: int | None, said: str = ""
    ) -> list[Effect]:
        """Put another session on the table, the current one kept as the previous session (and
        the timeline started again: ``Timeline.restart``)."""
        self.slot.keep_previous(self.page.game.seed)
        self.page.timeline.restart()
        shown = None if names is None else tuple(names)
        return [Put(game, shown, summary), CloseMenu(), Write(), Redraw(), Announce(said), Kick()]

    def new_session(
        self, seed: int | None, name: str | None = None, rules: Rules = STANDARD
    ) -> list[Effect]:
        """Start another session of ``rules`` (a random seed when ``seed`` is None)."""
        seed = new_seed() if seed is None else seed
        renamed: list[Effect] = [Rename(name)] if name else []
        names = [name or self.page.names[HUMAN], *self.page.names[1:]]
        said = self.page.catalog.text("say.new_session", seed=seed)
        return [*renamed, *self.replace(Game.new(seed, rules), names, None, said)]

    def start_new_from_menu(self, confirmed: bool = False) -> list[Effect]:
        """The menu's "start": the name and seed typed (a random seed when left empty); a session
        under way is replaced only once the player confirms (it is kept as the previous one)."""
        form = self.page.table.read_new_session(self.page.game.rules)
        if form.bad_seed:  # said beside the field, which keeps what was typed
            return [FieldError("new-seed", self.page.catalog.text("notice.bad_seed"))]
        cleared: list[Effect] = [FieldError("new-seed", None)]
        if not confirmed and self.under_way():
            return [*cleared, ConfirmNew(True)]
        return [*cleared, *self.new_session(form.seed, form.name or None, form.rules)]

    def under_way(self) -> bool:
        """Whether the session on the table has begun and is not over (losing it would hurt)."""
        return begun(self.page.game)

    def ask_to_replace(self, seed: int | None, rules: Rules) -> list[Effect]:
        """The address asked for another game (``?rules=``: a rules page's "Play this variant")
        while a session is under way: keep that one on the table and ask (a notice whose button
        starts the game asked for, the current one kept as the previous session). Another seed
        of the same game (a shared ``?seed=`` link) replaces it at once, kept as the previous."""
        self.asked = (seed, rules)
        label = self.page.catalog.text(preset_words(rules.name).label)
        fields = (("rules", label), ("seed", self.page.game.seed))
        return [Notify("asked-game", "notice.asked_game", fields=fields)]

    def start_asked(self) -> list[Effect]:
        """The player said yes to the game the address asked for."""
        if self.asked is None:
            return []
        seed, rules = self.asked
        self.asked = None
        return [Dismiss("asked-game"), *self.new_session(seed, rules=rules)]

    def resume_previous(self) -> list[Effect]:
        """Swap back to the session kept before the current one."""
        found = self.slot.take_previous()
        if found is None:
            return []
        saved, game = found
        if saved.friends is not None:  # hosted again: its seats invited anew
            self.slot.keep_previous(self.page.game.seed)
            return [*self.put_saved(saved, game), CloseMenu(), Write(), Redraw(), Kick()]
        return self.replace(game, saved.names, saved.summary)

    def export(self, button: Any) -> list[Effect]:
        """Download the engine's session record as a JSON file, and say so beside ``button``."""
        name = f"barbu-{self.page.game.seed}.json"
        text = self.page.catalog.text("say.exported_as", name=name)
        return [Download(self.page.game.record_json(indent=1), name), NoteAfter(button, text)]

    def download_kept(self, key: str) -> list[Effect]:
        """Download a save kept aside (unreadable here), as it was stored."""
        text = self.slot.kept(key)
        if key.startswith(UNREADABLE_PREFIX) and text is not None:
            return [Download(text, f"barbu-{key.removeprefix('barbu.')}.json")]
        return []

    async def import_file(self, file: Any) -> list[Effect]:
        """Open a session record chosen by the player (the engine checks every action)."""
        try:
            if int(file.size) > JSON_MAX_CHARS * 4:  # refused at once: no read of a huge file
                raise JsonRefused(f"too long to read ({int(file.size):,} bytes)")
            text = str(await file.text())
            data = load_json(text)
            if is_shared(data):  # a deal shared as a file (web.game.share): its replay
                return [OpenShared(read_shared(text))]
            game = Game.from_record(data)
        except ShareRefused as error:
            return [RefuseShared(error)]
        except RuleError as error:
            fields = (("detail", str(error)),)
            return [Notify("import-failed", "notice.import_failed", fields=fields)]
        except (ValueError, TypeError):  # JsonRefused: too long, too deep, not JSON
            return [Notify("import-failed", "notice.import_not_json")]
        summary = len(game.view().sheet) if game.is_over else None
        return self.replace(game, self.page.names, summary, self.page.catalog.text("say.imported"))

    # -- the tab that plays (web.game.slot) ------------------------------------------------------

    def notify(self, kind: str, message: str, kept: str | None = None, **fields: object) -> None:
        """Show the catalog's ``message`` until the player dismisses it."""
        self.page.apply([Notify(kind, message, kept, tuple(fields.items()))])

    def put(self, game: Game, names: Sequence[str] | None, summary: int | None) -> None:
        """Show another tab's game as it saved it (the tab plays no more, or follows)."""
        self.page.apply([Put(game, None if names is None else tuple(names), summary), Redraw()])

    def follow_here(self) -> None:
        """Another tab plays the game: stop playing here, show it read-only."""
        self.page.apply(
            [
                Restart(),  # the computer players' loop and pending answers stop
                CloseMenu(),
                Elsewhere(True),
                GateUpdates(),
                Announce(self.page.catalog.text("tab.elsewhere")),
            ]
        )

    def play_here(self) -> None:
        """This tab plays again (taken over, or the playing tab closed)."""
        self.page.apply(
            [
                Elsewhere(False),
                GateUpdates(),
                Restart(),
                Draw(),
                TakeFocus(),
                Announce(self.page.catalog.text("tab.taken_over")),
                Kick(),
            ]
        )

"""Statistics of the sessions played against the computer players and of the games kept at a
real table: the stored entries, and the figures read from them (the statistics page's model; it
scores nothing itself, the engine does).

An entry is what the game page stores when a session against the computer players ends (its
last deal finished): the session record as ``barbu.records.session_record`` writes it, and what
the record lacks::

    {"stats": 1, "preset": "standard", "level": "standard", "ended": <ms since 1970>,
     "record": <the session record>}

``"preset"`` is the record's preset id (checked against its ``"rules"``, which also carry the
options), ``"level"`` the computer players' level when the session ended, ``"ended"`` when it
ended. A record may carry ``"takebacks": N`` (cards the player took back against the computer
players; absent means none): a session with takebacks is *practised*, counted apart and kept out
of the rank and the win rate. A record marked ``"friends": {"seat": s}`` was played at a friends'
table, this device's player in seat ``s`` (the host's, or a friend's): such sessions are counted
apart from those against the computer players (``with_friends``), from that seat.

Decisions:

- Every figure is the engine's: an entry's record is read by ``KeptGame.from_record`` (which
  replays a played session's every card with ``barbu.records`` and keeps its deals as the score
  sheet's rows, ``DealSummary``), the ranking and the winners are ``KeptGame``'s, each doubled
  pair's result its ``settlement`` (``barbu.scoring``). Nothing here scores a deal.
- ``read_entry`` refuses (``StatsRefused``) an entry that is not one of a known format, whose
  record the engine refuses, or whose session is not over; the page keeps such an entry aside
  and says so. ``"stats"`` numbers the entry's layout: 1 is the first; an entry of a later
  format (written by a newer site) is refused, hence kept aside, never dropped; the record
  inside may be of any format ``barbu.records`` reads (1 or 2), and a record without
  ``"takebacks"`` (written before they existed) is read as one without takebacks.
- One person's figures are a list of ``Played``: one session seen from one seat (seat 0 for a
  session against the computer players, the seat of a named player in a kept game). A kept game
  that is not finished gives its deals but no place.
- Doubles: a pair doubled by the player (or both ways: a redouble) counts as a double made, a
  pair doubled by the other alone as a double received; each pair's result is its settlement,
  signed for the player, so ``made_net + received_net`` is the player's final score less his
  raw score over the deals.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from barbu import DealSummary, RuleError
from barbu.keeper import KeeperError, KeptGame
from barbu.rules import Contract, Rules

FORMAT = 1
"""The format entries are written in (``"stats"``)."""
FILE_FORMAT = 1
"""The format of the exported statistics file."""
FILE_KIND = "barbu-stats"
"""The exported file says what it is: ``{"kind": "barbu-stats", "format": 1, "entries": [...]}``."""
LEVELS = ("beginner", "standard", "expert", "master")
"""The computer players' levels an entry may name (the page's choices)."""
FRIENDS = "friends"
"""The statistics page's choice beside the levels: the sessions played at friends' tables."""
TIME_LIMIT = 10**14
"""An entry's time is below this many milliseconds (year 5138)."""


class StatsRefused(ValueError):
    """An entry or a file that is not statistics this version reads; the message says why."""


@dataclass(frozen=True)
class Entry:
    """A session against the computer players, as stored when it ended."""

    record: dict[str, Any]
    level: str
    ended: int
    game: KeptGame
    """The session as the engine read it: rows, totals, ranking."""

    @property
    def takebacks(self) -> int:
        """Cards the player took back during the session (0: none)."""
        value = self.record.get("takebacks", 0)
        return value if type(value) is int and value > 0 else 0

    @property
    def practised(self) -> bool:
        """Whether the player took cards back: the session is counted apart."""
        return self.takebacks > 0

    @property
    def friends(self) -> bool:
        """Whether the session was played at a friends' table."""
        return isinstance(self.record.get("friends"), dict)

    @property
    def seat(self) -> int:
        """The seat of this device's player: 0 against the computer players."""
        mark = self.record.get("friends")
        return mark["seat"] if isinstance(mark, dict) else 0

    @property
    def group(self) -> str:
        """Its game (the preset with its options) as one text: ``rules_key``."""
        return rules_key(self.game.rules)

    def data(self) -> dict[str, Any]:
        """The entry as stored."""
        return entry_data(self.record, self.level, self.ended)


def rules_key(rules: Rules) -> str:
    """A game as one text, the same for the same preset and options: its record in JSON."""
    return json.dumps(rules.record, sort_keys=True, separators=(",", ":"))


def entry_data(record: dict[str, Any], level: str, ended: int) -> dict[str, Any]:
    """What the game page stores when a session ends (see the module's docstring)."""
    rules = record.get("rules", "standard")
    preset = rules.get("preset") if isinstance(rules, dict) else rules
    return {"stats": FORMAT, "preset": preset, "level": level, "ended": ended, "record": record}


def entry_key(record: dict[str, Any]) -> str:
    """The key an entry is stored under: a hash of its record, so that the same session
    recorded twice is stored once."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def read_entry(data: Any) -> Entry:
    """An entry as stored, checked by the engine; ``StatsRefused`` says what is wrong."""
    if not isinstance(data, dict):
        raise StatsRefused("an entry is a JSON object")
    form = data.get("stats")
    if type(form) is not int or form < 1:
        raise StatsRefused(f"not a statistics entry (format {form!r})")
    if form > FORMAT:
        raise StatsRefused(f"an entry of format {form}, from a later version (this one reads 1)")
    level, ended, record = data.get("level"), data.get("ended"), data.get("record")
    if level not in LEVELS:
        raise StatsRefused(f"unknown level {level!r}")
    if type(ended) is not int or not 0 <= ended < TIME_LIMIT:
        raise StatsRefused(f"not a time: {ended!r}")
    if not isinstance(record, dict) or "hands" not in _first_deal(record):
        raise StatsRefused("the entry holds no played session's record")
    takebacks = record.get("takebacks", 0)
    if type(takebacks) is not int or takebacks < 0:
        raise StatsRefused(f"takebacks is a count, not {takebacks!r}")
    mark = record.get("friends")
    if mark is not None and not (
        isinstance(mark, dict) and mark.get("seat") in (0, 1, 2, 3) and type(mark["seat"]) is int
    ):
        raise StatsRefused(f"not a friends' table's seat: {mark!r}")
    try:
        game = KeptGame.from_record(record)
    except (RuleError, KeeperError) as error:
        raise StatsRefused(f"the engine refuses its record: {error}") from None
    if not game.is_over:
        raise StatsRefused("the session is not over")
    if data.get("preset") != game.rules.name:
        raise StatsRefused(f"the preset {data.get('preset')!r} is not the record's")
    return Entry(record, level, ended, game)


def _first_deal(record: dict[str, Any]) -> dict[str, Any]:
    deals = record.get("deals")
    first = deals[0] if isinstance(deals, list) and deals else None
    return first if isinstance(first, dict) else {}


def file_data(entries: Iterable[Entry]) -> dict[str, Any]:
    """Every entry as one exported file."""
    return {"kind": FILE_KIND, "format": FILE_FORMAT, "entries": [e.data() for e in entries]}


def file_entries(data: Any) -> list[Any]:
    """The entries of an exported file, each still to read; ``StatsRefused`` if it is not a
    statistics file this version reads."""
    if not isinstance(data, dict) or data.get("kind") != FILE_KIND:
        raise StatsRefused("not a Barbu statistics file")
    form = data.get("format")
    if type(form) is not int or not 1 <= form <= FILE_FORMAT:
        raise StatsRefused(f"a statistics file of format {form!r} (this version reads 1)")
    entries = data.get("entries")
    if not isinstance(entries, list):
        raise StatsRefused("the file lists no entries")
    return entries


# -- one person's sessions -------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """One session seen from one seat: its deals, and the seat's place once it is over."""

    seat: int
    rows: tuple[DealSummary, ...]
    place: int | None
    """1 to 4 (ties share a place); None: the game is not finished."""
    won: bool
    practised: bool = False


def played(game: KeptGame, seat: int, practised: bool = False) -> Played:
    """The session ``game`` from ``seat``."""
    place = None
    if game.is_over:
        place = next(s.place for s in game.ranking() if s.seat == seat)
    won = seat in game.winners()
    return Played(seat, tuple(game.sheet()), place, won, practised)


def against_bots(entries: Iterable[Entry]) -> list[Played]:
    """The player's sessions against the computer players (seat 0), in the order given."""
    return [played(e.game, 0, e.practised) for e in entries if not e.friends]


def with_friends(entries: Iterable[Entry]) -> list[Played]:
    """The player's sessions at friends' tables, each from the player's seat, in order."""
    return [played(e.game, e.seat) for e in entries if e.friends]


def named_players(games: Iterable[KeptGame]) -> list[str]:
    """The names of the players of kept games, sorted (games without names have none)."""
    return sorted({n for g in games if g.names for n in g.names if n}, key=str.casefold)


def of_named(games: Iterable[KeptGame], name: str) -> list[Played]:
    """The kept games of the player called ``name`` (their first seat of that name)."""
    out = []
    for game in games:
        if game.names and name in game.names and game.number:
            out.append(played(game, game.names.index(name)))
    return out


# -- the figures -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ContractFigures:
    """Average scores of one contract: the player's and the others' (per seat)."""

    contract: Contract
    deals: int
    raw: float
    final: float
    others_raw: float
    others_final: float


@dataclass(frozen=True)
class DoublesFigures:
    """Doubles made and received, and what they brought (see the module's docstring)."""

    made: int
    received: int
    made_net: int
    received_net: int

    @property
    def net(self) -> int:
        """What the doubles brought in all (final less raw scores)."""
        return self.made_net + self.received_net


@dataclass(frozen=True)
class Figures:
    """One person's statistics over a list of sessions."""

    sessions: int
    """Finished sessions counted (practised ones apart)."""
    practised: int
    wins: int
    places: tuple[int, ...]
    """The place of each counted finished session, in order."""
    win_rates: tuple[float, ...]
    """The share of sessions won so far, after each counted finished session."""
    contracts: tuple[ContractFigures, ...]
    doubles: DoublesFigures
    deals: int


def figures(plays: Sequence[Played], rules: Rules) -> Figures:
    """The figures of ``plays`` (sessions of ``rules``): places and win rate over the finished
    sessions that are not practised; scores per contract and doubles over every deal."""
    counted = [p for p in plays if p.place is not None and not p.practised]
    places = tuple(p.place for p in counted if p.place is not None)
    rates, wins = [], 0
    for n, p in enumerate(counted, 1):
        wins += p.won
        rates.append(wins / n)
    return Figures(
        sessions=len(counted),
        practised=sum(p.practised for p in plays),
        wins=wins,
        places=places,
        win_rates=tuple(rates),
        contracts=_contracts(plays, rules),
        doubles=_doubles(plays),
        deals=sum(len(p.rows) for p in plays),
    )


def _contracts(plays: Sequence[Played], rules: Rules) -> tuple[ContractFigures, ...]:
    """Average raw and final scores per contract, in the rules' order (contracts played)."""
    sums: dict[Contract, list[int]] = {}
    for p in plays:
        for row in p.rows:
            s = sums.setdefault(row.contract, [0, 0, 0, 0, 0])
            others = [seat for seat in range(4) if seat != p.seat]
            s[0] += 1
            s[1] += row.raw[p.seat]
            s[2] += row.final[p.seat]
            s[3] += sum(row.raw[o] for o in others)
            s[4] += sum(row.final[o] for o in others)
    out = []
    for c in rules.contracts:
        if c.contract in sums:
            n, raw, final, others_raw, others_final = sums[c.contract]
            out.append(
                ContractFigures(
                    c.contract, n, raw / n, final / n, others_raw / (3 * n), others_final / (3 * n)
                )
            )
    return tuple(out)


def _doubles(plays: Sequence[Played]) -> DoublesFigures:
    """Doubles made and received by the player and each pair's settlement, signed for him."""
    made = received = made_net = received_net = 0
    for p in plays:
        for row in p.rows:
            pairs = set(row.doubles)
            made += sum(a == p.seat for a, _ in pairs)
            received += sum(b == p.seat for _, b in pairs)
            for pay in row.settlement:
                if p.seat not in (pay.payer, pay.payee):
                    continue
                other = pay.payee if pay.payer == p.seat else pay.payer
                signed = pay.amount if pay.payee == p.seat else -pay.amount
                if (p.seat, other) in pairs:
                    made_net += signed
                else:
                    received_net += signed
    return DoublesFigures(made, received, made_net, received_net)

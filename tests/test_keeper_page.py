"""The score keeper page's Python without a browser (web/keeper/): the store of kept
games (nothing lost, a damaged game set aside), the deal as typed read into the engine's
``KeptDeal``, and the page's parts drawn into a build-time document with their test hooks.

If these fail, a table would lose kept games, see a typed score read wrongly, or the hooks that
tests outside the repository read ([data-total], [data-pays]) would say something else than the
engine.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

import pytest

from barbu import Card, ChooseContract, Contract, Rank, RuleError, Suit
from barbu.keeper import KeeperError, KeptDeal, KeptGame, Taken
from barbu.presets import preset
from web.components.dom import Dom
from web.components.plain_dom import Document
from web.keeper.entry import Entry, EntryError
from web.keeper.form import deal_form
from web.keeper.results import block_sheets, ending, totals_bar
from web.keeper.setup import games_panel, header, rename_form
from web.keeper.store import KEY, KeeperStore, Kept
from web.keeper.wording import NAMED_TALLIES, miscount, money
from web.languages.i18n import SUPPORTED, Catalog
from web.languages.words import card_name

CATALOGS = Path(__file__).resolve().parent.parent / "web" / "languages" / "catalogs"
NAMES = ["Ada", "Ben", "Clara", "Dan"]
BLOCK = [
    KeptDeal(ChooseContract(Contract("no-tricks")), ((1, 0), (2, 0), (3, 0)), (-8, -6, -6, -6)),
    KeptDeal(ChooseContract(Contract("no-queens")), ((1, 0), (2, 0), (3, 0)), (-12, -6, -6, 0)),
    KeptDeal(ChooseContract(Contract("no-last-two")), (), (-10, -20, 0, 0)),
]


class FakeStorage(dict[str, str]):
    """``localStorage`` as a dict."""

    def getItem(self, key: str) -> str | None:
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:
        self[key] = value

    def removeItem(self, key: str) -> None:
        self.pop(key, None)


class RefusingStorage(FakeStorage):
    """A browser that keeps nothing (private mode, full storage)."""

    def setItem(self, key: str, value: str) -> None:
        raise RuntimeError("QuotaExceededError")


def catalog(lang: str = "en") -> Catalog:
    return Catalog.from_json(lang, (CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))


def game() -> KeptGame:
    return KeptGame(preset("standard"), 0, NAMES, "0.10", BLOCK)


# -- the store ------------------------------------------------------------------------------


def test_kept_games_come_back_as_they_were_stored() -> None:
    storage = FakeStorage()
    store = KeeperStore(storage)
    kept = Kept({"a": game(), "b": KeptGame(preset("fr32"), 2)}, "a", tuple(NAMES))
    assert store.write(kept)
    again = KeeperStore(storage).read(1)
    assert again.current == "a" and again.names == tuple(NAMES) and not again.set_aside
    assert again.games["a"].record() == game().record()
    assert again.games["b"].rules.name == "fr32"


def test_a_store_that_cannot_be_read_is_set_aside_whole_and_the_keeper_starts_empty() -> None:
    storage = FakeStorage({KEY: "{not json"})
    kept = KeeperStore(storage).read(1234)
    assert kept.games == {} and kept.set_aside == ["barbu.keeper.unreadable.1234"]
    assert storage["barbu.keeper.unreadable.1234"] == "{not json"
    assert KEY not in storage


def test_a_damaged_game_is_set_aside_alone_and_the_others_are_kept() -> None:
    bad = {"format": 2, "kept": True, "rules": "standard", "deals": [{"declarer": 3}]}
    text = json.dumps({"format": 1, "games": {"a": game().record(), "b": bad}, "current": "b"})
    storage = FakeStorage({KEY: text, "barbu.keeper.unreadable.7": "older"})
    kept = KeeperStore(storage).read(7)
    assert list(kept.games) == ["a"] and kept.current is None
    assert kept.set_aside == ["barbu.keeper.unreadable.7-2"]
    assert json.loads(storage["barbu.keeper.unreadable.7-2"]) == bad
    assert storage["barbu.keeper.unreadable.7"] == "older"  # never written over
    assert list(json.loads(storage[KEY])["games"]) == ["a"]


def test_a_browser_that_refuses_to_store_is_reported_not_fatal() -> None:
    store = KeeperStore(RefusingStorage())
    assert not store.write(Kept({"a": game()}))
    assert store.failed
    assert KeeperStore(None).read(1).games == {}


# -- the deal as typed ----------------------------------------------------------------------


def test_typed_scores_are_read_with_either_minus_sign() -> None:
    entry = Entry(contract="no-queens", raw=("\u221212", "-6", " -6 ", "+0"))
    deal = entry.deal(preset("standard"))
    assert deal.raw == (-12, -6, -6, 0)


@pytest.mark.parametrize("typed", ["", "x", "1.5", "²", "1234567", "--3"])
def test_a_score_that_is_not_a_whole_number_is_refused_by_the_page(typed: str) -> None:
    entry = Entry(contract="no-queens", raw=(typed, "-6", "-6", "0"))
    with pytest.raises(EntryError) as caught:
        entry.deal(preset("standard"))
    assert caught.value.key == "keeper.type_scores"


def test_no_contract_chosen_is_the_engines_refusal() -> None:
    with pytest.raises(RuleError) as caught:
        Entry().deal(preset("standard"))
    assert caught.value.code == "no-contract"


def test_a_deal_entered_comes_back_into_the_form_as_it_was() -> None:
    deal = KeptDeal(ChooseContract(Contract("trumps"), Suit.HEARTS), ((1, 0),), (20, 15, 15, 15))
    entry = Entry.of_deal(deal)
    assert entry.deal(preset("standard")) == deal
    queens = KeptDeal(ChooseContract(Contract("no-queens")), (), (-12, -6, -6, 0))
    assert Entry.of_deal(queens).raw == ("\u221212", "\u22126", "\u22126", "0")
    assert Entry.of_deal(queens).deal(preset("standard")) == queens
    domino = KeptDeal(ChooseContract(Contract("domino"), None, Rank.SEVEN), (), (45, 20, 5, -5))
    assert Entry.of_deal(domino).deal(preset("standard")) == domino


@pytest.mark.parametrize(
    ("contract", "taken"),
    [
        ("no-tricks", Taken.of([5, 4, 3, 1])),
        ("no-hearts", Taken.of(None, {"H-AH": [5, 4, 3, 0], "AH": [1, 0, 0, 0]})),
        ("no-last-two", Taken.of([4, 3, 3, 3], {}, {12: 2, 13: 3})),
        ("domino", Taken.of(places=[2, 1, 4, 3])),
    ],
)
def test_a_counted_deal_comes_back_into_the_form_counted(contract: str, taken: Taken) -> None:
    """A correction would open on the raw scores and lose the counts the table typed."""
    rules = preset("standard")
    choice = ChooseContract(Contract(contract), None, Rank.SEVEN if contract == "domino" else None)
    kept = KeptGame(rules, 0)
    kept.add(KeptDeal(choice, (), taken=taken))
    entry = Entry.of_deal(kept.deals[0])
    assert entry.counted
    assert entry.deal(rules).taken == taken
    raw = kept.sheet()[0].raw
    assert entry.raw == tuple(str(r).replace("-", "\u2212") for r in raw)  # to switch to typing
    form = drawn(deal_form(Dom(Document()), catalog(), kept, NAMES, entry, 1, ""))
    assert re.search(r'data-mode="counted"[^>]*checked', form)
    first = taken.data()
    key, counts = next(iter(first.items()))
    if key == "cards":
        key, counts = next(iter(counts.items()))
    assert re.search(rf'value="{counts[0]}"[^>]*data-count="{key}:0"', form), form


def test_doubles_toggle_and_shortcuts_replace_a_seats_row() -> None:
    entry = Entry().toggle(1, 0, True).toggle(2, 0, True).toggle(1, 0, False)
    assert entry.doubles == {(2, 0)}
    entry = entry.toggle(1, 3, True).with_targets(1, frozenset({0, 2}))
    assert entry.doubles == {(2, 0), (1, 0), (1, 2)}


def test_counts_typed_are_what_each_player_took() -> None:
    rules = preset("standard")
    entry = Entry(contract="no-hearts", counted=True)
    for seat, (hearts, ace) in enumerate([("5", "1"), ("4", "0"), ("3", "0"), ("0", "0")]):
        entry = entry.with_count("H-AH", seat, hearts).with_count("AH", seat, ace)
    deal = entry.deal(rules)
    assert deal.taken == Taken.of(None, {"H-AH": [5, 4, 3, 0], "AH": [1, 0, 0, 0]})
    assert KeptGame(rules, 0).check(deal).raw == (-16, -8, -6, 0)
    last_two = Entry(contract="no-last-two", counted=True).with_count("12", 0, "2")
    last_two = last_two.with_count("13", 0, "3").with_count("tricks", 0, "")
    assert last_two.deal(rules).taken == Taken.of(None, {}, {12: 2, 13: 3})
    with pytest.raises(EntryError):
        Entry(contract="no-last-two", counted=True).deal(rules)


# -- the page's parts, drawn ----------------------------------------------------------------


def drawn(node: object) -> str:
    return node.html()  # type: ignore[attr-defined, no-any-return]


def test_the_totals_hooks_hold_each_seats_total() -> None:
    d, g = Dom(Document()), game()
    html = drawn(totals_bar(d, catalog(), g, NAMES))
    found = dict(
        re.findall(r'data-total="(-?\d+)" data-seat="(\d)"', html)[i][::-1] for i in range(4)
    )
    assert {int(k): int(v) for k, v in found.items()} == dict(enumerate(g.totals()))


def test_the_end_shows_each_pairs_settlement_in_its_hooks() -> None:
    rules = preset("fr32")
    g = KeptGame(rules, 0, NAMES)
    for contract, raw in [
        ("king-of-hearts", (40, 0, 0, 0)),
        ("hearts", (10, 20, 30, 20)),
        ("queens", (0, 10, 10, 20)),
        ("jacks", (20, 20, 20, 20)),
        ("tricks", (20, 20, 20, 20)),
        ("last-trick", (0, 50, 0, 0)),
        ("reverse", (-20, -20, -20, -20)),
    ]:
        g.add(KeptDeal(ChooseContract(Contract(contract)), (), raw))
    html = drawn(ending(Dom(Document()), catalog(), g, NAMES))
    hooks = sorted(
        (int(a), int(b), c)
        for c, a, b in re.findall(r'data-pays="([^"]*)" data-from="(\d)" data-to="(\d)"', html)
    )
    assert hooks == sorted((p.payer, p.payee, str(p.points)) for p in g.settlement())
    assert g.ranking()[0].seat == 2  # the lowest total wins fr32


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_part_draws_in_every_language(lang: str) -> None:
    d, g, c = Dom(Document()), game(), catalog(lang)
    entry = Entry(contract="trumps", counted=True)
    for node in (
        header(d, c),
        games_panel(d, c, {"a": (g, NAMES)}, "a", NAMES, ["notice"]),
        games_panel(d, c, {"a": (g, NAMES)}, None, NAMES, [], deleting="a"),
        deal_form(d, c, g, NAMES, entry, None, "refused"),
        deal_form(d, c, g, NAMES, Entry.of_deal(BLOCK[1]), 2, ""),
        block_sheets(d, c, g, NAMES, None),
        rename_form(d, c, NAMES),
    ):
        assert "undefined" not in drawn(node)
    fresh = KeptGame(preset("standard"), 0, NAMES)
    form = drawn(deal_form(d, c, fresh, NAMES, Entry(), None, ""))
    assert form.count("data-double=") == 12
    assert 'role="alert"' not in form  # only a refusal shows one
    assert len(re.findall(r'data-owed="\d"', form)) == 3  # each owes Ada two doubles
    assert 'data-owed="' not in drawn(deal_form(d, c, g, NAMES, Entry(), None, ""))  # all paid


def test_a_used_contract_cannot_be_chosen_again_in_its_block() -> None:
    form = drawn(deal_form(Dom(Document()), catalog(), game(), NAMES, Entry(), None, ""))
    for contract in ("no-tricks", "no-queens", "no-last-two"):
        assert re.search(rf'data-contract="{contract}"[^>]*disabled', form)
    assert not re.search(r'data-contract="trumps"[^>]*disabled', form)


# -- counts and money in words --------------------------------------------------------------


def miscounted(contract: str, taken: Taken) -> KeeperError:
    """The refusal of a deal counted so."""
    rank = Rank.SEVEN if contract == "domino" else None
    deal = KeptDeal(ChooseContract(Contract(contract), None, rank), (), taken=taken)
    with pytest.raises(KeeperError) as caught:
        KeptGame(preset("standard"), 0).add(deal)
    return caught.value


def russian(form: str, count: int) -> str:
    """A Russian sentence of a wrong count (its plural form checked by its key)."""
    card = card_name(catalog("ru"), Card.parse("KH"))
    card = card[:1].upper() + card[1:]
    return catalog("ru").text(f"keeper.miscount.{form}", count=count, needed=13, card=card)


@pytest.mark.parametrize(
    ("lang", "contract", "taken", "said"),
    [
        ("en", "no-tricks", Taken.of([5, 4, 3, 0]), "12 tricks counted, 13 needed."),
        ("en", "no-tricks", Taken.of([5, 4, 3, 2]), "14 tricks counted, 13 needed."),
        ("ru", "no-tricks", Taken.of([5, 4, 3, 0]), russian("tricks.many", 12)),
        ("ru", "no-tricks", Taken.of([1, 1, 0, 0]), russian("tricks.few", 2)),
        ("ru", "no-tricks", Taken.of([21, 0, 0, 0]), russian("tricks.one", 21)),
        ("fr", "no-tricks", Taken.of([1, 0, 0, 0]), "1 pli compté, il en faut 13."),
        ("it", "no-queens", Taken.of(None, {"Q": [2, 2, 1, 0]}), "5 regine contate, ne servono 4."),
        ("en", "no-queens", Taken.of(None, {"Q": [1, 0, 0, 0]}), "1 queen counted, 4 needed."),
        (
            "en",
            "no-hearts",
            Taken.of([14, 0, 0, 0], {"H-AH": [12, 0, 0, 0], "AH": [1, 0, 0, 0]}),
            "14 tricks counted, 1 to 13 needed.",
        ),
        (
            "en",
            "no-hearts",
            Taken.of(None, {"H-AH": [5, 4, 3, 1], "AH": [1, 0, 0, 0]}),
            "13 hearts other than the ace counted, 12 needed.",
        ),
        (
            "en",
            "no-king-of-hearts",
            Taken.of(None, {"KH": [1, 0, 1, 0]}),
            "King of hearts counted 2 times",
        ),
        (
            "ru",
            "no-king-of-hearts",
            Taken.of(None, {"KH": [0, 0, 0, 0]}),
            russian("card_none", 0),
        ),
        ("en", "domino", Taken.of(places=[1, 1, 3, 4]), "Places typed: 1, 1, 3, 4."),
        (
            "en",
            "no-last-two",
            Taken.of([1, 12, 0, 0], {}, {12: 0, 13: 0}),
            "Ada is given 2 tricks that score, but only 1 trick in all.",
        ),
    ],
)
def test_a_wrong_count_is_said_exactly(lang: str, contract: str, taken: Taken, said: str) -> None:
    """The page would say only "impossible counts", never what is wrong with them."""
    text = miscount(catalog(lang), miscounted(contract, taken), NAMES)
    assert text is not None and said in text, text
    assert "{" not in text


def test_every_wrong_count_sentence_has_every_plural_form() -> None:
    """A count in a plural category a catalog lacks would stop the page with a missing message."""
    error = miscounted("no-tricks", Taken.of([5, 4, 3, 0]))
    for lang in SUPPORTED:
        c = catalog(lang)
        for key in (*NAMED_TALLIES, "KH"):
            for count in (0, 1, 2, 5, 12, 21, 1_000_000):
                params = {**error.params, "tally": key, "counted": count}
                text = miscount(c, KeeperError("x", "bad-count", **params), NAMES)
                assert text is not None and "{" not in text
                assert str(count) in text or (key == "KH" and count == 0)


@pytest.mark.parametrize(
    ("lang", "amount", "stake", "said"),
    [
        ("en", "5.0", "0.5", "5.00"),
        ("en", "85", "1", "85"),
        ("en", "170.0", "2.0", "170"),
        ("fr", "1.70", "0.10", "1,70"),
        ("ru", "-15.0", "0.5", "\u221215,00"),
        ("it", "-3", "1", "\u22123"),
        ("it", "0.125", "0.125", "0,125"),
    ],
)
def test_money_is_written_as_the_language_writes_it(
    lang: str, amount: str, stake: str, said: str
) -> None:
    """A settlement would show "5.0", a point for a comma, or a hyphen for a minus."""
    assert money(catalog(lang), Decimal(amount), Decimal(stake)) == said
    assert (
        money(catalog(lang), Decimal("2.5"), Decimal("0.5"), signed=True)
        == "+2" + ("." if lang == "en" else ",") + "50"
    )

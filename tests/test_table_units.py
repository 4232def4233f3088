"""The table's pure helpers, without a browser: words, settings, saves, the sheet and diagram."""

from __future__ import annotations

import random
import re
import string
from pathlib import Path
from urllib.parse import parse_qs

import pytest

from barbu import (
    STANDARD,
    Card,
    Contract,
    Double,
    Phase,
    Play,
    Rank,
    RuleError,
    Session,
    Suit,
    session_record,
)
from barbu.actions import action_from_data
from barbu.errors import REFUSALS
from barbu.keeper.errors import KEEPER_REFUSALS, KeeperError
from barbu.presets import PRESET_NAMES
from tests.helpers import run
from web.components.dom import Dom
from web.components.sheet import diagram, marks_of, nice_step, running_totals, sheet_rows
from web.game.engine import Game
from web.game.save import (
    PREVIOUS_KEY,
    SAVE_KEY,
    UNREADABLE_PREFIX,
    Saved,
    SaveStore,
    UnreadableSave,
)
from web.languages.i18n import SUPPORTED, Catalog
from web.languages.words import (
    announcement,
    contract_line,
    explanation,
    hint_text,
    refusal,
    said,
    signed,
)
from web.model.settings import (
    Settings,
    choices_from_query,
    clean_name,
    page_query,
    query_values,
    quote,
    rules_from_query,
    unquote,
)

ROOT = Path(__file__).resolve().parent.parent
FIELD = re.compile(r"\{(\w+)\}")


def catalog(lang: str) -> Catalog:
    return Catalog.from_json(
        lang, (ROOT / "web" / "languages" / "catalogs" / f"{lang}.json").read_text()
    )


class FakeStorage(dict):
    """A dict with the Web Storage methods (a browser's localStorage, for these tests)."""

    def getItem(self, key):
        return self.get(key)

    def setItem(self, key, value):
        self[key] = value

    def removeItem(self, key):
        self.pop(key, None)


class FullStorage(FakeStorage):
    def setItem(self, key, value):
        raise RuntimeError("QuotaExceededError")


@pytest.mark.parametrize("lang", SUPPORTED)
def test_contract_names_are_those_of_the_rule_book(lang):
    """Players would read contract names that differ from the rules (RULES.md §2)."""
    names = {
        "en": [
            "No Tricks",
            "No Queens",
            "No Last Two",
            "No Hearts",
            "No King of Hearts",
            "Trumps",
            "Domino",
        ],
        "fr": [
            "Sans Plis",
            "Sans Dames",
            "Sans les Deux Derniers",
            "Sans Cœurs",
            "Sans Roi de Cœur",
            "Atout",
            "Domino",
        ],
        "ru": [
            "Без взяток",
            "Без дам",
            "Без последних двух",
            "Без червей",
            "Без червового короля",
            "Козыри",
            "Домино",
        ],
        "it": [
            "Nessuna presa",
            "Nessuna regina",
            "Nessuna delle ultime due",
            "Nessun cuore",
            "Nessun re di cuori",
            "Briscola",
            "Domino",
        ],
    }[lang]
    assert [
        catalog(lang).text(f"contract.{c.value}") for c in (r.contract for r in STANDARD.contracts)
    ] == names


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_refusal_of_the_engine_has_words_in_every_language(lang):
    """A player refused an action would read a raw code, or nothing, instead of the reason."""
    cat = catalog(lang)
    samples = {
        "must-double": {"owed": 2, "left": 2},
        "must-follow": {"suit": "H", "card": "QS"},
        "must-trump": {"suit": "D", "card": "2C"},
        "must-overtrump": {"card": "3S"},
        "heart-lead": {"card": "AH"},
        "hearts-not-broken": {"card": "2H"},
        "must-overtrump-void": {"suit": "S", "card": "2C"},
        "must-ruff": {"suit": "S", "card": "3D"},
        "domino-opener": {"card": "7S", "opener": "7D"},
        "domino-unplayable": {"card": "9C"},
        "not-held": {"card": "KH"},
        "contract-used": {"contract": "no-queens"},
        "bad-total": {"contract": "no-queens"},
        "bad-score": {"contract": "no-queens"},
        "redouble-not-doubled": {"target": 2},
        "double-positive": {"target": 1},
    }
    for code in REFUSALS:
        text = refusal(cat, RuleError("x", code, **samples.get(code, {})))
        assert text and "{" not in text, code
    for code in KEEPER_REFUSALS:
        text = refusal(cat, KeeperError("x", code, **samples.get(code, {})))
        assert text and "{" not in text, code


def test_refusal_names_the_suit_in_words():
    """'You must follow H' would puzzle a player; the suit is named."""
    assert (
        refusal(catalog("en"), RuleError("x", "must-follow", suit="H", card="QS"))
        == "You must follow suit: play hearts."
    )
    assert "2 doubles owed" in refusal(catalog("en"), RuleError("x", "must-double", owed=2, left=2))
    assert "1 contre dû" in refusal(catalog("fr"), RuleError("x", "must-double", owed=1, left=1))


def test_plural_forms_follow_each_language():
    """'1 tricks', '0 plis' (French counts 0 as singular) or '5 карты' (Russian takes a third
    form from 5) would read wrong."""
    en, fr, ru = catalog("en"), catalog("fr"), catalog("ru")
    assert en.plural("count.tricks", 1) == "1 trick" and en.plural("count.tricks", 0) == "0 tricks"
    assert fr.plural("count.tricks", 0) == "0 pli" and fr.plural("count.tricks", 2) == "2 plis"
    forms = [ru.plural("count.cards", n) for n in (1, 2, 5, 21, 22, 25)]
    assert forms == [
        ru.text(f"count.cards.{f}", count=n)
        for n, f in zip(
            (1, 2, 5, 21, 22, 25), ("one", "few", "many", "one", "few", "many"), strict=True
        )
    ]
    assert len({ru.text(f"count.cards.{f}", count=0) for f in ("one", "few", "many")}) == 3


def test_the_player_is_addressed_as_you():
    """'You wins the trick' or 'Vous remporte le pli' would read wrong."""
    names = ["You", "Alice", "Bruno", "Chloé"]
    assert said(catalog("en"), "trick.won", 0, names) == "You win the trick."
    assert said(catalog("en"), "trick.won", 2, names) == "Bruno wins the trick."
    assert said(catalog("fr"), "trick.won", 0, ["Vous", "A", "B", "C"]) == "Vous remportez le pli."
    assert (
        announcement(catalog("en"), names, 1, Double(frozenset({0, 3})))
        == "Alice doubles Chloé and you."  # the player last, as one says it
    )
    assert (
        announcement(
            catalog("fr"), ["Vous", "Alice", "Bruno", "Chloé"], 1, Double(frozenset({0, 3}))
        )
        == "Alice contre Chloé et vous."  # not "Vous et Chloé", nor a capital "Vous"
    )
    assert hint_text(
        catalog("fr"), ["Vous", "Alice", "Bruno", "Chloé"], Play(Card.parse("JD")), 1
    ) == (
        "Conseil\u00a0: valet de carreau."  # the card in lower case after the colon, as in
    )  # every language ("Hint: jack of diamonds.", "Подсказка: валет бубён.")
    assert [
        hint_text(catalog(lang), names, Play(Card.parse("5H")), 1).split(":")[1].split()[0]
        for lang in ("en", "fr", "ru", "it")
    ] == ["five", "cinq", "пятёрка", "cinque"]
    assert (
        announcement(catalog("en"), names, 0, Play(Card.parse("QH")))
        == "You play the queen of hearts."
    )


def test_contract_line_names_trump_and_starting_rank():
    """The table would not say which suit is trump or where the Domino starts."""
    en = catalog("en")
    assert contract_line(en, Contract.TRUMPS, Suit.SPADES, None).startswith("Trumps ♠")
    assert contract_line(en, Contract.DOMINO, None, Rank.QUEEN) == "Domino from the queens"
    assert contract_line(catalog("it"), Contract.DOMINO, None, Rank.ACE) == "Domino dall\u2019asso"
    assert contract_line(catalog("ru"), Contract.DOMINO, None, Rank.TWO) == "Домино \u0441 двоек"
    assert contract_line(catalog("fr"), Contract.DOMINO, None, Rank.SEVEN) == "Domino au sept"
    assert contract_line(en, Contract.DOMINO, None, Rank.TEN, short=True) == "Domino 10"


def test_the_address_is_read_as_the_standard_library_reads_it():
    """A shared link with an encoded name or an odd parameter would be misread if the page's
    own query reader (it avoids urllib.parse, slow to import in Pyodide) drifted from it."""
    rng = random.Random(5)
    alphabet = string.ascii_letters + string.digits + " &=+%?éü€-_.~/#"
    for _ in range(3000):
        query = "".join(rng.choice(alphabet) for _ in range(rng.randrange(30)))
        expected = {key: values[0].strip() for key, values in parse_qs(query.lstrip("?")).items()}
        assert query_values(query) == {k: v for k, v in expected.items() if k and v}, query
        text = query[:12]
        assert unquote(quote(text)) == text
        assert parse_qs(f"a={quote(text)}", keep_blank_values=True)["a"] == [text]
    assert page_query(5, "fr", "?name=Zo%C3%A9+L&seed=1") == "?seed=5&lang=fr&name=Zo%C3%A9%20L"


def test_the_address_names_a_game_by_its_id_or_its_former_id():
    """A link made before the Italian game took its id (``?rules=pagat``, RULES.md §7) would
    start the standard game, or keep the old id in the address, if this failed."""
    assert rules_from_query("?rules=pagat") == rules_from_query("?rules=italian") == "italian"
    assert rules_from_query("?rules=fr32&seed=3") == "fr32"
    assert rules_from_query("?rules=bridge") is None and rules_from_query("?seed=1") is None
    assert rules_from_query("?rules=Pagat") is None
    assert page_query(5, "en", "?rules=pagat", "italian") == "?seed=5&lang=en&rules=italian"
    assert page_query(5, "en", "?rules=fr32", STANDARD.name) == "?seed=5&lang=en"


def test_address_choices_override_the_stored_settings():
    """?speed=instant or ?level=beginner would be ignored, or a bad value would break the page."""
    stored = Settings.from_json(
        '{"speed": "slow", "level": "expert", "autoplay": true, "name": "Zoé"}'
    )
    assert stored == Settings("slow", "expert", True, "Zoé")
    asked = stored.with_choices(choices_from_query("?speed=instant&level=beginner&autoplay=0"))
    assert asked == Settings("instant", "beginner", False, "Zoé")
    assert stored.with_choices(choices_from_query("?speed=warp&level=god")) == stored
    assert Settings.from_json("not json") == Settings() == Settings.from_json(None)
    assert (
        Settings("instant").bot_delay == 0
        and Settings("slow").trick_pause > Settings("fast").trick_pause
    )
    assert page_query(5, "fr", "?seed=9&speed=instant") == "?seed=5&lang=fr&speed=instant"
    assert Settings().autoplay, "forced cards are played for the player unless he says no"
    chosen = Settings(autoplay=False)
    assert Settings.from_json(chosen.to_json()) == chosen, "his choice is kept"
    # Settings stored before version 2 said "autoplay": false because it was the default.
    assert Settings.from_json('{"speed": "fast", "autoplay": false}') == Settings("fast")
    assert clean_name("  Ada \n  Lovelace  ") == "Ada Lovelace" and len(clean_name("x" * 99)) == 24


def test_a_save_round_trips_and_an_unreadable_one_is_refused():
    """A reload would lose the game, or accept garbage, if saves were misread."""
    session = Session(seed=3)
    session.apply(session.legal_actions()[0])
    saved = Saved(session_record(session), ("Ada", "B", "C", "D"), None)
    again = Saved.from_json(saved.to_json())
    assert again == saved
    assert Game.from_record(again.record).replayable().deal.contract == session.deal.contract
    for text in ("{", "[]", '{"format": 2, "record": {}}', '{"format": 1}'):
        with pytest.raises(UnreadableSave):
            Saved.from_json(text)


def test_an_unreadable_save_is_moved_aside_never_overwritten():
    """A damaged save would be lost for good if the new session simply wrote over it."""
    storage = FakeStorage({SAVE_KEY: "broken"})
    store = SaveStore(storage)
    first = store.set_aside("broken", 100)
    assert (
        first == f"{UNREADABLE_PREFIX}100"
        and storage[first] == "broken"
        and SAVE_KEY not in storage
    )
    second = store.set_aside("broken again", 100)
    assert second != first and storage[second] == "broken again" and storage[first] == "broken"
    store.write("current")
    assert store.keep_previous() and storage[PREVIOUS_KEY] == "current"


def test_a_browser_refusing_storage_is_noticed_not_fatal():
    """In a private window with full storage the game would crash instead of going on."""
    store = SaveStore(FullStorage())
    assert store.write("x") is False and store.failed
    assert store.set_aside("x", 1) is None
    assert SaveStore(None).read() is None


def test_the_sheet_and_the_diagram_follow_the_engines_scores():
    """The score sheet or the diagram would show totals different from the engine's."""
    game = Game.new(8)
    while len(game.replayable().sheet()) < 9:
        if game.between_deals:
            game.next_deal()
        game.apply(game.legal_actions()[0])
    history = game.view().sheet
    rows = sheet_rows(history)
    assert [r.scores for r in rows] == [h.final for h in history]
    assert all(r.total == sum(h.final) for r, h in zip(rows, history, strict=True))
    totals = running_totals(history)
    assert totals[-1] == tuple(game.view().totals) and totals[0] == (0, 0, 0, 0)
    geo = diagram(history, deals=28, block=7)
    assert len(geo.deal_x) == 29 and all(len(line) == 10 for line in geo.lines)
    assert geo.width > 900 and len(geo.blocks) == 3
    top, bottom = geo.plot[1], geo.plot[3]
    for line in geo.lines:
        assert all(top <= y <= bottom for _, y in line)
    assert nice_step(30) == 10 and nice_step(700) == 200


def test_double_marks_show_who_doubled_whom_and_mutual_pairs():
    """A paper-like sheet would lose the doubles if the marks were wrong."""
    marks = marks_of([(1, 0), (2, 0), (0, 2)])
    assert [(m.target, m.mutual) for m in marks[0]] == [(2, True)]
    assert [(m.target, m.mutual) for m in marks[1]] == [(0, False)]
    assert [(m.target, m.mutual) for m in marks[2]] == [(0, True)]
    assert marks[3] == ()


def test_pair_transfers_come_from_the_engines_settlement():
    """The deal summary would show payments that do not add up to the deal scores."""
    game = Game.new(21)
    while not game.replayable().sheet() or not game.replayable().sheet()[-1].doubles:
        if game.between_deals:
            game.next_deal()
        game.apply(game.legal_actions()[-1])
    row = game.summary(game.number)
    assert row == game.replayable().sheet()[-1]
    moved = [0, 0, 0, 0]
    for pair in row.settlement:
        moved[pair.payer] -= pair.amount
        moved[pair.payee] += pair.amount
    assert [r + m for r, m in zip(row.raw, moved, strict=True)] == list(row.final)


def test_a_record_without_a_seed_is_refused_unless_the_session_is_over():
    """Importing a record that cannot go on would leave the player with no cards to play (at
    once between deals, or after the deal in progress)."""
    session = Session(seed=4)
    while not session.between_deals:
        session.apply(session.legal_actions()[0])
    session.next_deal()
    for _ in range(9):  # into the second deal
        session.apply(session.legal_actions()[0])
    for deals in (1, 2):  # between deals, and in the middle of one
        record = session_record(session)
        record["seed"] = None
        record["deals"] = record["deals"][:deals]
        with pytest.raises(RuleError, match="no seed"):
            Game.from_record(record)
    while not session.is_over:
        if session.between_deals:
            session.next_deal()
        session.apply(session.legal_actions()[0])
    record = session_record(session)
    record["seed"] = None
    assert Game.from_record(record).is_over  # a finished session can still be looked at


class FakeNode:
    def __init__(self, tag):
        self.tag, self.attributes, self.children, self.textContent = tag, {}, [], ""

    def setAttribute(self, name, value):
        self.attributes[name] = value

    def append(self, *nodes):
        self.children.extend(nodes)


class FakeDocument:
    def createElement(self, tag):
        return FakeNode(tag)

    def createElementNS(self, ns, tag):
        return FakeNode(tag)


def test_elements_take_text_never_markup():
    """A player's name like '<img onerror=...>' would run as code if it went in as HTML."""
    dom = Dom(FakeDocument())
    node = dom.el("button", "<b>x</b>", data_card="QS", disabled=True, hidden=False, class_="card")
    assert node.textContent == "<b>x</b>"
    assert node.attributes == {"data-card": "QS", "disabled": "", "class": "card"}
    parts = dom.fill("Deal {deal} of {deals}", deal=node, deals=28)
    assert parts == ["Deal ", node, " of ", "28"]


@pytest.mark.parametrize("lang", SUPPORTED)
@pytest.mark.parametrize(
    "name,options", [*((name, {}) for name in PRESET_NAMES), ("italian", {"salad": True})]
)
def test_each_contract_is_explained_from_its_rules(lang, name, options):
    """The menu's line for a contract must say what the rules object scores, in every game."""
    from barbu.presets import preset

    rules = preset(name, options)
    words = catalog(lang).for_rules(name)
    for crules in rules.contracts:
        text = explanation(words, crules, rules, leads=True)
        assert text and "{" not in text and "\n" not in text, (crules.contract, text)
        values = [crules.per_trick, *(v for _, v in crules.card_values)]
        values += [v for _, v in crules.trick_values]
        values += list(crules.domino.places) if crules.domino else []
        for value in filter(None, values):
            assert signed(value) in text, (crules.contract, value, text)


def test_the_explanations_name_cards_as_a_player_would():
    from barbu.presets import STANDARD

    en = catalog("en")
    line = {c.contract: explanation(en, c, STANDARD) for c in STANDARD.contracts}
    assert line["no-hearts"] == "Ace of hearts: \u22126; \u22122 per other heart; may stop early"
    assert explanation(en, STANDARD.contract("no-hearts"), STANDARD, leads=True) == (
        "Ace of hearts: \u22126; \u22122 per other heart;"
        " no heart lead while holding another suit; may stop early"
    )
    assert line["no-king-of-hearts"].startswith("King of hearts: \u221220;")
    assert line["no-last-two"] == "last trick but one: \u221210; last trick: \u221220"


def test_the_page_deciding_for_a_computer_player_returns_a_card_as_the_worker_does():
    """Reloaded in the middle of a deal with a computer player to play, the page (deciding while
    the worker starts) stopped the computer players with "dictionary update sequence element"
    when its answer was a card, if this failed."""
    from web.game.bots import ComputerPlayers

    session = Session(seed=9)
    rng = random.Random(9)
    while not (session.deal.phase is Phase.PLAY and session.to_move not in (None, 0)):
        session.apply(rng.choice(session.legal_actions()))
    bots = ComputerPlayers(service=None)  # the worker not up yet: the page decides
    game = Game(session)
    data = run(bots.decide(game.position_json(), session.to_move, "beginner", "s"))
    assert isinstance(data, str)
    game.apply(action_from_data(data))

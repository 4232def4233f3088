"""The expert's review says a doubling turn the way the table does: the declarer's turn is his
redoubles (surcontre, переудвоение, surcontro), the others' turns are doubles; in Italian the
review speaks of "contro" as the whole game does, never of "raddoppio"."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from barbu import Contract, Deal, Double
from web.components.dom import Dom
from web.game.engine import Game
from web.languages.i18n import SUPPORTED, Catalog
from web.model.replay import Replay
from web.model.review import ReviewItem
from web.table.replay_props import replay_props
from web.table.review import choice_words, decision_note, review_section

ROOT = Path(__file__).resolve().parent.parent
NAMES = ("You", "Alice", "Bruno", "Chloé")

WORDS = {
    # language: (no double, doubling Alice, no redouble, redoubling Alice)
    "en": ("no double", "doubling Alice", "no redouble", "redoubling Alice"),
    "fr": ("aucun contre", "contrer Alice", "aucun surcontre", "surcontrer Alice"),
    "ru": ("без удвоений", "удвоить: Alice", "без переудвоений", "переудвоить: Alice"),
    "it": ("nessun contro", "contrare Alice", "nessun surcontro", "surcontrare Alice"),
}


def catalog(lang: str) -> Catalog:
    text = (ROOT / "web" / "languages" / "catalogs" / f"{lang}.json").read_text(encoding="utf-8")
    return Catalog.from_json(lang, text)


class Node:
    """An element as ``Dom`` builds it: its text and its children."""

    def __init__(self, tag: str) -> None:
        self.tag, self.textContent, self.children = tag, "", []

    def setAttribute(self, name: str, value: str) -> None:
        pass

    def append(self, *nodes: Any) -> None:
        self.children.extend(nodes)


class Document:
    def createElement(self, tag: str) -> Node:
        return Node(tag)

    def createElementNS(self, ns: str, tag: str) -> Node:
        return Node(tag)


def text_of(node: Any) -> str:
    """Every text of a node and its children, one line each."""
    if node is None:
        return ""
    if isinstance(node, str):
        return node
    return "\n".join([node.textContent, *(text_of(child) for child in node.children)])


def doubled_deal() -> Deal:
    """A finished deal in a negative contract where every other seat doubled the declarer and
    the declarer redoubled them all (then the first legal card each time)."""
    game = Game.new(5)
    session = game.replayable()  # the session played, read as the game goes
    while not session.deal.is_over:
        legal = session.legal_actions()
        deal = session.deal
        if deal.contract is None:
            pick = next(a for a in legal if getattr(a, "contract", None) is Contract.NO_TRICKS)
        elif isinstance(legal[0], Double):
            pick = max(legal, key=lambda a: len(getattr(a, "targets", ())))
        else:
            pick = legal[0]
        game.apply(pick)
    return session.deal


@pytest.fixture(scope="module")
def deal() -> Deal:
    return doubled_deal()


def doubling_steps(deal: Deal) -> dict[int, int]:
    """Each seat's doubling turn: its step in the deal."""
    return {e.seat: k for k, e in enumerate(deal.history) if isinstance(e.action, Double)}


@pytest.mark.parametrize("lang", SUPPORTED)
def test_a_doubling_turn_is_said_as_doubles_and_the_declarers_as_redoubles(lang):
    words = catalog(lang)
    said = [
        choice_words(words, Double(frozenset()), NAMES, 0),
        choice_words(words, Double(frozenset({1})), NAMES, 0),
        choice_words(words, Double(frozenset()), NAMES, 0, redouble=True),
        choice_words(words, Double(frozenset({1})), NAMES, 0, redouble=True),
    ]
    assert tuple(said) == WORDS[lang]


def test_the_italian_review_speaks_of_contro_never_of_raddoppio():
    words = catalog("it")
    for key, text in words.messages.items():
        if key.startswith("review."):
            assert "raddopp" not in text.lower(), key


def test_the_italian_game_says_contro_for_a_double_everywhere_not_only_in_the_review():
    """The replay's jump list said "i raddoppi" where the table says "i contro"."""
    words = catalog("it")
    assert words.messages["replay.jump_doubling"] == "i contro"
    said = [key for key, text in words.messages.items() if "raddopp" in text.lower()]
    assert said == []


def test_the_replay_knows_the_declarers_doubling_turn_from_the_engines_history(deal):
    steps = doubling_steps(deal)
    replay = Replay(deal, NAMES, 1, deal.declarer)
    assert replay.redouble_step == steps[deal.declarer]
    assert deal.history[replay.redouble_step].seat == deal.declarer
    assert deal.history[replay.redouble_step].action.targets  # he did redouble
    assert replay_props(replay).redouble_step == replay.redouble_step


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_review_calls_the_declarers_turn_redoubles_and_the_others_doubles(deal, lang):
    steps = doubling_steps(deal)
    declarer = deal.declarer
    other = (declarer + 1) % 4
    words = catalog(lang)
    no, yes, no_re, yes_re = WORDS[lang]
    dom = Dom(Document())

    def shown(seat: int, step: int) -> tuple[str, str]:
        """The review's list and the note at its step, the player at ``seat`` having passed
        where the expert would have doubled (or redoubled) Alice's seat."""
        names = tuple("Alice" if s == (seat + 1) % 4 else f"P{s}" for s in range(4))
        target = frozenset({(seat + 1) % 4})
        item = ReviewItem(step, Double(frozenset()), Double(target), 3.0, 0.5, "mistake")
        replay = Replay(deal, names, 1, seat).reviewed((item,)).to(step)
        props = replay_props(replay, True)
        return text_of(review_section(dom, words, props)), text_of(decision_note(dom, words, props))

    listed, note = shown(declarer, steps[declarer])
    assert no_re in listed and yes_re in listed and no_re in note and yes_re in note
    assert yes not in listed.replace(yes_re, "") and no not in note.replace(no_re, "")
    listed, note = shown(other, steps[other])
    assert no in listed and yes in listed and no in note and yes in note
    assert no_re not in listed and yes_re not in note

"""The computer players, by level, deciding every action from ``view(seat)`` alone.

- ``beginner``: the rules of thumb of ``heuristics`` with no card memory (only the trick on the
  table), quick hand-shape judgements for contracts and doubles.
- ``standard``: the same rules of thumb with card counting and void tracking, and a small
  simulation to judge contracts and doubles.
- ``expert``: determinized search: many hidden deals sampled consistently with the view, the same
  samples for every candidate, each candidate played out by the heuristics and scored in points
  net of the deal's doubles; an anytime loop stops at a sample count or a time budget. In the
  Domino the samples are weighted by how likely the others' moves seen are (``inference``, ×0.7
  per move the rules of thumb would not have made): what a player laid and held back tells who
  holds the cards next to the rows, and without it the expert's Domino play was no better than
  the standard player's (docs/BOTS.md, "Every preset").
- ``reference``: the method of the best open Barbu bot (20 sampled deals per decision, playouts by
  the standard heuristics), kept as a yardstick for the arena.
- ``master``: the expert's method with a better judge of the cards (``master``): the worlds
  weighted by how likely the others' moves seen are (``inference``), each card judged by the
  exact solver (``solver``) in the last tricks and by more playouts before; the contract as the
  expert, with twice the samples; the doubles too, but with the worlds weighted by the trump suit
  the declarer named, lower margins against the declarer and another non-declarer, much higher
  ones to redouble and against a Domino's declarer who named the starting rank, and never
  doubling back a non-declarer who doubled it (``Settings``; docs/BOTS.md gives the measurements).

The level changes the judgement, never the information: no bot reads another seat's hand.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..actions import Action, ChooseContract, Double, Play
from ..cards import (
    CARDS,
    FULL_DECK,
    HEARTS,
    KING_OF_HEARTS,
    QUEENS,
    SUIT_MASKS,
    Mask,
    iter_mask,
    mask_of,
)
from ..deal import Deal, Phase, View
from ..presets import REGISTRY, preset
from ..rules import Contract, ContractRules, Rules
from ..scoring import final_scores
from ..tricks import beats
from .heuristics import domino_card, play_style, trick_card
from .knowledge import Sampler, forbidden_cards
from .master import Plan, search_card, tricks_left
from .simulate import heuristic_playout, skip_doubling
from .solver import Model


def declarer_baseline(rules: Rules, crules: ContractRules) -> float:
    """What the declarer of ``crules`` scores on a random hand.

    The preset's measured mean raw score of the declarer per contract (``Preset.baseline``, from
    ``barbu/presets/<id>.json``: heuristic play, trump suit and starting rank chosen by shape;
    600 deals; ``python -m tools.bench.declarer_baseline`` measures them). A contract is worth
    choosing now by how much better this hand does than that: every contract of the block is
    played anyway. A contract's options scale its figure with its total (the italian K♥ at -30);
    a contract not measured (the Salad) takes a quarter of its total."""
    entry = REGISTRY.get(rules.name)
    measured = entry.baseline.get(crules.contract) if entry else None
    if measured is None:
        return crules.total / 4
    return measured * crules.total / preset(rules.name).contract(crules.contract).total


@dataclass(frozen=True)
class Settings:
    """How hard a level thinks."""

    memory: bool
    """Counts the cards gone and tracks voids (beginner: no)."""
    play_samples: int
    """Sampled deals per card decision (0: heuristics only)."""
    bid_samples: int
    """Sampled deals per contract or doubling judgement."""
    max_playouts: int = 0
    """At most this many playouts per decision (0: no limit): with many candidates, fewer
    samples, so that a decision's cost stays bounded whatever the position."""
    budget: float | None = None
    """Seconds a decision may take (the anytime loop stops there); None: samples only."""
    solver_tricks: int = 0
    """Card play by the exact solver from this many tricks left (0: never; see ``master``)."""
    solver_domino: int = 0
    """The same in the Domino, in cards left in the hands."""
    solver_contracts: frozenset[str] = frozenset()
    """The contracts whose last tricks the solver judges; in the others the playouts judge to
    the end."""
    solver_samples: int = 0
    """Sampled worlds per card decision judged by the solver."""
    solver_nodes: int = 3000
    """The solver's node limit per world (tricks started, about 70 a millisecond on CPython; a
    Domino's positions are cheaper, about 200 a millisecond: it gets three times as many)."""
    miss: float = 1.0
    """The inference's weight per surprising move of another seat (1.0: no inference)."""
    domino_miss: float = 1.0
    """The same for the sampled worlds of a level without the solver, in the Domino only."""
    solver_model: Model = "paranoid"
    """The solver's model of the others' play (``solver``)."""
    declarer_margin: float = 2.0
    """The least expected gain, in raw points, for which a non-declarer doubles the declarer."""
    domino_margin: float = 2.0
    """The same against the declarer of a Domino whose starting rank he named: he chose it for
    his hand, which the samples do not know."""
    side_margin: float = 2.0
    """The same against another non-declarer who has not doubled this one."""
    answer_margin: float = 0.5
    """The same against another non-declarer who doubled this one (the double made mutual)."""
    redouble_margin: float = 0.5
    """The least expected gain for which the declarer redoubles. Each player who doubled holds a
    hand good against the one he doubled, which samples dealt from the voids alone do not know:
    hence the master's high margins to redouble and to answer a double."""
    trump_weight: float = 0.0
    """Doubles: each sampled world weighs exp(w × (the declarer's length in the trump suit he
    named - his longest suit)), as he names a suit he is long in (0: every world alike)."""

    def solves(self, view: View) -> bool:
        """Whether this level's card decision in ``view`` is judged by the solver."""
        if not self.solver_samples or view.contract not in self.solver_contracts:
            return False
        domino = view.start_rank is not None
        return tricks_left(view) <= (self.solver_domino if domino else self.solver_tricks)


SETTINGS = {
    "beginner": Settings(memory=False, play_samples=0, bid_samples=0),
    "standard": Settings(memory=True, play_samples=0, bid_samples=8),
    "expert": Settings(
        memory=True, play_samples=120, bid_samples=60, max_playouts=600, domino_miss=0.7
    ),
    "reference": Settings(memory=True, play_samples=20, bid_samples=20),
    "master": Settings(
        memory=True,
        play_samples=200,
        bid_samples=120,
        max_playouts=1200,
        solver_tricks=5,
        solver_domino=28,
        solver_contracts=frozenset(
            {
                Contract.NO_LAST_TWO,
                Contract.NO_KING_OF_HEARTS,
                Contract.TRUMPS,
                Contract.DOMINO,
                Contract.KING_OF_HEARTS,
                Contract.LAST_TRICK,
            }
        ),
        solver_samples=24,
        miss=0.4,
        declarer_margin=1.0,
        domino_margin=8.0,
        side_margin=0.5,
        answer_margin=math.inf,
        redouble_margin=6.0,
        trump_weight=1.0,
    ),
}
"""Each level's settings, weakest first."""

LEVELS = tuple(SETTINGS)
"""The level names: ``beginner``, ``standard``, ``expert``, ``reference``, ``master``."""


class Bot:
    """A computer player of one level; ``decide(view)`` returns a legal action."""

    def __init__(
        self,
        level: str = "standard",
        seed: int | str | None = None,
        settings: Settings | None = None,
        budget: float | None = None,
    ) -> None:
        if level not in SETTINGS:
            raise ValueError(f"unknown level {level!r} (expected one of {', '.join(LEVELS)})")
        self.level = level
        self.settings = settings or SETTINGS[level]
        if budget is not None:
            self.settings = replace(self.settings, budget=budget)
        self.rng = random.Random(seed)

    def decide(self, view: View) -> Action:
        """The action this bot takes for the seat of ``view`` (which must be to move)."""
        if not view.legal:
            raise ValueError(f"seat {view.seat} has nothing to decide now")
        if len(view.legal) == 1:
            return view.legal[0]
        if view.phase is Phase.CONTRACT:
            return self._contract(view)
        if view.phase is Phase.DOUBLING:
            return self._doubles(view)
        return Play(CARDS[self._card(view)])

    # -- card play ----------------------------------------------------------------------------

    def _card(self, view: View) -> int:
        legal = mask_of(a.card for a in view.legal if isinstance(a, Play))  # all are, in play
        if self.settings.solver_samples:
            return self._master_card(view, legal)
        if self.settings.play_samples:
            if view.start_rank is not None and self.settings.domino_miss < 1.0:
                return self._inferred_domino_card(view, legal)
            return self._search_card(view, legal)
        return self._heuristic_card(view, legal)

    def _master_card(self, view: View, legal: Mask) -> int:
        s = self.settings
        solve = s.solves(view)
        nodes = s.solver_nodes * (3 if view.start_rank is not None else 1)
        return self._weighted_card(
            view,
            legal,
            lambda samples: Plan(
                samples, s.solver_samples, solve, nodes, s.miss, _deadline(s.budget), s.solver_model
            ),
        )

    def _inferred_domino_card(self, view: View, legal: Mask) -> int:
        """``_search_card`` with the worlds weighted by the others' Domino moves seen: who holds
        a card next to a row shows in what he played and what he held back (``inference``)."""
        s = self.settings
        return self._weighted_card(
            view,
            legal,
            lambda samples: Plan(samples, 0, False, 0, s.domino_miss, _deadline(s.budget)),
        )

    def _weighted_card(self, view: View, legal: Mask, plan: Callable[[int], Plan]) -> int:
        """The card ``master.search_card`` judges best over worlds weighted by the inference,
        by ``plan`` (given the number of worlds to sample); the rules of thumb's if it cannot."""
        candidates = _distinct_candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        samples = self._sample_count(self.settings.play_samples, len(candidates))
        card = search_card(view, candidates, plan(samples), self.rng)
        return self._heuristic_card(view, legal) if card is None else card

    def _heuristic_card(self, view: View, legal: Mask) -> int:
        hand = mask_of(view.hand)
        trick = [int(c) for _, c in view.trick]
        outside = FULL_DECK & ~view.rules.deck  # cards not in the pack count as gone
        if view.start_rank is not None:
            played = mask_of(c for _, c in view.played) if self.settings.memory else 0
            return domino_card(hand, legal, played | outside, int(view.start_rank))
        if self.settings.memory:
            gone = mask_of(c for _, c in view.played) | outside
            voids = _known_voids(forbidden_cards(view), view.seat) if not trick else 0
        else:
            gone = mask_of(trick) | outside
            voids = 0
        trump = -1 if view.trump is None else int(view.trump)
        best = _trick_best(trick, trump)
        style = play_style(_crules(view), view.rules)
        return trick_card(style, hand, legal, trick, best, gone, trump, voids, len(view.tricks))

    def _search_card(self, view: View, legal: Mask) -> int:
        candidates = _distinct_candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        totals = dict.fromkeys(candidates, 0.0)
        me, rules = view.seat, view.rules
        deadline = _deadline(self.settings.budget)
        sampler = Sampler(view, forbidden_cards(view))
        base = None
        done = 0
        for _ in range(self._sample_count(self.settings.play_samples, len(candidates))):
            hands = sampler.sample(self.rng)
            if hands is None:
                break
            if base is None:
                base = Deal.from_view(view, hands)
                det = base
            else:
                det = base.with_hands(hands)
            for c in candidates:
                child = det.copy()
                child.apply(Play(CARDS[c]))
                raw = heuristic_playout(child)
                totals[c] += final_scores(raw, child.doubles, rules)[me] * rules.goal
            done += 1
            if deadline and time.perf_counter() > deadline:
                break
        if not done:
            return self._heuristic_card(view, legal)
        return max(candidates, key=lambda c: (totals[c], -c))

    def _sample_count(self, samples: int, candidates: int) -> int:
        """Samples for a decision between ``candidates``, within the playout limit."""
        if self.settings.max_playouts:
            return max(1, min(samples, self.settings.max_playouts // candidates))
        return samples

    # -- contract choice ---------------------------------------------------------------------

    def _contract(self, view: View) -> ChooseContract:
        options = [a for a in view.legal if isinstance(a, ChooseContract)]  # all of them
        if not self.settings.bid_samples:
            return max(options, key=lambda a: shape_value(view, a) + self.rng.random() * 0.01)
        values = self._simulate_options(view, options, self.settings.bid_samples)
        return max(options, key=lambda a: values[a])

    def _simulate_options(
        self, view: View, options: list[ChooseContract], samples: int
    ) -> dict[ChooseContract, float]:
        """Mean raw score of the declarer in each option, minus what a random hand scores (in
        the direction the rules count as better)."""
        me, rules = view.seat, view.rules
        own = mask_of(view.hand)
        deadline = _deadline(self.settings.budget)
        # Domino: judge only the most promising starting ranks by shape first (13 is many).
        domino = [a for a in options if a.start_rank is not None]
        if len(domino) > 4:
            keep = sorted(domino, key=lambda a: -shape_value(view, a))[:4]
            options = [a for a in options if a.start_rank is None] + keep
        values = dict.fromkeys(options, 0.0)
        rest = rules.deck & ~own
        samples = self._sample_count(samples, len(options))
        templates: dict[ChooseContract, Deal] = {}
        for n in range(samples):
            hands = _random_others(own, rest, me, self.rng)
            for a in options:
                if a not in templates:
                    deal = Deal(hands, me, rules, view.used_contracts)
                    deal.apply(a)
                    templates[a] = skip_doubling(deal)
                raw = heuristic_playout(templates[a].with_hands(hands))
                values[a] += raw[me]
            if deadline and time.perf_counter() > deadline and n >= 4:
                samples = n + 1
                break
        out: dict[ChooseContract, float] = {}
        for a in options:
            share = declarer_baseline(rules, rules.contract(a.contract))
            out[a] = (values[a] / samples - share) * rules.goal
        for other in view.legal:
            if isinstance(other, ChooseContract):  # all of them
                out.setdefault(other, -1e9)
        return out

    # -- doubling ----------------------------------------------------------------------------

    def _doubles(self, view: View) -> Double:
        me, d = view.seat, view.declarer
        turns = [a for a in view.legal if isinstance(a, Double)]  # all of them
        scope: set[int] = set()
        for a in turns:
            scope |= a.targets
        edge = self._edges(view, sorted(scope))
        s = self.settings
        margins = {
            "redouble": s.redouble_margin,
            "declarer": s.domino_margin if _crules(view).names_rank else s.declarer_margin,
            "answer": s.answer_margin,
            "side": s.side_margin,
        }
        chosen: set[int] = set()
        for t in scope:
            role = doubling_role(view, t)
            margin = margins[role]
            if role == "declarer":
                owed = view.owed[me]
                if owed:
                    margin -= 12.0 * owed / max(1, view.deals_left)
            if edge[t] > margin:
                chosen.add(t)
        if view.must_double:
            chosen.add(d)
        action = Double(frozenset(chosen))
        legal = set(a.targets for a in turns)
        return action if action.targets in legal else turns[0]

    def _edges(self, view: View, targets: list[int]) -> dict[int, float]:
        """Expected raw score of this seat minus each target's, in this deal."""
        me = view.seat
        if not self.settings.bid_samples:
            # Without simulation, judge only by the own hand, and only against the declarer
            # (or, for the declarer, against those who doubled him).
            mine = shape_value(view, None)
            return {
                t: mine if me == view.declarer or t == view.declarer else -99.0 for t in targets
            }
        sampler = Sampler(view, [0, 0, 0, 0])
        diffs = dict.fromkeys(targets, 0.0)
        template = None
        done = 0.0
        trump = view.trump if self.settings.trump_weight else None
        for _ in range(self.settings.bid_samples):
            hands = sampler.sample(self.rng)
            if hands is None:
                break
            if template is None:
                template = skip_doubling(Deal.from_view(view, hands))
            raw = heuristic_playout(template.with_hands(hands))
            weight = 1.0
            if trump is not None:
                lengths = [(hands[view.declarer] & m).bit_count() for m in SUIT_MASKS]
                weight = math.exp(self.settings.trump_weight * (lengths[trump] - max(lengths)))
            for t in targets:
                diffs[t] += weight * (raw[me] - raw[t])
            done += weight
        return {t: diffs[t] / done if done else 0.0 for t in targets}


# -- helpers -------------------------------------------------------------------------------


def doubling_role(view: View, target: int) -> str:
    """What doubling ``target`` is from the seat of ``view`` (RULES.md §4): ``redouble`` (the
    declarer's answer), ``declarer`` (a non-declarer against him), ``answer`` (against another
    non-declarer who doubled this seat: the double made mutual) or ``side`` (against another)."""
    if view.seat == view.declarer:
        return "redouble"
    if target == view.declarer:
        return "declarer"
    return "answer" if (target, view.seat) in view.doubles else "side"


def _deadline(budget: float | None) -> float | None:
    return time.perf_counter() + budget if budget else None


def _trick_best(trick: list[int], trump: int) -> int:
    if not trick:
        return -1
    best = trick[0]
    for c in trick[1:]:
        if beats(c, best, trump):
            best = c
    return best


def _known_voids(forbid: list[Mask], me: int) -> int:
    """Suits some other seat is known to be out of."""
    v = 0
    for s in range(4):
        if s == me:
            continue
        for suit in range(4):
            if forbid[s] & SUIT_MASKS[suit] == SUIT_MASKS[suit]:
                v |= 1 << suit
    return v


def _distinct_candidates(view: View, legal: Mask) -> list[int]:
    """Legal cards, keeping one of each run of equivalent cards: same suit, no unseen card
    between them (whichever is played, the trick goes the same way) and worth the same in this
    contract (K♥ and a lower heart are not interchangeable in No King of Hearts, even when every
    heart between them is gone)."""
    own = mask_of(view.hand)
    played = mask_of(c for _, c in view.played)
    unseen = view.rules.deck & ~own & ~played
    scoring = (
        tuple(mask for mask, _ in view.rules.contract(view.contract).card_values)
        if view.contract is not None
        else ()
    )
    out: list[int] = []
    prev = -1
    for c in iter_mask(legal):
        if prev >= 0 and prev // 13 == c // 13 and view.start_rank is None:
            between = ((1 << c) - 1) & ~((1 << (prev + 1)) - 1)
            if not between & unseen and all(m >> c & 1 == m >> prev & 1 for m in scoring):
                prev = c
                continue
        out.append(c)
        prev = c
    return out


def _random_others(own: Mask, rest: Mask, me: int, rng: random.Random) -> list[Mask]:
    """Deal the cards not in ``own`` at random to the three other seats."""
    cards_ = list(iter_mask(rest))
    rng.shuffle(cards_)
    hands = [0, 0, 0, 0]
    hands[me] = own
    others = [s for s in range(4) if s != me]
    for i, c in enumerate(cards_):
        hands[others[i * 3 // len(cards_)]] |= 1 << c
    return hands


def _crules(view: View, contract: str | None = None) -> ContractRules:
    """The rules of ``contract`` (default: the view's contract, once chosen)."""
    contract = contract if contract is not None else view.contract
    assert contract is not None  # only asked once the view's contract is chosen
    return view.rules.contract(contract)


def shape_value(view: View, action: ChooseContract | None) -> float:
    """A quick judgement of the hand for a contract (the current one if ``action`` is None):
    higher is better for this seat. Used by the beginner, and to shortlist Domino ranks."""
    hand = mask_of(view.hand)
    crules = _crules(view, action.contract if action is not None else None)
    high = sum(1 for c in view.hand if c % 13 >= 9)  # J Q K A
    low = sum(1 for c in view.hand if c % 13 <= 4)  # 2..6
    lengths = [(hand & SUIT_MASKS[s]).bit_count() for s in range(4)]
    if crules.has_trump:
        trump = action.trump if action is not None else view.trump
        t = lengths[int(trump)] if trump is not None else max(lengths)
        return 2.0 * t + 1.5 * high - 14
    if crules.domino is not None:
        rank = action.start_rank if action is not None else view.start_rank
        rank = rank if rank is not None else crules.domino.start_rank
        if rank is None:
            return 0.0
        near = sum(1 for c in view.hand if abs(c % 13 - int(rank)) <= 2)
        return 1.5 * near - 5
    style = play_style(crules, view.rules)
    if style.wants_tricks:
        return 1.5 * high - 0.7 * low
    penalty = style.penalty
    if penalty == QUEENS:
        return -2.0 * sum(1 for c in view.hand if c % 13 == 10) - 0.5 * high + 0.5 * low
    if penalty == HEARTS & view.rules.deck:
        return -0.8 * lengths[1] - 0.7 * high + 0.5 * low
    if penalty == 1 << KING_OF_HEARTS:
        kh = 1 if hand >> KING_OF_HEARTS & 1 else 0
        return -8.0 * kh * (1 if lengths[1] <= 3 else 0.4) - 0.3 * high
    if penalty:
        return -2.0 * (hand & penalty).bit_count() - 0.5 * high + 0.5 * low
    return -1.0 * high + 0.7 * low - 2  # tricks or last tricks


__all__ = ["LEVELS", "SETTINGS", "Bot", "Settings", "doubling_role", "shape_value"]

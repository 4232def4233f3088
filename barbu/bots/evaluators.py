"""What finishes a world for the expert's review (``review``): a deal whose every hand is known,
played to its end.

``PlayoutEvaluator``, the review's default, finishes it as the expert does in its own search:
the doubling turns left by the expert's rule, each seat judging its edges from its own hand on a
few samples of its own (``SampledDoubles``), then the cards by ``simulate.heuristic_playout``,
the expert's playout policy. Anything with a method ``finish(deal) -> final scores`` can replace
it (``Evaluator``): the master's ``endgame.SolverEvaluator`` builds on this one. Apart from the
review so that the review can name the master's evaluator without a circle of imports.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from ..deal import Deal, Phase, View
from ..scoring import final_scores
from .players import SETTINGS, Bot
from .simulate import heuristic_playout


class Evaluator(Protocol):
    """What finishes a world: a deal whose every hand is known, played to its end."""

    name: str

    def finish(self, deal: Deal) -> Sequence[int]:
        """The four final deal scores (after the doubles settlement) once ``deal`` is played to
        its end from here; ``deal`` may be changed."""
        ...

    def reseed(self, seed: str) -> None:
        """Start the evaluator's own randomness, if it has any, from ``seed`` (called before
        each decision, so that a decision is judged alike whatever was judged before)."""
        ...


class SampledDoubles(Bot):
    """The expert's doubling rule (``Bot._doubles``: margins, obligation) with each seat's
    edges over the others estimated by ``samples`` playouts from its own view and remembered
    by hand and contract: within a review the same seat meets the same hand for every
    candidate, so each world pays for its edges once."""

    def __init__(self, samples: int = 8, seed: int | str = 0) -> None:
        super().__init__(
            "expert", seed=seed, settings=replace(SETTINGS["expert"], bid_samples=samples)
        )
        self.edges: dict[tuple[object, ...], dict[int, float]] = {}

    def reseed(self, seed: str) -> None:
        """Forget the edges and draw the samples from ``seed`` on."""
        self.rng.seed(seed)
        self.edges.clear()

    def _edges(self, view: View, targets: list[int]) -> dict[int, float]:
        key = (view.seat, view.hand, view.declarer, view.contract, view.trump, view.start_rank)
        edges = self.edges.get(key)
        if edges is None:
            if len(self.edges) > 50_000:
                self.edges.clear()
            others = [s for s in range(4) if s != view.seat]
            edges = self.edges[key] = super()._edges(view, others)
        return {t: edges[t] for t in targets}


class PlayoutEvaluator:
    """The expert's playouts: the doubling turns left by the expert's rule on a few samples
    (``SampledDoubles``), then every card by the rules of thumb of ``heuristics``
    (``simulate.heuristic_playout``)."""

    name = "expert-playout"

    def __init__(self, doubling_samples: int = 8) -> None:
        self.doubling = SampledDoubles(doubling_samples)

    def reseed(self, seed: str) -> None:
        """Start the doubling turns' samples from ``seed``."""
        self.doubling.reseed(seed)

    def finish(self, deal: Deal) -> list[int]:
        """The final scores of ``deal`` played to its end (see ``Evaluator.finish``)."""
        while deal.phase is Phase.DOUBLING:
            seat = deal.to_move
            assert seat is not None  # a seat is to move in the doubling round
            deal.apply(self.doubling.decide(deal.view(seat)))
        raw = heuristic_playout(deal) if deal.phase is Phase.PLAY else deal.raw_scores()
        return final_scores(raw, deal.doubles, deal.rules)


__all__ = ["Evaluator", "PlayoutEvaluator", "SampledDoubles"]

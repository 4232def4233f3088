"""The master's judge of a finished world for the review: playouts, then the exact solver.

``SolverEvaluator`` finishes a world (every hand known) as the expert's review does
(``evaluators.PlayoutEvaluator``: the doubling turns left by the expert's rule, then the rules of
thumb), except that once ``horizon`` tricks are left (Domino: ``domino_horizon`` cards in the
hands) the rest is solved exactly, every seat playing for itself (the solver's *max^n* model:
the review needs all four scores, and each player does play for himself, RULES.md §1). So the
last tricks, where the rules of thumb err most and where a review's verdicts weigh most, are
judged by perfect play of the world. max^n is slower than the paranoid search (no alpha-beta,
and no node limit): with 4 tricks left a world took 1 to 15 ms in most contracts but 40 ms on
average in a review of a No Last Two (a 13-decision review with 3 worlds: 46 s of CPU, against
0.1 s by playouts alone); with 3 tricks left that review takes about 1.5 s. A Domino takes 2
to 5 ms with 20 and 24 cards left, up to 0.14 s with 28. Hence the horizons of 3 tricks and 20
cards: the review by the master is still 10 to 15 times the expert's, for the page to offer
where its time budget allows.
"""

from __future__ import annotations

from ..actions import Play
from ..cards import CARDS
from ..deal import Deal, Phase
from ..scoring import final_scores
from .evaluators import PlayoutEvaluator
from .simulate import heuristic_playout
from .solver import Solver


class SolverEvaluator(PlayoutEvaluator):
    """Playouts by the rules of thumb down to ``horizon`` tricks left, then max^n, exactly."""

    name = "master-endgame"

    def __init__(
        self,
        doubling_samples: int = 8,
        horizon: int = 3,
        domino_horizon: int = 20,
    ) -> None:
        super().__init__(doubling_samples)
        self.horizon = horizon
        self.domino_horizon = domino_horizon
        self.solver = Solver()

    def finish(self, deal: Deal) -> list[int]:
        """The final scores of ``deal`` played to its end (see ``evaluators.Evaluator.finish``)."""
        while deal.phase is Phase.DOUBLING:
            seat = deal.to_move
            assert seat is not None  # a seat is to move in the doubling round
            deal.apply(self.doubling.decide(deal.view(seat)))
        if deal.phase is not Phase.PLAY:
            return final_scores(deal.raw_scores(), deal.doubles, deal.rules)
        log: list[int] = []
        raw = heuristic_playout(deal, log=log)
        for card in log:
            if self._small(deal):
                scores = self.solver.solve(deal, None, "maxn").scores
                assert scores is not None  # max^n gives every seat's score
                return list(scores)
            deal.apply(Play(CARDS[card]))
            if deal.is_over:
                break
        return final_scores(raw, deal.doubles, deal.rules)

    def _small(self, deal: Deal) -> bool:
        """Whether the position is within the solver's horizon."""
        if deal.start_rank is not None:
            return sum(h.bit_count() for h in deal.hands) <= self.domino_horizon
        return deal.rules.hand_size - len(deal.tricks) <= self.horizon


__all__ = ["SolverEvaluator"]

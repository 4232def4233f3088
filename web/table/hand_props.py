"""The player's hand's props: his cards and, on his turn, which he may play (``web.table.hand``
draws them)."""

from __future__ import annotations

from dataclasses import dataclass

from barbu import Card, Phase, Play, SessionView
from web.table.table_state import TableState

__all__ = ["HandProps", "hand_props"]


@dataclass(frozen=True)
class HandProps:
    """The player's cards and, on his turn, which he may play."""

    cards: tuple[Card, ...]
    my_turn: bool
    playable: tuple[str, ...]
    reasons: tuple[tuple[str, str], ...]
    hinted: str | None
    refusal: str | None
    refusal_link: str | None
    following: bool = False
    """Another tab plays: the cards are not playable here, but a tap says why."""


def hand_props(view: SessionView, state: TableState) -> HandProps:
    """The player's hand."""
    deal = view.deal
    my_turn = (
        deal.to_move == state.seat
        and deal.phase is Phase.PLAY
        and state.ui.summary is None
        and not view.is_over
        and not state.following  # the other tab plays: nothing to tap here
    )
    playable = tuple(str(a.card) for a in deal.legal if isinstance(a, Play)) if my_turn else ()
    hint = state.ui.hint
    return HandProps(
        cards=deal.hand,
        my_turn=my_turn,
        playable=playable,
        reasons=tuple(sorted(state.card_reasons)),
        hinted=str(hint.card) if my_turn and isinstance(hint, Play) else None,
        refusal=state.ui.refusal if my_turn else None,
        refusal_link=state.ui.refusal_link if my_turn else None,
        following=state.following,
    )

"""What a benchmark that plays the game page asks of it: the decision the page waits for from
its player (the hooks of e2e/test_session_play.py), and what to press for each.

``STATE`` is a function for ``page.evaluate``/``wait_for_function``: ``'next'`` (a deal's
summary), ``'over'`` (the session's end), ``'trump'``, ``'rank'``, ``'contract'``,
``'double'``, ``'card'``, or null while the page asks nothing. ``TARGETS`` names, for each
decision, the element a player's simplest legal choice presses.
"""

from __future__ import annotations

__all__ = ["STATE", "TARGETS"]

STATE = """() => {
  const q = (s) => document.querySelector(s);
  if (q('#center [data-action="next"]')) return 'next';
  if (q('[data-testid="session-over"]')) return 'over';
  if (q('[data-trump]')) return 'trump';
  if (q('[data-rank]')) return 'rank';
  if (q('[data-contract]:not([disabled])')) return 'contract';
  if (q('[data-action="doubles-done"]')) return 'double';
  if (q('#hand button[data-card].playable')) return 'card';
  return null;
}"""

TARGETS = {
    "next": '#center [data-action="next"]',
    "contract": "[data-contract]:not([disabled])",
    "trump": '[data-trump="S"]',
    "rank": '[data-rank="7"]',
    "double": '[data-action="doubles-done"]',
    "card": "#hand button[data-card].playable",
}

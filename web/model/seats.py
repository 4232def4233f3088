"""The seats of the game's table: the player is seat 0, drawn at the bottom; the computer
players hold the other three."""

from __future__ import annotations

HUMAN = 0
"""The player's seat."""

__all__ = ["HUMAN"]

"""The computer players: ``Bot(level).decide(view)`` for every decision of the game."""

from .players import LEVELS, SETTINGS, Bot, Settings

__all__ = ["LEVELS", "SETTINGS", "Bot", "Settings"]

"""Short sounds of play, when the player turned them on (off by default): a soft tick for a
card played, two notes for a trick won. Made with the Web Audio API, no sound file to load.
"""

from __future__ import annotations

from typing import Any

NOTES = {
    "card": ((660.0, 0.0),),
    "trick": ((520.0, 0.0), (780.0, 0.09)),
}
"""Each sound's notes: (frequency in Hz, start in seconds)."""
NOTE_LENGTH = 0.08
VOLUME = 0.06


class Sounds:
    """Plays the sounds of play in the page (nothing where the browser has no Web Audio)."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self.context: Any = None

    def play(self, name: str) -> None:
        """Play one of ``NOTES``."""
        context = self._context()
        if context is None:
            return
        now = context.currentTime
        for frequency, start in NOTES[name]:
            oscillator = context.createOscillator()
            gain = context.createGain()
            oscillator.frequency.value = frequency
            gain.gain.setValueAtTime(VOLUME, now + start)
            gain.gain.exponentialRampToValueAtTime(0.0001, now + start + NOTE_LENGTH)
            oscillator.connect(gain)
            gain.connect(context.destination)
            oscillator.start(now + start)
            oscillator.stop(now + start + NOTE_LENGTH)

    def _context(self) -> Any:
        """The audio context, made at the first sound (after the player's gesture that turned
        the sounds on, as browsers require)."""
        if self.context is None:
            try:
                self.context = self.window.AudioContext.new()
            except Exception:  # no Web Audio: silence, nothing else
                return None
        return self.context

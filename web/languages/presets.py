"""How the page words a preset and its options, by convention from their ids: the engine's
registry (``barbu.presets``) knows none of it.

- A preset ``<id>`` is named by the catalog key ``rules.<id>`` and described in a line by
  ``rules.<id>.about`` (the menu); the heading of its options in the menu is ``menu.options``.
- The rules pages describe the standard game in their opening sections (RULES.md §1-5, anchor
  ``#session``) and every other preset in the section named after its id (``#italian``).
- An option ``<name>`` is labelled ``option.<name>``; each value of a choice of words is named
  ``option.<name>.<value>`` (``option.without.none`` for ``None``); numbers show as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from barbu.presets import STANDARD, Option, Preset

OPTIONS_HEADING = "menu.options"
"""The catalog key of the heading of a preset's options in the menu."""
STANDARD_SECTION = "session"
"""The rules pages' section of the standard game (their opening sections)."""


@dataclass(frozen=True)
class PresetWords:
    """The catalog keys and the rules pages' section of one preset."""

    label: str
    """The catalog key of the preset's name."""
    about: str
    """The catalog key of its one-line description (the menu)."""
    section: str
    """The rules pages' section that describes it (``#section``)."""


def preset_words(name: str) -> PresetWords:
    """The words of the preset whose id is ``name``."""
    section = STANDARD_SECTION if name == STANDARD.name else name
    return PresetWords(f"rules.{name}", f"rules.{name}.about", section)


def option_label(option: Option) -> str:
    """The catalog key of an option's label."""
    return f"option.{option.name}"


def value_labels(option: Option) -> tuple[str, ...]:
    """The catalog keys naming each value of a choice of words, in order; none for numbers and
    yes-or-no options (shown as they are, or as a check box)."""
    if option.type != "choice":
        return ()
    return tuple(f"option.{option.name}.{'none' if v is None else v}" for v in option.values)


def catalog_keys(entry: Preset[object]) -> list[str]:
    """Every catalog key the page words a preset with (its name, description, options)."""
    words = preset_words(entry.name)
    keys = [words.label, words.about, *([OPTIONS_HEADING] if entry.options else [])]
    for option in entry.options:
        keys += [option_label(option), *value_labels(option)]
    return keys

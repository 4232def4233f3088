"""The menu's "new session" form, read: the name and seed typed, the game chosen and its options
(by the options schema of ``barbu.presets.REGISTRY``)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from barbu.presets import preset, registered
from barbu.rules import Rules
from web.model.settings import clean_name, parse_seed

__all__ = ["FriendsForm", "NewSession", "chosen_rules", "read_friends_form", "read_new_session"]


@dataclass(frozen=True)
class NewSession:
    """What the form asks for."""

    name: str
    """The player's name ("" when left empty)."""
    seed: int | None
    """The seed typed (None: left empty, for a random one, or not a seed: see ``bad_seed``)."""
    bad_seed: bool
    """Something was typed that is not a seed."""
    rules: Rules


def read_new_session(document: Any, current: Rules) -> NewSession:
    """The form as the player left it (``current``'s game when none is chosen)."""
    name = clean_name(str(document.getElementById("new-name").value))
    text = str(document.getElementById("new-seed").value).strip()
    seed = parse_seed(text)
    return NewSession(name, seed, bool(text) and seed is None, chosen_rules(document, current))


def chosen_rules(document: Any, current: Rules) -> Rules:
    """The game chosen in the menu, with its options as set there."""
    chosen = document.querySelector('input[name="new-rules"]:checked')
    entry = registered(str(chosen.value) if chosen else current.name)
    options: dict[str, Any] = {}
    fields = document.getElementById(f"options-{entry.name}")
    for option in entry.options:
        node = fields.querySelector(f'[data-option="{option.name}"]') if fields else None
        if node is None:
            continue
        if option.type == "bool":
            options[option.name] = bool(node.checked)
        else:
            options[option.name] = json.loads(str(node.value))
    return preset(entry.name, options)


@dataclass(frozen=True)
class FriendsForm:
    """What the menu's "play with friends" part asks for."""

    seats: tuple[int, ...]
    wait: int
    local: bool


def read_friends_form(document: Any) -> FriendsForm:
    """The friends' seats ticked, the wait chosen, "same network only"."""
    boxes = document.querySelectorAll('input[name="friend-seat"]:checked')
    seats = tuple(sorted(int(str(boxes.item(i).value)) for i in range(int(boxes.length))))
    wait = document.getElementById("friends-wait")
    local = document.getElementById("friends-local")
    return FriendsForm(
        seats, int(str(wait.value)) if wait else 60, bool(local.checked) if local else False
    )

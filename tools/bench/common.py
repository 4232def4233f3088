"""The one command-line convention of the benchmarks and the bots' evaluations.

Each is a module run from the repository's root as ``python -m tools.bench.<name>``, with
``main(argv: list[str] | None = None) -> int`` (0 when it printed its figures) and, at its end,
``if __name__ == "__main__": raise SystemExit(main())``. Its parser comes from ``parser``: the
program named as it is run, the module's docstring as the description, printed as written.

The options several tools take have one spelling, one type and one meaning everywhere, added by
the functions below where they apply (each tool keeps its own default):

- ``--seed S``: the seed of the random deals (an integer);
- ``--deals N``: how many deals (or positions, sessions) to play, at least 1;
- ``--rules PRESET`` and ``--option K=V`` (repeated): a preset of RULES.md §7 by its id or a
  former id, and one of its options, the value read as JSON (``true``, ``-30``, ``null``) or a
  word; ``rules_from`` builds the rules or stops with the parser's error;
- ``--dist DIR``: the built site (``python -m tools.site.build`` first), dist/ by default.

``PHONE`` is the phone the browser benchmarks emulate.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from barbu import RuleError
from barbu.presets import REGISTRY, STANDARD, Option, preset
from barbu.rules import Rules

if TYPE_CHECKING:  # the browser benchmarks import Playwright themselves, when they run
    from playwright.sync_api import ViewportSize

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"


class PhoneContext(TypedDict):
    """The options of a browser context that emulates a phone."""

    viewport: ViewportSize
    is_mobile: bool
    has_touch: bool
    device_scale_factor: float


PHONE: PhoneContext = {
    "viewport": {"width": 360, "height": 640},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
}
"""A phone's browser context (360×640, touch, device pixel ratio 2), as the browser benchmarks
open one: ``browser.new_context(**PHONE, ...)``."""


def parser(name: str, doc: str | None) -> argparse.ArgumentParser:
    """The parser of ``python -m tools.bench.<name>``, its description the module's docstring."""
    return argparse.ArgumentParser(
        prog=f"python -m tools.bench.{name}",
        description=doc,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def add_seed(command: argparse.ArgumentParser, default: int = 1) -> None:
    """``--seed S``: the seed of the random deals."""
    command.add_argument("--seed", type=int, default=default, help="the random deals' seed")


def add_deals(command: argparse.ArgumentParser, default: int, what: str = "deals") -> None:
    """``--deals N``: how many deals (or the ``what`` the tool plays) to play."""
    command.add_argument("--deals", type=_positive, default=default, help=f"how many {what}")


def add_rules(command: argparse.ArgumentParser) -> None:
    """``--rules PRESET`` and ``--option K=V``: the rules played (``rules_from`` reads them)."""
    command.add_argument(
        "--rules", default=STANDARD.name, help=f"a preset of RULES.md §7: {_preset_names()}"
    )
    command.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="K=V",
        help="an option of the preset, the value as JSON (true, -30, null) or a word: "
        + _options(),
    )


def rules_from(command: argparse.ArgumentParser, args: argparse.Namespace) -> Rules:
    """The rules ``--rules`` and ``--option`` name; the parser's error if they name none."""
    try:
        return preset(args.rules, dict(option(o) for o in args.option))
    except (RuleError, ValueError) as e:
        command.error(str(e))


def add_dist(command: argparse.ArgumentParser) -> None:
    """``--dist DIR``: the built site served to the browser."""
    command.add_argument(
        "--dist", type=Path, default=DIST, help="the built site (python -m tools.site.build)"
    )


def option(text: str) -> tuple[str, object]:
    """``name=value`` with the value read as JSON (``true``, ``-30``, ``null``), else a word."""
    name, sep, value = text.partition("=")
    if not sep:
        raise ValueError(f"an option is NAME=VALUE, not {text!r}")
    try:
        return name, json.loads(value)
    except json.JSONDecodeError:
        return name, value


def _positive(text: str) -> int:
    """An integer of at least 1 (argparse's type for counts)."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _preset_names() -> str:
    """The presets' ids for ``--help``, each with its former ids."""
    return ", ".join(
        f"{p.name} (or {', '.join(p.aliases)})" if p.aliases else p.name for p in REGISTRY.values()
    )


def _options() -> str:
    """The presets' options for ``--help``: each name with its values (the default first)."""
    return "; ".join(
        f"{p.name}: " + ", ".join(f"{o.name}={_values(o)}" for o in p.options)
        for p in REGISTRY.values()
        if p.options
    )


def _values(choice: Option) -> str:
    """An option's values as ``--option`` takes them, the default first."""
    values = sorted(choice.values, key=choice.is_default, reverse=True)
    return "|".join(v if isinstance(v, str) else json.dumps(v) for v in values)

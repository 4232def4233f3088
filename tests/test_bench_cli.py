"""The benchmarks' and evaluations' one command-line convention (tools/bench/common.py): each
module of tools/bench/ with a command line runs as ``python -m tools.bench.<name>``, has
``main(argv) -> int`` and ends with ``raise SystemExit(main())``, and its ``--help`` is named as
it is run and says what the module's docstring says; the shared options read alike."""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path

import pytest

from barbu.presets import preset
from tools.bench import common

BENCH = Path(common.__file__).resolve().parent
HELPERS = {"__init__", "common", "baseline", "decisions", "worker_dom_page"}
"""Modules of tools/bench/ without a command line of their own."""
COMMANDS = sorted(p.stem for p in BENCH.glob("*.py") if p.stem not in HELPERS)


def test_every_benchmark_and_evaluation_is_listed():
    assert len(COMMANDS) >= 13 and {"arena", "engine", "boot", "doubles_eval"} <= set(COMMANDS)


@pytest.mark.parametrize("name", COMMANDS)
def test_a_command_follows_the_convention(name, capsys):
    module = importlib.import_module(f"tools.bench.{name}")
    parameters = inspect.signature(module.main).parameters
    assert list(parameters) == ["argv"] and parameters["argv"].default is None
    source = Path(module.__file__).read_text(encoding="utf-8")
    assert source.rstrip().endswith('if __name__ == "__main__":\n    raise SystemExit(main())')
    with pytest.raises(SystemExit) as stopped:
        module.main(["--help"])
    assert stopped.value.code == 0
    shown = capsys.readouterr().out
    assert shown.startswith(f"usage: python -m tools.bench.{name} ")
    assert module.__doc__.splitlines()[0] in shown


def test_the_shared_options_read_alike():
    command = common.parser("example", "An example.")
    common.add_seed(command, 7)
    common.add_deals(command, 10)
    common.add_rules(command)
    common.add_dist(command)
    args = command.parse_args(["--rules", "italian", "--option", "salad=true"])
    assert (args.seed, args.deals, args.dist) == (7, 10, common.DIST)
    assert common.rules_from(command, args) == preset("italian", {"salad": True})
    for wrong in (["--deals", "0"], ["--rules", "nonesuch"], ["--option", "salad"]):
        with pytest.raises(SystemExit):
            common.rules_from(command, command.parse_args(wrong))

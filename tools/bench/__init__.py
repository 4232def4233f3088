"""Benchmarks and the computer players' evaluations, run with ``python -m tools.bench.<name>``.

Every one is a command line of the same shape (``tools.bench.common``): ``main(argv) -> int``,
its description the module's docstring, and the shared options where they apply (``--seed``,
``--deals``, ``--rules`` with ``--option``, ``--dist``). None is a test: each prints figures.
The engine's (``engine``), the bots' strength (``arena``, ``doubles_eval``,
``declarer_baseline``) and speed (``master``, ``review``, ``solver``) run on CPython alone; the
page's (``boot``, ``first_visit``, ``rules``, ``bots``, ``replay``, ``lighthouse``) serve the
built dist/ to Chromium.
"""

"""Development helpers: the local static server (``python -m tools.dev.serve``, ``make run``),
the Chromium that the benchmarks and the end-to-end tests launch (``chromium``,
``install_chromium.sh``: ``make chromium``) and the pinned test tools (``requirements-test.txt``).
"""

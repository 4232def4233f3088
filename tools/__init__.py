"""The repository's tools, run from its root with ``python -m`` (never shipped to the page).

- ``tools.site``: the build of the static site into dist/ (``python -m tools.site.build``) and the
  modules it draws the pages with;
- ``tools.bench``: the benchmarks and the computer players' evaluations, one command-line
  convention (``tools.bench.common``), e.g. ``python -m tools.bench.arena``;
- ``tools.dev``: the local static server (``python -m tools.dev.serve``), the Chromium the
  benchmarks and the end-to-end tests launch, the pinned test tools.
"""

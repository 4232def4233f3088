"""The browser face of Barbu: a thin layer between the pages and the engine (``barbu``).

Its folders, each with one concern:

- ``components/``: the renderers shared by every page: cards, the trick, the Domino rows, a
  deal's settlement, the score sheet and diagram (``sheet`` as data, ``scores`` drawn), and
  ``dom``, which builds nodes from Python. A catalog and values in, a node out.
- ``table/``: the game's table as regions, each drawn from its own frozen props.
- ``game/``: the game page: its entry script (``main.py``), the controller (``app``), the one
  module that calls the engine (``engine``), the save, the tab that owns it, the settings, the
  sounds, the computer players' client (``bots``), and the page's stylesheet, manifest and icons.
- ``rules/``: the rules pages' texts (``<lang>.md``, built by tools/site/rules_page.py), script and
  stylesheet; ``demos/``: their live examples, also shown alone by ``embed/`` to other sites.
- ``runtime/``: starting Python: the boot loader, the Pyodide module and its snapshots, the
  computer players' worker, the bytecode kept between visits, the service worker.
- ``languages/``: the catalogs (``catalogs/<lang>.json``), the plural rules, the sentences the game
  builds (``words``), and the language choice shared by the pages.

The build ships the Python modules compiled, in ``modules.zip`` with the engine; the pages import
them straight from that zip. The files a browser loads are served side by side in ``dist/web/``,
so their addresses do not depend on these folders (tools/site/build.py, ``WEB_FILES``).
"""

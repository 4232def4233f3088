"""The browser face of Barbu: a thin adapter between the page (PyScript) and the engine.

Decisions:

- ``web.game`` is the only module that calls the engine, through one small function, so that the
  future ``Session`` API can replace the seeded deal in one place.
- ``web.i18n`` holds every user-visible string (catalogs in ``web/i18n/<lang>.json``).
- ``web.faces`` turns a card into what a button shows and says; pure Python, tested in CPython.
- ``web.app`` owns the DOM: one controller object, regions redrawn whole, events heard on stable
  containers. It talks to the JavaScript boot loader (``web/boot.js``) through ``barbuBoot``.

The build ships these modules compiled, in ``modules.zip`` with the engine; the page imports them
straight from that zip (see tools/build.py).
"""

"""The tests of the engine, the page's Python and the build, on CPython (pytest)."""

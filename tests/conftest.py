"""Engine and site tests: make ``barbu`` and the test helpers (reference, generate) importable;
the built site for the tests marked ``build``.

``make test-fast`` runs the tests here but those marked ``build`` (they need dist/ or Node.js)
or ``slow`` (pyproject.toml lists the markers)."""

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
DIST = HERE.parent / "dist"
for path in (HERE, HERE.parent):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))


@pytest.fixture(scope="session")
def dist() -> Path:
    """The built site; the tests do not build it themselves."""
    if not (DIST / "index.html").is_file() or not (DIST / "sw.js").is_file():
        pytest.fail("dist/ is not built: run `make build` (or `make test`)")
    return DIST


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A test here that reads dist/ must be marked ``build``, or the fast lane would need a
    build."""
    for item in items:
        if (
            HERE in item.path.parents
            and "dist" in getattr(item, "fixturenames", ())
            and item.get_closest_marker("build") is None
        ):
            raise pytest.UsageError(f"{item.nodeid} reads dist/: mark it @pytest.mark.build")

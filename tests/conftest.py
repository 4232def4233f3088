"""Engine and site tests: the built site for the tests marked ``build``.

tests/ and e2e/ are packages: pytest imports a test file as ``tests.test_x``, from the
repository's root (``pythonpath`` in pyproject.toml), and the tests import the helpers as
``tests.helpers``, ``tests.reference``, the engine as ``barbu``.

``make test-fast`` runs the tests here but those marked ``build`` (they need dist/ or Node.js)
or ``slow`` (pyproject.toml lists the markers)."""

from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
DIST = HERE.parent / "dist"


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

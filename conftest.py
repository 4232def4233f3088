"""How a run on several processes (pytest-xdist's ``-n``) shares the tests out.

xdist's default (``load``) hands the tests out in chunks in their order, so an e2e module's tests
land on both processes: each launches its own browser for the module and starts Python from
scratch in it (some 10 s instead of 3, e2e/conftest.py's ``SharedContext``). Here instead:

- an e2e module's tests go to one process together, as one unit (its browser and its warm
  context made once);
- the e2e modules are handed out first, then the tests of tests/ one by one (some 2,400, nearly
  all under a second): whichever process ends its last e2e module first takes the short tests,
  and both end together, instead of one waiting while the other plays out a long module alone.

Only when xdist would use its default: another ``--dist`` given on the command line is obeyed.
"""

from __future__ import annotations

import pytest

E2E = "e2e/"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The e2e modules first (in their order), then the tests of tests/ (in theirs)."""
    items.sort(key=lambda item: not item.nodeid.startswith(E2E))


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook: none without xdist
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """Units of work: an e2e module whole, a test of tests/ alone; in the collection's order."""
    if config.getoption("dist") != "load" or "--dist" in " ".join(config.invocation_params.args):
        return None
    from xdist.scheduler import LoadScopeScheduling

    class ModulesThenTests(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return nodeid.split("::", 1)[0] if nodeid.startswith(E2E) else nodeid

    config.option.loadscopereorder = False  # the collection's order, as sorted above
    return ModulesThenTests(config, log)

"""A crashed Chromium tab in the e2e tests, on the record: what the page was doing, and Chromium's
own words.

Decisions:
- Chromium is launched with its log in a file (``--enable-logging --v=0 --log-file``, one file a
  pytest process) and its crashpad handler's dumps in ``e2e-crashes/dumps`` (crashpad takes the
  place from ``BREAKPAD_DUMP_LOCATION`` in Chromium's environment; ``--crash-dumps-dir`` alone
  leaves them in ~/.config/chromium). Both under ``e2e-crashes/``, which git ignores.
- The page's boot stage is known without asking the page (a crashed page answers nothing): an
  init script of every context (``STAGE_PROBE``) writes a ``console.debug`` line whenever
  ``<html>``'s classes or data-* attributes, the loading screen's current step or the page's
  ``barbu-*`` performance marks change. The recorder keeps the last such line of each page and
  its last other console lines; that costs a listener, no round trip.
- When a page crashes (Playwright's ``crash`` event, or a failure saying "Target crashed" or
  "Page crashed"), the record is written to ``e2e-crashes/`` and added to the test's failure: the
  test, the URL, the stage, the last console lines, and Chromium's words: the crash dump's
  signal, address, thread and instruction (``e2e/minidump.py``) and the last lines of its log. A
  test that crashed a tab and still passed fails with that message: a crash is never silent.
- A test that crashes a tab on purpose takes the record itself (``CrashRecorder.take``).
"""

from __future__ import annotations

import json
import os
import re
import time
from collections import deque
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from e2e.minidump import read_dump

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "e2e-crashes"
DUMPS = RECORDS / "dumps"
STAGE = "barbu-stage "
"""The prefix of the probe's console lines."""
CRASHED = ("Target crashed", "Page crashed")
"""What Playwright's errors say when the page's renderer died."""
DUMP_WAIT_S = 5.0  # crashpad writes the dump within a second; a loaded machine may take more
CONSOLE_KEPT = 8
LOG_KEPT = 6
LOG_NOISE = re.compile(r"dbus|idle_linux|account_consistency|INFO:CONSOLE")
STAGE_PROBE = """(() => {
  if (window.__barbuStageProbe) return;
  window.__barbuStageProbe = true;
  let last = '';
  const report = () => {
    const root = document.documentElement;
    if (!root) return;
    const data = [...root.attributes].filter((a) => a.name.startsWith('data-'))
      .map((a) => `${a.name}=${a.value}`);
    const step = document.querySelector('#boot-stages [aria-current="step"]');
    const marks = performance.getEntriesByType('mark')
      .concat(performance.getEntriesByType('measure'))
      .filter((entry) => entry.name.startsWith('barbu-')).map((entry) => entry.name);
    const line = [`class="${root.className}"`, ...data,
      step ? `step=${step.dataset.stage}` : '', marks.length ? `mark=${marks.at(-1)}` : '',
      `t=${Math.round(performance.now())}ms`];
    const key = line.slice(0, -1).join(' ');
    if (key === last) return;
    last = key;
    console.debug('barbu-stage ' + line.filter(Boolean).join(' '));
  };
  const watch = () => {
    new MutationObserver(report).observe(document.documentElement, { attributes: true });
    const steps = document.getElementById('boot-stages');
    if (steps) new MutationObserver(report).observe(steps, { attributes: true, subtree: true });
    report();
  };
  new PerformanceObserver(report).observe({ entryTypes: ['mark', 'measure'] });
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch);
  else watch();
})();"""
"""The init script that says the page's stage in the console (see the module's docstring)."""


@dataclass
class Crash:
    """One crashed tab: where, when, what the page was doing, and what Chromium said."""

    test: str
    url: str
    stage: str
    console: list[str]
    at: float
    dump: str = ""
    log: list[str] = field(default_factory=list)


def format_record(crash: Crash) -> str:
    """The crash in words, as the test's failure shows it."""
    when = time.strftime("%H:%M:%S", time.gmtime(crash.at))
    lines = [
        f"Chromium's tab crashed at {when} UTC in {crash.test or '?'}",
        f"  URL: {crash.url or '?'}",
        f"  boot stage last seen: {crash.stage or 'none reported (no page of a watched context)'}",
        f"  Chromium's crash dump: {crash.dump or 'none found'}",
    ]
    if crash.log:
        lines.append("  Chromium's log, last lines:")
        lines.extend(f"    {line}" for line in crash.log)
    if crash.console:
        lines.append("  the page's console, last lines:")
        lines.extend(f"    {line}" for line in crash.console)
    return "\n".join(lines)


def stage_of(text: str) -> str | None:
    """The stage a probe's console line reports, or ``None`` for any other line."""
    return text[len(STAGE) :] if text.startswith(STAGE) else None


def with_crash_logs(options: dict[str, Any], worker: str | None = None) -> dict[str, Any]:
    """Launch options plus Chromium's log file and crash dump directory."""
    worker = worker or os.environ.get("PYTEST_XDIST_WORKER", "main")
    DUMPS.mkdir(parents=True, exist_ok=True)
    log = RECORDS / f"chromium-{worker}.log"
    args = [*options.get("args", []), "--enable-logging", "--v=0", f"--log-file={log}"]
    env = {**os.environ, "BREAKPAD_DUMP_LOCATION": str(DUMPS)}
    return {**options, "args": args, "env": env}


class PageWatch:
    """A page's last stage and console lines, from its console events."""

    def __init__(self) -> None:
        self.stage = ""
        self.console: deque[str] = deque(maxlen=CONSOLE_KEPT)

    def heard(self, message: Any) -> None:
        stage = stage_of(message.text)
        if stage is not None:
            self.stage = stage
        else:
            self.console.append(f"[{message.type}] {message.text[:300]}")


class CrashRecorder:
    """The crashes of the running test's pages, recorded and turned into its failure."""

    def __init__(self, records: Path = RECORDS, dumps: Path = DUMPS, wait: float = DUMP_WAIT_S):
        self.records = records
        self.dumps = dumps
        self.wait = wait
        self.test = ""
        self.since = time.time()
        self.crashes: list[Crash] = []

    def watch(self, context: Any) -> None:
        """Probe the stage in every page of ``context`` and listen for their crashes."""
        context.add_init_script(STAGE_PROBE)
        context.on("page", self.watch_page)
        for page in context.pages:
            self.watch_page(page)

    def watch_page(self, page: Any) -> None:
        watch = PageWatch()
        page.on("console", watch.heard)
        page.on("crash", lambda crashed: self.crashed(crashed, watch))

    def crashed(self, page: Any, watch: PageWatch) -> None:
        crash = Crash(self.test, page.url, watch.stage, list(watch.console), time.time())
        self.crashes.append(crash)

    def take(self) -> list[Crash]:
        """The crashes recorded since the last call, with Chromium's words, written to disk."""
        crashes, self.crashes = self.crashes, []
        for crash in crashes:
            origin = origin_of(crash.url)
            crash.dump = newest_dump(self.dumps, crash.at - 2.0, origin, self.wait)
            crash.log = log_tail(self.records)
            self.write(crash)
        self.since = time.time()
        return crashes

    def annotate(self, item: Any, report: Any) -> None:
        """Add the test's crashes to its report; a test that crashed a tab fails."""
        self.test = item.nodeid
        text = str(report.longrepr or "")
        if not self.crashes and report.failed and any(words in text for words in CRASHED):
            self.crashes.append(Crash(item.nodeid, "", "", [], self.since))
        for crash in self.crashes:
            crash.test = item.nodeid  # a crash is heard in the phase it happened in
        crashes = self.take()
        if not crashes:
            return
        message = "\n\n".join(format_record(crash) for crash in crashes)
        if report.passed:
            report.outcome = "failed"
            report.longrepr = message
        elif hasattr(report.longrepr, "addsection"):
            report.longrepr.addsection("Chromium crash (e2e/crashes.py)", message)
        else:
            report.sections.append(("Chromium crash (e2e/crashes.py)", message))

    def write(self, crash: Crash) -> Path:
        """The record as e2e-crashes/<time>-<test>.json."""
        self.records.mkdir(parents=True, exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", crash.test)[:100] or "unknown"
        path = self.records / f"{time.strftime('%H%M%S', time.gmtime(crash.at))}-{name}.json"
        path.write_text(json.dumps({**asdict(crash), "message": format_record(crash)}, indent=1))
        return path


def origin_of(url: str) -> str:
    """``scheme://host:port`` of a URL, empty if it has none."""
    found = re.match(r"[a-z]+://[^/]+", url)
    return found.group(0) if found else ""


def newest_dump(dumps: Path, since: float, origin: str = "", wait: float = DUMP_WAIT_S) -> str:
    """The summary of the newest crash dump written after ``since`` (of a page of ``origin``
    when given), waiting up to ``wait`` seconds for crashpad to write it."""
    deadline = time.time() + wait
    while True:
        for path in sorted(dumps.glob("**/*.dmp"), key=mtime, reverse=True):
            if mtime(path) < since:
                break
            dump = read_dump(path)
            if dump and (not origin or dump.annotations.get("loaded-origin-0") == origin):
                return f"{dump.summary()} ({path.name})"
        if time.time() >= deadline:
            return ""
        time.sleep(0.25)


def mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def log_tail(records: Path) -> list[str]:
    """The last lines of this process's Chromium log but its known noise."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    try:
        lines = (records / f"chromium-{worker}.log").read_text(errors="replace").splitlines()
    except OSError:
        return []
    return [line[:300] for line in lines if not LOG_NOISE.search(line)][-LOG_KEPT:]


RECORDER = CrashRecorder()
"""The recorder of this pytest process (e2e/conftest.py wires it)."""

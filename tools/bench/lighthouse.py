"""Lighthouse on the built site: ``make lighthouse`` (or ``python -m tools.bench.lighthouse``).

Serves dist/ with tools/dev/serve.py (compressed, as static hosts serve it) and runs the pinned npm
Lighthouse (package.json) with its mobile defaults (simulated slow 4G, 4x CPU slowdown) in this
project's Chromium (tools/dev/chromium.py), on the game's page as a first visit (Lighthouse starts
from empty storage) and on the English rules page. Prints the scores, the paint metrics, the
total blocking time and the main thread's longest tasks by cause. The full reports are written to
``dist/../lighthouse/`` (not part of the site).

    .venv/bin/python -m tools.bench.lighthouse [--dist dist] [page ...]
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tools.bench import common
from tools.dev.chromium import CHROMIUM_FLAGS, DEBIAN_CHROMIUM
from tools.dev.serve import StaticServer

ROOT = Path(__file__).resolve().parents[2]
LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
PAGES = ("", "rules/en/")
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
METRICS = (
    ("first-contentful-paint", "FCP"),
    ("largest-contentful-paint", "LCP"),
    ("total-blocking-time", "TBT"),
    ("cumulative-layout-shift", "CLS"),
    ("speed-index", "SI"),
)


def chromium() -> str:
    """The Chromium to run Lighthouse in: Debian's, else Playwright's."""
    if DEBIAN_CHROMIUM.exists():
        return str(DEBIAN_CHROMIUM)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        return playwright.chromium.executable_path


def run(url: str, out: Path) -> dict[str, Any]:
    """Lighthouse's JSON report of ``url`` (written to ``out`` too)."""
    flags = " ".join(f for f in CHROMIUM_FLAGS if f != "--headless") + " --headless=new"
    subprocess.run(
        [
            str(LIGHTHOUSE),
            url,
            f"--chrome-path={chromium()}",
            f"--chrome-flags={flags}",
            f"--only-categories={','.join(CATEGORIES)}",
            "--output=json",
            f"--output-path={out}",
            "--quiet",
        ],
        check=True,
        env={"CHROME_PATH": chromium(), "PATH": "/usr/bin:/bin"},
    )
    report: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return report


def summary(name: str, report: dict[str, Any]) -> str:
    """Scores, metrics and the blocking time's causes, in a few lines."""
    audits = report["audits"]
    scores = ", ".join(
        f"{key} {report['categories'][key]['score']:.2f}"
        for key in CATEGORIES
        if key in report["categories"]
    )
    metrics = ", ".join(f"{label} {audits[key]['displayValue']}" for key, label in METRICS)
    lines = [f"{name}: {scores}", f"  {metrics}"]
    work = audits.get("mainthread-work-breakdown", {}).get("details", {}).get("items", [])
    if work:
        causes = ", ".join(f"{i['groupLabel']} {i['duration']:.0f} ms" for i in work[:5])
        lines.append(f"  main thread (simulated 4x CPU): {causes}")
    boot = audits.get("bootup-time", {}).get("details", {}).get("items", [])
    if boot:
        scripts = ", ".join(
            f"{i['url'].rsplit('/', 1)[-1] or i['url']} {i['total']:.0f} ms" for i in boot[:4]
        )
        lines.append(f"  scripts: {scripts}")
    failed = [
        audit["id"]
        for category in ("best-practices", "seo")
        for ref in report["categories"].get(category, {}).get("auditRefs", [])
        if (audit := audits[ref["id"]]).get("score") is not None
        and audit["score"] < 1
        and ref.get("weight", 0) > 0
    ]
    if failed:
        lines.append(f"  best practices / SEO audits not passed: {', '.join(failed)}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run Lighthouse on the pages named; print their scores and metrics."""
    command = common.parser("lighthouse", __doc__)
    common.add_dist(command)
    command.add_argument("pages", nargs="*", default=list(PAGES))
    args = command.parse_args(argv)
    if not (args.dist / "index.html").is_file():
        print("dist/ is not built: run `make build` first", file=sys.stderr)
        return 1
    if not LIGHTHOUSE.exists():
        print("Lighthouse is not installed: run `npm ci` first", file=sys.stderr)
        return 1
    out = args.dist.parent / "lighthouse"
    out.mkdir(exist_ok=True)
    server = StaticServer(args.dist).start()
    try:
        for page in args.pages:
            name = page.strip("/").replace("/", "-") or "game"
            report = run(server.url + page, out / f"{name}.json")
            print(summary(f"/{page}", report), flush=True)
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

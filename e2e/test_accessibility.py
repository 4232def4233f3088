"""Accessibility of the table: axe-core finds no serious or critical violation at each moment of
a deal, in French and English, and text on the felt keeps a contrast of 4.5:1.

axe-core (npm, pinned in package.json) is injected into the page under test. It cannot measure
contrast over the felt's gradient (it reports those nodes "incomplete"), so the test measures the
text colours on the felt itself against the gradient's lightest colour (``--felt-light``).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from e2e.browser_helpers import wait_ready
from e2e.test_table import drive_until, following_with_choice, hand_over
from e2e.test_table_layout import state_doubling, state_summary
from web.languages.i18n import SUPPORTED

AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"

RUN_AXE = """async () => {
  const result = await axe.run(document, {
    rules: {'label-content-name-mismatch': {enabled: true}},  // experimental: on by hand
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target).join(' | ')}`);
}"""

# Text drawn on the felt itself (not on a card or a panel): colour and where.
FELT_TEXT = """() => {
  const felt = getComputedStyle(document.documentElement).getPropertyValue('--felt-light').trim();
  const selectors = [
    '#table-title', '#game-rules', '#seed', '#language', '.status .where', '.status .turn',
    '.status .hint:not([hidden])', '.status .contract-now', '.status .left', '.seat-name',
    '.seat-total', '.seat-facts', '.trick-caption', '#hand-heading', '.hand-hint:not(.refusal)',
    '#scores-heading',
  ];
  const out = [];
  for (const selector of selectors) {
    for (const node of document.querySelectorAll(selector)) {
      if (!node.getClientRects().length || !node.textContent.trim()) continue;
      let opacity = 1;  // the text's own and its ancestors'
      for (let n = node; n; n = n.parentElement) opacity *= Number(getComputedStyle(n).opacity);
      out.push({selector, color: getComputedStyle(node).color, opacity, felt});
    }
  }
  return out;
}"""


def violations(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text())  # not a <script>: the page's CSP allows only its own
    return page.evaluate(RUN_AXE)


def _rgba(text: str) -> tuple[tuple[float, float, float], float]:
    """A CSS colour (``#rrggbb``, ``rgb()``, ``rgba()``) and its alpha."""
    if text.startswith("#"):
        return (int(text[1:3], 16), int(text[3:5], 16), int(text[5:7], 16)), 1.0
    parts = text[text.index("(") + 1 : text.index(")")].replace(",", " ").replace("/", " ").split()
    alpha = float(parts[3]) if len(parts) > 3 else 1.0
    return (float(parts[0]), float(parts[1]), float(parts[2])), alpha


def seen(color: str, opacity: float, background: str) -> tuple[float, float, float]:
    """The colour seen of a text of ``color`` drawn at ``opacity`` over ``background``."""
    fg, alpha = _rgba(color)
    bg, _ = _rgba(background)
    a = alpha * opacity
    return (a * fg[0] + (1 - a) * bg[0], a * fg[1] + (1 - a) * bg[1], a * fg[2] + (1 - a) * bg[2])


def _luminance(rgb: tuple[float, float, float]) -> float:
    def channel(value: float) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG contrast ratio of two colours."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def low_contrast(page: Page) -> list[str]:
    """Texts on the felt under 4.5:1 against its lightest colour."""
    found = []
    for item in page.evaluate(FELT_TEXT):
        felt = _rgba(item["felt"])[0]
        ratio = contrast(seen(item["color"], item["opacity"], item["felt"]), felt)
        if ratio < 4.5:
            found.append(f"{item['selector']}: {item['color']} x{item['opacity']} {ratio:.2f}:1")
    return found


def check(page: Page, moment: str) -> None:
    assert violations(page) == [], moment
    assert low_contrast(page) == [], moment


@pytest.mark.parametrize("lang", SUPPORTED)
def test_the_table_has_no_serious_violation_through_a_deal(page, lang):
    """A screen-reader or low-vision player would meet unnamed controls, names that do not
    match the labels shown, or text too faint to read."""
    page.goto(f"/?autoplay=0&seed=2024&lang={lang}&speed=instant&level=beginner")
    wait_ready(page)
    check(page, "start")
    drive_until(page, following_with_choice)
    check(page, "play")
    refused = page.locator("#hand button[data-card]:not(.playable)").first
    refused.click(force=True)  # the reason shown in place
    check(page, "refusal")
    page.click('.toolbar [data-action="menu"]')
    check(page, "menu")


@pytest.mark.parametrize(
    "lang,width,height", [("fr", 360, 640), ("en", 1366, 768), ("ru", 360, 640), ("it", 1366, 768)]
)  # each language on one screen size: the other pairs add time, not cases
def test_the_doubling_prompt_and_the_summary_have_no_serious_violation(
    new_context, lang, width, height
):
    """The same, for the choices and the deal summary, on a phone and a desktop screen."""
    viewport = {"width": width, "height": height}
    page = new_context(viewport=viewport).new_page()
    session, _ = state_doubling()
    hand_over(page, session)
    page.goto(f"/?autoplay=0&seed={session.seed}&lang={lang}&speed=slow")
    wait_ready(page)
    check(page, "doubling")
    page = new_context(viewport=viewport).new_page()
    session, summary = state_summary()
    hand_over(page, session, summary)
    page.goto(f"/?autoplay=0&seed={session.seed}&lang={lang}&speed=slow")
    wait_ready(page)
    expect(page.locator(f'[data-summary="{summary}"]')).to_be_visible()
    check(page, "summary")

"""Python bytecode kept between visits (web/runtime/codecache.py, web/boot.js): the computer
players' worker compiles the page's modules, the next visit imports them without compiling, and a
damaged or stale cache costs time, never the game."""

from __future__ import annotations

import pytest

from e2e.browser_helpers import expected_hand, shown_hand, wait_ready

# The bytecode kept in Cache Storage between visits.
pytestmark = pytest.mark.fresh_context

# The page imports 11 modules of PyScript's package from source (ours come compiled).
FIRST_VISIT_MODULES = 10

# Makes every .pyc of the kept pack claim another source (bytes 8-16 hold the source's hash).
STALE_PACK = """async () => {
    const cache = await caches.open('python-bytecode');
    const buffer = await (await cache.match(barbuBoot.code.url)).arrayBuffer();
    const bytes = new Uint8Array(buffer);
    const length = new DataView(buffer).getUint32(0, true);
    const index = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
    let offset = 4 + length;
    for (const [, size] of index) {
        bytes[offset + 8] ^= 0xff;
        offset += size;
    }
    await cache.put(barbuBoot.code.url, new Response(bytes));
    return index.length;
}"""


def code_state(page) -> dict:
    """What the boot loader says of this visit's bytecode, once Python has kept it."""
    return page.evaluate(
        "barbuBoot.code.kept.then(() => ({restored: barbuBoot.code.restored,"
        " compiled: barbuBoot.code.compiled, stored: barbuBoot.code.stored}))"
    )


def come_back(page, address: str) -> None:
    page.goto("about:blank")
    page.goto(address)
    wait_ready(page)


def test_a_later_visit_imports_the_kept_bytecode_instead_of_compiling(page):
    """Compiling PyScript's modules from source takes about 0.04 s of every start."""
    page.goto("/?seed=21&lang=en")
    wait_ready(page)
    first = code_state(page)
    assert first == {"restored": 0, "compiled": first["compiled"], "stored": True}
    assert first["compiled"] >= FIRST_VISIT_MODULES

    come_back(page, "/?seed=21&lang=en")
    second = code_state(page)
    assert second["restored"] >= FIRST_VISIT_MODULES
    assert second["compiled"] == 0
    assert second["stored"] is False
    assert shown_hand(page) == expected_hand(21)


def test_a_damaged_pack_is_set_aside_and_replaced(page):
    page.goto("/?seed=22&lang=en")
    wait_ready(page)
    code_state(page)
    page.evaluate(
        "caches.open('python-bytecode').then((cache) =>"
        " cache.put(barbuBoot.code.url, new Response('not a pack at all')))"
    )
    warnings: list[str] = []
    page.on(
        "console",
        lambda message: warnings.append(message.text) if message.type == "warning" else None,
    )

    come_back(page, "/?seed=22&lang=en")
    damaged = code_state(page)
    assert damaged["restored"] == 0
    assert damaged["compiled"] >= FIRST_VISIT_MODULES
    assert damaged["stored"] is True
    assert any("bytecode ignored" in text for text in warnings)
    assert shown_hand(page) == expected_hand(22)

    come_back(page, "/?seed=22&lang=en")
    again = code_state(page)
    assert again["restored"] >= FIRST_VISIT_MODULES
    assert again["compiled"] == 0


def test_stale_bytecode_is_compiled_again_from_the_source(page):
    """A new version of the site ships new sources: the old bytecode must not run."""
    page.goto("/?seed=23&lang=en")
    wait_ready(page)
    code_state(page)
    files = page.evaluate(STALE_PACK)
    assert files >= FIRST_VISIT_MODULES

    come_back(page, "/?seed=23&lang=en")
    stale = code_state(page)
    assert stale["restored"] == files
    assert FIRST_VISIT_MODULES <= stale["compiled"] <= files
    assert stale["stored"] is True
    assert shown_hand(page) == expected_hand(23)

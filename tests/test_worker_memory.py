"""What the computer players' worker says its Python holds (web.runtime.worker.memory), read by
the soak benchmark to tell a leak (what is kept grows) from a higher peak (only the WebAssembly
memory grows, and it never shrinks).

What a maintainer would get wrong if this failed: a worker whose memory grows over an evening
called leak-free, or a leak looked for where none is."""

from __future__ import annotations

import json

from web.runtime.worker import memory


def test_what_is_kept_is_counted_and_cyclic_garbage_is_collected_first():
    before = json.loads(memory())
    kept = [[n] for n in range(20_000)]
    during = json.loads(memory())
    assert during["blocks"] - before["blocks"] >= 20_000
    assert during["objects"] - before["objects"] >= 20_000
    for pair in kept:
        pair.append(pair)  # each list now holds itself: only the collector frees it
    del kept, pair
    after = json.loads(memory())
    assert after["blocks"] < during["blocks"] - 19_000
    assert after["objects"] < during["objects"] - 19_000

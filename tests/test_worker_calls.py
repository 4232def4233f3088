"""The calls between a page and its Python workers (web/runtime/calls.js), one protocol for the
computer players' worker and the rules demos' worker: run in Node, the page's side and the
worker's side joined by a pair of fake message ports.

What a player would notice if these failed: a computer player's answer given to another
question, an expert's review that cannot be stopped, or a demo (or a table) that waits for ever
on a worker that has died."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

pytestmark = pytest.mark.build  # Node.js runs the module

CALLS = Path(__file__).resolve().parent.parent / "web" / "runtime" / "calls.js"
SCRIPT = """
const { Caller, answerCalls } = await import(process.argv[1]);
const tick = () => new Promise((go) => setTimeout(go, 0));
// The worker's global scope and the page's Worker object, joined.
const heard = [];
let deliver;
globalThis.addEventListener = (type, listener) => { deliver = listener; };
globalThis.postMessage = (data) => setTimeout(() => {
  if (!caller.hear(data)) heard.push(data);
}, 0);
const worker = { postMessage: (data) => setTimeout(() => deliver({ data }), 0) };
const caller = new Caller(worker);

let begin;
const service = new Promise((go) => { begin = go; });
const others = [];
answerCalls(service, {
  echo: (python, args) => `${python}:${args.join(',')}`,
  fail: () => { throw new Error('refused'); },
  long: async (python, args, call) => {
    postMessage({ id: call.id, progress: 0.5 });
    while (!call.cancelled()) await tick();
    return 'stopped';
  },
}, (data) => { if (!data.start) return false; others.push(data); return true; });

const out = {};
const first = caller.ask('echo', [1, 2]);
const second = caller.ask('echo', [3]);
worker.postMessage({ start: true });
begin('py');  // calls sent before the service started are answered once it has
out.answers = [await first.answer, await second.answer];
out.ids = [first.id, second.id];
out.others = others;
out.refused = await caller.ask('fail', []).answer.catch((e) => e.message);
out.unknown = await caller.ask('nope', []).answer.catch((e) => e.message);
const shares = [];
const long = caller.ask('long', [], (share) => shares.push(share));
await tick(); await tick(); await tick();
caller.cancel(long.id);
out.cancelled = await long.answer;
out.shares = shares;
out.heard = heard;
// The worker dies with a call in flight: it fails, and so does every later call.
const hanging = caller.ask('long', []);
caller.fail(new Error('the worker died'));
out.inFlight = await hanging.answer.catch((e) => e.message);
out.later = await caller.ask('echo', [4]).answer.catch((e) => e.message);
out.pending = caller.calls.size;
out.notACall = caller.hear({ ready: true });
process.stdout.write(JSON.stringify(out));
process.exit(0);
"""


@pytest.fixture(scope="module")
def run() -> dict:
    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    done = subprocess.run(
        ["node", "--no-warnings", "--input-type=module", "-e", SCRIPT, CALLS.as_uri()],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


def test_each_call_gets_its_own_answer_once_the_worker_has_started(run):
    assert run["answers"] == ["py:1,2", "py:3"]
    assert run["ids"] == [1, 2]
    assert run["others"] == [{"start": True}]  # the worker's own messages are not calls


def test_a_refused_or_unknown_call_fails_with_the_reason(run):
    assert run["refused"] == "refused"
    assert run["unknown"] == "no such call: nope"


def test_a_long_call_reports_progress_and_stops_when_cancelled(run):
    assert run["shares"] == [0.5]
    assert run["cancelled"] == "stopped"
    assert run["heard"] == []  # every answer and progress went to its call


def test_a_dead_worker_fails_the_calls_in_flight_and_every_later_one(run):
    assert run["inFlight"] == "the worker died"
    assert run["later"] == "the worker died"
    assert run["pending"] == 0
    assert run["notACall"] is False

/**
 * The computer players' worker: Python off the page's main thread, so that the page never
 * freezes while a computer player thinks. Started by the boot loader (web/runtime/boot.js) as the page
 * starts; the page asks it through barbuBoot.bots (Python: web/game/bots.py).
 *
 * It starts the same Python as the page, from this build's snapshot when the browser keeps one
 * (web/runtime/runtime.mjs), at once. When none is kept it waits for the page's {start: true}
 * (sent once the page has settled after its first screen: on a two-core machine a normal start
 * here slows the page's own by a third, and its first decisions for the computer players),
 * starts normally, imports the page's and its own modules before anything else, and
 * takes the snapshot that the page, this worker and the rules pages' demos restore at their
 * next start; it stores it once it has said it is ready.
 *
 * Messages to the page: {ready: true, boot: "snapshot"|"plain", ms} once it answers (or
 * {failed: message}), then {snapshot: {bytes, ms} | {error} | null} once a snapshot taken here
 * is stored (null: none was taken). From the page: {start: true}, and calls
 * (web/runtime/calls.js): "decide", "hint" or "review" (web/runtime/worker.py, arguments as
 * plain data; a review sends its progress as it goes, and stops when the page cancels it),
 * "keep_code" (cache name, address, PyScript's sources as JSON: compiled, then stored if new,
 * see web/runtime/codecache.py), or "memory" (what its Python holds: the soak benchmark reads
 * it); each answered in JSON text.
 */
import { answerCalls } from './calls.js';
import {
  addModules, canKeep, restoreSnapshot, startPlain, storeSnapshot, takeSnapshot,
} from './runtime.mjs';

const started = performance.now();
let allowPlainStart;
/** Settles when the page allows a normal start (it has settled: web/runtime/boot.js). */
const plainStartAllowed = new Promise((resolve) => { allowPlainStart = resolve; });

async function start() {
  let pyodide = await restoreSnapshot();
  let snapshot = null;
  const boot = pyodide ? 'snapshot' : 'plain';
  if (!pyodide) {
    // No snapshot kept: wait until the page has settled (a normal start here would slow the
    // page's own, and its first decisions), then start normally and take one before the interpreter does anything else.
    await plainStartAllowed;
    pyodide = await startPlain({ _makeSnapshot: canKeep() });
  }
  await addModules(pyodide);
  if (boot === 'plain' && canKeep()) {
    const begun = performance.now();
    try {
      snapshot = { bytes: takeSnapshot(pyodide), begun };
    } catch (error) {
      snapshot = { error: String(error.message || error) };
    }
  }
  const python = pyodide.pyimport('web.runtime.worker');
  postMessage({ ready: true, boot, ms: performance.now() - started });
  stored(snapshot).then((result) => postMessage({ snapshot: result }));
  return python;
}

/** Store a snapshot taken at this start; what the page is told of it. */
async function stored(snapshot) {
  if (!snapshot?.bytes) return snapshot;
  try {
    await storeSnapshot(snapshot.bytes);
    return { bytes: snapshot.bytes.length, ms: performance.now() - snapshot.begun };
  } catch (error) {
    return { error: String(error.message || error) };
  }
}

/** Compile PyScript's sources into a pack and store it unless the same one is kept. */
async function keepCode(python, cacheName, url, sourcesJson) {
  const proxy = python.compile_code(sourcesJson);
  const pack = proxy.toJs();
  proxy.destroy();
  const cache = await caches.open(cacheName);
  const kept = await cache.match(url);
  if (kept && sameBytes(new Uint8Array(await kept.arrayBuffer()), pack)) {
    return JSON.stringify({ stored: false });
  }
  await cache.put(url, new Response(pack));
  return JSON.stringify({ stored: true });
}

const sameBytes = (a, b) => a.length === b.length && a.every((byte, i) => byte === b[i]);

const service = start();
service.catch((error) => postMessage({ failed: String(error.message || error) }));

const CALLS = {
  decide: (python, args) => python.decide(...args),
  hint: (python, args) => python.hint(...args),
  keep_code: (python, args) => keepCode(python, ...args),
  memory: (python) => python.memory(),
  review: (python, args, { id, cancelled }) => python.review(
    ...args,
    (share) => postMessage({ id, progress: share }),
    cancelled,
  ),
};

answerCalls(service, CALLS, (data) => {
  if (!data.start) return false;
  allowPlainStart();
  return true;
});

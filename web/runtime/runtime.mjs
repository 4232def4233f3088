/**
 * The interpreter module of the page (pyscript.toml, "interpreter"), of the computer players'
 * worker (web/runtime/bots-worker.js) and of the rules pages' demos (web/runtime/islands.js): the vendored
 * Pyodide, started from a memory snapshot when this browser keeps one for this very build.
 *
 * Package lock. By itself loadPyodide() downloads pyodide-lock.json (119 KB, 357 packages) to
 * learn what loadPackage() could install. The game installs no package: it runs on the standard
 * library that comes with the runtime. So it hands Pyodide an empty lock instead, and the file is
 * not in dist/ at all. The lock's "info" (Python version, ABI and platform, which Pyodide checks)
 * is the real file's, written in by tools/site/build.py.
 *
 * Snapshots. Starting Python (its initialisation, then importing the engine and the UI) is most
 * of a start once the files are cached. The computer players' worker, on a visit that finds no
 * snapshot, starts Python with `_makeSnapshot`, imports every module the page and the worker
 * use (web/runtime/snapshot.py), then keeps a copy of the interpreter's memory in Cache Storage
 * (takeSnapshot, storeSnapshot). Later starts restore that memory instead: about 0.5 s instead
 * of 2 to 4 (docs/BENCHMARKS.md, "Boot").
 * - Tied to the build: the key holds a hash of the runtime files and modules.zip (BUILD, filled
 *   in by tools/site/build.py), and Pyodide refuses a snapshot of another runtime build itself.
 * - Checked: the SHA-256 of the bytes is stored beside them and compared before use.
 * - Anything wrong (damaged, refused, a browser without Cache Storage or WebCrypto): the
 *   snapshot is deleted and Python starts normally. Never a failed start because of it. Another
 *   build's snapshot is never read; the next one stored replaces it.
 * - A restored interpreter carries the state of `random` of the snapshot: it is seeded again
 *   from the system's entropy (hash randomisation stays the snapshot's: a str hash seed cannot
 *   change under a running interpreter; nothing in the game depends on it).
 * The API is Pyodide's, experimental (`_makeSnapshot`, `makeMemorySnapshot`, `_loadSnapshot`).
 */
import { loadPyodide as loadVendored, version } from '../vendor/pyodide/pyodide.mjs';

export { version };

const LOCK = { info: __LOCK_INFO__, packages: {} };
const BUILD = '__BUILD__';
const SETTINGS = { indexURL: new URL('../vendor/pyodide/', import.meta.url).href, lockFileContents: LOCK };

/** Where our modules live in the interpreter's file system: the working directory, where
 * PyScript writes the files of pyscript.toml (web/game/main.py puts it on sys.path). */
const MODULES_PATH = '/home/pyodide/modules.zip';

export const SNAPSHOT = {
  /** The Cache Storage cache and the key of this build's snapshot in it. */
  cache: 'python-snapshot',
  url: new URL(`../python-snapshot.bin?build=${BUILD}`, import.meta.url).href,
  /** The response header that carries the SHA-256 of the bytes (hex). */
  digestHeader: 'x-barbu-sha256',
};

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

export const canKeep = () => Boolean(globalThis.caches && globalThis.crypto?.subtle);

/** This build's snapshot as kept ({bytes, digest}), or null. */
async function readSnapshot() {
  if (!canKeep()) return null;
  try {
    const response = await (await caches.open(SNAPSHOT.cache)).match(SNAPSHOT.url);
    if (!response) return null;
    return {
      digest: response.headers.get(SNAPSHOT.digestHeader),
      bytes: new Uint8Array(await response.arrayBuffer()),
    };
  } catch {
    return null;
  }
}

/** The kept bytes, once their digest is found to be the one stored with them. */
async function checked({ bytes, digest }) {
  if (hex(await crypto.subtle.digest('SHA-256', bytes)) !== digest) {
    throw new Error('its bytes are damaged (SHA-256 differs)');
  }
  return bytes;
}

/** Delete every kept snapshot (this build's, and any other build's). */
async function dropSnapshots() {
  if (canKeep()) await caches.delete(SNAPSHOT.cache).catch(() => false);
}

/** Delete this build's snapshot if it is still the one with this digest (another tab's worker
 * may have stored a good one meanwhile). */
async function dropSnapshot(digest) {
  try {
    const cache = await caches.open(SNAPSHOT.cache);
    const response = await cache.match(SNAPSHOT.url);
    if (response?.headers.get(SNAPSHOT.digestHeader) === digest) await cache.delete(SNAPSHOT.url);
  } catch { /* nothing kept, or no Cache Storage: nothing to delete */ }
}

/** Tell the page (html[data-boot]) and the timeline how this start went. */
function report(kind, started) {
  performance.measure(`barbu-python-${kind}`, { start: started, end: performance.now() });
  if (globalThis.document) document.documentElement.dataset.boot = kind;
}

let prefetched = null;

/** Start reading (and checking) this build's snapshot now, for the next restoreSnapshot(): the
 * page's boot loader calls it first thing, long before PyScript asks for Python. Resolves to
 * whether one is kept. */
export function prefetchSnapshot() {
  prefetched ??= readSnapshot().then((kept) => kept && { kept, bytes: checked(kept) });
  prefetched.then((found) => found?.bytes.catch(() => {}));
  return prefetched.then(Boolean);
}

/** Pyodide restored from this build's snapshot, or null when none is kept or it cannot be used
 * (then it is deleted). */
export async function restoreSnapshot(options = {}) {
  const started = performance.now();
  prefetchSnapshot();
  const found = await prefetched;
  prefetched = null;
  if (!found) return null;
  try {
    const pyodide = await loadVendored({ ...options, ...SETTINGS, _loadSnapshot: found.bytes });
    pyodide.runPython("__import__('random').seed()");
    report('snapshot', started);
    return pyodide;
  } catch (error) {
    console.warn(`Barbu: Python's snapshot set aside (${error.message}); starting normally`);
    await dropSnapshot(found.kept.digest);
    return null;
  }
}

/** Pyodide started normally; with `_makeSnapshot: true`, one that can then make a snapshot
 * (takeSnapshot). */
export async function startPlain(options = {}) {
  const started = performance.now();
  const pyodide = await loadVendored({ ...options, ...SETTINGS });
  report('plain', started);
  return pyodide;
}

/** Pyodide, restored from this build's snapshot if one is kept, else started normally. The
 * pages' own Python starts here (the game's through PyScript, the keeper's, the statistics'): on
 * the page's main thread, which <html data-python="main"> says (a worker has no document: the
 * computer players' worker and the rules pages' demos' start through restoreSnapshot and
 * startPlain, and the page that starts the demos' says <html data-python="worker">). */
async function startPython(options = {}) {
  if (globalThis.document) document.documentElement.dataset.python = 'main';
  return (await restoreSnapshot(options)) ?? startPlain(options);
}

let early = null;

/**
 * Start Python now, before PyScript asks for it: the page's boot loader calls this as it starts
 * PyScript, whose own start (its modules, its config file, its storage) then runs beside
 * Python's instead of before it (some 0.3 s of a first visit: docs/ARCHITECTURE.md, "The page's start").
 * A failure is reported when PyScript asks (loadPyodide).
 */
export function startEarly() {
  if (!early) {
    early = startPython();
    early.catch(() => {});   // not unhandled: loadPyodide() hands it on to PyScript
  }
}

/**
 * Python for PyScript, which calls this with its own options (stdout and stderr, and an indexURL
 * meant for a module that sits beside Pyodide's files, which this one does not): the one started
 * early, given PyScript's output handlers, or one started now.
 */
export async function loadPyodide(options = {}) {
  if (!early) return startPython(options);
  const pyodide = await early;
  early = null;
  if (options.stdout) pyodide.setStdout({ batched: options.stdout });
  if (options.stderr) pyodide.setStderr({ batched: options.stderr });
  return pyodide;
}

/** Write our modules into a started interpreter and put them on its import path. */
export async function addModules(pyodide) {
  const response = await fetch(new URL('../modules.zip', import.meta.url));
  if (!response.ok) throw new Error(`modules.zip: HTTP ${response.status}`);
  pyodide.FS.writeFile(MODULES_PATH, new Uint8Array(await response.arrayBuffer()));
  const path = JSON.stringify(MODULES_PATH);
  pyodide.runPython(`import sys\nif ${path} not in sys.path:\n    sys.path.insert(0, ${path})\ndel sys`);
}

/**
 * In an interpreter started with `_makeSnapshot: true` and given our modules (addModules), before
 * anything else touches it: import what the page and the worker use (web/runtime/snapshot.py) and take
 * the snapshot (its bytes; the interpreter runs on as before).
 */
export function takeSnapshot(pyodide) {
  pyodide.runPython("__import__('importlib').import_module('web.runtime.snapshot').prepare()");
  return pyodide.makeMemorySnapshot();
}

/** Keep a snapshot's bytes for this build, in place of any other. */
export async function storeSnapshot(bytes) {
  const digest = hex(await crypto.subtle.digest('SHA-256', bytes));
  await dropSnapshots();
  const cache = await caches.open(SNAPSHOT.cache);
  await cache.put(SNAPSHOT.url, new Response(bytes, {
    headers: { 'content-type': 'application/octet-stream', [SNAPSHOT.digestHeader]: digest },
  }));
}

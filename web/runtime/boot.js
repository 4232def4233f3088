/**
 * Boot loader of the Barbu page: the only script the page loads before PyScript.
 *
 * 1. Without WebAssembly, shows the static message (in the four languages) and stops.
 * 2. Picks the language (web/languages/language.js: ?lang=, else the reader's last choice, else the
 *    browser's languages, else English) and fetches its catalog: the loading screen needs it
 *    before Python runs, and Python reads the same one.
 * 3. Shows real progress: the runtime's bytes counted as the responses stream in (expected sizes
 *    come from the build, in <meta name="barbu:boot-files">), and the stages PyScript reports.
 * 4. Turns a failed file, a failed import or a startup error into a clear message.
 * 5. Writes back the Python bytecode kept by an earlier visit before Python imports anything
 *    (the computer players' worker compiles and stores it: web/runtime/codecache.py).
 * 6. Once Python has drawn the first screen and says the page has settled (settled()):
 *    registers the service worker, and offers a new version through a banner that the game may
 *    hold during a deal;
 *    tries a failed install again later; follows a new version that another tab accepted.
 * 0. On a first visit, shows at once a table the build drew (web/runtime/first-table.js) in
 *    place of the loading screen; Python takes it over (`first`, web/game/first.py).
 * 7. Starts the computer players' worker (web/runtime/bots-worker.js) and carries Python's questions
 *    to it (`bots`); starts reading this build's Python snapshot, if kept, before PyScript asks
 *    for Python (web/runtime/runtime.mjs).
 *
 * Python reaches all this as `js.barbuBoot` (see web/game/app.py and docs/ARCHITECTURE.md, "Updates").
 *
 * The modules, served beside this one: boot-page.js (the page's elements, the object Python
 * talks to, the messages, the failure screen), boot-progress.js (2, 3, 4), boot-python.js (5),
 * boot-updates.js (6), boot-bots.js (7); here the start, in order, and the object's methods.
 */

import { rememberLanguageChoices } from './language.js';
import { showFirstTable } from './first-table.js';
import { boot, byId, fail, loadCatalog, root } from './boot-page.js';
import {
  draw, readBootFiles, setStage, watchFetches, watchResources,
} from './boot-progress.js';
import {
  code, keptCode, readCode, readEntryScript, readModules, useCodeCache, useEntryScript, useModules,
} from './boot-python.js';
import { registerServiceWorker, updates } from './boot-updates.js';
import { bots } from './boot-bots.js';

// ---------------------------------------------------------------------------------------------
// The object Python talks to

Object.assign(boot, {
  updates,
  code,
  bots,
  codeKept: keptCode,
  stage: setStage,
  /** Store a finished session's statistics entry (web/stats/record.py); resolves false if the
   * browser refused (web/stats/statsdb.js, loaded only then). */
  recordStats(key, text) {
    return import('./statsdb.js').then((db) => db.put(key, text)).catch(() => false);
  },
  fail,
  /** The friends' table's transport (web/runtime/friends.js), loaded only when a page hosts or
   * joins one. */
  friends() {
    return import('./friends.js');
  },
  /** Hide the loading screen and show the table (called by Python once it is drawn). */
  showTable() {
    if (boot.failed) return;
    byId('loader').hidden = true;
    byId('table').hidden = false;
  },
  /** The first screen is usable: record the time (the work nobody waits for starts once the
   *  page has settled). */
  interactive() {
    if (boot.failed) return;
    boot.ready = true;
    setStage('done');
    performance.mark('barbu-interactive');
    setTimeout(() => boot.settled('timeout'), SETTLE_WAIT);
  },
  /** The page has nothing urgent to do (Python's computer players' loop has stopped: the
   *  player's turn, a summary, or a level only the worker plays): start the computer players'
   *  worker's Python if it waits for that, and the service worker. Once. */
  settled(why = 'page') {
    if (!boot.ready || hasSettled) return;
    hasSettled = true;
    performance.mark('barbu-settled', { detail: why });
    bots.allowPlainStart();
    registerServiceWorker().catch((error) => console.warn('service worker not registered', error));
  },
});

// The computer players' worker starting Python normally (compiling the WebAssembly again) and
// the service worker's install (the site's files read into its cache) compete with the page
// for a two-core phone's processor. Nobody waits for either just after the first screen: the
// page itself decides for the computer players meanwhile (web/game/bots.py). They start once
// Python says the page has settled (settled()), at the latest SETTLE_WAIT ms after the first
// screen (a tab that only follows the one playing runs no computer players' loop).
const SETTLE_WAIT = 10000;
let hasSettled = false;

function wireButtons() {
  rememberLanguageChoices();
  byId('boot-error-reload').addEventListener('click', () => location.reload());
  byId('update-reload').addEventListener('click', () => updates.apply());
  byId('update-later').addEventListener('click', () => updates.dismiss());
}

function main() {
  window.barbuBoot = boot;
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    byId('unsupported').hidden = false;
    return;
  }
  boot.first = showFirstTable(boot.lang);
  if (boot.first.shown) byId('loader').hidden = true;
  root.classList.add('booting');
  readBootFiles();
  watchFetches();
  watchResources();
  wireButtons();
  // From the start: a new version activated while this page boots must not serve it a mix.
  navigator.serviceWorker?.addEventListener('controllerchange', () => updates.controllerChanged());
  boot.catalog = loadCatalog(draw);
  // This build's Python snapshot, if kept, read from the cache while PyScript loads.
  import('./runtime.mjs').then((runtime) => runtime.prefetchSnapshot()).catch(() => {});
  bots.start();
  draw();
  const storedCode = readCode();
  const startPyScript = () => {
    preloadRuntime();
    const modules = readModules();
    const entry = readEntryScript();
    import('./runtime.mjs').then((runtime) => runtime.startEarly()).catch(() => {});
    import('../vendor/pyscript/core.js')
      .then(({ hooks }) => {
        useCodeCache(hooks, storedCode);
        useModules(hooks, modules);
        useEntryScript(hooks, entry);
      })
      .catch((error) => fail('other', error.message));
  };
  // The build's table is painted first: PyScript's start and Pyodide's hold the main thread
  // for a second or more (measured: the first paint came 1 s after the document was read), and
  // the runtime's downloads would share the line with the table's files. In a tab not shown
  // there is no frame: they start after FIRST_PAINT_WAIT ms.
  if (boot.first.shown) afterPaint(startPyScript);
  else startPyScript();
}

/** The runtime's big files, as Pyodide will ask for them (index.html says why they are not
 *  preloaded there). Our modules' zip is not among them: Python asks for it only once it is up,
 *  which on a slow or loaded start came more than the few seconds after the page's load that
 *  Chromium allows a preload (a console warning); the boot loader reads it itself instead, at
 *  the same moment (readModules), and hands it to Python (useModules). */
const RUNTIME_PRELOADS = [
  { rel: 'modulepreload', href: './vendor/pyodide/pyodide.asm.mjs' },
  { rel: 'preload', href: './vendor/pyodide/pyodide.asm.wasm', as: 'fetch', type: 'application/wasm' },
  { rel: 'preload', href: './vendor/pyodide/python_stdlib.zip', as: 'fetch' },
];

function preloadRuntime() {
  for (const { rel, href, as, type } of RUNTIME_PRELOADS) {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) {
      link.as = as;
      link.crossOrigin = 'anonymous';
    }
    if (type) link.type = type;
    document.head.append(link);
  }
}

const FIRST_PAINT_WAIT = 200;

/** Run `start` once, right after the next frame is painted (or after FIRST_PAINT_WAIT ms),
 *  ahead of the tasks already waiting (the other modules' evaluation, the catalog): at the
 *  "user-blocking" priority of the Prioritized Task Scheduling API where there is one. */
function afterPaint(start) {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  const soon = globalThis.scheduler?.postTask
    ? () => scheduler.postTask(once, { priority: 'user-blocking' })
    : () => setTimeout(once, 0);
  requestAnimationFrame(soon);
  setTimeout(once, FIRST_PAINT_WAIT);
}

main();

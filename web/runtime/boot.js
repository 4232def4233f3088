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
 */

import { chooseLanguage, rememberLanguageChoices } from './language.js';
import { showFirstTable } from './first-table.js';

const root = document.documentElement;
const byId = (id) => document.getElementById(id);
const STAGES = ['download', 'start', 'engine', 'deal'];
const SITE = new URL('./', document.baseURI).href;
const nativeFetch = window.fetch.bind(window);

/** The address of a file of this site, relative to the site's root ("vendor/pyodide/x"). */
const sitePath = (url) => {
  const absolute = new URL(String(url), document.baseURI).href.split(/[?#]/)[0];
  return absolute.startsWith(SITE) ? absolute.slice(SITE.length) || 'index.html' : absolute;
};
const isOwnFile = (url) => new URL(String(url), document.baseURI).href.startsWith(SITE);
// Files the game can start without: their failure is not worth stopping the boot for.
const isOptional = (path) => /^web\/(icons\/|manifest\.webmanifest$)/.test(path);

// ---------------------------------------------------------------------------------------------
// Messages

let messages = null;

function t(key, fields = {}) {
  const template = messages?.[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ''));
}

function applyMessages(scope = document) {
  for (const node of scope.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of scope.querySelectorAll('[data-i18n-label]')) {
    node.setAttribute('aria-label', t(node.dataset.i18nLabel));
  }
  document.title = t('app.title');
  document.querySelector('meta[name="description"]')?.setAttribute('content', t('app.description'));
}

// ---------------------------------------------------------------------------------------------
// Progress: stages and runtime bytes

const bootFiles = new Map();   // site path -> expected size in bytes (runtime files only)
const received = new Map();    // site path -> bytes seen so far
let stageIndex = 0;
let drawPending = false;

function readBootFiles() {
  const meta = document.querySelector('meta[name="barbu:boot-files"]');
  try {
    for (const [path, size] of Object.entries(JSON.parse(meta?.content || '{}'))) {
      bootFiles.set(path, size);
    }
  } catch { /* a page built without sizes shows stages only */ }
}

function setStage(name) {
  const index = name === 'done' ? STAGES.length : STAGES.indexOf(name);
  if (index <= stageIndex && name !== 'done') return;   // stages only move forward
  stageIndex = Math.max(stageIndex, index);
  draw();
}

function setReceived(path, bytes) {
  if (!bootFiles.has(path)) return;
  const capped = Math.min(bytes, bootFiles.get(path));
  if (capped <= (received.get(path) || 0)) return;
  received.set(path, capped);
  if (downloaded() >= total() && stageIndex === 0) setStage('start');
  draw();
}

/** Megabytes with one decimal, written as the page's language writes them. Not with
 *  Intl.NumberFormat: its first use loads locale data, 30 to 60 ms of the main thread (measured)
 *  just when PyScript is starting. */
const megabytes = (bytes) => (bytes / 1e6).toFixed(1).replace('.', messages?.['boot.decimal'] ?? '.');

const total = () => [...bootFiles.values()].reduce((a, b) => a + b, 0);
const downloaded = () => [...received.values()].reduce((a, b) => a + b, 0);

function draw() {
  if (drawPending) return;
  drawPending = true;
  requestAnimationFrame(() => {
    drawPending = false;
    for (const item of document.querySelectorAll('#boot-stages [data-stage]')) {
      const index = STAGES.indexOf(item.dataset.stage);
      item.dataset.state = index < stageIndex ? 'done' : index === stageIndex ? 'active' : 'todo';
      if (index === stageIndex) item.setAttribute('aria-current', 'step');
      else item.removeAttribute('aria-current');
    }
    const bar = byId('boot-progress');
    const all = total();
    if (!all) return;
    const got = downloaded();
    bar.max = all;
    bar.value = got;
    byId('boot-bytes').textContent = t('boot.bytes', { done: megabytes(got), total: megabytes(all) });
  });
}

/** Count the bytes of a runtime file as they arrive, on a clone, leaving the response intact. */
async function countBody(path, response) {
  const reader = response.body.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    setReceived(path, bytes);
  }
}

// Under our service worker every file comes from the local cache, in a blink: there is no
// download to follow, and reading a copy of each response would only slow the start (about
// 0.1 s measured). Nor when the build's table shows: the progress bar is hidden under it.
// Resource timing still marks each file done.
const underServiceWorker = Boolean(navigator.serviceWorker?.controller);
const countsBytes = () => !underServiceWorker && !boot.first?.shown;

function watchFetches() {
  window.fetch = async function fetchWatched(input, init) {
    const url = input instanceof Request ? input.url : input;
    let response;
    try {
      response = await nativeFetch(input, init);
    } catch (error) {
      if (isOwnFile(url)) fail('file', sitePath(url));
      throw error;
    }
    const path = sitePath(url);
    if (!response.ok && isOwnFile(url)) fail('file', path);
    else if (countsBytes() && bootFiles.has(path) && response.body) {
      countBody(path, response.clone()).catch(() => {});
    }
    return response;
  };
}

function watchResources() {
  // Module imports (pyodide.asm.mjs, PyScript chunks) are not fetch() calls: resource timing
  // tells when each finished and whether it failed.
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const path = sitePath(entry.name);
      if (entry.responseStatus >= 400 && isOwnFile(entry.name) && !isOptional(path)) fail('file', path);
      else if (entry.responseEnd > 0) setReceived(path, bootFiles.get(path) || 0);
    }
  }).observe({ type: 'resource', buffered: true });

  // <link> and <script> elements that fail to load (the event does not bubble: capture it).
  addEventListener('error', (event) => {
    const target = event.target;
    if (target instanceof HTMLElement) {
      const url = target.src || target.href;
      if (url && !isOptional(sitePath(url))) fail('file', sitePath(url));
    } else if (event.message) {
      fail('other', event.message);
    }
  }, true);
  addEventListener('unhandledrejection', (event) => {
    fail('other', event.reason?.message || String(event.reason));
  });
  addEventListener('py:progress', ({ detail }) => {
    // Python is up, so the runtime has arrived (our count of a file may still be catching up
    // with the main thread): next, our modules' zip and the engine's import.
    if (detail === 'Loaded interpreter' || detail === 'Loading files') {
      for (const [path, size] of bootFiles) setReceived(path, size);
      setStage('engine');
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Failure

let catalogSettled = Promise.resolve();

function fail(kind, detail) {
  if (boot.failed || boot.ready) return;      // after the first screen, errors are the game's
  boot.failed = true;
  console.error(`Barbu could not start (${kind}): ${detail}`);
  catalogSettled.then(() => {
    root.classList.add('boot-failed');
    byId('loader').hidden = true;
    // The build's table stays (the player sees the deal), but nothing on it works any more.
    if (root.dataset.table === 'static') byId('table').inert = true;
    else byId('table').hidden = true;
    if (!messages) {
      byId('boot-fallback').hidden = false;
      return;
    }
    const panel = byId('boot-error');
    applyMessages(panel);
    const key = { file: 'boot.error.file', python: 'boot.error.python' }[kind] || 'boot.error.other';
    byId('boot-error-message').textContent = t(key, { file: detail, detail });
    panel.dataset.kind = kind;
    panel.dataset.detail = detail;
    panel.hidden = false;
    byId('boot-error-reload').focus();
  });
}

// ---------------------------------------------------------------------------------------------
// Updates: service worker registered after the first screen, new versions offered in a banner

// Whether a version of the site's worker served this page. Only then can another version take
// the page over; the first install does not (the worker does not claim open pages).
const servedByWorker = Boolean(navigator.serviceWorker?.controller);

const updates = {
  held: false,
  waiting: null,
  /** This tab asked for the new version ("Reload now"): it reloads once that is active. */
  applying: false,
  /** Another tab switched the site to a new version: this one reloads at its next safe point. */
  following: false,
  /** A failed install is tried again after `first` ms, then after twice as long as the time
   *  before, up to `max` ms between tries. */
  retryDelay: { first: 30_000, max: 30 * 60_000 },
  /** Installs failed since the last one that succeeded. */
  failures: 0,
  /** When the next try is due (a Date.now() time), or null. */
  retryAt: null,
  retryTimer: 0,
  /** Whether a new version is installed and waiting for a reload. */
  get available() { return this.waiting !== null; },
  /** Keep the banner hidden and this tab where it is (e.g. during a deal) until release(). */
  hold() { this.held = true; this.show(); },
  /** Allow the banner again; it appears at once if a new version is waiting. If another tab
   *  switched to a new version meanwhile, this tab reloads into it now. */
  release() {
    this.held = false;
    if (!this.follow()) this.show();
  },
  /** A new version is ready: offer it now, or on release(). */
  offer(worker) {
    this.waiting = worker;
    this.show();
    dispatchEvent(new CustomEvent('barbu:update-available'));
  },
  /** Switch to the waiting version and reload the page into it. */
  apply() {
    const worker = this.waiting;
    if (!worker) return;
    this.applying = true;
    if (worker.state === 'activated') {   // another tab of the game accepted it already
      location.reload();
      return;
    }
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') location.reload();
    });
    worker.postMessage({ type: 'skip-waiting' });
  },
  /** Hide the banner until the next page load. */
  dismiss() { this.waiting = null; this.show(); },
  show() {
    const visible = !this.held && this.waiting !== null;
    const banner = byId('update-banner');
    banner.hidden = !visible;
    root.classList.toggle('update-offered', visible);
    if (visible) root.style.setProperty('--banner-space', `${banner.offsetHeight + 16}px`);
  },
  /** Another tab made a new version active (controllerchange): this page's files are now
   *  served from the new version's cache, the old one is gone. Reload into it at once, or on
   *  release() if the game holds updates: the game has saved its state by then. */
  controllerChanged() {
    if (!servedByWorker || this.applying) return;
    this.following = true;
    this.follow();
  },
  /** Reload if following a new version and nothing holds this tab; whether it does. */
  follow() {
    if (!this.following || this.held) return false;
    location.reload();
    return true;
  },
  /** An install is done: the next failure starts the delays from the first again. */
  installed() {
    this.failures = 0;
    clearTimeout(this.retryTimer);
    this.retryAt = null;
  },
  /** An install failed (or the check for one did): try again later, longer after each failure.
   *  The browser itself would only try again at the next visit. */
  installFailed() {
    this.failures += 1;
    const { first, max } = this.retryDelay;
    const delay = Math.min(max, first * 2 ** (this.failures - 1));
    clearTimeout(this.retryTimer);
    this.retryAt = Date.now() + delay;
    this.retryTimer = setTimeout(() => this.retry(), delay);
  },
  /** Look for a new version now (the retry timer calls this). */
  retry() {
    clearTimeout(this.retryTimer);
    this.retryAt = null;
    return checkForUpdate().catch((error) => {
      console.warn('update check failed:', error.message);
      this.installFailed();
    });
  },
};

/** Follow a registration's new workers: offer each installed new version, count failures. */
function watchRegistration(registration) {
  const tracked = new WeakSet();   // the first install is both `installing` and `updatefound`
  const track = (worker) => {
    if (!worker || tracked.has(worker)) return;
    tracked.add(worker);
    let settled = worker.state !== 'installing' && worker.state !== 'parsed';
    const check = () => {
      if (worker.state === 'redundant' && !settled) {
        settled = true;   // count it once
        updates.installFailed();
        return;
      }
      if (worker.state !== 'installed') return;
      settled = true;
      updates.installed();
      // A version is new only if an older one is active; the very first install is not an update.
      if (registration.active && registration.active !== worker) updates.offer(worker);
    };
    worker.addEventListener('statechange', check);
    check();
  };
  track(registration.waiting);
  track(registration.installing);
  registration.addEventListener('updatefound', () => track(registration.installing));
}

/** Register the site's worker (or find it registered) and follow its new versions. */
async function register() {
  const registration = await navigator.serviceWorker.register('./sw.js', { updateViaCache: 'none' });
  if (registration !== boot.registration) {
    // A first install that fails takes its registration with it: a retry makes a new one.
    boot.registration = registration;
    watchRegistration(registration);
  }
  return registration;
}

/** Ask the server for the site's worker again: a new version installs if sw.js changed. */
async function checkForUpdate() {
  const registration = await register();
  // register() does not look again at a worker it knows; update() does.
  if (registration.active) await registration.update();
}

async function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') boot.registration?.update().catch(() => {});
  });
  await register();
}

// ---------------------------------------------------------------------------------------------
// Python bytecode kept between visits (the Python side is web/runtime/codecache.py)

// Our modules come compiled, but PyScript's own package is written as source at every start and
// compiled there: about 0.04 s of the main thread. Once the computer players' worker is up, it
// compiles that package into hash-checked .pyc files and stores the pack in Cache Storage; the
// next start writes them back here before any import. Python uses such a file only if its
// source has the hash it carries, so a stale or damaged cache costs time, never runs other code.
const CODE_CACHE = 'python-bytecode';
const PYC_PATH = /^(?:[\w-]+\/)+__pycache__\/[\w.-]+\.pyc$/;

const code = {
  /** The Cache Storage cache, and the address in it, where the worker stores the pack
   *  (Cache Storage wants an absolute http(s) URL; the worker's own is a blob: URL). */
  cache: CODE_CACHE,
  url: new URL('./python-bytecode.bin', document.baseURI).href,
  /** Files written back at this start. */
  restored: 0,
  /** Modules this start compiled from source (0: all came from the cache), once kept. */
  compiled: undefined,
  /** Whether this start stored a new pack, once kept. */
  stored: undefined,
  /** Settles once this start's bytecode is kept for the next (or found kept already). */
  kept: null,
};
let resolveKept;
code.kept = new Promise((resolve) => { resolveKept = resolve; });

function readCode() {
  if (!('caches' in window)) return Promise.resolve(null);
  return caches.open(CODE_CACHE)
    .then((cache) => cache.match(code.url))
    .then((response) => (response ? response.arrayBuffer() : null))
    .catch(() => null);
}

/** Write a pack (see web/runtime/codecache.py) into the interpreter's file system; its file count. */
function restoreCode(fs, buffer) {
  const bytes = new Uint8Array(buffer);
  const length = new DataView(buffer).getUint32(0, true);
  const files = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  let offset = 4 + length;
  const end = files.reduce((sum, [, size]) => sum + size, offset);
  if (end !== bytes.length || !files.every(([path]) => PYC_PATH.test(path))) {
    throw new Error('not a bytecode pack');
  }
  for (const [path, size] of files) {
    fs.mkdirTree(path.slice(0, path.lastIndexOf('/')));
    fs.writeFile(path, bytes.subarray(offset, offset + size));
    offset += size;
  }
  return files.length;
}

function useCodeCache(hooks, stored) {
  hooks.main.onReady.add(async ({ interpreter }) => {
    const buffer = await stored;
    if (!buffer) return;
    try {
      code.restored = restoreCode(interpreter.FS, buffer);
    } catch (error) {
      console.warn('kept Python bytecode ignored:', error.message);
      caches.open(CODE_CACHE).then((cache) => cache.delete(code.url)).catch(() => {});
    }
  });
}

// The page's Python script (web/main.py), read with the runtime's downloads

// PyScript fetches a <script type="py" src> only once Python is up: one more round trip (40 to
// 90 ms measured on a 20 Mbit/s, 40 ms line) just before the game's first screen. The boot loader
// reads it with the runtime's files instead, and an onReady hook (run before PyScript looks at
// the script) hands PyScript the text in place of the address. A failed read is reported like
// any file's (the watched fetch); the address is then left for PyScript.

function readEntryScript() {
  const script = document.querySelector('script[type="py"][src]');
  if (!script) return Promise.resolve(null);
  return fetch(script.src)
    .then((response) => (response.ok ? response.text() : null))
    .catch(() => null);
}

function useEntryScript(hooks, entry) {
  hooks.main.onReady.add(async (wrap, element) => {
    const text = await entry;
    if (text === null || !element?.matches?.('script[type="py"][src]')) return;
    element.removeAttribute('src');
    element.textContent = text;
  });
}

/** Python's report, once the worker has kept this start's bytecode (or found it kept). */
function keptCode(compiled, stored) {
  code.compiled = compiled;
  code.stored = stored;
  resolveKept();
}

// ---------------------------------------------------------------------------------------------
// The computer players' worker (web/runtime/bots-worker.js), started with the page

/** Python reaches the worker through this (web/game/bots.py): `ready` settles once it answers (with
 *  its first message: how its Python started), `ask()` sends one call and resolves to the
 *  answer's JSON text. <html data-bots="ready"> (or "failed") says when they can play: the
 *  worker answers, or the page decides for them meanwhile (`pageDecides()`, web/game/bots.py).
 *  `snapshot` settles once a Python snapshot taken by the worker at this start is stored:
 *  {bytes, ms}, {error}, or null when it took none (see web/runtime/bots-worker.js).
 *
 *  It starts with the page; it restores this build's Python snapshot at once if one is kept,
 *  else it waits for the page to settle after its first screen (`allowPlainStart()`, from
 *  settled()) before starting Python normally, which would slow the page's own start by a third
 *  on a two-core machine, and its first decisions for the computer players too. */
const bots = {
  worker: null,
  ready: null,
  snapshot: null,
  /** The worker's first message: {ready, boot, ms}, once up. */
  started: null,
  calls: new Map(),
  nextId: 0,
  start() {
    const settle = {};
    this.ready = new Promise((yes, no) => { settle.ready = yes; settle.failed = no; });
    this.ready.catch(() => {});
    this.snapshot = new Promise((done) => { settle.stored = done; });
    const failed = (message) => {
      root.dataset.bots = 'failed';
      settle.failed(new Error(message));
      settle.stored({ error: message });
      for (const { no } of this.calls.values()) no(new Error(message));
      this.calls.clear();
    };
    try {
      this.worker = new Worker(new URL('./bots-worker.js', import.meta.url), { type: 'module' });
    } catch (error) {
      failed(error.message);
      return;
    }
    this.worker.addEventListener('error', (event) => failed(event.message || 'the worker failed to load'));
    this.worker.addEventListener('message', ({ data }) => {
      if (data.ready) {
        this.started = data;
        performance.mark('barbu-bots-ready');
        root.dataset.bots = 'ready';
        settle.ready(data);
      } else if ('snapshot' in data) {
        settle.stored(data.snapshot);
      } else if (data.failed) {
        failed(data.failed);
      } else if ('progress' in data) {
        this.calls.get(data.id)?.progress?.(data.progress);
      } else if (this.calls.has(data.id)) {
        const { yes, no } = this.calls.get(data.id);
        this.calls.delete(data.id);
        if ('error' in data) no(new Error(data.error));
        else yes(data.answer);
      }
    });
  },
  /** The worker may start Python normally if it found no snapshot (the page has settled). */
  allowPlainStart() {
    this.worker?.postMessage({ start: true });
  },
  /** The page decides for the computer players until the worker answers. */
  pageDecides() {
    if (!root.dataset.bots) root.dataset.bots = 'ready';
  },
  /** Call a function of web/runtime/worker.py with the arguments given as a JSON array. */
  ask(call, argumentsJson) {
    return this.askLong(call, argumentsJson, null).answer;
  },
  /** A long call (the expert's review): `progress(share)` hears how far it is; {id, answer},
   *  where `cancel(id)` stops it (its answer then fails). */
  askLong(call, argumentsJson, progress) {
    const id = (this.nextId += 1);
    const answer = new Promise((yes, no) => {
      this.calls.set(id, { yes, no, progress });
      this.worker.postMessage({ id, call, args: JSON.parse(argumentsJson) });
    });
    return { id, answer };
  },
  /** Stop a long call (between two of its steps). */
  cancel(id) {
    this.worker?.postMessage({ cancel: id });
  },
};

// ---------------------------------------------------------------------------------------------
// The object Python talks to

const boot = {
  lang: chooseLanguage(),
  ready: false,
  failed: false,
  registration: null,
  /** Promise of {lang, text}: the catalog's JSON text, for Python. */
  catalog: null,
  /** The build's table shown before Python, and the player's choice on it (first-table.js). */
  first: null,
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
};

// The computer players' worker starting Python normally (compiling the WebAssembly again) and
// the service worker's install (the site's files read into its cache) compete with the page
// for a two-core phone's processor. Nobody waits for either just after the first screen: the
// page itself decides for the computer players meanwhile (web/game/bots.py). They start once
// Python says the page has settled (settled()), at the latest SETTLE_WAIT ms after the first
// screen (a tab that only follows the one playing runs no computer players' loop).
const SETTLE_WAIT = 10000;
let hasSettled = false;

function loadCatalog() {
  const path = `./web/i18n/${boot.lang}.json`;
  const loaded = nativeFetch(path).then((response) => {
    if (!response.ok) throw new Error(`[${response.status}]`);
    return response.text();
  }).then((text) => {
    messages = JSON.parse(text);
    root.lang = boot.lang;
    applyMessages();
    draw();
    return { lang: boot.lang, text };
  });
  catalogSettled = loaded.then(() => {}, () => {});
  loaded.catch(() => fail('file', sitePath(path)));
  return loaded;
}

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
  boot.catalog = loadCatalog();
  // This build's Python snapshot, if kept, read from the cache while PyScript loads.
  import('./runtime.mjs').then((runtime) => runtime.prefetchSnapshot()).catch(() => {});
  bots.start();
  draw();
  const storedCode = readCode();
  const startPyScript = () => {
    preloadRuntime();
    const entry = readEntryScript();
    import('./runtime.mjs').then((runtime) => runtime.startEarly()).catch(() => {});
    import('../vendor/pyscript/core.js')
      .then(({ hooks }) => {
        useCodeCache(hooks, storedCode);
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

/** The runtime's big files, as Pyodide and PyScript will ask for them (index.html says why
 *  they are not preloaded there). */
const RUNTIME_PRELOADS = [
  { rel: 'modulepreload', href: './vendor/pyodide/pyodide.asm.mjs' },
  { rel: 'preload', href: './vendor/pyodide/pyodide.asm.wasm', as: 'fetch', type: 'application/wasm' },
  { rel: 'preload', href: './vendor/pyodide/python_stdlib.zip', as: 'fetch' },
  { rel: 'preload', href: './modules.zip', as: 'fetch' },
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

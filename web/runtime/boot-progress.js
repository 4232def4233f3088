/**
 * The loading screen's progress (web/runtime/boot.js): the stages PyScript reports, and the
 * runtime's bytes counted as the responses stream in (expected sizes come from the build, in
 * <meta name="barbu:boot-files">); a failed file or import turns into the failure screen.
 */

import {
  fail, isOptional, isOwnFile, messages, nativeFetch, sitePath, t,
} from './boot-page.js';

const STAGES = ['download', 'start', 'engine', 'deal'];

const bootFiles = new Map();   // site path -> expected size in bytes (runtime files only)
const received = new Map();    // site path -> bytes seen so far
let stageIndex = 0;
let drawPending = false;

export function readBootFiles() {
  const meta = document.querySelector('meta[name="barbu:boot-files"]');
  try {
    for (const [path, size] of Object.entries(JSON.parse(meta?.content || '{}'))) {
      bootFiles.set(path, size);
    }
  } catch { /* a page built without sizes shows stages only */ }
}

export function setStage(name) {
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

export function draw() {
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
    const all = total();
    if (!all) return;
    const got = downloaded();
    // The loading screen's bar, and the one under a choice made on the build's table
    // (first-table.js) while Python starts.
    for (const bar of document.querySelectorAll('#boot-progress, #first-progress')) {
      bar.max = all;
      bar.value = got;
    }
    if (!messages?.['boot.bytes']) return;   // the catalog not read yet: the bars only
    const bytes = t('boot.bytes', { done: megabytes(got), total: megabytes(all) });
    for (const line of document.querySelectorAll('#boot-bytes, #first-bytes')) line.textContent = bytes;
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
// 0.1 s measured). Resource timing still marks each file done. The build's table counts them
// too: a contract chosen there shows the download's progress (first-table.js).
const underServiceWorker = Boolean(navigator.serviceWorker?.controller);
const countsBytes = () => !underServiceWorker;

export function watchFetches() {
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

export function watchResources() {
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

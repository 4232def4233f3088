/**
 * The live demos of a rules page ("islands"). Each <div data-demo="NAME"> holds the demo as the
 * build drew it (tools/site/rules_page.py), so the page reads at once; it comes alive when the reader
 * first touches it or scrolls to it. The engine (the vendored Pyodide, our modules.zip) starts
 * once per page, lazily, from the same files and the same service-worker cache as the game (and
 * from the game's Python snapshot when this browser keeps one, web/runtime/runtime.mjs);
 * Python then draws the demo again (web/demos) and answers each click on a [data-act] control.
 *
 * Hooks for tests: each island's data-state: "static", "starting", "live" or "failed".
 */

import { addModules, loadPyodide } from './runtime.mjs';

const lang = document.documentElement.lang;
let engine = null;

async function fetchOk(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${new URL(url, location.href).pathname}: HTTP ${response.status}`);
  return response[as]();
}

/** The demos module of a Python started once for the page, and the page's catalog text. */
function startEngine() {
  engine ??= (async () => {
    const [pyodide, catalog] = await Promise.all([
      loadPyodide(),
      fetchOk(new URL(`./i18n/${lang}.json`, import.meta.url), 'text'),
    ]);
    await addModules(pyodide);
    return { demos: pyodide.pyimport('web.demos'), catalog };
  })();
  return engine;
}

const live = new Map(); // island -> Promise of its Python Island

/** Bring one island to life (once); the promise of its Python side. */
function wake(island) {
  if (!live.has(island)) {
    island.dataset.state = 'starting';
    const status = island.querySelector('.demo-status');
    if (status) status.textContent = island.dataset.starting || '';
    live.set(island, startEngine().then(({ demos, catalog }) => {
      const body = island.querySelector('.demo-body-box');
      const demo = demos.mount(body, island.dataset.demo, lang, catalog, island.dataset.names, island.id);
      island.dataset.state = 'live';
      if (status) status.textContent = '';
      return demo;
    }).catch((error) => {
      island.dataset.state = 'failed';
      if (status) status.textContent = (island.dataset.failed || '{detail}').replace('{detail}', String(error.message || error));
      throw error;
    }));
  }
  return live.get(island);
}

for (const island of document.querySelectorAll('[data-demo]')) {
  island.dataset.state = 'static';
  island.addEventListener('click', (event) => {
    const control = event.target.closest('[data-act]');
    if (!control || !island.contains(control)) return;
    const act = control.dataset.act;
    wake(island).then((demo) => demo.act(act)).catch(() => {});
  });
  island.addEventListener('focusin', () => wake(island).catch(() => {}), { once: true });
}

// Scrolled to: start before the first click, so that it answers at once.
const watcher = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    watcher.unobserve(entry.target);
    wake(entry.target).catch(() => {});
  }
}, { rootMargin: '200px' });
for (const island of document.querySelectorAll('[data-demo]')) watcher.observe(island);

/**
 * The live demos of a rules page ("islands"). Each <div data-demo="NAME"> holds the demo as the
 * build drew it (tools/site/rules_page.py), so the page reads at once; it comes alive when the reader
 * first touches it or scrolls to it. The engine (the vendored Pyodide, our modules.zip) starts
 * once per page, lazily, in a worker of its own (web/runtime/demos-worker.js: from the same files
 * and the same service-worker cache as the game, and from the game's Python snapshot when this
 * browser keeps one), so that the page's main thread never runs Python: <html data-python="worker">.
 * Python then draws the demo again (web/demos) and answers each click on a [data-act] control
 * with the demo drawn whole, as plain data this page builds in place of the island's body
 * (web/runtime/plain.js); the focus stays on the control clicked, or goes to the nearest one.
 *
 * Hooks for tests: each island's data-state: "static", "starting", "live" or "failed";
 * <html data-boot> once the worker's Python has started ("snapshot" or "plain").
 */

import { Caller } from './calls.js';
import { build } from './plain.js';

const root = document.documentElement;
const lang = root.lang;
let engine = null;

async function fetchOk(url, as) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${new URL(url, location.href).pathname}: HTTP ${response.status}`);
  return response[as]();
}

/** The demos' worker, started once for the page, given the page's catalog: ask(call, args)
 *  resolves to its answer. If it fails, at its start or later, every call fails with the
 *  reason. */
async function startWorker() {
  root.dataset.python = 'worker';
  const worker = new Worker(new URL('./demos-worker.js', import.meta.url), { type: 'module' });
  const calls = new Caller(worker);
  const started = new Promise((yes, no) => {
    const failed = (error) => {
      calls.fail(error);
      no(error);
    };
    worker.addEventListener('message', ({ data }) => {
      if (calls.hear(data)) return;
      if ('boot' in data) {
        root.dataset.boot = data.boot;
        yes();
      } else if ('failed' in data) {
        failed(new Error(data.failed));
      }
    });
    worker.addEventListener('error', (event) => failed(new Error(event.message || 'the demos\' worker failed')));
  });
  const ask = (call, args) => calls.ask(call, args).answer;
  const catalog = fetchOk(new URL(`./i18n/${lang}.json`, import.meta.url), 'text');
  catalog.catch(() => {});  // its failure is said once the worker has started
  await started;
  await ask('catalog', [lang, await catalog]);
  return ask;
}

/** The demos' worker, started once for the page. */
function startEngine() {
  engine ??= startWorker();
  return engine;
}

/** The island's body drawn again from the worker's answer. */
function draw(island, answer) {
  island.querySelector('.demo-body-box').replaceChildren(build(JSON.parse(answer)));
}

const live = new Map(); // island -> Promise of its act(control) function

/** Bring one island to life (once); the promise of its act(control) function. */
function wake(island) {
  if (!live.has(island)) {
    const status = island.querySelector('.demo-status');
    const say = (state, text) => {
      island.dataset.state = state;
      if (status) status.textContent = text;
    };
    const alive = () => say('live', '');
    const failed = (error) => say('failed', (island.dataset.failed || '{detail}').replace('{detail}', String(error.message || error)));
    say('starting', island.dataset.starting || '');
    live.set(island, startEngine().then(async (ask) => {
      const { demo, names } = island.dataset;
      draw(island, await ask('mount', [island.id, demo, lang, names]));
      alive();
      let turn = Promise.resolve();
      return (control) => {
        turn = turn.catch(() => {}).then(async () => {  // one after the other, each drawn
          draw(island, await ask('act', [island.id, control]));
          alive();
          focusAfter(island, control);
        }).catch((error) => {
          failed(error);  // the worker died, or the demo refused the click: said, not hidden
          throw error;
        });
        return turn;
      };
    }).catch((error) => {
      failed(error);
      throw error;
    }));
  }
  return live.get(island);
}

/** After a click, the focus on the control clicked if it is still there; a card played is
 *  gone: the next card that may be played, else the demo's first control (a keyboard user goes
 *  on from where he was). */
function focusAfter(island, control) {
  const body = island.querySelector('.demo-body-box');
  const next = body.querySelector(`[data-act="${CSS.escape(control)}"]`)
    ?? body.querySelector('.playable')
    ?? body.querySelector('[data-act]');
  next?.focus();
}

for (const island of document.querySelectorAll('[data-demo]')) {
  island.dataset.state = 'static';
  island.addEventListener('click', (event) => {
    const control = event.target.closest('[data-act]');
    if (!control || !island.contains(control)) return;
    const act = control.dataset.act;
    wake(island).then((actOn) => actOn(act)).catch(() => {});
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

/**
 * The computer players' worker (web/runtime/bots-worker.js), started with the page by the boot
 * loader (web/runtime/boot.js).
 */

import { root } from './boot-page.js';
import { Caller } from './calls.js';

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
export const bots = {
  worker: null,
  ready: null,
  snapshot: null,
  /** The worker's first message: {ready, boot, ms}, once up. */
  started: null,
  /** The calls in flight (web/runtime/calls.js). */
  calls: null,
  start() {
    const settle = {};
    this.ready = new Promise((yes, no) => { settle.ready = yes; settle.failed = no; });
    this.ready.catch(() => {});
    this.snapshot = new Promise((done) => { settle.stored = done; });
    const failed = (message) => {
      root.dataset.bots = 'failed';
      settle.failed(new Error(message));
      settle.stored({ error: message });
      this.calls?.fail(new Error(message));
    };
    try {
      this.worker = new Worker(new URL('./bots-worker.js', import.meta.url), { type: 'module' });
    } catch (error) {
      this.calls = new Caller(null);
      failed(error.message);
      return;
    }
    this.calls = new Caller(this.worker);
    this.worker.addEventListener('error', (event) => failed(event.message || 'the worker failed to load'));
    this.worker.addEventListener('message', ({ data }) => {
      if (this.calls.hear(data)) return;
      if (data.ready) {
        this.started = data;
        performance.mark('barbu-bots-ready');
        root.dataset.bots = 'ready';
        settle.ready(data);
      } else if ('snapshot' in data) {
        settle.stored(data.snapshot);
      } else if (data.failed) {
        failed(data.failed);
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
    return this.calls.ask(call, JSON.parse(argumentsJson), progress);
  },
  /** Stop a long call (between two of its steps). */
  cancel(id) {
    this.calls?.cancel(id);
  },
};

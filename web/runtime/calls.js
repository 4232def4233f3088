/**
 * Calls between a page and one of its Python workers (web/runtime/bots-worker.js,
 * web/runtime/demos-worker.js), one protocol for both. The page numbers each call and sends
 * {id, call, args}; the worker answers {id, answer} (text) or {id, error}. A long call may send
 * {id, progress} as it goes; the page may send {cancel: id}, which the call hears between two
 * of its steps.
 */

/** The worker's side: answer the page's calls with `handlers` (name -> (service, args, call)
 *  => answer, where call is {id, cancelled()}), each once `service` (a promise) has settled.
 *  `other(data)` hears first every message, and returns true for those it took. */
export function answerCalls(service, handlers, other = () => false) {
  const cancelled = new Set(); // the ids of the long calls the page cancelled
  addEventListener('message', async ({ data }) => {
    if (other(data)) return;
    if (data.cancel) {
      cancelled.add(data.cancel);
      return;
    }
    const { id, call, args } = data;
    try {
      if (!Object.hasOwn(handlers, call)) throw new Error(`no such call: ${call}`);
      const answer = await handlers[call](await service, args, { id, cancelled: () => cancelled.has(id) });
      postMessage({ id, answer: String(answer) });
    } catch (error) {
      postMessage({ id, error: String(error.message || error) });
    } finally {
      cancelled.delete(id);
    }
  });
}

/** The page's side: the calls in flight to one worker (null: it could not be made, and the
 *  caller has failed). */
export class Caller {
  constructor(worker) {
    this.worker = worker;
    this.calls = new Map();
    this.nextId = 0;
    this.failure = null;
  }

  /** Send one call; {id, answer}: the answer's promise, rejected when the worker refuses the
   *  call or has failed. `progress(share)` hears a long call's progress. */
  ask(call, args, progress = null) {
    const id = (this.nextId += 1);
    const answer = new Promise((yes, no) => {
      if (this.failure) {
        no(this.failure);
        return;
      }
      this.calls.set(id, { yes, no, progress });
      this.worker.postMessage({ id, call, args });
    });
    return { id, answer };
  }

  /** Stop a long call (between two of its steps). */
  cancel(id) {
    this.worker?.postMessage({ cancel: id });
  }

  /** Take the worker's message if it concerns a call (an answer, an error, a progress):
   *  whether it did. */
  hear(data) {
    if (data?.id === undefined || !this.calls.has(data.id)) return false;
    const call = this.calls.get(data.id);
    if ('progress' in data) {
      call.progress?.(data.progress);
      return true;
    }
    this.calls.delete(data.id);
    if ('error' in data) call.no(new Error(data.error));
    else call.yes(data.answer);
    return true;
  }

  /** The worker failed: every call in flight, and every later one, fails with `error`. */
  fail(error) {
    this.failure ??= error;
    for (const { no } of this.calls.values()) no(error);
    this.calls.clear();
  }
}

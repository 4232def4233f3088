/**
 * The rules pages' demos' worker (and the embedded demos'): their Python, off the page's main
 * thread, so that a reader who scrolls to a demo or taps it never waits on a page held by
 * Python's start. Started by web/runtime/islands.js when the first demo comes alive.
 *
 * It starts Python as the page's other runtimes do (web/runtime/runtime.mjs: from the game's
 * snapshot when this browser keeps one, else normally; it never makes one), with our modules,
 * then answers the page's calls (web/runtime/calls.js) in order: "catalog" (the page's, once), then
 * "mount" or "act" of web.demos (the demo drawn whole, as plain data in JSON:
 * web/runtime/plain.js builds it). Its first message says how Python started: {boot: "snapshot"
 * | "plain"}, or {failed: message}.
 */
import { answerCalls } from './calls.js';
import { addModules, restoreSnapshot, startPlain } from './runtime.mjs';

async function start() {
  let pyodide = await restoreSnapshot();
  const boot = pyodide ? 'snapshot' : 'plain';
  pyodide ??= await startPlain();
  await addModules(pyodide);
  const demos = pyodide.pyimport('web.demos');
  postMessage({ boot });
  return demos;
}

const engine = start();
engine.catch((error) => postMessage({ failed: String(error.message || error) }));

answerCalls(engine, {
  catalog: (demos, args) => demos.read_catalog(...args),
  mount: (demos, args) => demos.mount(...args),
  act: (demos, args) => demos.act(...args),
});

/**
 * The Pyodide module PyScript is given (pyscript.toml: interpreter = "./web/runtime.mjs").
 *
 * On the page, web/boot.js starts loadPyodide() itself, as soon as it runs, so that the runtime
 * starts while PyScript is still loading its own modules and config (about 0.3 s warm and 0.8 s
 * cold on the machines measured, out of a 3-7 s boot). When PyScript asks for the runtime, this
 * module hands it that same instance, forwarding PyScript's stdout/stderr to it. Anywhere else
 * (a PyScript worker, or if the early start is not there) it loads the vendored Pyodide itself.
 *
 * PyScript's contract used here: it imports this module, reads `version`, and calls
 * `loadPyodide({ stdout, stderr, indexURL })` once (polyscript/esm/interpreter/pyodide.js).
 */
import { loadPyodide as loadVendored, version } from '../vendor/pyodide/pyodide.mjs';

export { version };

export const indexURL = new URL('../vendor/pyodide/', import.meta.url).href;

export function loadPyodide(options = {}) {
  const early = globalThis.barbuBoot?.takeRuntime?.(options);
  return early || loadVendored({ ...options, indexURL });
}

/**
 * The interpreter module of the page and of the computer players' worker (pyscript.toml,
 * "interpreter"): the vendored Pyodide, started with a package lock that lists no package.
 *
 * By itself loadPyodide() downloads pyodide-lock.json (119 KB, 357 packages) to learn what
 * loadPackage() could install. The game installs no package: it runs on the standard library
 * that comes with the runtime. So it hands Pyodide an empty lock instead, and the file is not in
 * dist/ at all. The lock's "info" (Python version, ABI and platform, which Pyodide checks) is
 * the real file's, written in by tools/build.py.
 */
import { loadPyodide as loadVendored, version } from '../vendor/pyodide/pyodide.mjs';

export { version };

const LOCK = { info: __LOCK_INFO__, packages: {} };

/** Called by PyScript with its own options (stdout and stderr, and an indexURL meant for a
 *  module that sits beside Pyodide's files, which this one does not). */
export function loadPyodide(options = {}) {
  return loadVendored({
    ...options,
    indexURL: new URL('../vendor/pyodide/', import.meta.url).href,
    lockFileContents: LOCK,
  });
}

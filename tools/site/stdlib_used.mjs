/**
 * The modules of Python's standard library that a start of the site imports (called by
 * tools/site/build.py, which ships them compiled: tools/site/stdlib.py).
 *
 *     node tools/site/stdlib_used.mjs MODULES_ZIP
 *
 * Starts the vendored Pyodide under Node, as the page's Python starts (Pyodide's own start
 * reads some 125 modules of the library), puts MODULES_ZIP (our modules) on the import path
 * and imports what a Python snapshot holds (web/runtime/snapshot.py: every module of the page,
 * the computer players' worker, the demos, the keeper and the statistics, and the standard
 * modules PyScript's package imports). Prints JSON: `zip`, the library's place on the import
 * path (`/lib/python314.zip`), and `files`, the names in it of every module then read from it
 * (not those Python has frozen in).
 */
import { readFileSync } from 'node:fs';
import { loadPyodide } from '../../node_modules/pyodide/pyodide.mjs';

const [modules] = process.argv.slice(2);
if (!modules) {
  console.error('usage: node tools/site/stdlib_used.mjs MODULES_ZIP');
  process.exit(2);
}

const pyodide = await loadPyodide();
pyodide.FS.writeFile('/tmp/modules.zip', readFileSync(modules));
try {
  console.log(pyodide.runPython(`
import json, sys

sys.path.insert(0, "/tmp/modules.zip")
__import__("web.runtime.snapshot", fromlist=["prepare"]).prepare()
library = next(path for path in sys.path if path.startswith("/lib/python") and path.endswith(".zip"))
# read from the zip: not the modules Python has frozen in (os, site, codecs...), whose
# __file__ names the zip all the same
files = {
    origin.removeprefix(library + "/")
    for module in list(sys.modules.values())
    if (origin := getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith(
        library + "/"
    )
}
json.dumps({"zip": library, "files": sorted(files)})
`));
} catch (error) {
  console.error(error.message);  // the Python traceback, nothing more
  process.exit(1);
}

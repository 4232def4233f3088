// Run a Python file inside Pyodide (Python 3.14, WebAssembly) under Node, with barbu/ and web/
// loaded into its file system as the page has them: node run.mjs REPO_ROOT SCRIPT.py [HELPER.py...]
// Each HELPER (a test module) is copied to /home/pyodide, next to barbu/ and web/.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";

const [root, script, ...helpers] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(root, "node_modules/pyodide/pyodide.mjs")));
const py = await loadPyodide();

function copy(dir, target) {
  py.FS.mkdirTree(target);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copy(path, `${target}/${name}`);
    } else if (name.endsWith(".py") || name.endsWith(".json")) { // modules and presets' data
      py.FS.writeFile(`${target}/${name}`, readFileSync(path));
    }
  }
}
copy(join(root, "barbu"), "/home/pyodide/barbu");
copy(join(root, "web"), "/home/pyodide/web");
for (const helper of helpers) py.FS.writeFile(`/home/pyodide/${basename(helper)}`, readFileSync(helper));
py.FS.writeFile("/home/pyodide/golden_session_2.json", readFileSync(join(root, "tests/data/golden_session_2.json")));
console.log(py.runPython(readFileSync(script, "utf8")));

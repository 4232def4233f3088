// Run a Python file inside Pyodide (Python 3.14, WebAssembly) under Node, with barbu/ loaded
// into its file system exactly as the page does: node run.mjs REPO_ROOT SCRIPT.py
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [root, script] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(join(root, "node_modules/pyodide/pyodide.mjs")));
const py = await loadPyodide();

function copy(dir, target) {
  py.FS.mkdirTree(target);
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== "__pycache__") copy(path, `${target}/${name}`);
    } else if (name.endsWith(".py")) {
      py.FS.writeFile(`${target}/${name}`, readFileSync(path));
    }
  }
}
copy(join(root, "barbu"), "/home/pyodide/barbu");
py.FS.writeFile("/home/pyodide/golden_session.json", readFileSync(join(root, "tests/data/golden_session.json")));
console.log(py.runPython(readFileSync(script, "utf8")));

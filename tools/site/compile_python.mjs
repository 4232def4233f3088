/**
 * Compile Python modules into the bytecode of the page's own Python (called by tools/site/build.py).
 *
 *     node tools/site/compile_python.mjs SOURCE_DIR TARGET_DIR [PREFIX]
 *
 * Every SOURCE_DIR/x/y.py becomes TARGET_DIR/x/y.pyc: a sourceless .pyc, which Python imports
 * without the source and without compiling anything. Bytecode is specific to one Python version,
 * so the compiler is the vendored Pyodide itself, run by Node: its Python is the page's. The code
 * names its file PREFIX + "x/y.py" (a traceback's file name; by default "x/y.py").
 *
 * PYTHONNODEBUGRANGES leaves out the column ranges (PEP 657) but keeps the line numbers: a
 * traceback still names the module and the line (the shipped module keeps every line in its
 * place), and the archive is 47 KB smaller. The header carries no date and no source size, so
 * the same sources give the same bytes.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadPyodide } from '../../node_modules/pyodide/pyodide.mjs';

const [source, target, prefix = ''] = process.argv.slice(2);
if (!source || !target) {
  console.error('usage: node tools/site/compile_python.mjs SOURCE_DIR TARGET_DIR [PREFIX]');
  process.exit(2);
}

const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: '1' } });
const compileModule = pyodide.runPython(`
import importlib.util, marshal

def compile_module(text, name, output):
    code = compile(text, name, "exec", dont_inherit=True)
    with open(output, "wb") as file:
        file.write(importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code))

compile_module
`);

const names = readdirSync(source, { recursive: true })
  .map((name) => name.split('\\').join('/'))
  .filter((name) => name.endsWith('.py'))
  .sort();
for (const name of names) {
  try {
    compileModule(readFileSync(join(source, name), 'utf8'), prefix + name, '/tmp/module.pyc');
  } catch (error) {
    console.error(error.message);  // the Python traceback (a syntax error, say), nothing more
    process.exit(1);
  }
  const output = join(target, `${name}c`);
  mkdirSync(dirname(output), { recursive: true });
  writeFileSync(output, pyodide.FS.readFile('/tmp/module.pyc'));
}

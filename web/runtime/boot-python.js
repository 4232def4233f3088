/**
 * What the boot loader hands the interpreter before it runs anything (web/runtime/boot.js): the
 * Python bytecode kept between visits (the Python side is web/runtime/codecache.py), our modules'
 * zip and the page's Python script, both read with the runtime's downloads.
 */

// Our modules come compiled, but PyScript's own package is written as source at every start and
// compiled there: about 0.04 s of the main thread. Once the computer players' worker is up, it
// compiles that package into hash-checked .pyc files and stores the pack in Cache Storage; the
// next start writes them back here before any import. Python uses such a file only if its
// source has the hash it carries, so a stale or damaged cache costs time, never runs other code.
const CODE_CACHE = 'python-bytecode';
const PYC_PATH = /^(?:[\w-]+\/)+__pycache__\/[\w.-]+\.pyc$/;

export const code = {
  /** The Cache Storage cache, and the address in it, where the worker stores the pack
   *  (Cache Storage wants an absolute http(s) URL; the worker's own is a blob: URL). */
  cache: CODE_CACHE,
  url: new URL('./python-bytecode.bin', document.baseURI).href,
  /** Files written back at this start. */
  restored: 0,
  /** Modules this start compiled from source (0: all came from the cache), once kept. */
  compiled: undefined,
  /** Whether this start stored a new pack, once kept. */
  stored: undefined,
  /** Settles once this start's bytecode is kept for the next (or found kept already). */
  kept: null,
};
let resolveKept;
code.kept = new Promise((resolve) => { resolveKept = resolve; });

export function readCode() {
  if (!('caches' in window)) return Promise.resolve(null);
  return caches.open(CODE_CACHE)
    .then((cache) => cache.match(code.url))
    .then((response) => (response ? response.arrayBuffer() : null))
    .catch(() => null);
}

/** Write a pack (see web/runtime/codecache.py) into the interpreter's file system; its file count. */
function restoreCode(fs, buffer) {
  const bytes = new Uint8Array(buffer);
  const length = new DataView(buffer).getUint32(0, true);
  const files = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  let offset = 4 + length;
  const end = files.reduce((sum, [, size]) => sum + size, offset);
  if (end !== bytes.length || !files.every(([path]) => PYC_PATH.test(path))) {
    throw new Error('not a bytecode pack');
  }
  for (const [path, size] of files) {
    fs.mkdirTree(path.slice(0, path.lastIndexOf('/')));
    fs.writeFile(path, bytes.subarray(offset, offset + size));
    offset += size;
  }
  return files.length;
}

export function useCodeCache(hooks, stored) {
  hooks.main.onReady.add(async ({ interpreter }) => {
    const buffer = await stored;
    if (!buffer) return;
    try {
      code.restored = restoreCode(interpreter.FS, buffer);
    } catch (error) {
      console.warn('kept Python bytecode ignored:', error.message);
      caches.open(CODE_CACHE).then((cache) => cache.delete(code.url)).catch(() => {});
    }
  });
}

// The page's Python script (web/main.py), read with the runtime's downloads

// PyScript fetches a <script type="py" src> only once Python is up: one more round trip (40 to
// 90 ms measured on a 20 Mbit/s, 40 ms line) just before the game's first screen. The boot loader
// reads it with the runtime's files instead, and an onReady hook (run before PyScript looks at
// the script) hands PyScript the text in place of the address. A failed read is reported like
// any file's (the watched fetch); the address is then left for PyScript.

export function readEntryScript() {
  const script = document.querySelector('script[type="py"][src]');
  if (!script) return Promise.resolve(null);
  return fetch(script.src)
    .then((response) => (response.ok ? response.text() : null))
    .catch(() => null);
}

export function useEntryScript(hooks, entry) {
  hooks.main.onReady.add(async (wrap, element) => {
    const text = await entry;
    if (text === null || !element?.matches?.('script[type="py"][src]')) return;
    element.removeAttribute('src');
    element.textContent = text;
  });
}

// Our modules (modules.zip), read with the runtime's downloads

// PyScript would fetch the files of pyscript.toml only once Python is up; a <link rel=preload>
// of the zip, made at the start, then waited unused for as long as Python took to start, and
// Chromium warns of a preload not used within a few seconds of the page's load (seen on slow or
// loaded starts). So the boot loader reads the zip itself, as it starts the runtime's other
// downloads, and an onReady hook (run before the page's script) writes it where the page's
// script and a restored snapshot look for it (web/game/main.py, web/runtime/runtime.mjs). A
// failed read is reported like any file's (the watched fetch).

const MODULES_PATH = '/home/pyodide/modules.zip';

export function readModules() {
  return fetch(new URL('./modules.zip', document.baseURI))
    .then((response) => (response.ok ? response.arrayBuffer() : null))
    .catch(() => null);
}

export function useModules(hooks, modules) {
  hooks.main.onReady.add(async ({ interpreter }) => {
    const buffer = await modules;
    if (buffer) interpreter.FS.writeFile(MODULES_PATH, new Uint8Array(buffer));
  });
}

/** Python's report, once the worker has kept this start's bytecode (or found it kept). */
export function keptCode(compiled, stored) {
  code.compiled = compiled;
  code.stored = stored;
  resolveKept();
}

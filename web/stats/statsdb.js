/**
 * The statistics store: one IndexedDB database, `barbu-stats`, object store `entries`, each
 * entry a JSON text (web/stats/figures.py: the session record and what it lacks) under its key (a hash
 * of the record: the same session is stored once). The game page adds an entry when a session
 * against the computer players ends (web/stats/record.py, through barbuBoot.recordStats); the
 * statistics page (web/stats/stats.js) reads them all, adds imported ones and removes an entry
 * once Python has kept it aside elsewhere (web/stats/store.py). Every call answers a promise; a
 * browser without IndexedDB (or that refuses it) rejects it, and the caller says so.
 */

const NAME = 'barbu-stats';
const STORE = 'entries';
const VERSION = 1;

let opened = null;

function request(call) {
  return new Promise((resolve, reject) => {
    call.onsuccess = () => resolve(call.result);
    call.onerror = () => reject(call.error);
  });
}

/** The database, opened once per page (created on first use). */
export function open() {
  if (!opened) {
    opened = new Promise((resolve, reject) => {
      if (!globalThis.indexedDB) throw new Error('no IndexedDB');
      const call = indexedDB.open(NAME, VERSION);
      call.onupgradeneeded = () => call.result.createObjectStore(STORE);
      call.onsuccess = () => resolve(call.result);
      call.onerror = () => reject(call.error);
      call.onblocked = () => reject(new Error('the statistics store is blocked by another tab'));
    });
    opened.catch(() => { opened = null; });
  }
  return opened;
}

async function run(mode, work) {
  const db = await open();
  const transaction = db.transaction(STORE, mode);
  const result = work(transaction.objectStore(STORE));
  await new Promise((resolve, reject) => {
    transaction.oncomplete = resolve;
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error || new Error('aborted'));
  });
  return result;
}

/** Every entry as [key, text] pairs, in key order (a value that is not a text is given as
 * its JSON, or as an empty text: Python keeps it aside as unreadable). */
export async function entries() {
  const keys = run('readonly', (store) => request(store.getAllKeys()));
  const values = run('readonly', (store) => request(store.getAll()));
  const [k, v] = await Promise.all([keys, values]);
  return k.map((key, i) => {
    const value = v[i];
    let text = '';
    if (typeof value === 'string') text = value;
    else {
      try { text = JSON.stringify(value) ?? ''; } catch { text = ''; }
    }
    return [String(key), text];
  });
}

/** Store `text` under `key` (replacing what was there). */
export function put(key, text) {
  return run('readwrite', (store) => { store.put(String(text), String(key)); }).then(() => true);
}

/** Forget the entry under `key`. */
export function remove(key) {
  return run('readwrite', (store) => { store.delete(String(key)); }).then(() => true);
}

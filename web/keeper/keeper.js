/**
 * The score keeper's script (keeper/). The page is drawn by Python: this script picks the
 * language (?lang=, else the one the reader chose last on the site, else the browser's:
 * web/languages/language.js), starts the engine on the page's main thread with the runtime the
 * statistics page and the rules pages' demos use too (web/runtime/runtime.mjs: the vendored
 * Pyodide and modules.zip, from the service worker's cache and Python's snapshot when kept),
 * and hands Python (web/keeper/app.py) every click, change, input and submit on the page, and
 * the text of an imported file. No PyScript: the page runs under the site's one policy without
 * 'unsafe-eval'.
 *
 * Hooks for tests: html.ready once the keeper is usable; html[data-keeper="failed"] if it
 * could not start (the reason is on the page).
 */

import { chooseLanguage, rememberLanguageChoices } from './language.js';
import { addModules, loadPyodide } from './runtime.mjs';

const root = document.getElementById('keeper');
const lang = chooseLanguage();
document.documentElement.lang = lang;
rememberLanguageChoices();
navigator.serviceWorker?.register('../sw.js', { updateViaCache: 'none' }).catch(() => {});

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${new URL(url, location.href).pathname}: HTTP ${response.status}`);
  return response.text();
}

async function start() {
  const [pyodide, catalog] = await Promise.all([
    loadPyodide(),
    fetchText(new URL(`./i18n/${lang}.json`, import.meta.url)),
  ]);
  await addModules(pyodide);
  const page = pyodide.pyimport('web.keeper.app').start(root, lang, catalog);
  for (const kind of ['click', 'change', 'input', 'submit']) {
    root.addEventListener(kind, (event) => page.on(kind, event));
  }
  root.addEventListener('change', async (event) => {
    const input = event.target.closest?.('input[type=file][data-import]');
    const file = input?.files?.[0];
    if (!file) return;
    const text = await file.text();
    input.value = '';
    page.import_text(text);
  });
}

start().catch((error) => {
  document.documentElement.dataset.keeper = 'failed';
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = `Barbu: ${error.message || error}`;
  root.replaceChildren(message);
});

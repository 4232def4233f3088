/**
 * The page under the boot loader (web/runtime/boot.js): its elements and the site's addresses,
 * the object Python talks to (`boot`, completed by boot.js), the loading screen's messages in the
 * reader's language, and the failure screen.
 */

import { chooseLanguage } from './language.js';

export const root = document.documentElement;
export const byId = (id) => document.getElementById(id);
const SITE = new URL('./', document.baseURI).href;
export const nativeFetch = window.fetch.bind(window);

/** The address of a file of this site, relative to the site's root ("vendor/pyodide/x"). */
export const sitePath = (url) => {
  const absolute = new URL(String(url), document.baseURI).href.split(/[?#]/)[0];
  return absolute.startsWith(SITE) ? absolute.slice(SITE.length) || 'index.html' : absolute;
};
export const isOwnFile = (url) => new URL(String(url), document.baseURI).href.startsWith(SITE);
// Files the game can start without: their failure is not worth stopping the boot for.
export const isOptional = (path) => /^web\/(icons\/|manifest\.webmanifest$)/.test(path);

/** The object Python reaches as `js.barbuBoot`: its state here, its parts added by boot.js. */
export const boot = {
  lang: chooseLanguage(),
  ready: false,
  failed: false,
  registration: null,
  /** Promise of {lang, text}: the catalog's JSON text, for Python. */
  catalog: null,
  /** The build's table shown before Python, and the player's choice on it (first-table.js). */
  first: null,
};

// ---------------------------------------------------------------------------------------------
// Messages

export let messages = null;

export function t(key, fields = {}) {
  const template = messages?.[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (_, name) => String(fields[name] ?? ''));
}

export function applyMessages(scope = document) {
  for (const node of scope.querySelectorAll('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of scope.querySelectorAll('[data-i18n-label]')) {
    node.setAttribute('aria-label', t(node.dataset.i18nLabel));
  }
  document.title = t('app.title');
  document.querySelector('meta[name="description"]')?.setAttribute('content', t('app.description'));
}

// Settles once the catalog is applied or failed: the failure screen waits for its messages.
let catalogSettled = Promise.resolve();

/** Fetch the catalog of `boot.lang` and apply it; `redraw()` once its messages are in. Settles
 *  to {lang, text}; a failure shows the failure screen. */
export function loadCatalog(redraw) {
  const path = `./web/i18n/${boot.lang}.json`;
  const loaded = nativeFetch(path).then((response) => {
    if (!response.ok) throw new Error(`[${response.status}]`);
    return response.text();
  }).then((text) => {
    messages = JSON.parse(text);
    root.lang = boot.lang;
    applyMessages();
    redraw();
    return { lang: boot.lang, text };
  });
  catalogSettled = loaded.then(() => {}, () => {});
  loaded.catch(() => fail('file', sitePath(path)));
  return loaded;
}

// ---------------------------------------------------------------------------------------------
// Failure

export function fail(kind, detail) {
  if (boot.failed || boot.ready) return;      // after the first screen, errors are the game's
  boot.failed = true;
  console.error(`Barbu could not start (${kind}): ${detail}`);
  catalogSettled.then(() => {
    root.classList.add('boot-failed');
    byId('loader').hidden = true;
    // The build's table stays (the player sees the deal), but nothing on it works any more.
    if (root.dataset.table === 'static') byId('table').inert = true;
    else byId('table').hidden = true;
    if (!messages) {
      byId('boot-fallback').hidden = false;
      return;
    }
    const panel = byId('boot-error');
    applyMessages(panel);
    const key = { file: 'boot.error.file', python: 'boot.error.python' }[kind] || 'boot.error.other';
    byId('boot-error-message').textContent = t(key, { file: detail, detail });
    panel.dataset.kind = kind;
    panel.dataset.detail = detail;
    panel.hidden = false;
    byId('boot-error-reload').focus();
  });
}

/**
 * The site's language, shared by the game (web/runtime/boot.js) and the rules pages (web/rules/rules.js).
 *
 * The language is the one the address asks for (?lang=), else the one the reader last chose
 * with a language link, else the first of the browser's languages the site has, else English.
 * A language link is any <a data-lang="xx">: a click on one is remembered in localStorage, so
 * that the next visit, from any page, opens in that language.
 */

export const SUPPORTED = ['fr', 'en', 'ru', 'it'];
const KEY = 'barbu.lang';

function base(tag) {
  return String(tag || '').trim().toLowerCase().split('-')[0];
}

/** The language the reader chose last, or '' (none, or storage refused). */
export function rememberedLanguage() {
  try {
    const lang = localStorage.getItem(KEY) || '';
    return SUPPORTED.includes(lang) ? lang : '';
  } catch {
    return '';
  }
}

/** This page's language: ?lang=, the remembered choice, the browser's, or English. */
export function chooseLanguage() {
  const asked = new URLSearchParams(location.search).get('lang');
  const tags = [asked, rememberedLanguage(), ...(navigator.languages || []), navigator.language];
  for (const tag of tags) {
    if (SUPPORTED.includes(base(tag))) return base(tag);
  }
  return 'en';
}

/** Remember the language of every language link the reader follows. */
export function rememberLanguageChoices() {
  document.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest('a[data-lang]') : null;
    if (!link || !SUPPORTED.includes(link.dataset.lang)) return;
    try {
      localStorage.setItem(KEY, link.dataset.lang);
    } catch {
      // Storage refused (private mode, sandbox): the link still opens that language.
    }
  });
}

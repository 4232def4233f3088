/**
 * The rules pages' script. The pages are complete without it (real HTML, built by
 * tools/site/rules_page.py); with it, rules/ opens the reader's language at once, a language chosen
 * from a page's language links is remembered for the next visit, here and in the game, the live
 * demos come alive (web/runtime/islands.js), and the site's service worker is registered.
 */

import { chooseLanguage, rememberLanguageChoices } from './language.js';

if (document.body.classList.contains('rules-index')) {
  location.replace(`./${chooseLanguage()}/${location.hash}`);
} else {
  rememberLanguageChoices();
  if (document.querySelector('[data-demo]')) import('./islands.js');
  // The embedding lines name this site by its address, known only here.
  const site = new URL('../../', location.href).href;
  for (const node of document.querySelectorAll('[data-site]')) node.textContent = site;
  for (const node of document.querySelectorAll('[data-site-note]')) node.remove();
  // The game's service worker: the page, its demos and the game then work offline.
  navigator.serviceWorker?.register('../../sw.js', { updateViaCache: 'none' }).catch(() => {});
}

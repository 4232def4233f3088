/**
 * The rules pages' script. The pages are complete without it (real HTML, built by
 * tools/rules_page.py); with it, rules/ opens the reader's language at once, and a language
 * chosen from a page's language links is remembered for the next visit, here and in the game.
 */

import { chooseLanguage, rememberLanguageChoices } from './language.js';

if (document.body.classList.contains('rules-index')) {
  location.replace(`./${chooseLanguage()}/${location.hash}`);
} else {
  rememberLanguageChoices();
}

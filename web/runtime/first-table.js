/**
 * The first visit's table, shown before Python has started (the boot loader calls
 * showFirstTable() before anything else).
 *
 * The build drew a few first deals in each language (tools/site/first_table.py), with the page's own
 * table view, into index.html's <script type="text/html" data-first-table> data blocks (only
 * the one shown is parsed). On a first visit (no save,
 * no address asking for a session or a shared deal) one of them, in the page's language, is
 * picked at random and put in <main id="table"> at once: <html data-table="static">. What the
 * player may do on it without the engine works: read the hand and, since the build chose deals
 * the player declares, choose a contract (a contract with a trump suit or a starting rank shows
 * that row, drawn by the build too: data-picking). The choice is recorded and answered at once:
 * the chosen button pressed, the status and a line at the prompt's foot saying that the game is
 * starting, with the download's progress bar (#first-progress, kept up by boot-progress.js); the
 * words come with the build's table (data-starting), as the catalog may still be on its way.
 * Python (web/game/first.py) starts the session of that seed, puts the page's table skeleton
 * back (restore()), draws the live table in the same task (no frame in between, so nothing
 * moves), and applies the recorded choice: <html data-table="live">.
 */

import { draw as drawProgress } from './boot-progress.js';

const STORED = ['barbu.save', 'barbu.settings'];   // web/game/save.py: a session, the settings
// The address parameters that change nothing the build drew: any other (?seed=, ?rules=, a
// setting that shows on the table such as ?hints=0) leaves the page to Python.
const DRAWN_ALIKE = new Set(['lang', 'speed']);

/** Whether this is a first visit: no session nor settings saved, and the address asks for no
 *  session and no setting that would change the table. */
function firstVisit() {
  if (location.hash) return false;   // a shared deal or a replay link
  for (const name of new URLSearchParams(location.search).keys()) {
    if (!DRAWN_ALIKE.has(name)) return false;
  }
  try {
    return STORED.every((key) => localStorage.getItem(key) === null);
  } catch {
    return false;   // storage refused: the page's own path says what that means
  }
}

/** The nodes of a data block's markup (the build's own, never the page's input). */
function copy(block) {
  const template = document.createElement('template');
  template.innerHTML = block.textContent;
  return template.content;
}

/**
 * Show a build's table in `lang` if this is a first visit. Returns what Python reads
 * (web/game/first.py): `shown`, `seed`, `choice` (the JSON text of the player's choice, or ''),
 * and `restore()` (the page's table skeleton back, before Python draws).
 */
export function showFirstTable(lang) {
  const first = { shown: false, seed: 0, choice: '', restore() {} };
  const root = document.documentElement;
  const table = document.getElementById('table');
  const all = [...document.querySelectorAll('script[data-first-table]:not([data-picking])')];
  const mine = all.filter((block) => block.lang === lang);
  if (!table || !mine.length || !firstVisit()) return first;
  const block = mine[Math.floor(Math.random() * mine.length)];
  const seed = block.dataset.seed;
  const skeleton = [...table.childNodes];
  table.replaceChildren(copy(block));
  table.hidden = false;
  root.lang = lang;
  root.dataset.rules = 'standard';
  root.dataset.table = 'static';
  first.shown = true;
  first.seed = Number(seed);
  first.restore = () => table.replaceChildren(...skeleton);
  table.addEventListener('click', (event) => choose(event, first, block));
  focusPrompt();
  performance.mark('barbu-first-table');   // the player may choose (tools/bench/first_visit.py)
  return first;
}

/** As the live table does on the page's first screen (web/table/view.py, place_focus and
 *  reveal): the prompt's first button takes the focus, and the page stays at its top (the title,
 *  the toolbar, the menu; the prompt's heading shows below them), so that nothing moves when
 *  Python's table takes over. */
function focusPrompt() {
  document.querySelector('#center .prompt button:not([disabled])')?.focus({ preventScroll: true });
}

/** Scroll `node` into view above the pinned hand, if it is below it (as reveal does). */
function showAboveHand(node) {
  const hand = document.getElementById('hand');
  let floor = innerHeight;
  if (hand && getComputedStyle(hand).position === 'sticky') floor -= hand.getBoundingClientRect().height;
  const below = node.getBoundingClientRect().bottom + 8 - floor;
  if (below > 0) scrollBy(0, below);
}

/** A click on the static table: a contract, then its trump suit or starting rank. */
function choose(event, first, block) {
  const seed = block.dataset.seed;
  const root = document.documentElement;
  const button = event.target instanceof Element ? event.target.closest('#center button') : null;
  if (!button || button.disabled || root.dataset.table !== 'static' || first.choice) return;
  const { contract, trump, rank } = button.dataset;
  const picking = document.querySelector(`script[data-first-table][data-seed="${seed}"]`
    + `[lang="${root.lang}"][data-picking="${contract}"]`);
  if (contract && picking) {
    document.getElementById('center').replaceChildren(copy(picking));
    document.querySelector('#center [data-trump], #center [data-rank]')?.focus();
  } else if (contract) {
    settle(first, { contract }, button, block);
  } else if (trump || rank) {
    const chosen = document.querySelector('#center [data-contract][aria-pressed="true"]');
    const choice = { contract: chosen.dataset.contract, ...(trump ? { trump } : { rank }) };
    settle(first, choice, button, block);
  }
}

/** Record the choice for Python, and show it made: its buttons pressed, the others off, the
 *  game starting (in the status and at the prompt's foot, with the download's progress). */
function settle(first, choice, button, block) {
  first.choice = JSON.stringify(choice);
  for (const other of document.querySelectorAll('#center .prompt button')) {
    other.disabled = true;
  }
  button.setAttribute('aria-pressed', 'true');
  button.classList.add('chosen');
  const words = block.dataset.starting || '';
  const turn = document.querySelector('#status .turn');
  if (turn) turn.textContent = words;
  const prompts = document.querySelectorAll('#center .prompt');
  const prompt = prompts[prompts.length - 1];
  if (!prompt) return;
  prompt.setAttribute('aria-busy', 'true');
  prompt.append(startingNote(words, block.dataset.progressLabel || ''));
  showAboveHand(prompt.lastElementChild);
  drawProgress();
}

/** The line saying that the game is starting, with the download's progress bar (no value yet:
 *  the bar moves to and fro until the first bytes are counted). */
function startingNote(words, label) {
  const note = document.createElement('div');
  note.id = 'first-starting';
  note.className = 'first-starting';
  note.setAttribute('role', 'status');
  const text = document.createElement('p');
  text.textContent = words;
  const bar = document.createElement('progress');
  bar.id = 'first-progress';
  bar.setAttribute('aria-label', label);
  const bytes = document.createElement('p');
  bytes.id = 'first-bytes';
  bytes.className = 'bytes';
  note.append(text, bar, bytes);
  return note;
}

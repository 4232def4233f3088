/**
 * The statistics page's script (stats/). It picks the language (web/languages/language.js), reads
 * every entry of the statistics store (IndexedDB: web/stats/statsdb.js), starts the engine on the
 * page's main thread as the score keeper does (web/runtime/runtime.mjs: the vendored Pyodide and
 * modules.zip), and calls web.stats.app.start, which draws the page. It hands Python every change
 * and click on the page's root and the text of an imported file, and after each redraw draws the
 * plots Python lists with the vendored chart library, uPlot (vendor/uplot/, loaded by this page
 * only, as a classic script before this one: window.uPlot). No PyScript, no inline style: the page
 * runs under the site's one policy.
 *
 * Hooks for tests: html.ready once the page and its plots are drawn; html[data-stats="failed"]
 * if it could not start (the reason is on the page); each plot's canvas inside [data-chart].
 */

import { chooseLanguage, rememberLanguageChoices } from './language.js';
import { addModules, loadPyodide } from './runtime.mjs';
import * as statsDb from './statsdb.js';

const root = document.getElementById('stats');
const lang = chooseLanguage();
document.documentElement.lang = lang;
rememberLanguageChoices();
navigator.serviceWorker?.register('../sw.js', { updateViaCache: 'none' }).catch(() => {});

const COLOURS = ['#0b5a8a', '#c2410c'];  // as .swatch-0 and .swatch-1 in stats.css
const plots = [];

async function fetchText(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${new URL(url, location.href).pathname}: HTTP ${response.status}`);
  return response.text();
}

/** One plot's options for uPlot, from Python's description (web/stats/view.py, Chart). */
function options(chart, width) {
  const bars = chart.kind === 'bars';
  const count = chart.series.length;
  const series = chart.series.map((s, i) => ({
    label: s.label,
    stroke: COLOURS[i % COLOURS.length],
    fill: bars ? COLOURS[i % COLOURS.length] : undefined,
    width: bars ? 0 : 2,
    points: { show: !bars, size: 7, fill: COLOURS[i % COLOURS.length] },
    paths: bars ? uPlot.paths.bars({ size: [0.7 / count, 60], align: count === 1 ? 0 : (i === 0 ? -1 : 1) }) : undefined,
  }));
  const ticks = chart.labels.map((_, i) => i);
  // Many long names on a narrow plot: slanted, shortened (the table beside has them whole).
  const slanted = bars && chart.labels.some((text) => text.length * 7.5 > width / chart.labels.length);
  const short = (text) => (slanted && text.length > 11 ? `${text.slice(0, 10)}…` : text);
  const y = { auto: chart.low === null || chart.high === null, dir: chart.reverse ? -1 : 1 };
  if (!y.auto) y.range = [chart.low - (chart.reverse ? 0.3 : 0), chart.high + (chart.reverse ? 0.3 : 0)];
  else if (bars) y.range = (u, min, max) => [Math.min(0, min) * 1.1, Math.max(0, max) * 1.1 || 1];
  return {
    width,
    height: Math.round(Math.min(280, Math.max(220, width * 0.5))) + (slanted ? 50 : 0),
    legend: { show: false },
    cursor: { show: false },
    select: { show: false },
    scales: {
      x: { time: false, range: [-0.6, chart.labels.length - 0.4] },
      y,
    },
    axes: [
      {
        splits: () => ticks,
        values: (u, splits) => splits.map((i) => short(chart.labels[i] ?? '')),
        rotate: slanted ? 45 : 0,
        size: slanted ? 90 : 40,
        grid: { show: false },
      },
      {
        // A true minus sign below zero, as the tables beside the plots write it.
        values: (u, splits) => splits.map((v) => `${v}${chart.unit}`.replace('-', '\u2212')),
        splits: chart.reverse ? () => [1, 2, 3, 4] : undefined,
      },
    ],
    series: [{}, ...series],
  };
}

/** Draw every plot Python listed into its [data-chart] place (after each redraw). */
function drawCharts(page) {
  while (plots.length) plots.pop().destroy();
  for (const chart of JSON.parse(page.charts_json())) {
    const place = root.querySelector(`[data-chart="${chart.id}"]`);
    if (!place) continue;
    const data = [chart.labels.map((_, i) => i), ...chart.series.map((s) => s.values)];
    const width = Math.max(240, Math.floor(place.clientWidth || 320));
    plots.push(new uPlot(options(chart, width), data, place));
  }
}

let resizing = 0;
function redrawOnResize(page) {
  addEventListener('resize', () => {
    cancelAnimationFrame(resizing);
    resizing = requestAnimationFrame(() => drawCharts(page));
  });
}

async function readEntries() {
  try {
    return { entries: await statsDb.entries(), database: true };
  } catch (error) {
    console.warn('Barbu statistics: the store cannot be read', error);
    return { entries: [], database: false };
  }
}

async function start() {
  const [pyodide, catalog, stored] = await Promise.all([
    loadPyodide(),
    fetchText(new URL(`./i18n/${lang}.json`, import.meta.url)),
    readEntries(),
  ]);
  await addModules(pyodide);
  const database = {
    // A put refused (a full disk): the entry shows for this visit, and the page says so.
    put: (key, text) => statsDb.put(key, text).catch((error) => {
      console.warn(error);
      page.store_refused();
      drawCharts(page);
    }),
    remove: (key) => statsDb.remove(key).catch((error) => console.warn(error)),
  };
  const page = pyodide.pyimport('web.stats.app').start(
    root, lang, catalog, database, JSON.stringify(stored.entries), stored.database,
  );
  for (const kind of ['change', 'click']) {
    root.addEventListener(kind, (event) => {
      page.on(kind, event);
      if (kind === 'change' && event.target.matches?.('[data-filter]')) drawCharts(page);
    });
  }
  root.addEventListener('change', async (event) => {
    const input = event.target.closest?.('input[type=file][data-import]');
    const file = input?.files?.[0];
    if (!file) return;
    const text = await file.text();
    input.value = '';
    page.import_text(text);
    drawCharts(page);
  });
  drawCharts(page);
  redrawOnResize(page);
  document.documentElement.classList.add('ready');
}

start().catch((error) => {
  document.documentElement.dataset.stats = 'failed';
  const message = document.createElement('p');
  message.setAttribute('role', 'alert');
  message.textContent = `Barbu: ${error.message || error}`;
  root.replaceChildren(message);
});

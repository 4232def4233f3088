/**
 * The main thread's side of the scratch page of `python -m tools.bench.worker_dom`
 * (tools/bench/worker_dom.py): the builder a worker hands a region to in one call, the reset
 * between redraws, and what the page itself sees of its event loop while Python draws.
 *
 * - barbuRegion(index, json): builds the region's nodes from plain data (text, or
 *   [tag, svg, [name, value, ...], children]) with the site's builder (web/runtime/plain.js:
 *   createElement and text nodes, never HTML), and puts them in place of <main id="table">'s
 *   child number `index`.
 * - The heartbeat: a timer task after another (setTimeout 0, clamped to 4 ms by the browser);
 *   each gap of 8 ms or more is kept with its start on the epoch clock, so that the benchmark
 *   can say how long the event loop was held during each redraw. Long tasks (50 ms or more)
 *   are kept too.
 * - CSP violations are kept (the page variant with index.html's policy).
 */
import { build } from './web/plain.js';

const skeleton = document.getElementById('table').innerHTML;

window.barbuRegion = (index, json) => {
  const table = document.getElementById('table');
  const node = build(JSON.parse(json));
  const old = table.children[index];
  if (old) old.replaceWith(node);
  else table.append(node);
};

window.benchReset = () => {
  document.getElementById('table').innerHTML = skeleton;
};

window.benchGaps = [];
let last = performance.now();
const beat = () => {
  const time = performance.now();
  if (time - last >= 8) window.benchGaps.push([performance.timeOrigin + last, time - last]);
  last = time;
  setTimeout(beat, 0);
};
setTimeout(beat, 0);

window.benchLongTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    window.benchLongTasks.push([performance.timeOrigin + e.startTime, e.duration]);
  }
}).observe({ type: 'longtask', buffered: true });

window.benchViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.benchViolations.push(`${e.violatedDirective} ${e.blockedURI}`);
});

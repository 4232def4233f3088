/**
 * The main thread's side of the scratch page of `python -m tools.bench.worker_dom`
 * (tools/bench/worker_dom.py): the builder a worker hands a region to in one call, the reset
 * between redraws, and what the page itself sees of its event loop while Python draws.
 *
 * - barbuRegion(index, json): builds the region's nodes from plain data (text, or
 *   [tag, svg, [name, value, ...], children]) with createElement and textContent, never HTML,
 *   and puts them in place of <main id="table">'s child number `index`.
 * - The heartbeat: a timer task after another (setTimeout 0, clamped to 4 ms by the browser);
 *   each gap of 8 ms or more is kept with its start on the epoch clock, so that the benchmark
 *   can say how long the event loop was held during each redraw. Long tasks (50 ms or more)
 *   are kept too.
 * - CSP violations are kept (the page variant with index.html's policy).
 */
const SVG = 'http://www.w3.org/2000/svg';
const skeleton = document.getElementById('table').innerHTML;

const make = (node) => {
  if (typeof node === 'string') return document.createTextNode(node);
  const [tag, svg, attributes, children] = node;
  const element = svg ? document.createElementNS(SVG, tag) : document.createElement(tag);
  for (let i = 0; i < attributes.length; i += 2) element.setAttribute(attributes[i], attributes[i + 1]);
  for (const child of children) element.append(make(child));
  return element;
};

window.barbuRegion = (index, json) => {
  const table = document.getElementById('table');
  const node = make(JSON.parse(json));
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

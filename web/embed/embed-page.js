/**
 * The embedded demos' own script. embed.html (?demo=&lang=&id=) opens the demo's page,
 * embed/<demo>/<lang>/; that page brings its demo to life at once (web/runtime/islands.js) and tells the
 * page that frames it its height, for web/embed/embed.js to size the frame.
 */

const params = new URLSearchParams(location.search);

if (document.body.classList.contains('embed-index')) {
  const links = [...document.querySelectorAll('a[data-demo]')];
  const wanted = links.find((a) => a.dataset.demo === params.get('demo') && a.hreflang === params.get('lang'))
    || links.find((a) => a.dataset.demo === params.get('demo') && a.hreflang === 'en');
  if (wanted) location.replace(`${wanted.href}?id=${encodeURIComponent(params.get('id') || '')}`);
} else {
  import('./islands.js');
  const id = params.get('id') || '';
  const main = document.querySelector('main');
  // The content's own height (the page itself has no minimum height: it is the frame's).
  const tell = () => parent.postMessage(
    { barbu: 'size', id, height: Math.ceil(main.getBoundingClientRect().bottom + scrollY) }, '*',
  );
  new ResizeObserver(tell).observe(main);
  tell();
}

/**
 * Service worker of Barbu: the whole site, precached, served cache-first, so the game boots
 * offline after one visit.
 *
 * This is a template: tools/build.py writes dist/sw.js with the two constants filled in: the
 * cache name (derived from the content hash of every other file of dist/) and the list of those
 * files. Each build with different content therefore has a different sw.js, which is how the
 * browser notices a new version.
 */

const CACHE_PREFIX = 'barbu-';
const CACHE = '__CACHE_NAME__';
const PRECACHE = __PRECACHE_LIST__;

self.addEventListener('install', (event) => {
  // 'no-cache' revalidates with the server (a 304 costs a few hundred bytes) instead of trusting
  // a possibly stale HTTP cache entry, without downloading again what the visit just loaded.
  event.waitUntil(
    caches.open(CACHE).then((cache) =>
      cache.addAll(PRECACHE.map((path) => new Request(path, { cache: 'no-cache' })))),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(
      names
        .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
        .map((name) => caches.delete(name)),
    )),
  );
});

self.addEventListener('message', (event) => {
  // The page asks for this when the player accepts the new version (web/boot.js, updates.apply).
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    // The page is one document whatever its query (?seed=, ?lang=): navigations get index.html.
    const url = new URL(request.url);
    const key = request.mode === 'navigate' && url.pathname.endsWith('/')
      ? new URL('index.html', url).href
      : url.href;
    const hit = await cache.match(key, { ignoreSearch: true });
    return hit || fetch(request);
  })());
});

/**
 * Service worker of Barbu: the whole site, precached, served cache-first, so the game boots
 * offline after one visit.
 *
 * This is a template: tools/site/build.py writes dist/sw.js with the constants filled in: the cache
 * name (derived from the content hash of every other file of dist/), the list of those files and
 * each one's integrity value (its SHA-256, as the build hashed it). Each build with different
 * content therefore has a different sw.js, which is how the browser notices a new version.
 *
 * A version is installed whole or not at all: every file is checked against its hash before
 * anything is stored, so a site caught half-published (the new sw.js beside an old, damaged or
 * truncated file) fails to install, leaves no cache behind, and the old version keeps serving.
 * The page tries again later (web/runtime/boot-updates.js, updates.retry). A precache that the
 * browser refuses to store (its disk full: cache.addAll rejects with QuotaExceededError) fails the
 * same way: the page, served by the network or by the older version, plays on. A cache that
 * cannot be read at a fetch sends that request to the network.
 */

const CACHE_PREFIX = 'barbu-';
const CACHE = '__CACHE_NAME__';
const PRECACHE = __PRECACHE_LIST__;
const INTEGRITY = __INTEGRITY__;

/** Where the browser may take a file from the cache without starting this worker. */
function cacheRoutes() {
  const scope = new URL(self.registration.scope);
  return [
    // A navigation may carry a query (?seed=, ?lang=) that no cached key has: the fetch handler
    // below maps it to index.html.
    { condition: { requestMode: 'navigate' }, source: 'fetch-event' },
    // Every other GET of the site: straight from this version's cache (the network if absent).
    {
      condition: {
        requestMethod: 'GET',
        urlPattern: new URLPattern({
          protocol: scope.protocol.slice(0, -1), hostname: scope.hostname, port: scope.port,
          pathname: `${scope.pathname}*`,
        }),
      },
      source: { cacheName: CACHE },
    },
  ];
}

self.addEventListener('install', (event) => {
  // Static routing (Chromium): the files of the site are served from the cache by the browser
  // itself, without waking this worker for each, which it would otherwise do at every visit.
  // Browsers without it send every request through the fetch handler below, to the same effect.
  if (event.addRoutes) event.waitUntil(event.addRoutes(cacheRoutes()));
  event.waitUntil(precache());
});

/** Store every file of this version in its cache, all checked, or fail and store nothing. */
async function precache() {
  // Same content as the version running (only this script changed): its cache is the one in
  // use, which a failure here must leave alone.
  const existed = await caches.has(CACHE);
  const cache = await caches.open(CACHE);
  // 'no-cache' revalidates with the server (a 304 costs a few hundred bytes) instead of trusting
  // a possibly stale HTTP cache entry, without downloading again what the visit just loaded.
  // 'integrity' makes the fetch fail unless the body has the hash the build recorded; addAll
  // stores nothing unless every fetch succeeded.
  const requests = PRECACHE.map((path) =>
    new Request(path, { cache: 'no-cache', integrity: INTEGRITY[path] }));
  try {
    await cache.addAll(requests);
  } catch (error) {
    if (!existed) await caches.delete(CACHE);
    throw error;   // the install fails: this worker is discarded, the old one goes on
  }
}

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
  // The page asks for this when the player accepts the new version (web/runtime/boot-updates.js, updates.apply).
  if (event.data && event.data.type === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith((async () => {
    // The page is one document whatever its query (?seed=, ?lang=): navigations get index.html.
    const url = new URL(request.url);
    const key = request.mode === 'navigate' && url.pathname.endsWith('/')
      ? new URL('index.html', url).href
      : url.href;
    let hit = null;
    try {
      hit = await (await caches.open(CACHE)).match(key, { ignoreSearch: true });
    } catch {
      // Cache Storage refused (a full or damaged disk): the network serves, as on a first visit.
    }
    return hit || fetch(request);
  })());
});

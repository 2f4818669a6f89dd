/* Wings service worker: makes the app installable and lets it open without a network.
   The build (apps/web/sw-precache.ts) writes this file to dist/sw.js after one line that sets
   `self.__WINGS_PRECACHE__`: the release's version and every file of its shell (index.html,
   each script and style chunk, the fonts, icons and manifest). All of them are fetched at
   install, so the app opens offline even after the browser's HTTP cache is cleared; each
   release has a cache of its own and the previous one is dropped once the new one is active.
   API calls always go to the network. */
const { version, urls } = self.__WINGS_PRECACHE__;
const CACHE = `wings-shell-${version}`;
const PRECACHED = new Set(urls);

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) =>
        cache.addAll(
          // Hashed assets never change content, so the HTTP cache may serve them; the rest
          // (index.html, manifest, icons) is revalidated so the cache holds this release's copy.
          urls.map((url) => new Request(url, { cache: url.startsWith('/assets/') ? 'default' : 'no-cache' })),
        ),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/'))
    return;

  if (request.mode === 'navigate') {
    // Network first so a new release shows at once; offline, this release's precached shell
    // (never a page fetched later, whose scripts this cache may not hold).
    event.respondWith(
      fetch(request).catch(() =>
        caches
          .open(CACHE)
          .then((cache) => cache.match('/index.html'))
          .then((cached) => cached || Response.error()),
      ),
    );
    return;
  }

  if (
    PRECACHED.has(url.pathname) ||
    url.pathname.startsWith('/assets/') ||
    url.pathname.startsWith('/icons/')
  ) {
    // Precached at install; anything else under /assets/ (a font format this browser never
    // asks for, say) is cached on first use. Hashed file names never change content.
    event.respondWith(
      caches.open(CACHE).then((cache) =>
        cache.match(request).then(
          (cached) =>
            cached ||
            fetch(request).then((response) => {
              if (response.ok) cache.put(request, response.clone());
              return response;
            }),
        ),
      ),
    );
  }
});

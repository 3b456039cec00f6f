// The service worker (tools/build_site.py writes it as the site's sw.js, its release and
// precache list filled in): cache-first, every file the game uses precached.
// One copy of the game, one cache: its name carries the copy's folder (the service worker's
// scope), so copies under other folders of the same origin keep their own caches; a new
// release waits until the page asks it to take over (the person chose to reload).
const VERSION = "__VERSION__";
const SCOPE = new URL(self.registration.scope).pathname;
const PREFIX = `longana-${SCOPE}@`;
const CACHE = PREFIX + VERSION;
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  // "no-cache": asked again of the server, which answers 304 for what the page has already
  // fetched into the HTTP cache, so a first visit downloads every file once
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" })));
    })(),
  );
});

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(PREFIX) && key !== CACHE) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (!url.pathname.startsWith(SCOPE)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
      const navigate = request.mode === "navigate";
      if (request.cache === "reload" && !navigate) {
        // the page asks for a file as the server has it now (its release did not match the
        // game worker's files: ui/boot/worker.js): from the network, and kept; offline, cached
        try {
          const fresh = await fetch(request);
          if (fresh.ok && (await cache.match(request))) await cache.put(request, fresh.clone());
          return fresh;
        } catch {
          /* offline: as cached */
        }
      }
      const hit = await cache.match(request, { ignoreSearch: navigate });
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (error) {
        if (navigate) {
          const page = await cache.match("./index.html");
          if (page) return page;
        }
        throw error;
      }
    })(),
  );
});

// sw.js - a small service worker so the app also starts offline: every
// file of this origin is fetched from the network when it can be, and
// kept; without a network the kept copy is served.  (The app itself makes
// no request after loading.)
const CACHE = "libcanasta-web-v1";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    } catch (error) {
      const kept = await cache.match(request, { ignoreSearch: request.mode === "navigate" });
      if (kept) return kept;
      throw error;
    }
  })());
});

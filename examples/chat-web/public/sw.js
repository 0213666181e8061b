// The sample's service worker: keeps the page and its scripts, so a reload without the network still opens the app,
// which then draws the chat from its IndexedDB copy. The chat API is never cached here: the SDK keeps its own copy.
const CACHE = "parley-chat-web-v1";
const API_PATHS = ["/v1/", "/api/", "/files/"];

self.addEventListener("install", (event) => {
  // The page and every script and stylesheet it names: the first load fetched them before this worker could keep
  // them, so a reload without the network would find the page but not its code.
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      const page = await fetch("./");
      const html = await page.clone().text();
      await cache.put("./", page);
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)]
        .map((match) => new URL(match[1], self.location.href))
        .filter((url) => url.origin === self.location.origin && /\.(js|css)$/.test(url.pathname));
      await cache.addAll(assets.map((url) => url.href));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (API_PATHS.some((prefix) => url.pathname.startsWith(prefix))) return;
  // The network first, so a new version of the page shows as soon as it is deployed; the kept copy when offline.
  event.respondWith(
    fetch(request)
      .then((response) => {
        if (response.ok) {
          const copy = response.clone();
          void caches.open(CACHE).then((cache) => cache.put(request.mode === "navigate" ? "./" : request, copy));
        }
        return response;
      })
      .catch(async () => {
        const cached = await caches.match(request.mode === "navigate" ? "./" : request);
        return cached ?? Response.error();
      }),
  );
});

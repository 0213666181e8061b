// The sample's service worker: keeps the page and its scripts, so a reload without the network still opens the app,
// which then draws the chat from its IndexedDB copy. The chat API is never cached here: the SDK keeps its own copy.
const CACHE = "parley-chat-web-v1";
const API_PATHS = ["/v1/", "/api/", "/files/"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      .then((cache) => cache.add("./"))
      .then(() => self.skipWaiting()),
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

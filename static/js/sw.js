// The service worker: keeps the app shell and the pages of the evenings this phone opened,
// so that the scorer can open the board and the new-hand form with no network.
// - Pages: network first; a page that answered is kept, and served when the network is
//   gone. Only the pages of an evening (the scorer's /e/<token>, its new-hand form, and
//   the view /s/<token>) and the landing page are kept, and only as this phone fetched
//   them: nothing is fetched ahead, so no other evening's page is ever in the cache.
// - Static files: from the cache, refreshed in the background.
// - Never kept: writes, the API, files (PDF, CSV, JSON), live state, admin pages.
// The cache lives in this browser's storage for this origin only; the worker sends no URL
// anywhere, and the manifest's start_url is "/" (no token).
"use strict";

const VERSION = "v1";
const SHELL = `shell-${VERSION}`;
const PAGES = `pages-${VERSION}`;
const MAX_EVENINGS = 8; // the evenings whose pages are kept (most recently opened)
const SHELL_FILES = [
  "/",
  "/static/css/app.css",
  "/static/js/app.js",
  "/static/js/offline.js",
  "/static/js/form-conditions.js",
  "/static/js/game-form.js",
];
const PAGE = /^\/(?:e\/[^/]+(?:\/hands\/new|\/offline\.json)?|s\/[^/]+)?\/?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys.filter((k) => k !== SHELL && k !== PAGES).map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

function evening(path) {
  const match = /^\/([es])\/([^/]+)/.exec(path);
  return match ? `${match[1]}/${match[2]}` : null;
}

// Keep the pages of the MAX_EVENINGS evenings opened last; forget the others.
async function trim(cache) {
  const requests = await cache.keys();
  const order = [];
  for (const request of requests) {
    const key = evening(new URL(request.url).pathname);
    if (key && !order.includes(key)) order.push(key);
  }
  const drop = order.slice(0, Math.max(0, order.length - MAX_EVENINGS));
  await Promise.all(
    requests
      .filter((r) => drop.includes(evening(new URL(r.url).pathname)))
      .map((r) => cache.delete(r)),
  );
}

async function page(request) {
  const cache = await caches.open(PAGES);
  const url = new URL(request.url);
  const key = url.origin + url.pathname; // one copy a page, whatever its query
  try {
    const response = await fetch(request);
    if (response.ok && !response.redirected) {
      await cache.delete(key);
      await cache.put(key, response.clone());
      await trim(cache);
    }
    return response;
  } catch (error) {
    const kept = (await cache.match(key)) || (await caches.match(key));
    if (kept) return kept;
    throw error;
  }
}

async function asset(request) {
  const kept = await caches.match(request);
  const fresh = fetch(request)
    .then(async (response) => {
      if (response.ok) await (await caches.open(SHELL)).put(request, response.clone());
      return response;
    })
    .catch(() => undefined);
  return kept || (await fresh) || Response.error();
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(asset(request));
  } else if (PAGE.test(url.pathname)) {
    event.respondWith(page(request));
  }
});

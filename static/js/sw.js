// The service worker: the app's static files, and a page for the scorer when the network
// fails. It keeps no page itself: every page of a link answers no-store, and what the
// offline mode keeps, offline.js copies on purpose (the board and the new-hand form of
// an evening opened with its link, for KEEP_DAYS, at most 8 evenings, cleared by
// "forget this evening") into PAGES. docs/capabilities.md says why.
// - Pages: the network first. If it fails, or gives no answer within WAIT_MS while a
//   kept copy is there, the copy; a page never kept gets the tokenless /offline page.
// - Static files: the server writes SHELL_FILES with this deploy's hashed names
//   (/static/css/app.<digest>.css, views/offline.py) and VERSION with a digest of them, so
//   a deploy that changes a file installs a new worker and drops the old shell. A hashed
//   file never changes: from the cache, else the network. A plain name: from the cache,
//   refreshed in the background. A file of another deploy (a page kept before it) that the
//   network cannot give: the same file of this one.
// - Never touched: writes, the API, files (PDF, CSV, JSON), live state.
// The caches live in this browser's storage for this origin only; the worker sends no URL
// anywhere, and the manifest's start_url is "/" (no token).
"use strict";

// The server adds the digest of the files: "v3-<digest>".
const VERSION = "v3";
const SHELL = `shell-${VERSION}`;
const PAGES = "ulti-pages-v2"; // offline.js writes it; kept across versions of the worker
const WAIT_MS = 4000;
const SHELL_FILES = [
  "/offline",
  "/static/css/app.css",
  "/static/js/app.js",
  "/static/js/offline.js",
  "/static/js/form-conditions.js",
  "/static/js/game-form.js",
];
const HASHED = /\.[0-9a-f]{12}(\.[A-Za-z0-9]+)$/;
const PAGE = /^\/(?:e\/[^/]+(?:\/hands\/new)?|s\/[^/]+|offline)?\/?$/;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(SHELL)
      .then((cache) => cache.addAll(SHELL_FILES))
      .then(() => self.skipWaiting()),
  );
});

// Every other cache goes: an older worker's (pages-v1 kept whole answers of every page).
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

async function kept(url) {
  const cache = await caches.open(PAGES);
  return cache.match(url.origin + url.pathname, { ignoreSearch: true });
}

async function page(request) {
  const url = new URL(request.url);
  const copy = await kept(url);
  const network = fetch(request);
  if (!copy) {
    try {
      return await network;
    } catch (error) {
      const fallback = request.mode === "navigate" && (await caches.match("/offline"));
      if (fallback) return fallback;
      throw error;
    }
  }
  // A host gone from the Wi-Fi does not refuse: it does not answer. Wait WAIT_MS at most.
  const late = new Promise((resolve) => setTimeout(() => resolve(null), WAIT_MS));
  try {
    const answer = await Promise.race([network, late]);
    if (answer) return answer;
  } catch (error) {
    /* no network: the copy */
  }
  network.catch(() => undefined);
  return copy;
}

// ignoreVary: a file kept at install (its request made by the worker) serves the page's
// own request too, whatever Accept-Encoding each sent (the answers vary on it).
async function asset(request) {
  const url = new URL(request.url);
  const hashed = HASHED.test(url.pathname);
  const cached = await caches.match(request, { ignoreVary: true });
  if (cached && hashed) return cached; // immutable: nothing to refresh
  const fresh = fetch(request)
    .then(async (response) => {
      if (response.ok) await (await caches.open(SHELL)).put(request, response.clone());
      return response;
    })
    .catch(() => undefined);
  return cached || (await fresh) || (await sameFile(url)) || Response.error();
}

// This deploy's copy of a file another deploy's page names (its digest, or none, removed).
async function sameFile(url) {
  const plain = url.pathname.replace(HASHED, "$1");
  const ours = SHELL_FILES.find((name) => name.replace(HASHED, "$1") === plain);
  return ours ? caches.match(ours, { ignoreVary: true }) : undefined;
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith("/static/")) {
    event.respondWith(asset(request));
  } else if (request.mode === "navigate" && PAGE.test(url.pathname)) {
    event.respondWith(page(request));
  }
});

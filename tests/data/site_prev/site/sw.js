// harupan's service worker (written by the site build): a page visited once opens and plays
// without a network. Everything is fetched from the network first, so a new day and a rebuilt
// page show at once; what came back is kept, and served when the network is not there.
"use strict";
const VERSION = "692f9e3379d0e49a";
const STATIC = `harupan-static-${VERSION}`;
const PAGES = "harupan-pages";  // pages the player opened: kept across versions
const PRECACHE = ["icons/apple-touch-icon.png", "icons/icon-192.png", "icons/icon-32.png", "icons/icon-512.png", "icons/icon-maskable-512.png", "manifest.webmanifest", "offline.html", "static/art.svg", "static/fonts/sans.woff", "static/js/harupan.js", "static/site.css"];
const WAIT_MS = 4000;  // a network that does not answer is treated as none
const LIMIT = { [PAGES]: 60, [STATIC]: 120 };  // entries kept; the least recently fetched go first

const START = "./index.html";  // the manifest's start URL: the home page
const OFFLINE = "offline.html";  // the page shown for a page never opened, with no network

self.addEventListener("install", (event) => {
  const fetchAll = (name, paths) => caches.open(name).then((cache) =>
    Promise.all(paths.map((path) => cache.add(new Request(path, { cache: "reload" })).catch(() => null))));
  // the start page goes with the pages (kept across versions, refreshed on every visit), so an
  // installed app opened offline at its start page works after one visit to any page
  event.waitUntil(Promise.all([fetchAll(STATIC, PRECACHE), fetchAll(PAGES, [START])]).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith("harupan-static-") && name !== STATIC) await caches.delete(name);
    }
    // the page that registered this worker was loaded before it: keep it now
    const pages = await caches.open(PAGES);
    for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
      const url = new URL(client.url);
      if (url.origin === location.origin && url.pathname.endsWith(".html")) await pages.add(url.href).catch(() => null);
    }
    await self.clients.claim();
  })());
});

/** Keep a response; a put moves its entry to the end, so the oldest entries are the first keys. */
async function keep(name, req, res) {
  const cache = await caches.open(name);
  await cache.put(req, res);
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - LIMIT[name]))) await cache.delete(old);
}

function timeout(ms) {
  return new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), ms));
}

// the last resort, when even the offline page was never fetched
const NOTICE = `<!doctype html><html lang="ko"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>인터넷에 연결되어 있지 않습니다</title></head>
<body style="font: 17px/1.7 sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; word-break: keep-all">
<h1>인터넷에 연결되어 있지 않습니다</h1>
<p>한 번 열어 본 날의 판은 인터넷 없이도 열립니다. 이 페이지는 아직 열어 본 적이 없습니다.</p>
</body></html>`;

/** A page never opened, with no network: the folder's index.html if that was kept (an address
 *  ending in "/"), else the site's offline page, which carries the site's header and links. */
async function offline(req) {
  const url = new URL(req.url);
  if (url.pathname.endsWith("/")) {
    const index = await caches.match(new URL("index.html", url).href);
    if (index) return index;
  }
  const page = await caches.match(new URL(OFFLINE, location.href).href);
  const body = page ? await page.text() : NOTICE;
  return new Response(body, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== location.origin) return;
  const page = req.mode === "navigate";
  event.respondWith((async () => {
    try {
      const res = await Promise.race([fetch(req), timeout(WAIT_MS)]);
      if (res.ok) event.waitUntil(keep(page ? PAGES : STATIC, req, res.clone()).catch(() => null));
      return res;
    } catch (e) {
      const kept = await caches.match(req, { ignoreSearch: page });
      if (kept) return kept;
      if (page) return offline(req);
      return Response.error();
    }
  })());
});

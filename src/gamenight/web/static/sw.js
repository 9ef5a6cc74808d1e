"use strict";
// gamenight's service worker: when a page is asked for without a connection, the offline page (in the language of
// the person who installed it) says so and leads back to the table they were at. Nothing else is kept or served
// from here: the API, the WebSocket and every other request go to the network as they would without it.
const CACHE = "gamenight-offline-1";
const OFFLINE = "/offline";
const KEPT = [OFFLINE, "/static/style.css", "/static/offline.js", "/static/favicon.svg"];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(KEPT)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") {
    event.respondWith(fetch(request).catch(() => caches.match(OFFLINE)));
  } else if (KEPT.includes(url.pathname)) {
    event.respondWith(fetch(request).catch(() => caches.match(url.pathname)));
  }
});

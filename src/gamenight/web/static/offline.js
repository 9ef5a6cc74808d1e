"use strict";
// The page a person sees when a page of gamenight is asked for without a connection (the service worker, sw.js,
// serves it): the way back to the table they were at (kept by the table page), and back there by itself as soon as
// the browser is online again.
(function () {
  let last = null;
  try { last = localStorage.getItem("gamenight-last-table"); } catch (e) { last = null; }
  const target = last && /^[A-Za-z0-9_-]{1,64}$/.test(last) ? "/table/" + encodeURIComponent(last) : "/";
  if (target !== "/") {
    document.getElementById("offline-table-link").href = target;
    document.getElementById("offline-table").hidden = false;
  }
  document.getElementById("offline-retry").href = target;
  window.addEventListener("online", () => location.assign(target));
})();

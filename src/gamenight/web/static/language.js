"use strict";
// The language picker (the server adds it to each page's top bar): the choice is remembered (a cookie the server
// reads) and the page is served again in that language.
(function () {
  const picker = document.getElementById("lang-picker");
  if (!picker) return;
  picker.addEventListener("change", () => {
    document.cookie = `lang=${encodeURIComponent(picker.value)}; max-age=31536000; path=/; samesite=lax`;
    const url = new URL(window.location.href);
    url.searchParams.delete("lang");
    window.location.replace(url.toString());
  });
})();

// Plain JavaScript that runs before Python: shows that the game is loading and, if the Python
// runtime cannot start, says what failed and offers to retry. Never a blank page, never a
// spinner forever. Its words come from locales/<lang>.json like every other word on the page;
// FALLBACK is only used when even that file cannot be read.
"use strict";
(function () {
  const FALLBACK = {
    loading: "Loading the game…", slow: "This is taking longer than usual…",
    failed_title: "The game could not start", retry: "Try again",
    failed_runtime: "The Python runtime did not load.", failed_timeout: "It did not start in time.",
    failed_script: "The game's program stopped while starting.",
    no_wasm: "This browser cannot run the game: it has no WebAssembly.",
  };
  const SLOW_MS = 20000, GIVE_UP_MS = 90000;
  let words = FALLBACK, ready = false, failed = false, pending = null;
  const $ = (id) => document.getElementById(id);

  function say(key) { return (words && words[key]) || FALLBACK[key]; }
  function show(key) { const el = $("boot-text"); if (el) el.textContent = say(key); }

  function fail(key, detail) {
    if (ready || failed) return;
    failed = true;
    const box = $("boot-fail");
    if (!box) return;
    $("boot-fail-title").textContent = say("failed_title");
    $("boot-fail-text").textContent = say(key) || String(key);
    $("boot-fail-detail").textContent = detail ? String(detail).slice(0, 2000) : "";
    $("boot-retry").textContent = say("retry");
    $("boot-text").textContent = "";
    box.hidden = false;
    $("boot").classList.add("failed");
  }

  // An error before the game is ready is reported after a short grace period (Python may
  // still recover from it); once the game is ready the page handles errors itself.
  function early(detail) {
    if (ready || failed || pending) return;
    pending = setTimeout(() => { pending = null; if (!ready) fail("failed_runtime", detail); }, 1500);
  }

  window.longanaBoot = {
    ready() {
      ready = true;
      if (pending) clearTimeout(pending);
      const boot = $("boot");
      if (boot) boot.remove();
    },
    fail(message, detail) { fail(message, detail); },
    words(lang) { return words; },
  };

  addEventListener("error", (e) => early(e.message || e.error));
  addEventListener("unhandledrejection", (e) => early(e.reason && (e.reason.message || e.reason)));

  document.addEventListener("DOMContentLoaded", () => {
    $("boot-retry").addEventListener("click", () => location.reload());
    if (typeof WebAssembly !== "object") { fail("no_wasm"); return; }
    let lang = "en";
    try {
      const saved = JSON.parse(localStorage.getItem("longana:settings") || "{}");
      if (typeof saved.lang === "string" && /^[a-z]{2}$/.test(saved.lang)) lang = saved.lang;
    } catch (e) { /* unreadable settings: the page reports it once Python runs */ }
    fetch(`./locales/${lang}.json`).then((r) => r.ok ? r.json() : Promise.reject(r.status))
      .catch(() => lang === "en" ? null : fetch("./locales/en.json").then((r) => r.json()))
      .then((catalog) => { if (catalog && catalog.boot) words = catalog.boot; })
      .catch(() => {})
      .finally(() => { if (!failed && !ready) show("loading"); });
    // PyScript fires py:done on the main script when it has finished running: if the
    // game is not ready by then, the script stopped with an error.
    const main = document.querySelector('script[type="py"]:not([worker])');
    if (main) main.addEventListener("py:done", () => setTimeout(() => {
      if (!ready) fail("failed_script");
    }, 50));
    setTimeout(() => {
      if (ready || failed) return;
      show("slow");
      const again = document.createElement("button");
      again.type = "button";
      again.className = "btn";
      again.textContent = say("retry");
      again.addEventListener("click", () => location.reload());
      $("boot-text").after(again);
    }, SLOW_MS);
    setTimeout(() => { if (!ready) fail("failed_timeout"); }, GIVE_UP_MS);
  });
})();

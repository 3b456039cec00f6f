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
    // A promise that settles like `promise`, or fails after `ms` (the page's timeouts: the
    // MicroPython page has no asyncio.wait_for that works on JavaScript promises).
    within(promise, ms) {
      let timer;
      const late = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
      });
      return Promise.race([Promise.resolve(promise), late]).finally(() => clearTimeout(timer));
    },
    fail(message, detail) { fail(message, detail); },
    words(lang) { return words; },
  };

  addEventListener("error", (e) => early(e.message || e.error));
  addEventListener("unhandledrejection", (e) => early(e.reason && (e.reason.message || e.reason)));

  document.addEventListener("DOMContentLoaded", () => {
    $("boot-retry").addEventListener("click", () => location.reload());
    if (typeof WebAssembly !== "object") { fail("no_wasm"); return; }
    // the language as interfaces.md orders it: ?lang=, the saved setting, the browser's, English
    const ours = ["de", "en", "es", "ms"];
    let saved = null;
    try {
      saved = JSON.parse(localStorage.getItem("longana:settings") || "{}").lang;
    } catch (e) { /* unreadable settings: the page reports it once Python runs */ }
    const asked = new URLSearchParams(location.search).get("lang");
    const browser = (navigator.languages || []).map((t) => t.split(/[-_]/)[0].toLowerCase());
    const lang = [asked, saved, ...browser].find((l) => ours.includes(l)) || "en";
    fetch(`./locales/${lang}.json`).then((r) => r.ok ? r.json() : Promise.reject(r.status))
      .catch(() => lang === "en" ? null : fetch("./locales/en.json").then((r) => r.json()))
      .then((catalog) => { if (catalog && catalog.boot) words = catalog.boot; })
      .catch(() => {})
      .finally(() => { if (!failed && !ready) show("loading"); });
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

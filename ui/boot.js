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
    progress: "Downloading the game: {done} of {total} MB",
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
      if (ready) return;
      ready = true;
      if (installPrompt) toast("install", say("install"), say("install_button"));
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
    setWords(json) { try { words = JSON.parse(json); } catch (e) { /* keep the old ones */ } },
    // the service worker: offline play, updates announced (never applied by themselves),
    // the install prompt, and storage the browser will not evict
    offline() {
      if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
      navigator.serviceWorker.register("./sw.js").then((reg) => {
        if (!reg) return;  // registration refused (a browser policy): no offline cache
        const announce = () => { if (reg.waiting && navigator.serviceWorker.controller) toast(
          "update", say("update"), say("reload")); };
        announce();
        reg.addEventListener("updatefound", () => {
          const next = reg.installing;
          if (next) next.addEventListener("statechange", () => {
            if (next.state === "installed") announce(); });
        });
        const check = () => reg.update().catch(() => {});
        setInterval(check, 30 * 60 * 1000);
        document.addEventListener("visibilitychange", () => { if (!document.hidden) check(); });
      }).catch((e) => console.warn("offline cache not installed: " + e));
      if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
    },
    // Reload: into the waiting release if there is one (it takes over first), else plainly.
    reload() {
      const sw = navigator.serviceWorker;
      if (sw && sw.controller) {
        sw.getRegistration().then((reg) => {
          if (!reg || !reg.waiting) { location.reload(); return; }
          sw.addEventListener("controllerchange", () => location.reload());
          reg.waiting.postMessage("skip-waiting");
        }, () => location.reload());
      } else location.reload();
    },
    install() {
      const prompt = installPrompt;
      installPrompt = null;
      document.querySelectorAll('[data-notice="install"]').forEach((t) => t.remove());
      if (prompt) prompt.prompt();
    },
  };

  let installPrompt = null;
  addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installPrompt = event;
    if (ready) toast("install", say("install"), say("install_button"));
  });

  // a copy under a sub-path keeps its own keys (ui/storage.py copy_key)
  function copyKey(name) {
    const folder = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1);
    return folder === "/" ? name : name + "@" + folder;
  }

  // The game worker's large files, fetched here while it starts so that a slow network shows
  // real progress; the browser's cache hands each file to the worker once it is in (the
  // worker's own request waits for this one, then is answered without a second download).
  const LARGE = ["./vendor/pyodide/pyodide.asm.wasm", "./vendor/pyodide/python_stdlib.zip",
                 "./vendor/pyodide/pyodide.asm.js", "./app.zip"];
  function download() {
    const bar = $("boot-progress");
    if (!bar || !window.ReadableStream) return;
    const sizes = {}, done = {};
    const show = () => {
      const total = Object.values(sizes).reduce((a, b) => a + b, 0);
      const got = Object.values(done).reduce((a, b) => a + b, 0);
      if (!total || ready) return;
      bar.max = total; bar.value = got; bar.hidden = false;
      const mb = (n) => (n / 1e6).toFixed(1);
      bar.setAttribute("aria-valuetext", say("progress").replace("{done}", mb(got))
        .replace("{total}", mb(total)));
      $("boot-text").textContent = bar.getAttribute("aria-valuetext");
    };
    for (const url of LARGE) {
      fetch(url).then(async (response) => {
        sizes[url] = +response.headers.get("content-length") || 0;
        done[url] = 0;
        if (!response.ok || !response.body) return;
        const reader = response.body.getReader();
        for (;;) {
          const { done: end, value } = await reader.read();
          if (end) break;
          done[url] += value.length;
          show();
        }
      }).catch(() => { /* the worker will ask again and report what fails */ });
    }
  }

  // A notice with a button, in the page's notice layer (it stays until acted on).
  function toast(id, text, label) {
    if (document.querySelector(`[data-notice="${id}"]`)) return;
    let layer = $("toasts");
    if (!layer) {
      layer = document.createElement("div");
      layer.id = "toasts"; layer.className = "toasts";
      layer.setAttribute("role", "status"); layer.setAttribute("aria-live", "polite");
      document.body.append(layer);
    }
    const item = document.createElement("p");
    item.className = "toast with-action";
    item.dataset.notice = id;
    item.textContent = text + " ";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn small";
    button.dataset.action = id === "update" ? "reload" : "install";
    button.textContent = label;
    item.append(button);
    layer.append(item);
  }

  addEventListener("error", (e) => early(e.message || e.error));
  addEventListener("unhandledrejection", (e) => early(e.reason && (e.reason.message || e.reason)));

  document.addEventListener("DOMContentLoaded", () => {
    $("boot-retry").addEventListener("click", () => location.reload());
    if (typeof WebAssembly !== "object") { fail("no_wasm"); return; }
    // the language as interfaces.md orders it: ?lang=, the saved setting, the browser's, English
    const ours = ["de", "en", "es", "ms"];
    let saved = null;
    try {
      saved = JSON.parse(localStorage.getItem(copyKey("longana:settings")) || "{}").lang;
    } catch (e) { /* unreadable settings: the page reports it once Python runs */ }
    const asked = new URLSearchParams(location.search).get("lang");
    const browser = (navigator.languages || []).map((t) => t.split(/[-_]/)[0].toLowerCase());
    const lang = [asked, saved, ...browser].find((l) => ours.includes(l)) || "en";
    // a first visit (no game saved here yet) shows the download's progress in bytes
    let visited = false;
    try { visited = !!localStorage.getItem(copyKey("longana:save")); } catch (e) { /* no storage */ }
    if (!visited) download();
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

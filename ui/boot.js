// Plain JavaScript that runs before Python: starts the game worker, shows that the game is
// loading (on a first visit the download's progress) and, if the Python runtime cannot start,
// says what failed and offers to retry. Never a blank page, never a spinner forever. Its
// words come from locales/<lang>.json like every other word on the page; FALLBACK is only
// used when even that file cannot be read.
"use strict";
(() => {
  const FALLBACK = {
    loading: "Loading the game…",
    slow: "This is taking longer than usual…",
    failed_title: "The game could not start",
    retry: "Try again",
    failed_runtime: "The Python runtime did not load.",
    failed_timeout: "It did not start in time.",
    failed_script: "The game's program stopped while starting.",
    failed_files: "The game's files could not be loaded: check the connection, then try again.",
    progress: "Downloading the game: {done} of {total} MB",
    no_wasm: "This browser cannot run the game: it has no WebAssembly.",
    step_runtime: "Starting Python…",
    step_engine: "Loading the rules and the computer players…",
    step_table: "Setting out the table…",
    slow_going: "This device is taking its time, but the game is still starting: please wait.",
  };
  const SLOW_MS = 20000,
    GIVE_UP_MS = 90000;
  let words = FALLBACK,
    ready = false,
    failed = false,
    pending = null,
    retryWorker = null;
  const $ = (id) => document.getElementById(id);

  function say(key) {
    return words?.[key] || FALLBACK[key];
  }
  function show(key) {
    const el = $("boot-text");
    if (el) el.textContent = say(key);
  }

  // What the loading screen says the game worker is doing, from its start-up marks (a first
  // visit's download shows its megabytes meanwhile).
  const STEPS = {
    "longana:worker:script": "step_runtime",
    "longana:worker:runtime": "step_engine",
    "longana:worker:engine": "step_table",
    "longana:worker:restored": "step_table",
  };
  let step = "";
  function showStep(key) {
    step = key;
    if (!ready && !failed) show(key);
  }

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

  // Try again: a new game worker when that is what failed (the page's runtime and the files
  // fetched so far are kept), else the page loads again.
  function retry() {
    const resume = retryWorker;
    retryWorker = null;
    if (!resume || ready) {
      location.reload();
      return;
    }
    failed = false;
    $("boot-fail").hidden = true;
    $("boot").classList.remove("failed");
    show("loading");
    stillLoading();
    resume(true);
  }

  // An error before the game is ready is reported after a short grace period (Python may
  // still recover from it); once the game is ready the page handles errors itself.
  function early(detail) {
    if (ready || failed || pending) return;
    pending = setTimeout(() => {
      pending = null;
      if (!ready) fail("failed_runtime", detail);
    }, 1500);
  }

  // Files the page needs before its first frame, asked for as this script runs (while PyScript
  // and MicroPython load), each once: the text, or null when it cannot be fetched (asked for
  // again the next time).
  const PAGE_FILES = "./ui/page-files.json";
  const fetched = new Map();
  function fetchText(url) {
    const key = new URL(url, document.baseURI).href;
    if (!fetched.has(key)) {
      const text = fetch(key)
        .then((r) => (r.ok ? r.text() : null))
        .catch(() => null);
      fetched.set(key, text);
      text.then((got) => {
        if (got === null) fetched.delete(key);
      });
    }
    return fetched.get(key);
  }

  window.longanaBoot = {
    // a file's text (fetched once: the page's catalogs were asked for as the page opened)
    text(url) {
      return fetchText(url);
    },
    // Resolves in a task of its own: the browser takes its turn (input, drawing) before the
    // page goes on. (A message, not a timer: nested timers wait 4 ms each.)
    turn() {
      return new Promise((resolve) => {
        const line = new MessageChannel();
        line.port1.onmessage = () => {
          line.port1.close();
          resolve();
        };
        line.port2.postMessage(0);
      });
    },
    // The page's modules as [[path, text], ...] (ui/page-files.json, made by
    // tools/build_site.py: one file rather than one request per module), or null.
    pageFiles() {
      return fetchText(PAGE_FILES).then((text) => {
        try {
          return text === null ? null : JSON.parse(text);
        } catch (_e) {
          return null;
        }
      });
    },
    // An intent with a file's text in it, made here so that a text of megabytes never enters
    // the page's MicroPython (its heap cannot hold it): `head` is the intent's JSON without the
    // file, `field` where the text goes (pushed when it is a list). Resolves to the text to send
    // (an object whose String() is the intent, with `ms`, the time the worker may take: an
    // import of several MB is read and every hand replayed), or null when the file cannot be read.
    withFile(head, field, file) {
      return file.text().then(
        (text) => {
          const intent = JSON.parse(head);
          if (Array.isArray(intent[field])) intent[field].push(text);
          else intent[field] = text;
          const json = JSON.stringify(intent);
          return {
            toString() {
              return json;
            },
            ms: CALL_MS + json.length / 50,
          };
        },
        () => null,
      );
    },
    // the game worker: the one started with the page first, then a new one each time
    game() {
      const game = firstGame || gameWorker(false);
      firstGame = null;
      return game;
    },
    ready() {
      if (ready) return;
      ready = true;
      if (installPrompt) offerInstall();
      if (pending) clearTimeout(pending);
      const boot = $("boot");
      if (boot) boot.remove();
    },
    // the failure box (unless the table is on screen already): true when it shows
    fail(message, detail) {
      fail(message, detail);
      return failed && !ready;
    },
    // Resolves when the person presses Try again in the failure box: ui/dom/link.py then
    // starts a new game worker, keeping the page and every file already fetched. Try again
    // reloads the page when nobody waits for it (the page's own runtime failed).
    retried() {
      return new Promise((resolve) => {
        retryWorker = resolve;
      });
    },
    words(_lang) {
      return words;
    },
    setWords(json) {
      try {
        words = JSON.parse(json);
      } catch (_e) {
        /* keep the old ones */
      }
    },
    // the service worker: offline play, updates announced (never applied by themselves), the
    // install prompt (ui/keep.js asks the browser to keep the game's storage where that asks
    // nobody a question)
    offline() {
      if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
      navigator.serviceWorker
        .register("./sw.js")
        .then((reg) => {
          if (!reg) return; // registration refused (a browser policy): no offline cache
          const announce = () => {
            if (reg.waiting && navigator.serviceWorker.controller)
              toast("update", say("update"), say("reload"));
          };
          announce();
          reg.addEventListener("updatefound", () => {
            const next = reg.installing;
            if (next)
              next.addEventListener("statechange", () => {
                if (next.state === "installed") announce();
              });
          });
          const check = () => reg.update().catch(() => {});
          setInterval(check, 30 * 60 * 1000);
          document.addEventListener("visibilitychange", () => {
            if (!document.hidden) check();
          });
        })
        .catch((e) => console.warn(`offline cache not installed: ${e}`));
    },
    // Reload: into the waiting release if there is one (it takes over first), else plainly.
    reload() {
      const sw = navigator.serviceWorker;
      if (sw?.controller) {
        sw.getRegistration().then(
          (reg) => {
            if (!reg?.waiting) {
              location.reload();
              return;
            }
            sw.addEventListener("controllerchange", () => location.reload());
            reg.waiting.postMessage("skip-waiting");
          },
          () => location.reload(),
        );
      } else location.reload();
    },
    install() {
      const prompt = installPrompt;
      installPrompt = null;
      for (const t of document.querySelectorAll('[data-notice="install"]')) t.remove();
      if (prompt) prompt.prompt();
    },
  };

  let installPrompt = null;
  addEventListener("beforeinstallprompt", (event) => {
    event.preventDefault();
    installPrompt = event;
    if (ready) offerInstall();
  });

  // a copy under a sub-path keeps its own keys (ui/storage.py copy_key)
  function copyKey(name) {
    const folder = location.pathname.slice(0, location.pathname.lastIndexOf("/") + 1);
    return folder === "/" ? name : `${name}@${folder}`;
  }

  // -- the game worker (ui/game-worker.mjs) -------------------------------------------------
  // Started as this script runs, so that Pyodide loads while the page's MicroPython starts;
  // ui/dom/link.py talks to it through longanaBoot.game(). A call resolves to the reply's text, or
  // to "" when the worker failed, went SILENT_MS without a sign of starting (a step done, bytes
  // downloaded, or its heartbeat: it beats every 2 s while Pyodide compiles), was not ready
  // after START_MS in all, or, once started, did not answer within CALL_MS (link.py then
  // replaces it and feeds the new one the last save). A call never rejects: MicroPython's
  // `except` does not see every JavaScript error. why() says how it ended: "answering" (it
  // died while answering a call: that intent is not sent again), "unreachable" (its files could
  // not be fetched: a new worker would fail the same way), "" otherwise.
  const SILENT_MS = 60000,
    START_MS = 300000,
    CALL_MS = 15000;
  let firstGame = null;

  function gameWorker(progress) {
    const pending = new Map(); // id -> {settle, at}
    const born = performance.now();
    let sign = born,
      silence = 0; // the last sign of starting, the longest wait for one
    let next = 0,
      readyAt = 0,
      dead = "",
      watch = null,
      worker = null,
      heard = false,
      how = "";
    const fail = (why, unreachable) => {
      if (dead) return;
      dead = why;
      if (unreachable) how = "unreachable";
      else if (readyAt && pending.size && why !== "ended") how = "answering";
      if (why !== "ended") console.warn(`longana: the game worker failed: ${why}`);
      clearInterval(watch);
      for (const call of pending.values()) call.settle("");
      pending.clear();
      if (worker) worker.terminate();
    };
    const check = () => {
      const now = performance.now();
      if (!readyAt && now - sign > SILENT_MS) return fail(`no sign of starting in ${SILENT_MS} ms`);
      if (!readyAt && now - born > START_MS) return fail(`not started in ${START_MS} ms`);
      for (const call of pending.values()) {
        if (readyAt && now - Math.max(call.at, readyAt) > call.ms)
          return fail(`no answer in ${call.ms} ms`);
      }
    };
    try {
      worker = new Worker(new URL("./ui/game-worker.mjs", document.baseURI), {
        type: "module",
        name: progress ? "longana-game progress" : "longana-game",
      });
    } catch (e) {
      fail(String(e));
    }
    if (worker) {
      worker.addEventListener("message", (event) => {
        const m = event.data || {};
        heard = true;
        if (!readyAt) silence = Math.max(silence, performance.now() - sign);
        sign = performance.now();
        stillLoading();
        if (m.mark) {
          try {
            performance.mark(m.mark, {
              startTime: Math.max(0, m.at - performance.timeOrigin),
              detail: m.detail || null,
            });
          } catch (_e) {
            /* a browser without mark options */
          }
          if (STEPS[m.mark]) showStep(STEPS[m.mark]);
        }
        if (m.progress) showProgress(m.progress.done, m.progress.total);
        if (m.ready) {
          readyAt = performance.now();
          // how long the start went without a sign at most (the heartbeat's test reads it)
          try {
            performance.mark("longana:worker:silence", { detail: { ms: Math.round(silence) } });
          } catch (_e) {
            /* a browser without mark options */
          }
        }
        if (m.failed) fail(`it could not start: ${m.failed}`, !!m.unreachable);
        if (m.id !== undefined && pending.has(m.id)) {
          if (m.error !== undefined) return fail(`the engine failed: ${m.error}`);
          const call = pending.get(m.id);
          pending.delete(m.id);
          call.settle(String(m.text));
        }
      });
      worker.addEventListener("error", (event) => {
        event.preventDefault();
        // before its first message: its script could not be fetched (or run)
        fail(`error: ${event.message || "its script did not run"}`, !heard);
      });
      worker.addEventListener("messageerror", () => fail("a message could not be read"));
      watch = setInterval(check, 500);
    }
    return {
      call(text) {
        if (dead) return Promise.resolve("");
        const id = ++next;
        return new Promise((settle) => {
          // a text made by withFile() carries the time its file may take (ms)
          pending.set(id, { settle, at: performance.now(), ms: text?.ms || CALL_MS });
          worker.postMessage({ id, text: String(text) });
        });
      },
      end() {
        fail("ended");
      },
      why() {
        return how;
      },
    };
  }

  // The loading screen gives up after GIVE_UP_MS without a sign of progress (a slow device
  // that is still starting is left to finish).
  let giveUp = null;
  function stillLoading() {
    if (ready || failed) return;
    clearTimeout(giveUp);
    giveUp = setTimeout(() => {
      if (!ready) fail("failed_timeout");
    }, GIVE_UP_MS);
  }

  // A first visit's download, in bytes as they arrive (the game worker counts them), its
  // megabytes written the language's way.
  let megabytes = null;
  function showProgress(got, total) {
    const bar = $("boot-progress");
    if (!bar || !total || ready || failed) return;
    bar.max = total;
    bar.value = Math.min(got, total);
    bar.hidden = false;
    if (!megabytes) {
      let number = null;
      try {
        number = new Intl.NumberFormat(pickLang(), {
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        });
      } catch (_e) {
        /* no Intl: plain digits */
      }
      megabytes = (n) => (number ? number.format(n / 1e6) : (n / 1e6).toFixed(1));
    }
    const text = say("progress")
      .replace("{done}", megabytes(Math.min(got, total)))
      .replace("{total}", megabytes(total));
    bar.setAttribute("aria-valuetext", text);
    const el = $("boot-text");
    if (el) el.textContent = text;
  }

  // the language as interfaces.md orders it: ?lang=, the saved setting, the browser's, English
  function pickLang() {
    const ours = ["de", "en", "es", "ms"];
    let saved = null;
    try {
      saved = JSON.parse(localStorage.getItem(copyKey("longana:settings")) || "{}").lang;
    } catch (_e) {
      /* unreadable settings: the page reports it once Python runs */
    }
    const asked = new URLSearchParams(location.search).get("lang");
    const browser = (navigator.languages || []).map((t) => t.split(/[-_]/)[0].toLowerCase());
    return [asked, saved, ...browser].find((l) => ours.includes(l)) || "en";
  }

  // A notice with a button, in the page's notice layer (it stays until acted on).
  // The install offer: a notice with "Not now", which is remembered on this device (per copy
  // of the site): it is not offered again, and it never stays over the table.
  function offerInstall() {
    try {
      if (localStorage.getItem(copyKey("longana:notice:install"))) return;
    } catch (_e) {
      /* no storage: offered, and "Not now" lasts until the page closes */
    }
    toast("install", say("install"), say("install_button"));
    const item = document.querySelector('[data-notice="install"]');
    if (!item || item.querySelector('[data-action="dismiss"]')) return;
    const later = document.createElement("button");
    later.type = "button";
    later.className = "btn small";
    later.dataset.action = "dismiss";
    later.textContent = say("install_later");
    later.addEventListener("click", () => {
      item.remove();
      try {
        localStorage.setItem(copyKey("longana:notice:install"), "1");
      } catch (_e) {
        /* none */
      }
    });
    item.append(later);
  }

  function toast(id, text, label) {
    if (document.querySelector(`[data-notice="${id}"]`)) return;
    let layer = $("toasts");
    if (!layer) {
      layer = document.createElement("div");
      layer.id = "toasts";
      layer.className = "toasts";
      layer.setAttribute("role", "status");
      layer.setAttribute("aria-live", "polite");
      document.body.append(layer);
    }
    const item = document.createElement("p");
    item.className = "toast with-action";
    item.dataset.notice = id;
    item.textContent = `${text} `;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "btn small";
    button.dataset.action = id === "update" ? "reload" : "install";
    button.textContent = label;
    item.append(button);
    layer.append(item);
  }

  // A later visit whose saved table one person plays at once (ui/storage.py, playable; a class
  // link may ask first): the page has the machine to itself until that table is on screen, and
  // the game worker starts when the page asks for it then (measured on 2 cores: the table
  // about 150 ms sooner, the worker, restored from its snapshot, ready about 80 ms later).
  function tableFirst() {
    try {
      const asked = new URLSearchParams(location.search);
      if (asked.has("class") || asked.has("deal")) return false; // (a deal may not be that table's)
      const cache = JSON.parse(localStorage.getItem(copyKey("longana:frame")) || "null");
      return !!(cache?.frame && cache.frame.people <= 1);
    } catch (_e) {
      return false; // no storage, or no table to show: the worker starts now
    }
  }

  // the game worker starts now (unless the table comes first); a first visit (no game saved
  // here yet) shows the download's progress in bytes; the page's modules and catalogs are
  // asked for meanwhile
  if (typeof WebAssembly === "object" && typeof Worker === "function") {
    let visited = false;
    try {
      visited = !!localStorage.getItem(copyKey("longana:save"));
    } catch (_e) {
      /* no storage */
    }
    if (!visited || !tableFirst()) firstGame = gameWorker(!visited);
    for (const url of [PAGE_FILES, "./locales/en.json", `./locales/${pickLang()}.json`])
      fetchText(url);
  }

  addEventListener("error", (e) => early(e.message || e.error));
  addEventListener("unhandledrejection", (e) => early(e.reason && (e.reason.message || e.reason)));

  document.addEventListener("DOMContentLoaded", () => {
    $("boot-retry").addEventListener("click", retry);
    if (typeof WebAssembly !== "object") {
      fail("no_wasm");
      return;
    }
    const lang = pickLang();
    fetchText(`./locales/${lang}.json`)
      .then((text) => (text === null && lang !== "en" ? fetchText("./locales/en.json") : text))
      .then((text) => {
        const catalog = text && JSON.parse(text);
        if (catalog?.boot) words = catalog.boot;
      })
      .catch(() => {})
      .finally(() => {
        if (!failed && !ready) show(step || "loading");
      });
    // A slow device (an old iPad) is told it is still starting, not offered to start over:
    // a reload would throw away the start so far. The failure box offers that when nothing
    // moves any more.
    setTimeout(() => {
      if (ready || failed) return;
      const note = document.createElement("p");
      note.dataset.bootSlow = "true";
      note.style.cssText = "max-width: 34rem; text-align: center; padding: 0 16px";
      note.textContent = say("slow_going");
      $("boot-text").after(note);
    }, SLOW_MS);
    stillLoading();
  });
})();

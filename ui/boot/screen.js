// The loading screen (one room of the start, wired by ui/boot.js): what the start is doing,
// from the game worker's marks; a first visit's download in megabytes; after SLOW_MS, that a
// slow device is still starting; and, if the game cannot start, what failed, with Try again.
// Never a blank page, never a spinner forever. Its words are the catalog's `boot` section
// (locales/<lang>.json) like every word on the page; FALLBACK only when that cannot be read.

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
    step_slow: "The quick start kept on this device could not be used: starting the slow way…",
    slow_going: "This device is taking its time, but the game is still starting: please wait.",
    release_fixed:
      "Some of the game's files were from another release (an update had not finished arriving). The right ones have been fetched: the game goes on.",
    release_mismatch:
      "Some of the game's files are from another release (an update has not finished arriving), and the right ones cannot be fetched now. Reload once the device is online.",
    reload: "Reload now",
  };
  const SLOW_MS = 20000; // then a slow device is told that it is still starting
  const GIVE_UP_MS = 90000; // without a sign of progress: the start has failed
  const EARLY_MS = 1500; // an error before the game is ready: Python may still recover
  // what the loading screen says the game worker is doing, by its start-up marks
  const STEPS = {
    "longana:worker:script": "step_runtime",
    "longana:worker:snapshot-dropped": "step_slow",
    "longana:worker:runtime": "step_engine",
    "longana:worker:engine": "step_table",
    "longana:worker:restored": "step_table",
  };
  const $ = (id) => document.getElementById(id);

  // `lang`: the language shown (its numbers are written its way)
  function screen(lang) {
    let words = FALLBACK;
    let ready = false;
    let failed = false;
    let pending = null; // an early error, reported after EARLY_MS
    let retryWorker = null; // resolves ui/dom/link.py's wait for Try again
    let step = "";
    let giveUp = null;
    let megabytes = null;

    const say = (key) => words?.[key] || FALLBACK[key];
    const show = (key) => {
      const el = $("boot-text");
      if (el) el.textContent = say(key);
    };

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

    // The loading screen gives up after GIVE_UP_MS without a sign of progress (a slow device
    // that is still starting is left to finish).
    function alive() {
      if (ready || failed) return;
      clearTimeout(giveUp);
      giveUp = setTimeout(() => {
        if (!ready) fail("failed_timeout");
      }, GIVE_UP_MS);
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
      alive();
      resume(true);
    }

    // A first visit's download, in bytes as they arrive, its megabytes written the
    // language's way.
    function progress(got, total) {
      const bar = $("boot-progress");
      if (!bar || !total || ready || failed) return;
      bar.max = total;
      bar.value = Math.min(got, total);
      bar.hidden = false;
      if (!megabytes) {
        let number = null;
        try {
          const digits = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
          number = new Intl.NumberFormat(lang(), digits);
        } catch {
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

    // Once the page is there: Try again is bound, and a slow device is told after SLOW_MS
    // that it is still starting rather than offered to start over (a reload would throw away
    // the start so far; the failure box offers that when nothing moves any more).
    function open() {
      $("boot-retry").addEventListener("click", retry);
      setTimeout(() => {
        if (ready || failed) return;
        const note = document.createElement("p");
        note.dataset.bootSlow = "true";
        note.style.cssText = "max-width: 34rem; text-align: center; padding: 0 16px";
        note.textContent = say("slow_going");
        $("boot-text").after(note);
      }, SLOW_MS);
      alive();
    }

    return {
      say,
      progress,
      alive,
      open,
      // a start-up mark of the game worker: the step it names, if any, is shown
      mark(name) {
        if (!STEPS[name]) return;
        step = STEPS[name];
        if (!ready && !failed) show(step);
      },
      // the catalog's words (its JSON text), shown from now on
      setWords(json) {
        try {
          words = JSON.parse(json);
        } catch {
          /* keep the old ones */
        }
      },
      // the catalog's `boot` section, once it is read (null: the fallback stays)
      catalog(boot) {
        if (boot) words = boot;
        if (!failed && !ready) show(step || "loading");
      },
      words: () => words,
      // the failure box (unless the table is on screen already): true when it shows
      fail(key, detail) {
        fail(key, detail);
        return failed && !ready;
      },
      // An error before the game is ready is reported after a short grace period (Python may
      // still recover from it); once the game is ready the page handles errors itself.
      early(detail) {
        if (ready || failed || pending) return;
        pending = setTimeout(() => {
          pending = null;
          if (!ready) fail("failed_runtime", detail);
        }, EARLY_MS);
      },
      // Resolves when the person presses Try again in the failure box (ui/dom/link.py then
      // starts a new game worker, keeping the page and every file fetched).
      retried: () =>
        new Promise((resolve) => {
          retryWorker = resolve;
        }),
      // the table is on screen: the loading screen goes
      ready() {
        if (ready) return;
        ready = true;
        if (pending) clearTimeout(pending);
        clearTimeout(giveUp);
        $("boot")?.remove();
      },
    };
  }

  window.longanaRooms = { ...window.longanaRooms, screen };
})();

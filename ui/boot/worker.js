// The line to the game worker (ui/game-worker.mjs; one room of the start, wired by
// ui/boot.js). The first worker is started as the page opens, so that Pyodide loads while the
// page's MicroPython starts; ui/dom/link.py talks to it, and to each worker that replaces it,
// through longanaBoot.game().
//
// A call resolves to the reply's text, or to "" when the worker failed, went SILENT_MS without a
// sign of starting (a step done, bytes downloaded, or its heartbeat: it beats every 2 s while
// Pyodide compiles), was not ready after START_MS in all, or, once started, did not answer
// within CALL_MS (link.py then replaces it and feeds the new one the last save). A call never
// rejects: MicroPython's `except` does not see every JavaScript error. why() says how it
// ended: "answering" (it died while answering a call: that intent is not sent again),
// "unreachable" (its files could not be fetched: a new worker would fail the same way), ""
// otherwise.

//
// The page and the worker's files carry their release (tools/build_site.py writes it here, in
// ui/game-worker.mjs and beside the engine in app.zip). A worker of another release (a new page
// over an old release's worker files, half-arrived in a cache) is said, its files are fetched
// again from the server and a new worker takes its calls; if they still do not match (offline,
// or this page is the old one), it is said with Reload, and the game goes on with that worker
// (what it cannot answer is said by the page: nothing waits for ever).

(() => {
  const SILENT_MS = 60000;
  const START_MS = 300000;
  const CALL_MS = 15000;
  const WATCH_MS = 500;
  const RELEASE = "__RELEASE__"; // the page's (tools/build_site.py)
  // what the game worker fetches of this release's, fetched again when its release differs
  const WORKER_FILES = [
    "ui/game-worker.mjs",
    "ui/worker/start.mjs",
    "ui/worker/snapshot.mjs",
    "ui/worker/watch.mjs",
    "app.zip",
    "vendor/pyodide/python_stdlib.zip",
    "vendor/pyodide/pyodide-lock.json",
  ];

  // whether a worker's `ready` says the page's release (a page not built says none)
  function sameRelease(m) {
    return RELEASE.startsWith("__") || (m.release === RELEASE && m.engine === RELEASE);
  }

  // The worker's files as the server has them now: a "reload" request goes past the HTTP cache
  // and the service worker's (which keeps what comes: sw.js); the memory snapshot of the other
  // release's engine goes. Offline, nothing changes.
  async function refresh() {
    await Promise.all(
      WORKER_FILES.map(async (name) => {
        try {
          await (await fetch(new URL(name, document.baseURI), { cache: "reload" })).arrayBuffer();
        } catch {
          /* offline: as cached */
        }
      }),
    );
    try {
      await caches.delete(`longana.snapshot@${new URL("./", document.baseURI).pathname}`);
    } catch {
      /* no Cache Storage */
    }
  }

  // the worker's start-up mark on the page's timeline (its time is the worker's)
  function timeline(name, at, detail) {
    try {
      performance.mark(name, { startTime: Math.max(0, at - performance.timeOrigin), detail });
    } catch {
      /* a browser without mark options */
    }
  }

  // `screen`: what the loading screen shows of a start (mark, progress, alive)
  function workers(screen) {
    // A game worker; `progress`: it counts a first visit's download.
    function start(progress) {
      const pending = new Map(); // id -> {settle, at, ms}
      let born = performance.now();
      let sign = born; // the last sign of starting
      let silence = 0; // the longest wait for one
      let next = 0;
      let readyAt = 0;
      let dead = "";
      let watch = null;
      let worker = null;
      let heard = false;
      let how = "";
      let refreshed = false; // its files were fetched again once (its release did not match)

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
        if (!readyAt && now - sign > SILENT_MS) fail(`no sign of starting in ${SILENT_MS} ms`);
        else if (!readyAt && now - born > START_MS) fail(`not started in ${START_MS} ms`);
        for (const call of readyAt ? pending.values() : []) {
          if (now - Math.max(call.at, readyAt) > call.ms) return fail(`no answer in ${call.ms} ms`);
        }
      };
      const heardFrom = (m) => {
        heard = true;
        if (!readyAt) silence = Math.max(silence, performance.now() - sign);
        sign = performance.now();
        screen.alive();
        if (m.mark) {
          timeline(m.mark, m.at, m.detail || null);
          screen.mark(m.mark);
        }
        if (m.progress) screen.progress(m.progress.done, m.progress.total);
        if (m.ready && !sameRelease(m) && !refreshed) return otherRelease(m);
        if (m.ready) {
          if (refreshed) said(m);
          readyAt = performance.now();
          // how long the start went without a sign at most (the heartbeat's test reads it)
          timeline("longana:worker:silence", performance.timeOrigin + readyAt, {
            ms: Math.round(silence),
          });
        }
        if (m.failed) fail(`it could not start: ${m.failed}`, !!m.unreachable);
        if (m.id !== undefined && pending.has(m.id)) {
          if (m.error !== undefined) return fail(`the engine failed: ${m.error}`);
          const call = pending.get(m.id);
          pending.delete(m.id);
          call.settle(String(m.text));
        }
      };

      // A worker of another release: said, its files fetched again, and a new one takes the
      // calls waiting (it is said again if that one does not match either)
      const otherRelease = (m) => {
        console.warn(
          `longana: the page is release ${RELEASE}, the game worker ${m.release}` +
            ` with the engine ${m.engine || "of an older release"}: fetching its files again`,
        );
        refreshed = true;
        const old = worker;
        worker = null;
        old.terminate();
        born = sign = performance.now();
        refresh().then(() => {
          if (dead) return;
          spawn();
          for (const [id, call] of pending) worker?.postMessage({ id, text: call.text });
        });
      };
      // after the files were fetched again: whether the releases now match, said
      const said = (m) => {
        const toasts = window.longanaToasts;
        if (sameRelease(m)) {
          toasts.show("release-fixed", screen.say("release_fixed"));
          return;
        }
        const item = toasts.show("release-mismatch", screen.say("release_mismatch"));
        toasts.act(item, "reload", screen.say("reload"));
      };
      const spawn = () => {
        try {
          worker = new Worker(new URL("./ui/game-worker.mjs", document.baseURI), {
            type: "module",
            name: progress ? "longana-game progress" : "longana-game",
          });
        } catch (error) {
          fail(String(error));
          return;
        }
        const mine = worker; // a worker replaced for its release is heard no more
        worker.addEventListener("message", (event) => {
          if (worker === mine) heardFrom(event.data || {});
        });
        worker.addEventListener("error", (event) => {
          event.preventDefault();
          // before its first message: its script could not be fetched (or run)
          if (worker === mine) fail(`error: ${event.message || "its script did not run"}`, !heard);
        });
        worker.addEventListener("messageerror", () => {
          if (worker === mine) fail("a message could not be read");
        });
      };
      spawn();
      if (worker) watch = setInterval(check, WATCH_MS);
      return {
        call(text) {
          if (dead) return Promise.resolve("");
          const id = ++next;
          return new Promise((settle) => {
            // a text made by withFile() carries the time its file may take (ms)
            const call = { settle, at: performance.now(), ms: text?.ms || CALL_MS };
            call.text = String(text);
            pending.set(id, call);
            worker?.postMessage({ id, text: call.text }); // (none while its files come again)
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

    return {
      start,
      // An intent with a file's text in it, made here so that a text of megabytes never
      // enters the page's MicroPython (its heap cannot hold it): `head` is the intent's JSON
      // without the file, `field` where the text goes (pushed when it is a list). Resolves to
      // the text to send (an object whose String() is the intent, with `ms`, the time the
      // worker may take: an import of several MB is read and every hand replayed), or null
      // when the file cannot be read.
      withFile(head, field, file) {
        return file.text().then(
          (text) => {
            const intent = JSON.parse(head);
            if (Array.isArray(intent[field])) intent[field].push(text);
            else intent[field] = text;
            const json = JSON.stringify(intent);
            return { toString: () => json, ms: CALL_MS + json.length / 50 };
          },
          () => null,
        );
      },
      // An intent's text (or one made by withFile) that the worker may take `ms` to answer: the
      // teacher's table replays every result added, and a hard computer's match takes seconds
      // a hand to play again.
      patient(text, ms) {
        const json = String(text);
        return { toString: () => json, ms: Math.max(CALL_MS, ms, text?.ms || 0) };
      },
    };
  }

  window.longanaRooms = { ...window.longanaRooms, workers };
})();

// The game worker: a plain module worker that runs the engine (longana/, in app.zip) on the
// pinned Pyodide, loaded from the site's own origin. The page (ui/boot/worker.js,
// ui/dom/link.py) sends intents as JSON text and gets replies as JSON text; longana/protocol.py's
// Game answers them and never raises. This file serves the messages; ui/worker/ starts the game
// (start.mjs), keeps its memory snapshot (snapshot.mjs) and watches the start (watch.mjs).
//
// A later visit starts from the memory snapshot: Pyodide with the engine already imported, kept
// in Cache Storage under a key naming the release and the Pyodide version. A start without one
// imports the engine the plain way and makes the snapshot once the page has been idle for a
// while (the first frame is on screen; no move waits for it). A snapshot that fails in any way
// is deleted, and the worker starts the slow way.
//
// Messages, page -> worker: {id, text} (an intent). Worker -> page: {id, text} (the reply) or
// {id, error}; {mark, at, detail} (a start-up step, at = ms since the epoch, for the page's
// performance timeline); {progress: {done, total}} (bytes of a first visit's download);
// {ready: true, release, engine} (the engine answers; this file's release and the engine's, which
// the page compares with its own); {beat: true} every BEAT_MS while starting (a sign of life
// while Pyodide compiles, which sends no other); {failed, unreachable} (the worker cannot start;
// unreachable: a file it needs could not be fetched, so a new worker would fail the same way).
//
// The same file is a module for node (tools/worker_check.mjs): startGame() with a store of
// its own, no Cache Storage, no messages.

import { cacheStore } from "./worker/snapshot.mjs";
import { startGame as start } from "./worker/start.mjs";
import { countDownload, watchStart } from "./worker/watch.mjs";

// tools/build_site.py writes these: the release (the site's files, this one unreplaced) and
// the bytes of the files a start fetches here, for the download's progress.
const RELEASE = "__RELEASE__";
const SIZES = __SIZES__;

const BEAT_MS = 2000; // a sign of life while starting
const IDLE_MS = 1500; // the page has asked nothing for this long: make the snapshot now
const HERE = new URL("../", import.meta.url); // the site's folder

// Where this release's snapshot is kept, for this Pyodide.
export function snapshotKey(version) {
  return new URL(`snapshot/${RELEASE}/pyodide-${version}`, HERE).href;
}

// ui/worker/start.mjs's startGame, under this release's key (options: its own, with `version`,
// Pyodide's, in place of `key`)
export function startGame(options) {
  return start({ ...options, key: snapshotKey(options.version) });
}

const unreachable = (error) =>
  Object.assign(error instanceof Error ? error : new Error(String(error)), { unreachable: true });

// The game, started: a file that cannot be fetched ends the start at once (unreachable), a
// WebAssembly module that fails while a snapshot restores is that restore's failure.
function begin(post, mark) {
  const beat = setInterval(() => post({ beat: true }), BEAT_MS);
  const uncount = self.name.includes("progress") ? countDownload(post, SIZES) : () => {};
  let cut = null;
  const cutOff = new Promise((_, reject) => {
    cut = (why) => reject(unreachable(why));
  });
  cutOff.catch(() => {}); // reported through the race below
  let restoring = null; // hears a failing WebAssembly module while a snapshot restores
  const unwatch = watchStart((why, wasm) => (wasm && restoring ? restoring(why) : cut(why)));
  const failures = (listen) => {
    restoring = listen;
    return () => {
      restoring = null;
    };
  };
  const done = () => {
    clearInterval(beat);
    unwatch();
    uncount();
  };
  const pyodide = new URL("vendor/pyodide/", HERE);
  const game = (async () => {
    let module;
    try {
      module = await import(new URL("pyodide.mjs", pyodide).href);
    } catch (error) {
      throw unreachable(error);
    }
    const { loadPyodide, version } = module;
    let store = null;
    try {
      if (self.caches) store = cacheStore(HERE.pathname);
    } catch {
      /* no Cache Storage here: no snapshot */
    }
    const appURL = new URL("app.zip", HERE).href;
    const options = { indexURL: pyodide.href, appURL, store, mark, loadPyodide, version, failures };
    const started = await Promise.race([startGame(options), cutOff]);
    done();
    post({ ready: true, release: RELEASE, engine: started.release }); // the page compares them
    return started;
  })();
  game.catch((error) => {
    done();
    console.warn(`longana: the game worker could not start: ${error}`);
    post({ failed: String(error), unreachable: !!error.unreachable });
  });
  return game;
}

function serve() {
  const post = (message) => self.postMessage(message);
  const mark = (name, detail) =>
    post({ mark: name, at: performance.timeOrigin + performance.now(), detail });
  mark("longana:worker:script");
  const game = begin(post, mark);

  // one intent at a time, in the order sent; the snapshot when the page has been idle a while
  let queue = Promise.resolve();
  let idle = null;
  const later = (started) => {
    clearTimeout(idle);
    const snapshot = started.snapshot;
    if (!snapshot) return;
    idle = setTimeout(() => {
      started.snapshot = null;
      queue = queue.then(snapshot);
    }, IDLE_MS);
  };
  self.onmessage = (event) => {
    const { id, text } = event.data || {};
    if (id === undefined) return;
    clearTimeout(idle);
    queue = queue.then(async () => {
      let started;
      try {
        started = await game;
      } catch {
        return; // {failed} was posted: the page replaces this worker
      }
      try {
        post({ id, text: started.handle(String(text)) });
      } catch (error) {
        // Pyodide itself failed (the engine never raises): replace the worker
        console.warn(`longana: the engine failed: ${error}`);
        post({ id, error: String(error) });
        return;
      }
      later(started);
    });
  };
}

if (typeof WorkerGlobalScope !== "undefined" && self instanceof WorkerGlobalScope) serve();

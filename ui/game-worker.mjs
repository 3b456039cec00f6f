// The game worker: a plain module worker that runs the engine (longana/, in app.zip) on the
// pinned Pyodide, loaded from the site's own origin. The page (ui/boot.js, ui/dom/link.py) sends
// intents as JSON text and gets replies as JSON text; longana/protocol.py's Game answers them
// and never raises.
//
// A later visit starts from a memory snapshot: Pyodide with the engine already imported, kept
// in Cache Storage under a key naming the release and the Pyodide version. A start without one
// imports the engine the plain way and makes the snapshot once the page has been idle for a
// while (the first frame is on screen; no move waits for it). A snapshot from another release,
// one that fails its digest or fails to restore is deleted, and the worker starts the plain way.
//
// Messages, page -> worker: {id, text} (an intent). Worker -> page: {id, text} (the reply) or
// {id, error}; {mark, at, detail} (a start-up step, at = ms since the epoch, for the page's
// performance timeline); {progress: {done, total}} (bytes of a first visit's download);
// {ready: true} (the engine answers); {beat: true} every BEAT_MS while starting (a sign of life
// while Pyodide compiles, which sends no other); {failed, unreachable} (the worker cannot start;
// unreachable: a file it needs could not be fetched, so a new worker would fail the same way).
//
// The same file is a module for node (tools/worker_check.mjs): startGame() with a store of
// its own, no Cache Storage, no messages.

// tools/build_site.py writes these: the release (the site's files, this one unreplaced) and
// the bytes of the files a start fetches here, for the download's progress.
const RELEASE = "__RELEASE__";
const SIZES = __SIZES__;

const BEAT_MS = 2000; // a sign of life while starting
const IDLE_MS = 1500; // the page has asked nothing for this long: make the snapshot now
const RESTORE_MS = 20000; // a restore that takes longer has hung: start the plain way
const HERE = new URL("../", import.meta.url); // the site's folder

// Python run once per start: the engine on sys.path (a zip, read by zipimport), one Game.
const PLAIN = `
import sys
sys.path.insert(0, "/app.zip")
from longana.protocol import Game
game = Game()
def handle(text):
    return game.handle(text)
`;
// ... and after a restore: the snapshot's modules are imported, its Game is replaced by a new
// one and the random numbers are seeded afresh (a snapshot must not repeat them)
const RESTORED = `
import random
random.seed()
game = Game()
`;

// Where this release's snapshot is kept, for this Pyodide.
export function snapshotKey(version) {
  return new URL(`snapshot/${RELEASE}/pyodide-${version}`, HERE).href;
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function digest(bytes) {
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}

// A snapshot's 20 MB freed at once where the browser can (ArrayBuffer.prototype.transfer),
// rather than at some later garbage collection: Pyodide has copied them into its memory, or
// storage into its own.
function release(bytes) {
  try {
    if (bytes?.buffer.transfer) bytes.buffer.transfer(0);
  } catch (_e) {
    /* freed by the garbage collector then */
  }
}

// -- the snapshot's store ----------------------------------------------------------------------

// Cache Storage, one cache per copy of the site (its folder), one entry per release; the
// entry's header carries the snapshot's digest. Its name does not start with "longana-": those
// are the service worker's caches, which it deletes when a release replaces them.
export function cacheStore(folder) {
  const name = `longana.snapshot@${folder}`;
  const open = () => caches.open(name);
  return {
    async keys() {
      return (await (await open()).keys()).map((request) => request.url);
    },
    async get(key) {
      const hit = await (await open()).match(key);
      if (!hit) return null;
      return {
        bytes: new Uint8Array(await hit.arrayBuffer()),
        sha256: hit.headers.get("x-sha256"),
      };
    },
    async put(key, bytes, sha256) {
      const headers = { "content-type": "application/octet-stream", "x-sha256": sha256 };
      const response = new Response(bytes, { headers }); // a copy of the bytes
      await (await open()).put(key, response);
    },
    async delete(key) {
      await (await open()).delete(key);
    },
  };
}

// Whether the store holds this release's snapshot; any other entry is deleted.
async function holds(store, key, mark) {
  let found = false;
  for (const other of await store.keys()) {
    if (other === key) found = true;
    else {
      await store.delete(other);
      mark("longana:worker:snapshot-dropped", { why: "another release", key: other });
    }
  }
  return found;
}

// The snapshot's bytes once checked against their digest; one that fails is deleted. (``read``:
// the store's entry, asked for already.)
async function checked(store, key, mark, read) {
  const entry = await read;
  if (entry?.sha256 && (await digest(entry.bytes)) === entry.sha256) {
    mark("longana:worker:snapshot-read", { bytes: entry.bytes.length });
    return entry.bytes;
  }
  await store.delete(key);
  mark("longana:worker:snapshot-dropped", { why: "digest" });
  throw Object.assign(new Error("the snapshot failed its digest"), { digest: true });
}

// -- starting -----------------------------------------------------------------------------------

function within(promise, ms, what) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

// Bytes of a URL (fetch), or of a file path (node: readFile).
async function readBytes(url) {
  if (
    typeof process !== "undefined" &&
    process.versions &&
    process.versions.node &&
    !/^https?:/.test(url)
  ) {
    const { readFile } = await import("node:fs/promises");
    return new Uint8Array(await readFile(url.startsWith("file:") ? new URL(url) : url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Start the game: Pyodide restored from the store's snapshot of this release if it has a good
 * one, else the plain way. Resolves to {handle(text) -> text, snapshot() -> Promise<boolean>
 * (null after a restore), restored, pyodide}.
 *
 * options: indexURL (Pyodide's folder; a path under node), appURL (the engine's zip), store
 * (cacheStore() or null: no snapshot), mark(name, detail), loadPyodide (the module's), version
 * (Pyodide's), restoreMs (how long a restore may take).
 */
export async function startGame({
  indexURL,
  appURL,
  store,
  mark = () => {},
  loadPyodide,
  version,
  restoreMs = RESTORE_MS,
}) {
  const key = snapshotKey(version);
  const app = readBytes(appURL);
  app.catch(() => {}); // reported where it is awaited
  const config = { indexURL, stdLibURL: `${indexURL}python_stdlib.zip` };
  const begin = (py, code) => {
    return app.then((bytes) => {
      py.FS.writeFile("/app.zip", bytes);
      py.runPython(code);
      return py.globals.get("handle");
    });
  };

  let found = false;
  let making = !!store; // a snapshot is made on this start (not after one failed to restore)
  // this release's snapshot is read at once, while the store's other entries are looked at
  const read = store ? store.get(key) : null;
  if (read) read.catch(() => {}); // a store that fails is said below
  if (store) {
    try {
      found = await holds(store, key, mark);
    } catch (error) {
      mark("longana:worker:snapshot-dropped", { why: `storage: ${error}` });
    }
  }
  if (found) {
    // read and checked while Pyodide fetches its files, handed over through a thenable that
    // then forgets them (Pyodide keeps its config, and the snapshot is 20 MB)
    let reading = checked(store, key, mark, read);
    let buffer = null; // released once Pyodide has copied it
    const once = {
      // biome-ignore lint/suspicious/noThenProperty: Pyodide awaits the snapshot as a thenable
      then(resolve, reject) {
        const read = reading;
        reading = null;
        read.then((bytes) => {
          buffer = bytes;
          resolve(bytes);
        }, reject);
      },
    };
    try {
      const py = await within(
        loadPyodide({ ...config, _loadSnapshot: once }),
        restoreMs,
        "restore",
      );
      release(buffer);
      buffer = null;
      const handle = await begin(py, RESTORED);
      mark("longana:worker:restored");
      return { handle, snapshot: null, restored: true, pyodide: py };
    } catch (error) {
      release(buffer);
      buffer = null;
      if (!error.digest) {
        // (a snapshot that failed its digest was dropped and said so)
        console.warn(`longana: the snapshot did not restore; starting the plain way: ${error}`);
        mark("longana:worker:snapshot-dropped", { why: `restore: ${error}` });
        making = false;
        try {
          await store.delete(key);
        } catch (_e) {
          /* it goes with the next release */
        }
      }
    }
  }

  const py = await loadPyodide({ ...config, _makeSnapshot: making });
  mark("longana:worker:runtime");
  const handle = await begin(py, PLAIN);
  mark("longana:worker:engine");
  // the snapshot, once: stored under this release's key; false if it was not kept
  const snapshot = !making
    ? null
    : async () => {
        let bytes = null;
        try {
          bytes = py.makeMemorySnapshot();
          const size = bytes.length;
          await store.put(key, bytes, await digest(bytes));
          mark("longana:worker:snapshot", { bytes: size });
          return true;
        } catch (error) {
          // refused by storage (quota, private mode) or by Pyodide
          console.warn(`longana: no snapshot kept: ${error}`);
          mark("longana:worker:snapshot-dropped", { why: `making: ${error}` });
          try {
            await store.delete(key);
          } catch (_e) {
            /* nothing was kept */
          }
          return false;
        } finally {
          release(bytes);
        }
      };
  return { handle, snapshot, restored: false, pyodide: py };
}

// -- the worker -------------------------------------------------------------------------------

// A first visit's download, counted as it arrives: fetch() wrapped while Pyodide starts, and
// pyodide.asm.js (which Pyodide imports rather than fetches) counted when it has come.
function countDownload(post) {
  const total = Object.values(SIZES).reduce((a, b) => a + b, 0);
  const got = {};
  let told = 0;
  const tell = (now) => {
    // at most ten times a second, and at the end
    const done = Object.values(got).reduce((a, b) => a + b, 0);
    if (!now && done < total && performance.now() - told < 100) return;
    told = performance.now();
    post({ progress: { done, total } });
  };
  const plain = self.fetch;
  self.fetch = async (input, init) => {
    const response = await plain(input, init);
    const url = String(input instanceof Request ? input.url : input);
    const name = Object.keys(SIZES).find((n) => url.endsWith(`/${n}`));
    if (!name || !response.ok || !response.body) return response;
    got[name] = 0;
    const reader = response.body.getReader();
    const counted = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          tell(true);
          return;
        }
        got[name] += value.length;
        tell();
        controller.enqueue(value);
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    const { status, statusText, headers } = response;
    return new Response(counted, { status, statusText, headers });
  };
  let observer = null;
  try {
    observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const name = Object.keys(SIZES).find((n) => entry.name.endsWith(`/${n}`));
        if (name && !(name in got)) {
          got[name] = SIZES[name];
          tell(true);
        }
      }
    });
    observer.observe({ type: "resource", buffered: true });
  } catch (_e) {
    /* no progress for that file */
  }
  return () => {
    self.fetch = plain;
    if (observer) observer.disconnect();
  };
}

// A file the start needs that cannot be fetched (no network, no server, a 404), or WebAssembly
// that does not compile (a captive portal's page in its place), ends the start at once:
// Pyodide's loader waits forever when its WebAssembly fails (measured in Chromium: a start that
// never ended, where the page then waited six minutes to say so).
function watchStart(failed) {
  const plain = self.fetch;
  const watched = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    let response;
    try {
      response = await plain(input, init);
    } catch (error) {
      failed(`${url}: ${error}`);
      throw error;
    }
    if (!response.ok) failed(`${url}: HTTP ${response.status}`);
    return response;
  };
  self.fetch = (input, init) => {
    const answer = watched(input, init);
    // Pyodide awaits the WebAssembly's answer only later: a failure is no uncaught error meanwhile
    answer.catch(() => {});
    return answer;
  };
  const wasm = {};
  for (const name of ["instantiate", "instantiateStreaming"]) {
    wasm[name] = WebAssembly[name];
    if (!wasm[name]) continue;
    WebAssembly[name] = (...args) => {
      const made = wasm[name].apply(WebAssembly, args);
      made.catch((error) => failed(`WebAssembly: ${error}`));
      return made;
    };
  }
  return () => {
    self.fetch = plain;
    for (const name in wasm) if (wasm[name]) WebAssembly[name] = wasm[name];
  };
}

const unreachable = (error) =>
  Object.assign(error instanceof Error ? error : new Error(String(error)), { unreachable: true });

function serve() {
  const post = (message) => self.postMessage(message);
  const mark = (name, detail) =>
    post({ mark: name, at: performance.timeOrigin + performance.now(), detail });
  mark("longana:worker:script");
  const beat = setInterval(() => post({ beat: true }), BEAT_MS);
  const uncount = self.name.includes("progress") ? countDownload(post) : () => {};
  let cut = null;
  const cutOff = new Promise((_, reject) => {
    cut = (why) => reject(unreachable(why));
  });
  cutOff.catch(() => {}); // reported through the race below
  const unwatch = watchStart(cut);
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
    } catch (_e) {
      /* no Cache Storage here: no snapshot */
    }
    const started = await Promise.race([
      startGame({
        indexURL: pyodide.href,
        appURL: new URL("app.zip", HERE).href,
        store,
        mark,
        loadPyodide,
        version,
      }),
      cutOff,
    ]);
    done();
    post({ ready: true });
    return started;
  })();
  game.catch((error) => {
    done();
    console.warn(`longana: the game worker could not start: ${error}`);
    post({ failed: String(error), unreachable: !!error.unreachable });
  });

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
      } catch (_error) {
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

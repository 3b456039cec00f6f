// Starting the game (ui/game-worker.mjs): Pyodide restored from this release's memory snapshot
// when the store holds one, else the plain way (the engine imported from app.zip), the
// snapshot then made when the page asks. A snapshot that fails in any way — its store cannot
// be read, its digest does not match, it does not inflate, Pyodide refuses it (its WebAssembly
// does not link: a snapshot cut short), or the restore hangs — is deleted, said (the mark
// longana:worker:snapshot-dropped, with why) and the plain start follows in the same worker.
// Runs in the worker and, for tools/worker_check.mjs, under node.

import { holds, pack, unpack } from "./snapshot.mjs";

const RESTORE_MS = 20000; // a restore that takes longer has hung: start the plain way

// Python run once per start: the engine on sys.path (a zip, read by zipimport), one Game; and
// the release the engine was built in (the page compares it with its own: ui/boot/worker.js).
const PLAIN = `
import sys
sys.path.insert(0, "/app.zip")
from longana.protocol import Game, engine_release
game = Game()
release = engine_release()
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

// A snapshot's 20 MB freed at once where the browser can (ArrayBuffer.prototype.transfer),
// rather than at some later garbage collection: Pyodide has copied them into its memory, or
// storage into its own.
function release(bytes) {
  try {
    if (bytes?.buffer.transfer) bytes.buffer.transfer(0);
  } catch {
    /* freed by the garbage collector then */
  }
}

// `promise`, or a rejection after `ms` or when `failure` (a promise) rejects first
function within(promise, ms, what, failure) {
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late, failure]).finally(() => clearTimeout(timer));
}

// Bytes of a URL (fetch), or of a file path (node: readFile).
async function readBytes(url) {
  if (typeof process !== "undefined" && process.versions?.node && !/^https?:/.test(url)) {
    const { readFile } = await import("node:fs/promises");
    return new Uint8Array(await readFile(url.startsWith("file:") ? new URL(url) : url));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * Start the game. Resolves to {handle(text) -> text, snapshot() -> Promise<boolean> (null
 * after a restore or a failed one), restored, pyodide, release (the engine's, "" unknown)}.
 *
 * options: indexURL (Pyodide's folder; a path under node), appURL (the engine's zip), store
 * (snapshot.mjs's cacheStore() or null: no snapshot), key (this release's entry), mark(name,
 * detail), loadPyodide (the module's), restoreMs (how long a restore may take), failures
 * (listen(why => ...) -> unlisten: whoever watches the start hands a failing WebAssembly module
 * to the restore while it lasts; Pyodide's loader would wait for it for ever).
 */
export async function startGame({
  indexURL,
  appURL,
  store,
  key,
  mark = () => {},
  loadPyodide,
  restoreMs = RESTORE_MS,
  failures = () => () => {},
}) {
  const app = readBytes(appURL);
  app.catch(() => {}); // reported where it is awaited
  const config = { indexURL, stdLibURL: `${indexURL}python_stdlib.zip` };
  const begin = (py, code) =>
    app.then((bytes) => {
      py.FS.writeFile("/app.zip", bytes);
      py.runPython(code);
      return py.globals.get("handle");
    });
  const drop = async (why, error) => {
    console.warn(`longana: the snapshot was not used, starting the slow way: ${error}`);
    mark("longana:worker:snapshot-dropped", { why });
    try {
      await store.delete(key);
    } catch {
      /* it goes with the next release */
    }
  };

  let making = !!store; // a snapshot is made on this start (not after one failed to restore)
  if (store) {
    // this release's snapshot is read at once, while the store's other entries are looked at
    const read = store.get(key);
    read.catch(() => {}); // said where it is awaited
    let found = false;
    try {
      found = await holds(store, key, mark);
    } catch (error) {
      await drop(`storage: ${error}`, error);
    }
    if (found) {
      try {
        return await restore({ config, read, begin, mark, loadPyodide, restoreMs, failures });
      } catch (error) {
        await drop(error.why || `restore: ${error}`, error);
        making = error.why === "digest" || error.why === "inflate"; // Pyodide was not touched
      }
    }
  }

  const py = await loadPyodide({ ...config, _makeSnapshot: making });
  mark("longana:worker:runtime");
  const handle = await begin(py, PLAIN);
  mark("longana:worker:engine");
  const snapshot = making ? () => keep(py, store, key, mark) : null;
  return { handle, snapshot, restored: false, pyodide: py, release: engineRelease(py) };
}

// Pyodide from the snapshot being `read` (read, checked and inflated while Pyodide fetches its
// files, handed over through a thenable that then forgets them: Pyodide keeps its config, and
// the snapshot is 20 MB). Rejects when the snapshot cannot be used, when a WebAssembly module
// fails meanwhile (`failures`) or after `restoreMs`.
async function restore({ config, read, begin, mark, loadPyodide, restoreMs, failures }) {
  const began = performance.now();
  const checked = read.then(async (entry) => {
    if (!entry) throw Object.assign(new Error("the entry went while read"), { why: "read" });
    const bytes = await unpack(entry);
    const { encoding } = entry;
    const ms = Math.round(performance.now() - began);
    mark("longana:worker:snapshot-read", {
      bytes: bytes.length,
      stored: entry.bytes.length,
      encoding,
      ms,
    });
    return bytes;
  });
  checked.catch(() => {}); // said by the race below
  let handed = checked;
  let buffer = null; // released once Pyodide has copied it
  const once = {
    // biome-ignore lint/suspicious/noThenProperty: Pyodide awaits the snapshot as a thenable
    then(resolve, reject) {
      const bytes = handed;
      handed = null;
      bytes.then((got) => {
        buffer = got;
        resolve(got);
      }, reject);
    },
  };
  let failed = null;
  const failure = new Promise((_, reject) => {
    failed = reject;
  });
  const stop = failures((why) => failed(new Error(why)));
  try {
    const loading = loadPyodide({ ...config, _loadSnapshot: once });
    const both = Promise.all([loading, checked]).then(([py]) => py);
    const py = await within(both, restoreMs, "restore", failure);
    release(buffer);
    buffer = null;
    const handle = await begin(py, RESTORED);
    mark("longana:worker:restored");
    return { handle, snapshot: null, restored: true, pyodide: py, release: engineRelease(py) };
  } finally {
    stop();
    release(buffer);
  }
}

// The release the engine was built in ("" when it does not say: an engine of before it did).
function engineRelease(py) {
  const release = py.globals.get("release");
  return typeof release === "string" ? release : "";
}

// The snapshot, once: stored under this release's key; false if it was not kept.
async function keep(py, store, key, mark) {
  let bytes = null;
  try {
    bytes = py.makeMemorySnapshot();
    const size = bytes.length;
    const kept = await pack(bytes);
    await store.put(key, kept);
    mark("longana:worker:snapshot", {
      bytes: size,
      stored: kept.bytes.length,
      encoding: kept.encoding,
    });
    return true;
  } catch (error) {
    // refused by storage (quota, private mode) or by Pyodide
    console.warn(`longana: no snapshot kept: ${error}`);
    mark("longana:worker:snapshot-dropped", { why: `making: ${error}` });
    try {
      await store.delete(key);
    } catch {
      /* nothing was kept */
    }
    return false;
  } finally {
    release(bytes);
  }
}

// The game worker's start-up under node, as the browser runs it: the built site's
// ui/game-worker.mjs (its startGame) on the site's own Pyodide files, its cut-down standard
// library and its app.zip, with a snapshot store kept in memory.
//   node tools/worker_check.mjs SITE
// Prints one JSON line per case (tests/test_site.py reads them):
//   plain     no snapshot: the plain start; every engine module imported and a whole match
//             played (tools/worker_exercise.py); then the snapshot is made and stored;
//   restored  the next start restores it and resumes a saved game;
//   corrupt   a snapshot whose bytes no longer match its digest, beside one of another
//             release: both deleted, the plain start, and storage that refuses the new one;
//   gzip      the snapshot kept gzipped restores; cut short, its digest made again, it does
//   cut raw   not link (raw) or inflate (gzipped): deleted, the plain start, the game resumed;
//   cut gzip
//   broken    a snapshot that matches its digest but is refused by Pyodide (another magic
//             number): deleted, the plain start, no new snapshot on this start;
//   hung      one whose restore never ends (too short for its memory): given up after
//             restoreMs, deleted, the plain start.
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const site = path.resolve(process.argv[2] || "_site");
const index = `${path.join(site, "vendor", "pyodide")}/`;
const { loadPyodide, version } = await import(pathToFileURL(path.join(index, "pyodide.mjs")).href);
const { startGame, snapshotKey } = await import(
  pathToFileURL(path.join(site, "ui", "game-worker.mjs")).href
);
const { pack, unpack, digest } = await import(
  pathToFileURL(path.join(site, "ui", "worker", "snapshot.mjs")).href
);
const exercise = readFileSync(new URL("worker_exercise.py", import.meta.url), "utf8");

class Store {
  constructor() {
    this.entries = new Map();
    this.refuse = false;
  }
  async keys() {
    return [...this.entries.keys()];
  }
  async get(key) {
    // a copy, as Cache Storage gives (the worker frees what it is given)
    const entry = this.entries.get(key);
    return entry ? { ...entry, bytes: entry.bytes.slice() } : null;
  }
  async put(key, entry) {
    if (this.refuse) throw new Error("QuotaExceededError: refused on purpose");
    this.entries.set(key, { ...entry, bytes: entry.bytes.slice() });
  }
  async delete(key) {
    this.entries.delete(key);
  }
}

async function start(store, restoreMs = 20000) {
  const marks = [];
  const t0 = performance.now();
  const game = await startGame({
    indexURL: index,
    appURL: path.join(site, "app.zip"),
    store,
    loadPyodide,
    version,
    restoreMs,
    mark: (name, detail) =>
      marks.push(detail?.why ? `${name} (${detail.why.split(":")[0]})` : name),
  });
  return { game, marks, ms: Math.round(performance.now() - t0) };
}

const ask = (game, intent) => JSON.parse(game.handle(JSON.stringify(intent)));
const print = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);
const store = new Store();

// Runs tools/worker_exercise.py in the game's own interpreter: its one line of JSON.
function exercised(game) {
  let out = "";
  game.pyodide.setStdout({
    batched: (line) => {
      out += `${line}\n`;
    },
  });
  game.pyodide.runPython(exercise);
  return JSON.parse(out.trim().split("\n").pop());
}

// plain: the snapshot after the first frame; the whole match on the cut-down library
let save = null;
{
  const { game, marks, ms } = await start(store);
  const reply = ask(game, { do: "start", save: null, deal: "11" });
  save = ask(game, { do: "computer", at: reply.frame.log }).save || reply.save;
  const made = await game.snapshot();
  const played = exercised(game);
  print({
    case: "plain",
    release: game.release,
    marks,
    ms,
    restored: game.restored,
    made,
    keys: [...store.entries.keys()],
    modules: played.modules,
    hands: played.hands,
  });
}

// restored: the snapshot, a saved game resumed and played on
{
  const { game, marks, ms } = await start(store);
  const reply = ask(game, { do: "start", save, deal: null });
  let frame = reply.frame;
  let moves = 0;
  for (let i = 0; i < 12 && !frame.outcome; i++) {
    const next = frame.turn
      ? ask(game, { do: "play", move: frame.turn.moves[0], at: frame.log })
      : ask(game, { do: "computer", at: frame.log });
    frame = next.frame;
    moves++;
  }
  const played = exercised(game);
  print({
    case: "restored",
    release: game.release,
    marks,
    ms,
    restored: game.restored,
    resumed: !!reply.resumed,
    deal: reply.frame.deal,
    moves,
    snapshot: game.snapshot !== null,
    hands: played.hands,
  });
}

// corrupt: a flipped byte, and another release's entry; storage then refuses the new one
{
  const key = snapshotKey(version);
  const entry = store.entries.get(key);
  const bytes = entry.bytes.slice();
  bytes[bytes.length >> 1] ^= 0xff;
  store.entries.set(key, { ...entry, bytes });
  store.entries.set(key.replace(/snapshot\/[^/]+\//, "snapshot/0000000000000000/"), entry);
  store.refuse = true;
  const { game, marks, ms } = await start(store);
  const kept = [...store.entries.keys()];
  const reply = ask(game, { do: "start", save: null, deal: "12" });
  const made = await game.snapshot();
  print({
    case: "corrupt",
    marks,
    ms,
    restored: game.restored,
    kept,
    made,
    deal: reply.frame.deal,
    after: [...store.entries.keys()],
  });
  store.refuse = false;
  store.entries.set(key, entry);
}

// gzip: the snapshot kept gzipped restores; cut short (raw, or the gzipped bytes), with a
// digest that matches what is left, it is refused by Pyodide (its memory does not link; under
// node the restore hangs until restoreMs) or does not inflate
{
  const key = snapshotKey(version);
  const entry = store.entries.get(key);
  const raw = await unpack(entry);
  const gzipped = await pack(raw, "gzip");
  const cases = [
    ["gzip", gzipped, 20000],
    ["cut raw", await pack(raw.slice(0, raw.length >> 1), "raw"), 2000],
    ["cut gzip", { ...gzipped, bytes: gzipped.bytes.slice(0, gzipped.bytes.length >> 1) }, 2000],
  ];
  for (const [name, kept, restoreMs] of cases) {
    kept.sha256 = await digest(kept.bytes);
    store.entries.set(key, kept);
    const { game, marks, ms } = await start(store, restoreMs);
    const reply = ask(game, { do: "start", save, deal: null });
    print({
      case: name,
      marks,
      ms,
      restored: game.restored,
      kept: [...store.entries.keys()],
      resumed: !!reply.resumed,
      stored: kept.bytes.length,
    });
  }
  store.entries.set(key, entry);
}

// broken: the digest matches, Pyodide refuses the bytes
{
  const key = snapshotKey(version);
  const bytes = await unpack(store.entries.get(key));
  bytes[0] ^= 0xff;
  store.entries.set(key, await pack(bytes));
  const { game, marks, ms } = await start(store);
  const reply = ask(game, { do: "start", save: null, deal: "13" });
  print({
    case: "broken",
    marks,
    ms,
    restored: game.restored,
    kept: [...store.entries.keys()],
    deal: reply.frame.deal,
    snapshot: game.snapshot !== null,
  });
}

// hung: the digest matches, the restore never ends
{
  store.entries.set(snapshotKey(version), await pack(new Uint8Array(4096).fill(7)));
  const { game, marks, ms } = await start(store, 2000);
  const reply = ask(game, { do: "start", save: null, deal: "14" });
  print({
    case: "hung",
    marks,
    ms,
    restored: game.restored,
    kept: [...store.entries.keys()],
    deal: reply.frame.deal,
  });
}

// The start, in plain JavaScript before Python runs: wires the rooms of ui/boot/ (each gets
// only what it needs) and gives the page's Python its one door to them, window.longanaBoot
// (ui/dom/*.py). As this script runs, the game worker starts (unless a later visit's table comes
// first) and the page's modules and catalogs are asked for, while PyScript and MicroPython
// load. The rooms, loaded before this script by index.html: ui/storage.js (the storage guard
// and the keys' rule), ui/toasts.js (notices), ui/boot/screen.js (the loading screen),
// ui/boot/files.js (the page's files, the language), ui/boot/worker.js (the line to the game
// worker), ui/boot/offline.js (service worker, updates, the install offer).
"use strict";
(() => {
  const rooms = window.longanaRooms;
  const storage = window.longanaStorage;
  const files = rooms.files(storage);
  const screen = rooms.screen(files.lang);
  const workers = rooms.workers(screen);
  const offline = rooms.offline({ say: screen.say, toasts: window.longanaToasts, storage });
  const runs = typeof WebAssembly === "object" && typeof Worker === "function";
  let firstGame = null;
  // A guest of a table across devices (issue 35: #join= in the address) starts no game worker
  // (the host's answers it): the table's line (ui/peer/table.mjs) loads at once instead.
  const joining = location.hash.startsWith("#join=");
  let table = null;

  // A later visit whose cached table one person plays at once (the cache says so: ui/frame_cache.py
  // writes `playable` in the cache's text by its rule; a class or deal link may not show that
  // table): the page has the machine to itself until that table is on screen, and the game
  // worker starts when the page asks for it then (measured on 2 cores: the table about 150 ms
  // sooner, the worker, restored from its snapshot, ready about 80 ms later).
  function tableFirst() {
    const asked = new URLSearchParams(location.search);
    if (asked.has("class") || asked.has("deal")) return false;
    return storage.json("longana:frame")?.playable === true;
  }

  window.longanaBoot = {
    // a file's text (fetched once: the page's catalogs were asked for as the page opened)
    text: files.text,
    // the page's modules as [[path, text], ...] (ui/page-files.json), or null
    pageFiles: files.pageFiles,
    withFile: workers.withFile,
    patient: workers.patient,
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
    // the game worker: the one started with the page first, then a new one each time
    game() {
      const game = firstGame || workers.start(false);
      firstGame = null;
      return game;
    },
    // the table is on screen
    ready() {
      screen.ready();
      offline.ready();
    },
    // the table across devices' line (window.longanaTable), loaded once; null if it cannot be
    joining: () => joining,
    table() {
      table ||= import("./peer/table.mjs").then(
        () => window.longanaTable,
        () => null,
      );
      return table;
    },
    fail: screen.fail,
    retried: screen.retried,
    words: screen.words,
    setWords: screen.setWords,
    offline: offline.register,
    reload: offline.reload,
    install: offline.install,
  };

  // A first visit (no game saved here yet) shows the download's progress in bytes.
  if (runs) {
    const visited = !!storage.getItem(storage.key("longana:save"));
    if (joining) window.longanaBoot.table();
    else if (!visited || !tableFirst()) firstGame = workers.start(!visited);
    files.ask();
  }

  addEventListener("error", (e) => screen.early(e.message || e.error));
  addEventListener("unhandledrejection", (e) => screen.early(e.reason?.message || e.reason));

  document.addEventListener("DOMContentLoaded", () => {
    screen.open();
    if (typeof WebAssembly !== "object") screen.fail("no_wasm");
    else files.catalog().then((catalog) => screen.catalog(catalog?.boot));
  });
})();

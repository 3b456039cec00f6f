// The game worker's memory snapshot as it is kept (ui/game-worker.mjs; issue 19): Pyodide with
// the engine imported, about 21 MB, in Cache Storage, one entry per copy of the site, release
// and Pyodide version. An entry keeps the bytes as stored, how they are encoded and the SHA-256
// of those stored bytes (checked before anything else reads them).
//
// Kept raw, measured (`make bench-startup`, tools/bench_snapshot.mjs; Chromium, 2 busy cores):
// gzipped it is 4.1 MB, but reading, checking and inflating it took 218 ms in a browser started
// again and 154 ms read again (medians), against 98 and 91 ms for the raw 21 MB, and on the
// game's later visits, beside Pyodide's own start, 246-424 ms against 128-249 ms. Gzip stays
// readable (an entry says its encoding) and measurable: pack(bytes, "gzip").
export const ENCODING = "raw";

// A failure of the snapshot kept, with why (a mark's word: "digest", "inflate", ...).
export function dropped(why, error) {
  return Object.assign(new Error(`the snapshot cannot be used (${why}): ${error}`), { why });
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function digest(bytes) {
  return hex(await crypto.subtle.digest("SHA-256", bytes));
}

async function through(bytes, stream) {
  return new Uint8Array(
    await new Response(new Blob([bytes]).stream().pipeThrough(stream)).arrayBuffer(),
  );
}

// The snapshot as it is stored: {bytes, sha256, encoding}.
export async function pack(bytes, encoding = ENCODING) {
  const stored = encoding === "gzip" ? await through(bytes, new CompressionStream("gzip")) : bytes;
  return { bytes: stored, sha256: await digest(stored), encoding };
}

// The snapshot's bytes from a stored entry, checked against its digest and inflated; throws
// dropped() when they cannot be used.
export async function unpack(entry) {
  if (!entry?.sha256 || (await digest(entry.bytes)) !== entry.sha256) {
    throw dropped("digest", "its bytes do not match their digest");
  }
  if (entry.encoding === "raw" || !entry.encoding) return entry.bytes;
  if (entry.encoding !== "gzip" || typeof DecompressionStream === "undefined") {
    throw dropped("inflate", `no way to read ${entry.encoding}`);
  }
  try {
    return await through(entry.bytes, new DecompressionStream("gzip"));
  } catch (error) {
    throw dropped("inflate", error);
  }
}

// Cache Storage, one cache per copy of the site (its folder), one entry per release; the
// entry's headers say how its bytes are encoded and their digest. Its name does not start with
// "longana-": those are the service worker's caches, which it deletes when a release replaces
// them.
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
      const bytes = new Uint8Array(await hit.arrayBuffer());
      const { headers } = hit;
      return { bytes, sha256: headers.get("x-sha256"), encoding: headers.get("x-encoding") };
    },
    async put(key, { bytes, sha256, encoding }) {
      const headers = {
        "content-type": "application/octet-stream",
        "x-sha256": sha256,
        "x-encoding": encoding,
      };
      await (await open()).put(key, new Response(bytes, { headers })); // a copy of the bytes
    },
    async delete(key) {
      await (await open()).delete(key);
    },
  };
}

// Whether the store holds this release's snapshot (`key`); any other entry is deleted.
export async function holds(store, key, mark) {
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

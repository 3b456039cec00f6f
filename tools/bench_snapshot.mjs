// The snapshot's two ways of being kept, measured in the browser (tools/bench_startup.py serves
// this as /__bench__/snapshot.mjs, a module worker of tools/bench_snapshot.html, beside the game
// in the same profile): the game's own snapshot, as ui/worker/snapshot.mjs keeps and reads it,
// raw (about 21 MB) and gzipped (about 4 MB), each read back from Cache Storage, checked against
// its digest and, gzipped, inflated — the whole of what a restore waits for before Pyodide
// gets its bytes.
//   {do: "write"}                 both kept, from the game's snapshot: {bytes, raw, gzip}
//                                 (each {pack: ms, stored: bytes})
//   {do: "read", order, times}    each read `times` times, in `order`: {raw: [ms], gzip: [ms]}
//   {do: "clear"}                 both deleted
import { cacheStore, pack, unpack } from "../ui/worker/snapshot.mjs";

const game = cacheStore("/");
const bench = cacheStore("/__bench__/");
const key = (encoding) => new URL(`/__bench__/snapshot-${encoding}`, location.href).href;
const ENCODINGS = ["raw", "gzip"];

async function write() {
  const [found] = await game.keys();
  if (!found) throw new Error("the game has kept no snapshot");
  const bytes = await unpack(await game.get(found));
  const out = { bytes: bytes.length };
  for (const encoding of ENCODINGS) {
    const began = performance.now();
    const kept = await pack(bytes, encoding);
    out[encoding] = { pack: performance.now() - began, stored: kept.bytes.length };
    await bench.put(key(encoding), kept);
  }
  return out;
}

async function read(order, times) {
  const out = { raw: [], gzip: [] };
  for (let i = 0; i < times; i++) {
    for (const encoding of order) {
      const began = performance.now();
      const bytes = await unpack(await bench.get(key(encoding)));
      out[encoding].push(performance.now() - began);
      if (!bytes.length) throw new Error("nothing read");
    }
  }
  return out;
}

self.onmessage = async ({ data }) => {
  try {
    if (data.do === "write") postMessage(await write());
    else if (data.do === "read") postMessage(await read(data.order, data.times));
    else {
      for (const encoding of ENCODINGS) await bench.delete(key(encoding));
      postMessage({});
    }
  } catch (error) {
    postMessage({ error: String(error) });
  }
};

// Runs Python code under the pinned MicroPython (the page's runtime) in node, with the page's
// modules (ui/) and catalogs (locales/) in its file system.
//   node tools/mpy_run.mjs < code.py
// prints what the code prints, then what it wrote to /out.txt (long results: print splits
// them); exits 1 on an exception.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { loadMicroPython } = await import(
  path.join(root, "node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs")
);
let out = "";
const mp = await loadMicroPython({
  stdout: (t) => {
    out += `${t}\n`;
  },
  stderr: (t) => {
    out += `${t}\n`;
  },
});

function copy(src, dst) {
  mp.FS.mkdirTree(dst);
  for (const f of fs.readdirSync(src)) {
    const s = path.join(src, f);
    if (fs.statSync(s).isDirectory()) {
      if (f !== "__pycache__") copy(s, `${dst}/${f}`);
    } else if (/\.(py|json|jsonl)$/.test(f)) mp.FS.writeFile(`${dst}/${f}`, fs.readFileSync(s));
  }
}
copy(path.join(root, "ui"), "/lib/ui");
// MPY_JS: scripts run first in node's global scope (e.g. ui/storage.js and a stand-in storage)
for (const f of (process.env.MPY_JS || "").split(",").filter(Boolean)) {
  vm.runInThisContext(fs.readFileSync(f, "utf8"), { filename: f });
}
copy(path.join(root, "locales"), "/lib/locales");
mp.runPython("import sys; sys.path.append('/lib')");
const code = fs.readFileSync(0, "utf8");
let failed = false;
try {
  mp.runPython(code);
} catch (e) {
  failed = true;
  out += `${String(e)}\n`;
}
try {
  out += mp.FS.readFile("/out.txt", { encoding: "utf8" });
} catch (_e) {
  /* none */
}
// exit only once the pipe has taken everything (process.exit would cut long output)
process.stdout.write(out, () => process.exit(failed ? 1 : 0));

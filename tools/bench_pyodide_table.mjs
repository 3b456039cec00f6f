// The teacher's table inside the pinned Pyodide, under node (the engine's part of adding pasted
// result lines, as the game worker does it):
//   node tools/bench_pyodide_table.mjs [lines] [distinct] [level]
// Runs longana.lab.bench_table (the same figures as `python -m longana.lab.bench_table`) with
// the project mounted by NODEFS; prints one JSON line.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") });
pyodide.FS.mkdir("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
pyodide.runPython(`
import sys
sys.path.insert(0, "/project")
from longana.lab.bench_table import main
main(${JSON.stringify(args)})
`);

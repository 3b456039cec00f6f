// Decision times of the computer levels inside the pinned Pyodide, under node:
//   node tools/bench_pyodide_players.mjs [level] [matches]
// Loads node_modules/pyodide (what the site ships), mounts the project with NODEFS and runs
// longana.bench_players there (same positions as `python -m longana.bench_players`).
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const level = process.argv[2] || "hard";
const matches = Number(process.argv[3] || 12);
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") });
pyodide.FS.mkdir("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
const answer = pyodide.runPython(`
import json, sys
sys.path.insert(0, "/project")
from longana.bench_players import decisions, timings
result = timings(${JSON.stringify(level)}, decisions(${JSON.stringify(level)}, ${matches}))
result["runtime"] = "pyodide " + sys.version.split()[0]
json.dumps(result)
`);
console.log(answer);

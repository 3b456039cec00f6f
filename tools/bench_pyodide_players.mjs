// Decision times of the computer levels inside the pinned Pyodide, under node:
//   node tools/bench_pyodide_players.mjs [level] [matches]
// (level "explain": the explained hint on hard's positions, as the worker answers a hint: hard's
// choice, every move's estimate and reasons, as JSON text)
// Loads node_modules/pyodide (what the site ships), mounts the project with NODEFS and times
// the level's decisions on the positions of longana.lab.bench_players (the same positions as
// `python -m longana.lab.bench_players`). Each decision is timed twice: wall clock, and the CPU
// time of this node process (process.cpuUsage), which other work on a shared machine
// inflates far less. Prints one JSON line.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const level = process.argv[2] || "hard";
const matches = Number(process.argv[3] || 12);
const pyodide = await loadPyodide({ indexURL: path.join(root, "node_modules/pyodide") });
pyodide.FS.mkdir("/project");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root }, "/project");
pyodide.runPython(`
import sys
sys.path.insert(0, "/project")
import json
from longana.lab.bench_players import decisions
from longana.lab.tournament import choose
from longana.players.explain import explain
level = ${JSON.stringify(level)}
views = decisions("hard" if level == "explain" else level, ${matches})
def decide(k):
    if level == "explain":
        return json.dumps(explain(views[k], k).to_dict())
    return str(choose(views[k], level, k))
`);
const count = pyodide.globals.get("views").length;
const decide = pyodide.globals.get("decide");
const wall = [];
const cpu = [];
for (let k = 0; k < count; k++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  decide(k);
  wall.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
}
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return {
    median_ms: +median.toFixed(2),
    p99_ms: +q(0.99).toFixed(2),
    max_ms: +s[s.length - 1].toFixed(2),
  };
};
console.log(
  JSON.stringify({
    level,
    decisions: count,
    runtime: `pyodide ${pyodide.version}`,
    cpu: stats(cpu),
    wall: stats(wall),
  }),
);

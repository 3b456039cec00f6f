// Decision times of the computer levels inside the pinned Pyodide, under node:
//   node tools/bench_pyodide_players.mjs [level] [matches]
// (level "explain": the explained hint on hard's positions, as the worker answers a hint: the
// hint's weighing, every move's estimate, error and reasons, as JSON text; level "review": every
// step of the review of whole matches — a person at South playing as normal does against three
// computers — as the worker answers the review intent, one decision a step; "review-pair": the
// same with people at South and North, about twice the decisions a match; "matches" reports
// each match's total)
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
def reviews(matches, pair):
    from longana.device.review import decisions as people
    from longana.device.session import COMPUTER, PERSON, Session
    from longana.protocol import Game
    seats = (PERSON, COMPUTER, PERSON if pair else COMPUTER, COMPUTER)
    steps = []
    for i in range(matches):
        game = Game()
        game.session = session = Session(f"review:{i}", seats=seats)
        while not session.match.is_over:
            hand = session.match.hand
            if hand.outcome is not None:
                session.next_hand()
                continue
            view = session.view(hand.to_move)
            session.play(choose(view, "normal", session.decision_seed()))
        steps += [(i, game, k) for k in range(len(people(session)))]
    return steps
if level.startswith("review"):
    views = reviews(${matches}, level == "review-pair")
else:
    views = decisions("hard" if level == "explain" else level, ${matches})
def decide(k):
    if level.startswith("review"):
        _, game, step = views[k]
        return game.handle(json.dumps({"do": "review", "step": step}))
    if level == "explain":
        return json.dumps(explain(views[k], k).to_dict())
    return str(choose(views[k], level, k))
def match_of(k):
    return views[k][0] if level.startswith("review") else 0
`);
const count = pyodide.globals.get("views").length;
const decide = pyodide.globals.get("decide");
const matchOf = pyodide.globals.get("match_of");
const wall = [];
const cpu = [];
const perMatch = new Map();
for (let k = 0; k < count; k++) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  decide(k);
  wall.push(performance.now() - t0);
  const c = process.cpuUsage(c0);
  cpu.push((c.user + c.system) / 1000);
  const m = matchOf(k);
  const [n, ms] = perMatch.get(m) || [0, 0];
  perMatch.set(m, [n + 1, ms + cpu[cpu.length - 1]]);
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
    ...(level.startsWith("review")
      ? {
          matches: [...perMatch.values()].map(([n, ms]) => ({
            decisions: n,
            cpu_s: +(ms / 1000).toFixed(2),
          })),
        }
      : {}),
  }),
);

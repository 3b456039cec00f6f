// Which files of Pyodide's standard library the game worker imports (tools/build_site.py ships
// only those, as the site's python_stdlib.zip):
//   node tools/stdlib_trace.mjs APP_ZIP '["json", "random", ...]'
// Starts the pinned Pyodide (node_modules/pyodide, its whole standard library) as the worker
// does, puts the engine's zip on sys.path, imports the standard-library modules named in the
// second argument (every one the engine's modules import anywhere, found by modulefinder) and
// runs tools/worker_exercise.py (every engine module imported, a whole match played). Prints
// one JSON line: {"files": [the zip's members that were imported], "exercise": {...}}.

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const [app, extra = "[]"] = process.argv.slice(2);
if (!app) {
  console.error("usage: node tools/stdlib_trace.mjs APP_ZIP [JSON_LIST_OF_MODULES]");
  process.exit(2);
}
let printed = "";
const py = await loadPyodide({
  indexURL: `${path.join(here, "..", "node_modules", "pyodide")}/`,
  stdout: (line) => {
    printed += `${line}\n`;
  },
});
py.FS.writeFile("/app.zip", readFileSync(app));
py.globals.set("EXTRA", JSON.parse(extra));
py.runPython(`
import importlib, sys
sys.path.insert(0, "/app.zip")
for name in EXTRA:
    try:
        importlib.import_module(name)
    except ImportError:
        pass  # not in Pyodide (e.g. a platform module): the engine does not get it either
`);
py.runPython(readFileSync(path.join(here, "worker_exercise.py"), "utf8"));
const files = py
  .runPython(`
import sys
_zip = "/lib/python%d%d.zip/" % sys.version_info[:2]
sorted({m.__file__[len(_zip):] for m in list(sys.modules.values())
        if isinstance(getattr(m, "__file__", None), str) and m.__file__.startswith(_zip)})
`)
  .toJs();
const exercise = JSON.parse(printed.trim().split("\n").pop());
process.stdout.write(`${JSON.stringify({ files, exercise })}\n`);

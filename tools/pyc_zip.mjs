// Python zips compiled for the game worker: every .py member replaced by its .pyc, compiled by
// the pinned Pyodide's own Python (its bytecode and magic number), so that the worker imports
// without compiling (a cold start's Pyodide boot and engine import take a fraction of the time).
//   node tools/pyc_zip.mjs IN.zip OUT.zip [IN.zip OUT.zip ...]
// The .pyc are hash-based and unchecked (no source to compare with: zipimport loads them as
// they are); functions lose their docstrings (an eighth of the download; nothing the worker
// runs reads a function's __doc__: modules and classes keep theirs, which dataclasses and enum
// read); other members are copied; dates are fixed, so the same input gives the same bytes.

import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadPyodide } from "../node_modules/pyodide/pyodide.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const pairs = process.argv.slice(2);
if (!pairs.length || pairs.length % 2) {
  console.error("usage: node tools/pyc_zip.mjs IN.zip OUT.zip [IN.zip OUT.zip ...]");
  process.exit(2);
}
const py = await loadPyodide({ indexURL: `${path.join(here, "..", "node_modules", "pyodide")}/` });
py.runPython(`
import ast, importlib.util, io, marshal, zipfile

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def without_function_docstrings(tree):
    for node in ast.walk(tree):
        if isinstance(node, FUNCTIONS) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                if isinstance(first.value.value, str):
                    node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree


def compiled(data):
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as source, zipfile.ZipFile(
        out, "w", zipfile.ZIP_DEFLATED, compresslevel=9
    ) as target:
        for name in source.namelist():
            body = source.read(name)
            if name.endswith(".py"):
                tree = without_function_docstrings(ast.parse(body, name))
                code = compile(tree, name, "exec", dont_inherit=True)
                flags = (0b01).to_bytes(4, "little")  # hash-based, not checked against a source
                body = importlib.util.MAGIC_NUMBER + flags + importlib.util.source_hash(body)
                body += marshal.dumps(code)
                name += "c"
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            target.writestr(info, body)
    return out.getvalue()
`);
const compiled = py.globals.get("compiled");
for (let i = 0; i < pairs.length; i += 2) {
  writeFileSync(pairs[i + 1], compiled(new Uint8Array(readFileSync(pairs[i]))).toJs());
}

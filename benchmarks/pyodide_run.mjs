// Runs a benchmark script of this checkout under Pyodide (CPython compiled to WebAssembly) in Node:
// the engine as a static site's visitor runs it, pure Python in WebAssembly, measured rather than
// inferred.
//
//     node benchmarks/pyodide_run.mjs PYODIDE_DIR WHEELS_DIR SCRIPT [ARGS ...]
//
// PYODIDE_DIR: the npm `pyodide` package (`npm install pyodide@314.0.7` in a scratch folder outside the
// checkout: its node_modules/pyodide). WHEELS_DIR: the wheels the engine imports that Pyodide's core
// does not ship, unpacked into its site-packages as they are (no micropip, no network): pydantic and
// its four dependencies, pydantic_core as built for Pyodide 314 (benchmarks/README.md, "In the
// browser", says how to fetch them). The checkout is mounted read-only at /repo; the engine runs as
// pure Python there (RULES_EXPLORER_PURE=1: the compiled core is a host build).
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [pyodideDir, wheelsDir, script, ...args] = process.argv.slice(2);
if (!pyodideDir || !wheelsDir || !script) {
  console.error("usage: node benchmarks/pyodide_run.mjs PYODIDE_DIR WHEELS_DIR SCRIPT [ARGS ...]");
  process.exit(2);
}
const checkout = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(pathToFileURL(join(resolve(pyodideDir), "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: resolve(pyodideDir) + "/", env: { RULES_EXPLORER_PURE: "1" } });
const sitePackages = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
for (const name of readdirSync(wheelsDir).filter((file) => file.endsWith(".whl")).sort()) {
  const wheel = new Uint8Array(readFileSync(join(wheelsDir, name)));
  pyodide.unpackArchive(wheel, "wheel", { extractDir: sitePackages });
}
pyodide.FS.mkdir("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: checkout }, "/repo");
pyodide.globals.set("script_args", pyodide.toPy([script, ...args]));
// Pyodide's time.process_time() is the wall clock; the benchmarks measure CPU time, so it reads
// Node's own (the whole process, as CPython's process_time does): the same unit on both sides.
pyodide.globals.set("cpu_seconds", () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
});
await pyodide.runPythonAsync(`
import os, runpy, sys, time
time.process_time = cpu_seconds
os.chdir("/repo")
sys.argv = list(script_args)
sys.path[:0] = [os.path.dirname(os.path.abspath(sys.argv[0])), "/repo"]  # as \`python SCRIPT\` has it
print(f"Pyodide {sys.version.split()[0]} ({sys.platform}), Node ${process.versions.node}")
runpy.run_path(sys.argv[0], run_name="__main__")
`);

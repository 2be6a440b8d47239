// Runs a Python driver on a 32-bit MicroPython (the WebAssembly port) and reads its heap
// between steps, as tests/micropython32_env.py asks:
//
//   node run.mjs VERSION HEAP_BYTES DRIVER.py STEPS.json [HOST_DIR=/PATH ...] [-- ARGS ...]
//
// VERSION names one of the MicroPython releases in package.json (1.23 or 1.29).
// Each HOST_DIR is copied into the interpreter's in-memory filesystem at /PATH, ARGS become
// sys.argv[1:]. The driver defines start(), step(*args), settle() and finish(); start() is
// called once, step() once per entry of STEPS.json (an array of arrays), and finish() last.
// This port can only collect garbage between calls from JavaScript (the roots in wasm locals
// are out of its sight): a gc.collect() inside a call is deferred to the boundary and, until
// then, the heap grows instead. So after start() and every step this runner asks for a
// collection and then calls settle(), which therefore sees only live objects; and what a
// step allocates is all still counted when it returns, an upper bound of its peak.
import fs from "node:fs";
import path from "node:path";

const argv = process.argv.slice(2);
const split = argv.indexOf("--");
const [version, heap, driver, stepsFile, ...mounts] = split < 0 ? argv : argv.slice(0, split);
const args = split < 0 ? [] : argv.slice(split + 1);

// setjmp/longjmp (MicroPython's nlr: every try, every call that may raise) go through
// Emscripten's JavaScript glue: the wasm calls an import invoke_SIG(index, ...args), which
// calls table entry `index` and, if longjmp threw out of it, restores the stack and sets the
// "threw" flag. These packages are built with ASSERTIONS, whose glue also looks the entry up
// in the table a second time (to check its cache) and calls the stack and setThrew exports
// through checking wrappers: about two thirds of the CPU of a run. The same glue without
// those checks is installed here; longjmp throws our own marker, so only it is caught.
const LONGJMP = { longjmp: true };
const instantiate = WebAssembly.instantiate;
let glueInstalled = false;
WebAssembly.instantiate = async (source, imports) => {
  const env = imports.env;
  const entries = [];
  let table, stackSave, stackRestore, setThrew;
  const entry = (index) => entries[index] ?? (entries[index] = table.get(index));
  const caught = (e, sp) => {
    stackRestore(sp);
    if (e !== LONGJMP) throw e;
    setThrew(1, 0);
  };
  // One a number of arguments (invoke_vii and invoke_iii alike): rest arguments cost more.
  const byArity = [
    (i) => { const sp = stackSave(); try { return entry(i)(); } catch (e) { caught(e, sp); } },
    (i, a) => { const sp = stackSave(); try { return entry(i)(a); } catch (e) { caught(e, sp); } },
    (i, a, b) => { const sp = stackSave(); try { return entry(i)(a, b); } catch (e) { caught(e, sp); } },
    (i, a, b, c) => { const sp = stackSave(); try { return entry(i)(a, b, c); } catch (e) { caught(e, sp); } },
    (i, a, b, c, d) => { const sp = stackSave(); try { return entry(i)(a, b, c, d); } catch (e) { caught(e, sp); } },
    (i, a, b, c, d, f) => { const sp = stackSave(); try { return entry(i)(a, b, c, d, f); } catch (e) { caught(e, sp); } },
  ];
  for (const name of Object.keys(env)) {
    const signature = /^invoke_[vi]([i]*)$/.exec(name);
    if (signature) env[name] = byArity[signature[1].length];
    else if (name.startsWith("invoke_")) throw new Error("no glue for " + name + ": a new Emscripten build?");
  }
  env._emscripten_throw_longjmp = () => { throw LONGJMP; };
  const result = await instantiate(source, imports);
  const exports = (result.instance ?? result).exports;
  table = exports.__indirect_function_table;
  stackSave = exports.stackSave ?? exports.emscripten_stack_get_current;
  stackRestore = exports.stackRestore ?? exports._emscripten_stack_restore;
  setThrew = exports.setThrew;
  glueInstalled = [table, stackSave, stackRestore, setThrew].every((f) => f !== undefined);
  return result;
};
const { loadMicroPython } = await import("micropython-" + version);

const mp = await loadMicroPython({
  heapsize: parseInt(heap, 10),
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  linebuffer: false,
});
if (!glueInstalled) throw new Error("the longjmp glue was not installed: a new Emscripten build?");

function copy(host, target) {
  if (fs.statSync(host).isDirectory()) {
    mp.FS.mkdirTree(target);
    for (const name of fs.readdirSync(host)) copy(path.join(host, name), target + "/" + name);
  } else {
    mp.FS.writeFile(target, fs.readFileSync(host));
  }
}

for (const mount of mounts) {
  const at = mount.lastIndexOf("=");
  copy(mount.slice(0, at), mount.slice(at + 1));
}
const steps = JSON.parse(fs.readFileSync(stepsFile, "utf8"));

try {
  mp.runPython("import sys\nsys.argv[:] = " + JSON.stringify([driver, ...args]));
  mp.runPython(fs.readFileSync(driver, "utf8"));
  const settle = () => {
    mp.runPython("gc.collect()");
    mp.runPython("settle()");
  };
  mp.runPython("start()");
  settle();
  const step = mp.globals.get("step");
  for (const entry of steps) {
    step(...entry);
    settle();
  }
  mp.runPython("finish()");
} catch (error) {
  process.stderr.write(String(error) + "\n");
  process.exit(1);
}

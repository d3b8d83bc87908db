// The page's Python: Pyodide in a web worker (the page stays responsive while a bot thinks).
// It loads Pyodide from the npm package installed next to this file (node_modules/pyodide),
// unpacks the wheels listed in wheels/manifest.json (wordgames and attrs, built or downloaded
// by serve.py) into site-packages, imports webgame.py and then answers the page's calls:
// {id, fn, args} -> {id, result} (webgame's JSON text) or {id, error, message}.
import { loadPyodide } from "./node_modules/pyodide/pyodide.mjs";

const marks = {}; // milliseconds since the worker started, for the page's timing line
const started = performance.now();
const mark = (name) => (marks[name] = Math.round(performance.now() - started));

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

async function boot() {
  const pyodide = await loadPyodide({ indexURL: new URL("./node_modules/pyodide/", import.meta.url).href });
  mark("pyodide");
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  const manifest = await (await fetch("wheels/manifest.json")).json();
  for (const name of manifest.wheels) {
    pyodide.unpackArchive(await fetchBytes(`wheels/${name}`), "wheel", { extractDir: site });
  }
  mark("wheels");
  const source = await (await fetch("webgame.py")).text();
  pyodide.FS.writeFile("/home/pyodide/webgame.py", source);
  pyodide.runPython("import sys; sys.path.insert(0, '/home/pyodide'); import webgame");
  mark("import");
  return { pyodide, webgame: pyodide.pyimport("webgame"), manifest };
}

const ready = boot();

ready.then(
  ({ webgame, manifest }) => {
    const info = JSON.parse(webgame.games());
    postMessage({ ready: true, marks, info, wheels: manifest.wheels });
  },
  (err) => postMessage({ ready: false, error: "boot_failed", message: String(err) }),
);

onmessage = async (event) => {
  const { id, fn, args } = event.data;
  try {
    const { webgame } = await ready;
    if (!["new_game", "act", "bot_game", "analyze_game"].includes(fn)) throw new Error(`no function ${fn}`);
    postMessage({ id, result: webgame[fn](...args) });
  } catch (err) {
    // a bug, not a refusal (refusals come back as {"error": code} in the result)
    postMessage({ id, error: "internal_error", message: String(err).slice(-2000) });
  }
};

// The browser's Shisen-sho solver (harupan/renderers/static/js/shisen.js) against its old port,
// both in this one node process, on hard 18x8 positions: the 힌트 button solves synchronously on
// the page, so this time is how long the page freezes (a phone is several times slower).
//
//   node bench/browser_solver.mjs [POSITIONS.json] [--baseline REF] [--new-only]
//
// POSITIONS.json: a list of {name, cells, python} (or `py`: Python's verdict); default
// tests/data/shisen_browser_positions.json. The baseline is shisen.js (and the modules it imports)
// at git REF, default e0432da (the last commit with the old port), written to a temp folder.
// Figures are CPU ms of this process (process.cpuUsage: the machine is shared), after one untimed
// warm-up solve per solver. Target: every position decided, as Python decides it, max <= 1 s.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const JS = "harupan/renderers/static/js";
const args = process.argv.slice(2);
const flag = (name) => { const i = args.indexOf(name); return i < 0 ? null : args.splice(i, 2)[1]; };
const baseline = flag("--baseline") ?? "e0432da";
const newOnly = args.includes("--new-only");
const file = args.find((a) => !a.startsWith("--")) ?? join(ROOT, "tests/data/shisen_browser_positions.json");
const positions = JSON.parse(readFileSync(file, "utf8"));

async function baselineModule() {
  const dir = mkdtempSync(join(tmpdir(), "harupan-bench-js-"));
  const source = (name) => execFileSync("git", ["show", `${baseline}:${JS}/${name}`], { cwd: ROOT, encoding: "utf8" });
  const main = source("shisen.js");
  writeFileSync(join(dir, "shisen.js"), main);
  for (const [, name] of main.matchAll(/from "\.\/([a-z]+\.js)"/g)) writeFileSync(join(dir, name), source(name));
  try {
    return await import(pathToFileURL(join(dir, "shisen.js")).href);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function cpuMs(f) {
  const c0 = process.cpuUsage();
  const out = f();
  const c = process.cpuUsage(c0);
  return [out, (c.user + c.system) / 1000];
}

const now = await import(pathToFileURL(join(ROOT, JS, "shisen.js")).href);
const solvers = [["new", now]];
if (!newOnly) solvers.unshift([`old (${baseline})`, await baselineModule()]);

const rows = positions.map((p) => ({ name: p.name, python: p.python ?? p.py, figures: [] }));
let bad = 0;
for (const [label, mod] of solvers) {
  mod.solve(mod.Board.fromRows(positions[0].cells)); // warm-up, untimed
  positions.forEach((p, i) => {
    const [r, ms] = cpuMs(() => mod.solve(mod.Board.fromRows(p.cells)));
    const agrees = r.status === rows[i].python;
    if (!agrees && label === "new") bad++;
    rows[i].figures.push({ label, status: r.status, nodes: r.nodes, ms, agrees });
  });
}

const pad = (s, n) => String(s).padStart(n);
console.log(`${positions.length} positions from ${file}; CPU ms, nodes, verdict (* = differs from Python's)`);
console.log(`${"position".padEnd(22)} ${"python".padEnd(11)}` + solvers.map(([l]) => ` | ${l.padEnd(28)}`).join(""));
for (const row of rows) {
  const cols = row.figures.map((f) => ` | ${pad(f.ms.toFixed(0), 7)} ms ${pad(f.nodes, 5)} n ${(f.status + (f.agrees ? "" : "*")).padEnd(11)}`);
  console.log(`${row.name.padEnd(22)} ${String(row.python).padEnd(11)}${cols.join("")}`);
}
for (let k = 0; k < solvers.length; k++) {
  const ms = rows.map((r) => r.figures[k].ms), nodes = rows.map((r) => r.figures[k].nodes);
  const decided = rows.filter((r) => r.figures[k].status !== "undecided").length;
  const agree = rows.filter((r) => r.figures[k].agrees).length;
  console.log(`${solvers[k][0]}: total ${ms.reduce((a, b) => a + b, 0).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms, ` +
              `nodes total ${nodes.reduce((a, b) => a + b, 0)} max ${Math.max(...nodes)}, decided ${decided}/${rows.length}, ` +
              `as Python ${agree}/${rows.length}`);
}
const newMax = Math.max(...rows.map((r) => r.figures[solvers.length - 1].ms));
console.log(`target: every position decided as Python decides it, max <= 1000 ms: ${bad === 0 && newMax <= 1000 ? "met" : "MISSED"}`);
process.exitCode = bad ? 1 : 0;

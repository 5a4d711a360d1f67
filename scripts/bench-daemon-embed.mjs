#!/usr/bin/env node
// node scripts/bench-daemon-embed.mjs --cli A [--cli B ...]: the daemon embedding an imported
// history, CPU per window with its main thread apart, builds alternating. Each build imports
// and keyword-indexes its own copy of one synthetic Claude Code history once (its own state
// folder, kept without vectors), then each round starts that build's daemon on a fresh copy
// of that state for --seconds and samples /proc every 2 s. "Steady" counts from the first
// vectors on, so the model's load and most of the warm-up stay out of it. CPU seconds, not the
// clock: the figures hold on a busy machine. Prints numbers; never a test.
// Options: --history N (default 1000), --seconds S (default 180), --rounds R (default 1),
//          --prof DIR (the daemon under --cpu-prof, a profile per thread in DIR/<build>-<round>).
import { spawn, execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { option } from "./lib/bench-kit.mjs";
import { writeClaudeHistory } from "./lib/history.mjs";

const args = process.argv.slice(2);
const clis = args.flatMap((a, i) => (a === "--cli" ? [path.resolve(args[i + 1])] : []));
if (clis.length === 0) throw new Error("give --cli PATH (a build's dist/cli/main.js) at least once");
const sessions = Number(option(args, "history", 1000));
const seconds = Number(option(args, "seconds", 180));
const rounds = Number(option(args, "rounds", 1));
const profRoot = option(args, "prof", null);
const root = mkdtempSync(path.join(os.tmpdir(), "agent-bench-daemon-embed-"));
const load = () => os.loadavg()[0].toFixed(1);

/** user+system CPU seconds from a /proc stat file (a process's, or one of its threads'). */
function statCpu(file) {
  const s = readFileSync(file, "utf8");
  const f = s.slice(s.lastIndexOf(")") + 2).split(" ");
  return (Number(f[11]) + Number(f[12])) / 100; // USER_HZ
}

/** A build's workspace, imported and keyword-indexed by that build; its state kept as `state0`. */
function prepare(cli, dir, store) {
  const env = { ...process.env, AGENT_STATE_HOME: path.join(dir, "state0") };
  const run = (...a) => execFileSync(process.execPath, [cli, ...a], { env, stdio: ["ignore", "pipe", "ignore"], maxBuffer: 64 << 20 });
  run("init", path.join(dir, "ws"));
  writeFileSync(path.join(dir, "ws", "agent.config.json"), JSON.stringify({ embed: { provider: "use-lite" } }));
  run("import", "claude-code", path.join(store, "projects"), "--workspace", path.join(dir, "ws"));
  run("index", "--no-embed", "--workspace", path.join(dir, "ws"));
}

/** One daemon run on a fresh copy of the build's state: steady CPU per window, main thread apart. */
async function round(cli, dir, prof) {
  const state = path.join(dir, "state");
  rmSync(state, { recursive: true, force: true });
  cpSync(path.join(dir, "state0"), state, { recursive: true });
  if (prof) mkdirSync(prof, { recursive: true });
  const argv = [...(prof ? ["--cpu-prof", `--cpu-prof-dir=${prof}`] : []), cli, "daemon", "--workspace", path.join(dir, "ws")];
  const child = spawn(process.execPath, argv, { env: { ...process.env, AGENT_STATE_HOME: state }, stdio: "ignore" });
  const ws = readdirSync(path.join(state, "workspaces"))[0];
  const db = new Database(path.join(state, "workspaces", ws, "index.db"), { readonly: true });
  const windows = () => {
    try {
      return db.prepare("SELECT count(*) AS n FROM chunk_vectors").get().n;
    } catch {
      return 0; // the vector tables come with the first batch
    }
  };
  const t0 = performance.now();
  let first = null;
  let last = null;
  let peak = 0;
  while (performance.now() - t0 < seconds * 1000) {
    await new Promise((r) => setTimeout(r, 2000));
    const s = { w: windows(), cpu: statCpu(`/proc/${child.pid}/stat`), main: statCpu(`/proc/${child.pid}/task/${child.pid}/stat`) };
    peak = Math.max(peak, Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
    last = s;
    if (first === null && s.w > 0) first = s;
  }
  db.close();
  const gone = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await gone;
  if (first === null || last.w === first.w) return `no vectors in ${seconds} s (load ${load()})`;
  const w = last.w - first.w;
  const per = (x) => ((x * 1000) / w).toFixed(1);
  return `${w} windows steady: ${per(last.cpu - first.cpu)} CPU ms a window (main thread ${per(last.main - first.main)}, other threads ${per(last.cpu - first.cpu - (last.main - first.main))}); before the first vectors ${first.cpu.toFixed(1)} CPU s (main ${first.main.toFixed(1)}); peak RSS ${peak.toFixed(0)} MB; load ${load()}`;
}

try {
  const store = path.join(root, "claude");
  writeClaudeHistory(store, sessions, { turns: 40 });
  const dirs = clis.map((cli, i) => {
    const dir = path.join(root, `build-${i}`);
    mkdirSync(dir);
    prepare(cli, dir, store);
    return dir;
  });
  console.log(`daemon embedding ${sessions} sessions, ${seconds} s a run, builds alternating (load ${load()}):`);
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < clis.length; i++) {
      const prof = profRoot ? path.resolve(profRoot, `build-${i}-${r}`) : null;
      console.log(`  round ${r + 1} ${clis[i]}: ${await round(clis[i], dirs[i], prof)}`);
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}

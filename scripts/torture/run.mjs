#!/usr/bin/env node
// npm run torture: repeats the reliability experiments on generated workspaces in temp
// folders, against the built CLI (dist/cli/main.js), and prints one table — experiment,
// runs, passed, failed — then how to reproduce each failure. It measures; it never stops at
// the first failure. Exit code 1 when any run failed.
//
//   --quick            a short version (a few minutes of work)
//   --tiny             smaller still: what test/torture/quick.test.ts runs
//   --only a,b         only these experiments (kill9, soak, reflect-race, rebuild-daemon,
//                      signals, malformed, mcp, soul-swap, links,
//                      big-query, dream-file, soul-link, swap-load)
//                      disk-full, config-freshness, daemon-vectors, space,
//                      inject-trust, transcripts, secrets, config-race, hooks-log,
//                      devices)
//   --scale X          multiply the full run counts (0.5 = half)
//   --minutes M        length of the soak (default 5; quick 0.3)
//   --seed N           seed of the generated workspaces (default 1)
//   --json FILE        also write the results as JSON
//   --keep             keep the temp folders (printed) for inspection
// AGENT_TORTURE_DIST=DIR tests another build than ./dist.
import { existsSync, rmSync, writeFileSync } from "node:fs";
import { cliPath, tempRoot } from "./lib.mjs";

const EXPERIMENTS = {
  kill9: () => import("./kill9.mjs").then((m) => m.kill9),
  soak: () => import("./soak.mjs").then((m) => m.soak),
  "reflect-race": () => import("./reflect-race.mjs").then((m) => m.reflectRace),
  "rebuild-daemon": () => import("./rebuild-daemon.mjs").then((m) => m.rebuildDaemon),
  signals: () => import("./signals.mjs").then((m) => m.signals),
  malformed: () => import("./malformed.mjs").then((m) => m.malformed),
  mcp: () => import("./mcp.mjs").then((m) => m.mcpHostile),
  "soul-swap": () => import("./soul-swap.mjs").then((m) => m.soulSwap),
  links: () => import("./links.mjs").then((m) => m.links),
  "big-query": () => import("./big-query.mjs").then((m) => m.bigQuery),
  "dream-file": () => import("./dream-file.mjs").then((m) => m.dreamFile),
  "soul-link": () => import("./soul-link.mjs").then((m) => m.soulLink),
  "swap-load": () => import("./swap-load.mjs").then((m) => m.swapLoad),
  "disk-full": () => import("./disk-full.mjs").then((m) => m.diskFull),
  "config-freshness": () => import("./config-freshness.mjs").then((m) => m.configFreshness),
  "daemon-vectors": () => import("./daemon-vectors.mjs").then((m) => m.daemonVectors),
  space: () => import("./space.mjs").then((m) => m.space),
  "inject-trust": () => import("./inject-trust.mjs").then((m) => m.injectTrust),
  transcripts: () => import("./transcripts.mjs").then((m) => m.transcripts),
  secrets: () => import("./secrets.mjs").then((m) => m.secrets),
  "config-race": () => import("./secrets.mjs").then((m) => m.configRace),
  "hooks-log": () => import("./secrets.mjs").then((m) => m.hooksLog),
  devices: () => import("./devices.mjs").then((m) => m.devices),
};

export function parseArgs(argv) {
  const opt = (name, def) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 && i + 1 < argv.length ? argv[i + 1] : def;
  };
  const only = opt("only", null);
  return {
    quick: argv.includes("--quick"),
    tiny: argv.includes("--tiny"),
    keep: argv.includes("--keep"),
    only: only ? only.split(",").map((s) => s.trim()) : Object.keys(EXPERIMENTS),
    scale: Number(opt("scale", "1")),
    minutes: opt("minutes", null),
    seed: Number(opt("seed", "1")),
    json: opt("json", null),
  };
}

/** Runs the chosen experiments; returns their tallies (also used by the vitest quick test). */
export async function runTorture(o, log = (s) => process.stderr.write(s + "\n")) {
  if (!existsSync(cliPath())) throw new Error(`${cliPath()} does not exist: run \`npm run build\` first`);
  const unknown = o.only.filter((n) => !(n in EXPERIMENTS));
  if (unknown.length > 0) throw new Error(`unknown experiment(s): ${unknown.join(", ")} (known: ${Object.keys(EXPERIMENTS).join(", ")})`);
  const results = [];
  for (const name of o.only) {
    const root = tempRoot(`agent-torture-${name}-`);
    const started = Date.now();
    log(`torture: ${name}${o.quick ? " (quick)" : ""} in ${root} ...`);
    let tally;
    try {
      const fn = await EXPERIMENTS[name]();
      tally = await fn({ root, quick: o.quick || o.tiny === true, tiny: o.tiny === true, scale: o.scale, seed: o.seed, minutes: o.minutes === null ? (o.quick ? 0.3 : 5) : Number(o.minutes), log, ...(o.cases ? { cases: o.cases } : {}) });
    } catch (e) {
      tally = { name, runs: 1, passed: 0, failed: 1, failures: [{ what: `the experiment itself failed: ${e.stack ?? e}`, repro: `npm run torture -- --only ${name}${o.quick ? " --quick" : ""}` }], notes: [], measures: {} };
    }
    tally.key = name;
    tally.seconds = Math.round((Date.now() - started) / 100) / 10;
    results.push(tally);
    log(`torture: ${name}: ${tally.passed}/${tally.runs} passed in ${tally.seconds} s`);
    if (!o.keep) rmSync(root, { recursive: true, force: true });
  }
  return results;
}

export function formatTable(results) {
  const rows = [["experiment", "runs", "passed", "failed", "time"]];
  for (const t of results) rows.push([t.name, String(t.runs), String(t.passed), String(t.failed), `${t.seconds} s`]);
  const w = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  const line = (r) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join(" | ")} |`;
  const out = [line(rows[0]), `|${w.map((x, i) => (i === 0 ? "-".repeat(x + 2) : "-".repeat(x + 1) + ":")).join("|")}|`, ...rows.slice(1).map(line)];
  const notes = results.flatMap((t) => t.notes.map((n) => `- ${t.key}: ${n}`));
  const measures = results.flatMap((t) =>
    Object.entries(t.measures).map(([k, xs]) => {
      const s = [...xs].sort((a, b) => a - b);
      const p = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
      return `- ${t.key}: ${k}: n=${s.length}, median ${p(0.5)}, p95 ${p(0.95)}, max ${s[s.length - 1]}`;
    }),
  );
  const failures = results.flatMap((t) => t.failures.map((f) => `- ${t.key}: ${f.what}\n  reproduce: ${f.repro}`));
  return [
    out.join("\n"),
    ...(notes.length ? ["", "notes:", ...notes] : []),
    ...(measures.length ? ["", "measured:", ...measures] : []),
    ...(failures.length ? ["", "failures (first 5 per experiment):", ...failures] : []),
  ].join("\n");
}

const isMain = process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href;
if (isMain) {
  const o = parseArgs(process.argv.slice(2));
  const results = await runTorture(o);
  console.log(formatTable(results));
  if (o.json) writeFileSync(o.json, JSON.stringify(results, null, 2));
  process.exitCode = results.some((t) => t.failed > 0) ? 1 : 0;
}

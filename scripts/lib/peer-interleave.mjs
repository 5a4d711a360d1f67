// `bench-peer --distinct --interleave N`: ours and qmd, each in a long-lived process of its own,
// asked the same query one after the other (which side goes first alternates query by query),
// for N rounds of 200 queries never asked before in the run. Both sides see the same load
// within milliseconds of each other, so a ratio taken from the pairs is not the machine's mood
// of one minute against another's. Each side measures its own search (wall and its process's
// CPU) between reading the query from stdin and writing the answer, the event loop turning in
// between as a server's does. Prints each round's ratios and, pooled over every pair, the
// ratio of p50s and of p95s with a 95 % bootstrap interval (pairs resampled, seeded).
import { spawn } from "node:child_process";
import os from "node:os";
import { rng } from "../sample-notes.mjs";
import { pct } from "./bench-kit.mjs";

/**
 * The script of one side's process: `open` (statements that define `search(q)`), PRACTICE
 * untimed queries, then one line per query on stdin -> one line {wall, cpu} on stdout; the line
 * "total" answers the process's CPU so far (a round's total then includes work between searches).
 */
export function sideScript(open, practice) {
  return `
    import readline from "node:readline";
    ${open}
    const turn = () => new Promise((ok) => setImmediate(ok));
    for (const q of ${JSON.stringify(practice)}) { await search(q); await turn(); }
    process.stdout.write("ready\\n");
    const rl = readline.createInterface({ input: process.stdin });
    for await (const line of rl) {
      if (line === "end") break;
      if (line === "total") { const u = process.cpuUsage(); process.stdout.write(JSON.stringify((u.user + u.system) / 1000) + "\\n"); continue; }
      const q = JSON.parse(line);
      const c = process.cpuUsage(); const t = performance.now();
      await search(q);
      const wall = performance.now() - t; const d = process.cpuUsage(c);
      process.stdout.write(JSON.stringify({ wall, cpu: (d.user + d.system) / 1000 }) + "\\n");
    }
    process.exit(0);`;
}

/** A side's process, asked one line at a time. */
function side(name, node, script, env) {
  const child = spawn(node, ["--input-type=module", "-e", script], { env, stdio: ["pipe", "pipe", "inherit"] });
  const waiting = [];
  let buf = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (s) => {
    buf += s;
    let nl;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      waiting.shift()?.(line);
    }
  });
  const exited = new Promise((_, fail) => child.on("exit", (code) => fail(new Error(`${name} exited ${code}`))));
  exited.catch(() => {});
  const next = () => Promise.race([new Promise((ok) => waiting.push(ok)), exited]);
  return {
    name,
    ready: next(),
    async ask(line) {
      const answer = next();
      child.stdin.write(`${line}\n`);
      return answer;
    },
    end() {
      child.stdin.end("end\n");
    },
  };
}

/** pct(ours)/pct(qmd) of key `k` at `p` over `pairs`, and its 95 % bootstrap interval. */
export function ratioInterval(pairs, k, p, resamples = 2000, seed = 45) {
  const ratio = (xs) => pct(xs.map((x) => x.ours[k]), p) / pct(xs.map((x) => x.qmd[k]), p);
  // Seeded, so the interval is the same for the same pairs.
  const r = rng(seed);
  const boots = [];
  for (let b = 0; b < resamples; b++) {
    const sample = Array.from({ length: pairs.length }, () => pairs[Math.floor(r() * pairs.length)]);
    boots.push(ratio(sample));
  }
  boots.sort((a, b) => a - b);
  return { ratio: ratio(pairs), lo: boots[Math.floor(0.025 * resamples)], hi: boots[Math.floor(0.975 * resamples)] };
}

/**
 * Runs `rounds` rounds of `queriesOfRound(r)` through both sides (`sides.ours`, `sides.qmd`:
 * {node, script, env}), query by query, and prints the figures. Returns the pairs.
 */
export async function interleavedRounds(sides, rounds, queriesOfRound) {
  const ours = side("ours", sides.ours.node, sides.ours.script, sides.ours.env);
  const qmd = side("qmd", sides.qmd.node, sides.qmd.script, sides.qmd.env);
  await Promise.all([ours.ready, qmd.ready]);
  const pairs = [];
  const perRound = [];
  const load = [];
  for (let r = 0; r < rounds; r++) {
    const queries = queriesOfRound(r);
    const total0 = { ours: Number(await ours.ask("total")), qmd: Number(await qmd.ask("total")) };
    const round = [];
    for (let i = 0; i < queries.length; i++) {
      const line = JSON.stringify(queries[i]);
      const first = (i + r) % 2 === 0 ? ours : qmd;
      const second = first === ours ? qmd : ours;
      const a = JSON.parse(await first.ask(line));
      const b = JSON.parse(await second.ask(line));
      round.push(first === ours ? { ours: a, qmd: b } : { ours: b, qmd: a });
    }
    const total = { ours: (Number(await ours.ask("total")) - total0.ours) / queries.length, qmd: (Number(await qmd.ask("total")) - total0.qmd) / queries.length };
    load.push(os.loadavg()[0]);
    perRound.push({ round, total });
    pairs.push(...round);
  }
  ours.end();
  qmd.end();
  printInterleaved(pairs, perRound, load);
  return pairs;
}

function printInterleaved(pairs, perRound, load) {
  const g = (xs, p) => pct(xs, p).toFixed(1);
  console.log(`\ninterleaved, query by query (who goes first alternates), ${perRound.length} rounds of ${perRound[0].round.length} queries each asked once in the run`);
  console.log(`${"round (load)".padEnd(14)} ${"ours CPU p50/p95".padStart(17)} ${"qmd CPU p50/p95".padStart(16)} ${"ratio CPU p50/p95".padStart(18)} ${"ratio wall p50/p95".padStart(19)}  round CPU / search, ours / qmd`);
  const ratios = { cpu50: [], cpu95: [], wall50: [], wall95: [] };
  perRound.forEach(({ round, total }, r) => {
    const of = (who, k) => round.map((x) => x[who][k]);
    const q = (who, k, p) => pct(of(who, k), p);
    const rc50 = q("ours", "cpu", 50) / q("qmd", "cpu", 50);
    const rc95 = q("ours", "cpu", 95) / q("qmd", "cpu", 95);
    const rw50 = q("ours", "wall", 50) / q("qmd", "wall", 50);
    const rw95 = q("ours", "wall", 95) / q("qmd", "wall", 95);
    ratios.cpu50.push(rc50);
    ratios.cpu95.push(rc95);
    ratios.wall50.push(rw50);
    ratios.wall95.push(rw95);
    console.log(`${`${r + 1} (${load[r].toFixed(1)})`.padEnd(14)} ${`${g(of("ours", "cpu"), 50)} / ${g(of("ours", "cpu"), 95)}`.padStart(17)} ${`${g(of("qmd", "cpu"), 50)} / ${g(of("qmd", "cpu"), 95)}`.padStart(16)} ${`${rc50.toFixed(2)} / ${rc95.toFixed(2)}`.padStart(18)} ${`${rw50.toFixed(2)} / ${rw95.toFixed(2)}`.padStart(19)}  ${total.ours.toFixed(2)} / ${total.qmd.toFixed(2)}`);
  });
  console.log(`rounds at or under qmd: CPU p50 ${ratios.cpu50.filter((x) => x <= 1).length}, p95 ${ratios.cpu95.filter((x) => x <= 1).length}; wall p50 ${ratios.wall50.filter((x) => x <= 1).length}, p95 ${ratios.wall95.filter((x) => x <= 1).length} (of ${perRound.length})`);
  console.log(`pooled over ${pairs.length} pairs: ratio ours / qmd [95 % bootstrap interval, 2000 resamples of the pairs]; median of the rounds' ratios`);
  for (const k of ["cpu", "wall"]) {
    for (const p of [50, 95]) {
      const { ratio, lo, hi } = ratioInterval(pairs, k, p);
      const oursP = pct(pairs.map((x) => x.ours[k]), p);
      const qmdP = pct(pairs.map((x) => x.qmd[k]), p);
      console.log(`  ${`${k === "cpu" ? "CPU" : "wall"} p${p}`.padEnd(9)} ours ${oursP.toFixed(2)} ms, qmd ${qmdP.toFixed(2)} ms: ${ratio.toFixed(3)}x [${lo.toFixed(3)}, ${hi.toFixed(3)}]; rounds' median ${pct(ratios[`${k}${p}`], 50).toFixed(3)}x`);
    }
  }
  console.log(`load (1-min) over the rounds ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}`);
}

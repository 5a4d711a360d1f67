#!/usr/bin/env node
// npm run eval -- --dataset everyday [--mode bm25|hybrid] [--json]
// node scripts/eval-everyday.mjs [--set heldout] [--mode bm25|hybrid] [--json]
// The project's own small set of a newcomer's questions (scripts/eval-everyday/): a workspace
// of SOUL.md, MEMORY.md and 15 daily notes over three weeks, everyday questions with the
// notes that answer them (questions about the coming days included), and questions about
// things the notes never mention, whose right answer is nothing. Hand-written for this
// project; "now" is fixed (questions.json), so "next week" always means the same days.
// Prints, per question, the top results, and the totals: answered questions with an
// expected note first (R@1) and in the first three (R@3), never-written ones left empty.
// --set heldout: a second newcomer's workspace (scripts/eval-heldout/: another invented life,
// 10 notes, 5 answerable and 5 never-written questions), written once and kept out of tuning:
// run it before and after a change to the floor or the ranking, never adjust to it.
// --set heldout2: a third (scripts/eval-heldout2/: SOUL.md, MEMORY.md, USER.md and 12 notes over
// three weeks, 10 answerable and 6 never-written questions), held out the same way.
// --set heldout3: a fourth (scripts/eval-heldout3/: the same shape, another life), written before
// a change to the ranking's vocabulary and run only on the old code and at the end of the change.
// --set heldout4: a fifth (scripts/eval-heldout4/: the same shape, another life), written the same way
// before the verb/noun derivations and the amount-beside-the-word factor, run only before and after.
// --set heldout5: a sixth (scripts/eval-heldout5/: the same shape, 14 notes, 12 answerable and 6
// never-written questions), written blind before reading the search code; its first run is the unseen figure.
// --set heldout6: a seventh (scripts/eval-heldout6/: the same shape, 14 notes, 12 answerable and 6
// never-written questions), written blind the same way; its first run is the unseen figure.
// --set heldout7: an eighth (scripts/eval-heldout7/: the same shape, 14 notes, 12 answerable and 6
// never-written questions), written blind the same way; its first run is the unseen figure.
// --set heldout8: a ninth (scripts/eval-heldout8/: the same shape, 17 notes, 30 answerable and 12
// never-written questions, six of those with one specific word in no note), written blind the same way.
// --set heldout9: a tenth (scripts/eval-heldout9/: the same shape, 20 notes, 30 answerable and 12
// never-written questions, six of those with every word in some note but in another sense), written blind.
// --set heldout10: an eleventh (scripts/eval-heldout10/: the same shape, 23 notes and two captured
// assistant sessions, 30 answerable and 12 never-written questions, half of those the hard shape), written blind.
// --set heldout11: a twelfth (scripts/eval-heldout11/: the same shape, 20 notes and two captured sessions, each
// answering one question alone; 30 answerable and 12 never-written questions, half the hard shape), written blind.
// --set heldout13: a fourteenth (scripts/eval-heldout13/: the same shape, 22 notes and two captured sessions, each
// answering one question alone; 30 answerable and 12 never-written questions, half the hard shape), written blind.
// --set heldout12: a thirteenth (scripts/eval-heldout12/: the same shape, 18 notes and two captured sessions, each
// answering one question alone; 30 answerable and 12 never-written questions, half the hard shape), written blind.
// --set heldout14: a fifteenth (scripts/eval-heldout14/: the same shape, 21 notes, one of them a plan dated ahead, and two
// captured sessions, each answering one question alone; 30 answerable and 12 never-written questions, half the hard shape), written blind.
// --set heldout15: a sixteenth (scripts/eval-heldout15/: the same shape, 19 notes, one a plan dated ahead and one with a table,
// and two captured sessions, each answering one question alone; 30 answerable and 12 never-written questions, half the hard shape), written blind.
// --set heldout16: a seventeenth (scripts/eval-heldout16/: the same shape, 19 notes, one a plan dated ahead and one with a table,
// and two captured sessions, each answering one question alone; 30 answerable and 12 never-written questions, half the hard shape), written blind.
import "./lib/state-home.mjs";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine } from "../dist/index.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SETS = { everyday: path.join(HERE, "eval-everyday"), heldout: path.join(HERE, "eval-heldout"), heldout2: path.join(HERE, "eval-heldout2"), heldout3: path.join(HERE, "eval-heldout3"), heldout4: path.join(HERE, "eval-heldout4"), heldout5: path.join(HERE, "eval-heldout5"), heldout6: path.join(HERE, "eval-heldout6"), heldout7: path.join(HERE, "eval-heldout7"), heldout8: path.join(HERE, "eval-heldout8"), heldout9: path.join(HERE, "eval-heldout9"), heldout10: path.join(HERE, "eval-heldout10"), heldout11: path.join(HERE, "eval-heldout11"), heldout12: path.join(HERE, "eval-heldout12"), heldout13: path.join(HERE, "eval-heldout13"), heldout14: path.join(HERE, "eval-heldout14"), heldout15: path.join(HERE, "eval-heldout15"), heldout16: path.join(HERE, "eval-heldout16") };

export async function runEveryday({ mode = "hybrid", cache, config = {}, set: name = "everyday" } = {}) {
  const DATA = SETS[name];
  if (!DATA) throw new Error(`--set must be one of ${Object.keys(SETS).join(", ")}, got "${name}"`);
  const set = JSON.parse(readFileSync(path.join(DATA, "questions.json"), "utf8"));
  const now = Date.parse(set.now);
  const ws = mkdtempSync(path.join(os.tmpdir(), "agent-eval-everyday-"));
  try {
    cpSync(path.join(DATA, "workspace"), ws, { recursive: true });
    const search = { mode: mode === "bm25" ? "keyword" : "hybrid", dates: { timeZone: "UTC" }, ...(config.search ?? {}) };
    const embed = cache ? { cacheDir: cache } : {};
    writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ search, embed }, null, 2));
    const engine = Engine.open({ workspace: ws, now: () => now });
    try {
      engine.indexing.index();
      if (mode !== "bm25") await engine.indexing.embed({});
      const answered = [];
      for (const a of set.answerable) {
        const res = await engine.search(a.q, { recall: false });
        const paths = res.results.map((r) => r.path);
        const rank = paths.findIndex((p) => a.expect.includes(p));
        answered.push({ q: a.q, kind: a.kind, rank, top: paths.slice(0, 3), reason: res.reason ?? null });
      }
      const never = [];
      for (const n of set.neverWritten) {
        const res = await engine.search(n.q, { recall: false });
        never.push({ q: n.q, trap: n.trap, empty: res.results.length === 0, top: res.results.slice(0, 3).map((r) => r.path), spellings: res.spellings ?? [] });
      }
      const share = (xs, f) => (xs.length === 0 ? 0 : xs.filter(f).length / xs.length);
      const upcoming = answered.filter((a) => a.kind === "upcoming");
      return {
        dataset: name,
        mode,
        answered,
        never,
        metrics: {
          r1: share(answered, (a) => a.rank === 0),
          r3: share(answered, (a) => a.rank >= 0 && a.rank < 3),
          upcomingR3: share(upcoming, (a) => a.rank >= 0 && a.rank < 3),
          wronglyEmpty: share(answered, (a) => a.top.length === 0),
          neverEmpty: share(never, (n) => n.empty),
        },
      };
    } finally {
      await engine.close();
    }
  } finally {
    rmSync(ws, { recursive: true, force: true });
  }
}

export function printEveryday(out) {
  const pct = (x) => `${(x * 100).toFixed(0)} %`;
  console.log(`\n${out.dataset} (hand-written, ${out.answered.length} answerable + ${out.never.length} never-written questions), mode ${out.mode}`);
  for (const a of out.answered) console.log(`  ${a.rank === 0 ? "✓" : a.rank > 0 && a.rank < 3 ? "~" : "✗"} ${a.q}  →  ${a.top.join(", ") || `(empty: ${a.reason})`}`);
  for (const n of out.never) console.log(`  ${n.empty ? "✓" : "✗"} [never written] ${n.q}  →  ${n.empty ? "(empty)" : n.top.join(", ")}${n.spellings.length ? `  respelled ${n.spellings.map((s) => `${s.word}→${s.terms.join("|")}`).join(", ")}` : ""}`);
  const m = out.metrics;
  console.log(`  R@1 ${pct(m.r1)}, R@3 ${pct(m.r3)} (upcoming days R@3 ${pct(m.upcomingR3)}), answerable wrongly empty ${pct(m.wronglyEmpty)}; never-written correctly empty ${pct(m.neverEmpty)}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const mode = process.argv.includes("--mode") ? process.argv[process.argv.indexOf("--mode") + 1] : "hybrid";
  const set = process.argv.includes("--set") ? process.argv[process.argv.indexOf("--set") + 1] : "everyday";
  const out = await runEveryday({ mode, set });
  if (process.argv.includes("--json")) process.stdout.write(JSON.stringify(out) + "\n");
  else printEveryday(out);
}

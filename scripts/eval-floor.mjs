#!/usr/bin/env node
// node scripts/eval-floor.mjs DUMP.jsonl [--keyword 0,0.1,...] [--cosine 0.3,0.4,...]
// Calibrates the relevance floor offline from `npm run eval -- --dump FILE` written with the
// floor off ({"search":{"floor":{"enabled":false}}}): for each pair of levels it replays
// which results would pass, and prints recall@5 of the normal queries (and its drop against
// no floor), the share of normal queries left empty, and the share of no-answer queries
// correctly empty. The order of passing results is kept as dumped (MMR not replayed).
//
// node scripts/eval-floor.mjs DUMP.jsonl --relevance 0.001,0.01,0.1,0.5
// node scripts/eval-floor.mjs DUMP.jsonl --grade
// Calibrates the rerank stage's cut instead, from a dump written with the rerank stage on and
// nothing dropped: `npm run eval -- --rerank --no-answer --dump FILE --config
// '{"search":{"rerank":{"provider":"cross-encoder","dropUnrelated":false}}}'` (or the LLM:
// --grade replays "grade 0 is dropped"). The first stage's floor stays as it was run;
// results the model did not judge (beyond search.rerank.candidates) always pass.
import "./lib/state-home.mjs";
import { readFileSync } from "node:fs";

const args = process.argv.slice(2);
const file = args[0];
if (!file) throw new Error("usage: eval-floor.mjs DUMP.jsonl [--keyword LIST] [--cosine LIST]");
const list = (flag, dflt) => {
  const i = args.indexOf(flag);
  return (i >= 0 ? args[i + 1] : dflt).split(",").map(Number);
};
const rels = args.includes("--relevance") ? list("--relevance", "") : null;
const byGrade = args.includes("--grade");
const kws = list("--keyword", "0.01,0.1,0.15,0.2,0.25,0.3,0.35,0.4,0.45,0.5,0.6");
const coss = list("--cosine", "2,0.4,0.45,0.5,0.55,0.6,0.65,0.7");

const rows = readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
const normal = rows.filter((r) => r.set === "normal");
const noAnswer = rows.filter((r) => r.set === "no-answer");

function passes(x, k, c) {
  return (x.cov !== null && x.cov > 0 && (x.cov >= k || x.dm)) || (x.cos !== null && x.cos >= c);
}

function recall5(q, keep) {
  const seen = new Set();
  let hit = 0;
  for (const x of q.results) {
    if (!keep(x) || seen.has(x.p)) continue;
    seen.add(x.p);
    if (x.g) hit++;
    if (seen.size === 5) break;
  }
  return q.ngold ? hit / q.ngold : 0;
}

const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const base = mean(normal.map((q) => recall5(q, () => true)));
console.log(`${normal.length} normal, ${noAnswer.length} no-answer queries; recall@5 of the dumped results, nothing cut: ${base.toFixed(4)}`);
function line(label, keep) {
  const r5 = mean(normal.map((q) => recall5(q, keep)));
  const wrong = mean(normal.map((q) => (q.results.some(keep) ? 0 : 1)));
  const right = mean(noAnswer.map((q) => (q.results.some(keep) ? 0 : 1)));
  console.log(`${label}  ${r5.toFixed(4)}  ${(100 * (base - r5)).toFixed(2).padStart(5)} pt  ${(100 * wrong).toFixed(1).padStart(9)} %  ${(100 * right).toFixed(1).padStart(11)} %`);
}

if (rels !== null || byGrade) {
  const judged = normal.flatMap((q) => q.results).filter((x) => x.rel !== null && x.rel !== undefined || x.gr !== null && x.gr !== undefined).length;
  if (judged === 0) {
    console.error(`eval-floor: ${file} holds no reranked results; dump a run with --rerank and dropUnrelated false`);
    process.exit(1);
  }
  console.log("rerank cut          R@5     drop    normal-empty  no-answer-empty");
  if (byGrade) line("grade ≥ 1".padEnd(17), (x) => x.gr === null || x.gr === undefined || x.gr >= 1);
  for (const level of rels ?? []) line(`relevance ≥ ${level}`.padEnd(17), (x) => x.rel === null || x.rel === undefined || x.rel >= level);
  process.exit(0);
}

console.log("keyword  cosine   R@5     drop    normal-empty  no-answer-empty");
for (const k of kws) {
  for (const c of coss) {
    line(`${k.toFixed(2).padStart(7)}  ${(c > 1 ? "off" : c.toFixed(2)).padStart(6)}`, (x) => passes(x, k, c));
  }
}

#!/usr/bin/env node
// node scripts/eval-noanswer-bound.mjs DUMP.jsonl
// How well could any rule over the first stage's own measures tell a query that has an answer
// from one that does not? Reads a dump of `npm run eval -- --no-answer --dump FILE` written
// with the floor off ({"search":{"floor":{"enabled":false}}}) and, per query, takes the
// measures a floor could use: the best coverage, the first result's coverage and cosine, the
// best cosine, the first score and its lead over the second, and the share of strong keyword
// matches. For each alone it prints the ROC AUC; then it fits a logistic regression on all of
// them, trained on four folds and scored on the fifth (LoCoMo: one conversation per fold, so
// no conversation is scored by a model that saw it), and prints, for a given share of normal
// queries left empty, the share of no-answer queries it would empty. That is an upper bound
// for a query-level cut on these measures; a floor cuts per result and does no better.
import "./lib/state-home.mjs";
import { readFileSync } from "node:fs";

const file = process.argv[2];
if (!file) throw new Error("usage: eval-noanswer-bound.mjs DUMP.jsonl");
const rows = readFileSync(file, "utf8").split("\n").filter(Boolean).map((l) => JSON.parse(l));
const normal = rows.filter((r) => r.set === "normal");
const noAnswer = rows.filter((r) => r.set === "no-answer");
if (noAnswer.length === 0) {
  console.error(`${file} has no no-answer queries: write it with \`npm run eval -- --no-answer --dump FILE --config '{"search":{"floor":{"enabled":false}}}'\``);
  process.exit(1);
}

const max = (xs, dflt) => xs.reduce((a, b) => Math.max(a, b), dflt);
const MEASURES = {
  "best coverage": (r) => max(r.results.map((x) => x.cov ?? 0), 0),
  "first result's coverage": (r) => r.results[0]?.cov ?? 0,
  "best cosine": (r) => max(r.results.map((x) => x.cos ?? -1), -1),
  "first result's cosine": (r) => r.results[0]?.cos ?? -1,
  "first score": (r) => r.results[0]?.s ?? 0,
  "lead of the first score over the second": (r) => (r.results[0]?.s ?? 0) - (r.results[1]?.s ?? 0),
  "share of the first 10 with coverage ≥ 0.5": (r) => r.results.slice(0, 10).filter((x) => (x.cov ?? 0) >= 0.5).length / 10,
};
const features = (r) => Object.values(MEASURES).map((f) => f(r));

/** Probability that a normal query's value is above a no-answer query's (ties count half). */
function auc(pos, neg) {
  const all = [...pos.map((v) => [v, 1]), ...neg.map((v) => [v, 0])].sort((a, b) => a[0] - b[0]);
  let rankSum = 0;
  for (let i = 0; i < all.length; ) {
    let j = i;
    while (j < all.length && all[j][0] === all[i][0]) j++;
    const midRank = (i + j + 1) / 2;
    for (let k = i; k < j; k++) if (all[k][1] === 1) rankSum += midRank;
    i = j;
  }
  return (rankSum - (pos.length * (pos.length + 1)) / 2) / (pos.length * neg.length);
}

/** Logistic regression by gradient descent on standardised measures. */
function fit(train) {
  const d = train[0].x.length;
  const mean = [];
  const sd = [];
  for (let j = 0; j < d; j++) {
    const v = train.map((t) => t.x[j]);
    mean[j] = v.reduce((a, b) => a + b, 0) / v.length;
    sd[j] = Math.sqrt(v.reduce((a, b) => a + (b - mean[j]) ** 2, 0) / v.length) || 1;
  }
  const z = (x) => x.map((v, j) => (v - mean[j]) / sd[j]);
  const zs = train.map((t) => z(t.x));
  const w = new Array(d + 1).fill(0);
  for (let it = 0; it < 2000; it++) {
    const g = new Array(d + 1).fill(0);
    train.forEach((t, i) => {
      let s = w[d];
      for (let j = 0; j < d; j++) s += w[j] * zs[i][j];
      const e = 1 / (1 + Math.exp(-s)) - t.y;
      for (let j = 0; j < d; j++) g[j] += e * zs[i][j];
      g[d] += e;
    });
    for (let j = 0; j <= d; j++) w[j] -= (0.5 * g[j]) / train.length;
  }
  return (x) => z(x).reduce((s, v, j) => s + w[j] * v, w[d]);
}

const fold = (r) => (String(r.qid).includes("#") ? String(r.qid).split("#")[0] : `fold ${Number(r.qid) % 5}`);
const data = rows.map((r) => ({ x: features(r), y: r.set === "normal" ? 1 : 0, fold: fold(r) }));
const folds = [...new Set(data.map((d) => d.fold))];
const held = [];
for (const f of folds) {
  const model = fit(data.filter((d) => d.fold !== f));
  for (const d of data.filter((d) => d.fold === f)) held.push({ s: model(d.x), y: d.y });
}

console.log(`${normal.length} normal, ${noAnswer.length} no-answer queries (${file})`);
console.log("\nmeasure                                     AUC    no-answer emptied when 1 % / 5 % of normal queries are");
const shareBelow = (pos, neg, q) => {
  const sorted = [...pos].sort((a, b) => a - b);
  const t = sorted[Math.floor(q * sorted.length)];
  return (100 * neg.filter((v) => v < t).length) / neg.length;
};
for (const [name, f] of Object.entries(MEASURES)) {
  const pos = normal.map(f);
  const neg = noAnswer.map(f);
  console.log(`${name.padEnd(42)}  ${auc(pos, neg).toFixed(3)}  ${shareBelow(pos, neg, 0.01).toFixed(1).padStart(5)} % / ${shareBelow(pos, neg, 0.05).toFixed(1).padStart(5)} %`);
}
const pos = held.filter((h) => h.y === 1).map((h) => h.s);
const neg = held.filter((h) => h.y === 0).map((h) => h.s);
console.log(`\nall of them, logistic regression scored on held-out folds (${folds.length}): AUC ${auc(pos, neg).toFixed(3)}`);
console.log("normal queries empty   no-answer queries empty");
for (const q of [0.005, 0.01, 0.02, 0.05, 0.1, 0.2]) console.log(`${(100 * q).toFixed(1).padStart(19)} %   ${shareBelow(pos, neg, q).toFixed(1).padStart(21)} %`);

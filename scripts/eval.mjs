#!/usr/bin/env node
// npm run eval -- --dataset locomo|scifact --data DIR [--mode bm25|vector|hybrid] [--json]
//                 [--qrels FILE] [--cache DIR] [--limit-queries N] [--config JSON]
// Builds a throwaway workspace from benchmark data, indexes it with the real engine, runs
// every query through the real search path and prints retrieval metrics. Never a test.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine } from "../dist/index.js";

const HERE = path.dirname(fileURLToPath(import.meta.url));

export function parseArgs(argv) {
  const o = { dataset: null, data: null, mode: "hybrid", json: false, qrels: null, cache: path.join(HERE, "..", ".eval-cache"), limitQueries: 0, config: {}, keep: false };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    if (a === "--dataset") o.dataset = next();
    else if (a === "--data") o.data = path.resolve(next());
    else if (a === "--mode") o.mode = next();
    else if (a === "--json") o.json = true;
    else if (a === "--qrels") o.qrels = path.resolve(next());
    else if (a === "--cache") o.cache = path.resolve(next());
    else if (a === "--limit-queries") o.limitQueries = Number(next());
    else if (a === "--config") o.config = JSON.parse(next());
    else if (a === "--keep") o.keep = true;
    else throw new Error(`unknown option ${a}`);
  }
  if (o.dataset !== "locomo" && o.dataset !== "scifact") throw new Error("--dataset must be locomo or scifact");
  if (!o.data) throw new Error("--data DIR is required (e.g. ../shared/eval-data/locomo/workspaces or ../shared/eval-data/scifact)");
  if (!["bm25", "vector", "hybrid"].includes(o.mode)) throw new Error("--mode must be bm25, vector or hybrid");
  return o;
}

function readJsonl(file) {
  return readFileSync(file, "utf8").split("\n").filter((l) => l.trim() !== "").map((l) => JSON.parse(l));
}

const MODE_TO_ENGINE = { bm25: "keyword", vector: "vector", hybrid: "hybrid" };

/** Deep-merges eval overrides into a config object written into the throwaway workspace. */
function merge(a, b) {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) out[k] = v && typeof v === "object" && !Array.isArray(v) ? merge(a[k] ?? {}, v) : v;
  return out;
}

async function openIndexed(ws, config, opts, now) {
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify(merge(config, opts.config), null, 2));
  const engine = Engine.open({ workspace: ws, ...(now ? { now: () => now } : {}) });
  engine.index();
  if (opts.mode !== "bm25") {
    const t0 = performance.now();
    const res = await engine.embed({
      batchChunks: 64,
      onProgress: opts.json ? undefined : (p) => process.stderr.write(`\r  embedding ${p.done}/${p.total} chunks (${p.cached} windows cached, ${((performance.now() - t0) / 1000).toFixed(0)} s)`),
    });
    if (!opts.json) process.stderr.write("\n");
    if (res.provider === null) throw new Error(`mode ${opts.mode} needs an embedder, but none is available: ${res.reason}`);
  }
  return engine;
}

/** Files of a ranked chunk list, in order of first appearance. */
function rankedFiles(results) {
  const seen = new Set();
  const out = [];
  for (const r of results) if (!seen.has(r.path)) seen.add(r.path), out.push(r.path);
  return out;
}

const mean = (xs) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const round = (x) => Math.round(x * 10000) / 10000;

// ---------- LoCoMo: file-level recall@k per category ----------
async function evalLocomo(opts) {
  const manifest = JSON.parse(readFileSync(path.join(opts.data, "manifest.json"), "utf8"));
  let queries = readJsonl(path.join(opts.data, "queries.jsonl")).filter((q) => q.gold_files && q.gold_files.length > 0);
  if (opts.limitQueries > 0) queries = queries.slice(0, opts.limitQueries);
  const root = mkdtempSync(path.join(os.tmpdir(), "agent-eval-locomo-"));
  const perQuery = [];
  try {
    for (const conv of Object.keys(manifest)) {
      const convQueries = queries.filter((q) => q.workspace === conv);
      if (convQueries.length === 0) continue;
      const ws = path.join(root, conv);
      mkdirSync(ws, { recursive: true });
      cpSync(path.join(opts.data, conv), ws, { recursive: true });
      // "Now" is the day after the last session, as the data's README prescribes.
      const days = readdirSync(path.join(ws, "memory")).filter((f) => /^\d{4}-\d{2}-\d{2}\.md$/.test(f)).sort();
      const last = days[days.length - 1].slice(0, 10);
      const now = Date.parse(`${last}T12:00:00Z`) + 86400000;
      const engine = await openIndexed(ws, { embed: { cacheDir: opts.cache } }, opts, now);
      for (const q of convQueries) {
        const res = await engine.search(q.question, { limit: 50, mode: MODE_TO_ENGINE[opts.mode], refresh: false });
        const files = rankedFiles(res.results);
        const gold = new Set(q.gold_files);
        const recallAt = (k) => files.slice(0, k).filter((f) => gold.has(f)).length / gold.size;
        perQuery.push({ category: q.category_name, r1: recallAt(1), r3: recallAt(3), r5: recallAt(5) });
      }
      engine.close();
    }
  } finally {
    if (!opts.keep) rmSync(root, { recursive: true, force: true });
  }
  const summarise = (qs) => ({ "recall@1": round(mean(qs.map((q) => q.r1))), "recall@3": round(mean(qs.map((q) => q.r3))), "recall@5": round(mean(qs.map((q) => q.r5))), n: qs.length });
  const byCategory = {};
  for (const cat of [...new Set(perQuery.map((q) => q.category))].sort()) byCategory[cat] = summarise(perQuery.filter((q) => q.category === cat));
  const { n: _n, ...metrics } = summarise(perQuery);
  const { n: _m, ...noAdv } = summarise(perQuery.filter((q) => q.category !== "adversarial"));
  return { queries: perQuery.length, metrics, metricsNoAdversarial: noAdv, byCategory };
}

// ---------- SciFact: nDCG@10 and recall@100 over documents ----------
function readQrels(file) {
  const qrels = new Map();
  for (const line of readFileSync(file, "utf8").split(/\r?\n/).slice(1)) {
    const [qid, did, score] = line.split("\t");
    if (!qid || !did) continue;
    if (!qrels.has(qid)) qrels.set(qid, new Map());
    qrels.get(qid).set(did, Number(score));
  }
  return qrels;
}

function ndcgAt(ranked, rels, k) {
  let dcg = 0;
  ranked.slice(0, k).forEach((d, i) => {
    const g = rels.get(d) ?? 0;
    if (g > 0) dcg += (2 ** g - 1) / Math.log2(i + 2);
  });
  const ideal = [...rels.values()].filter((g) => g > 0).sort((a, b) => b - a).slice(0, k);
  const idcg = ideal.reduce((s, g, i) => s + (2 ** g - 1) / Math.log2(i + 2), 0);
  return idcg === 0 ? 0 : dcg / idcg;
}

async function evalScifact(opts) {
  const qrelsFile = opts.qrels ?? ["test.tsv", "dev.tsv", "train.tsv"].map((f) => path.join(opts.data, "qrels", f)).find(existsSync);
  if (!qrelsFile) throw new Error(`no qrels file in ${path.join(opts.data, "qrels")}; pass --qrels FILE`);
  const qrels = readQrels(qrelsFile);
  const queryText = new Map(readJsonl(path.join(opts.data, "queries.jsonl")).map((q) => [String(q._id), q.text]));
  let qids = [...qrels.keys()].filter((q) => queryText.has(q));
  if (opts.limitQueries > 0) qids = qids.slice(0, opts.limitQueries);
  const root = mkdtempSync(path.join(os.tmpdir(), "agent-eval-scifact-"));
  const ws = path.join(root, "scifact");
  mkdirSync(path.join(ws, "docs"), { recursive: true });
  for (const d of readJsonl(path.join(opts.data, "corpus.jsonl"))) {
    writeFileSync(path.join(ws, "docs", `${d._id}.md`), `# ${d.title}\n\n${d.text}\n`);
  }
  const per = [];
  try {
    // No dates in SciFact: recency off; pure relevance (MMR lambda 1) as published numbers are.
    const engine = await openIndexed(ws, { embed: { cacheDir: opts.cache }, search: { recency: { enabled: false }, mmr: { lambda: 1 } } }, opts);
    for (const qid of qids) {
      const res = await engine.search(queryText.get(qid), { limit: 300, mode: MODE_TO_ENGINE[opts.mode], refresh: false });
      const docs = rankedFiles(res.results).map((p) => path.basename(p, ".md"));
      const rels = qrels.get(qid);
      const relevant = [...rels.entries()].filter(([, g]) => g > 0).map(([d]) => d);
      per.push({
        ndcg: ndcgAt(docs, rels, 10),
        r100: relevant.length === 0 ? 0 : docs.slice(0, 100).filter((d) => rels.get(d) > 0).length / relevant.length,
      });
    }
    engine.close();
  } finally {
    if (!opts.keep) rmSync(root, { recursive: true, force: true });
  }
  return {
    queries: per.length,
    qrels: path.basename(qrelsFile),
    metrics: { "ndcg@10": round(mean(per.map((p) => p.ndcg))), "recall@100": round(mean(per.map((p) => p.r100))) },
    byCategory: {},
  };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const t0 = performance.now();
  const res = opts.dataset === "locomo" ? await evalLocomo(opts) : await evalScifact(opts);
  const out = { dataset: opts.dataset, mode: opts.mode, ...res, seconds: Math.round((performance.now() - t0) / 100) / 10 };
  if (opts.json) {
    process.stdout.write(JSON.stringify(out) + "\n");
    return;
  }
  console.log(`${out.dataset} — mode ${out.mode} — ${out.queries} queries${out.qrels ? ` (qrels ${out.qrels})` : ""} — ${out.seconds} s`);
  const fmt = (m) => Object.entries(m).filter(([k]) => k !== "n").map(([k, v]) => `${k} ${v.toFixed(3)}`).join("  ");
  console.log(`  all:                 ${fmt(out.metrics)}`);
  if (out.metricsNoAdversarial) console.log(`  without adversarial: ${fmt(out.metricsNoAdversarial)}`);
  for (const [cat, m] of Object.entries(out.byCategory)) console.log(`  ${cat.padEnd(20)} ${fmt(m)}  (n=${m.n})`);
}

main().catch((e) => {
  process.stderr.write(`eval: ${e.message}\n`);
  process.exit(1);
});

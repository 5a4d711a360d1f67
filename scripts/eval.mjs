#!/usr/bin/env node
// npm run eval [-- --dataset locomo|scifact|beam|all] [--data DIR] [--mode bm25|vector|hybrid] [--json]
//                 [--qrels FILE] [--cache DIR] [--limit-queries N] [--config JSON]
//                 [--no-answer] [--no-answer-limit N] [--dump FILE] [--limit N] [--rerank]
//                 [--peer qmd [--qmd-dir DIR]]
// --limit N: results per search (default 50 for LoCoMo, 300 for SciFact, which recall@100
// needs); 10, the engine's default, measures what a user gets.
// --rerank: the rerank stage on: the model of --config's llm section, or a cross-encoder with
//   --config '{"search":{"rerank":{"provider":"cross-encoder"}}}'; for the LLM, e.g.
//   --rerank --config '{"llm":{"provider":"ollama","model":"qwen2.5:7b"}}'; prints how many
//   results it graded and dropped, its time per search, and stops if every call fails.
// --peer qmd [--qmd-dir DIR]: the same questions and metrics for qmd 2.8.3's search (BM25 over
//   whole documents, `qmd search`), installed outside the project (scripts/lib/qmd-peer.mjs).
// Builds a throwaway workspace from benchmark data, indexes it with the real engine, runs
// every query through the real search path and prints retrieval metrics. Never a test.
//
// Without --dataset it runs both sets from ../shared/eval-data, prints the recall tables by
// category, the no-answer table, and the comparison with the defaults before the relevance
// floor (BEFORE, measured at commit 908e71e with this script's metrics).
//
// The no-answer set: every query again, against its workspace with the query's gold notes
// removed (deleted, re-indexed; put back afterwards). A correct answer there is no result.
import "./lib/state-home.mjs";
import { appendFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine } from "../dist/index.js";
import { printBeam, runBeam } from "./eval-beam.mjs";
import { printEveryday, runEveryday } from "./eval-everyday.mjs";
import { qmdPeer } from "./lib/qmd-peer.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));

export function parseArgs(argv) {
  const o = { dataset: "all", data: null, mode: "hybrid", json: false, qrels: null, cache: path.join(HERE, "..", ".eval-cache"), limitQueries: 0, config: {}, keep: false, noAnswer: false, noAnswerLimit: 0, dump: null, limit: 0, peer: null, qmdDir: undefined };
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
    else if (a === "--detail") o.detail = true;
    else if (a === "--rerank") o.rerank = true;
    else if (a === "--no-answer") o.noAnswer = true;
    else if (a === "--no-answer-limit") o.noAnswerLimit = Number(next());
    else if (a === "--dump") o.dump = path.resolve(next());
    else if (a === "--peer") o.peer = next();
    else if (a === "--qmd-dir") o.qmdDir = path.resolve(next());
    else if (a === "--limit") {
      o.limit = Number(next());
      if (!Number.isInteger(o.limit) || o.limit < 1) throw new Error("--limit must be a whole number of results, at least 1");
    }
    else throw new Error(`unknown option ${a}`);
  }
  if (!["locomo", "scifact", "everyday", "beam", "all"].includes(o.dataset)) throw new Error("--dataset must be locomo, scifact, beam, everyday or all");
  // "keyword" is the engine's name for the mode this script has always called bm25.
  if (o.mode === "keyword") o.mode = "bm25";
  if (o.dataset === "all" && o.data) throw new Error("--data needs --dataset locomo or scifact");
  if (o.dataset === "all") o.noAnswer = true;
  if (!["bm25", "vector", "hybrid"].includes(o.mode)) throw new Error("--mode must be bm25, vector or hybrid");
  if (o.peer !== null) {
    if (o.peer !== "qmd") throw new Error("--peer takes qmd");
    if (o.rerank || o.dump || Object.keys(o.config).length > 0) throw new Error("--peer qmd measures qmd's own search: no --rerank, --dump or --config");
    // qmd's search is BM25 over whole documents; its hybrid mode needs models from Hugging Face.
    o.mode = "bm25";
    o.noAnswer = false;
  }
  // The workspace's llm section (from --config) grades each query's first search.rerank.candidates results.
  if (o.rerank) o.config = merge(o.config, { search: { rerank: { enabled: true } } });
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

/**
 * How one workspace is searched: through our engine, or (--peer qmd) by qmd's BM25 search,
 * which indexes the same files in its own process and answers every question in one Node 22
 * process up front.
 */
async function openSearcher(ws, name, home, config, opts, now, questions, limit) {
  if (opts.peer) {
    const peer = qmdPeer(opts.qmdDir);
    if (!peer.available) throw new Error(`qmd is not installed in ${peer.dir}; see the comment at the top of scripts/lib/qmd-peer.mjs`);
    peer.index(home, ws, name);
    const lists = peer.searchAll(home, name, questions, limit);
    const byQuestion = new Map(questions.map((q, i) => [q, lists[i]]));
    return { search: async (q) => ({ results: byQuestion.get(q).map((p) => ({ path: p })) }), close: () => undefined };
  }
  const engine = await openIndexed(ws, config, opts, now);
  return { engine, search: (q, options) => search(engine, q, options), close: () => engine.close() };
}

async function openIndexed(ws, config, opts, now) {
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify(merge(config, opts.config), null, 2));
  const engine = Engine.open({ workspace: ws, ...(now ? { now: () => now } : {}) });
  engine.indexing.index();
  if (opts.mode !== "bm25") {
    const t0 = performance.now();
    const res = await engine.indexing.embed({
      batchChunks: 64,
      onProgress: opts.json ? undefined : (p) => process.stderr.write(`\r  embedding ${p.done}/${p.total} chunks (${p.cached} windows cached, ${((performance.now() - t0) / 1000).toFixed(0)} s)`),
    });
    if (!opts.json) process.stderr.write("\n");
    if (res.provider === null) throw new Error(`mode ${opts.mode} needs an embedder, but none is available: ${res.reason}`);
  }
  return engine;
}

/** What the LLM rerank stage did over a run (search.rerank.enabled, --rerank). */
let reranks = { queries: 0, errors: 0, firstError: null, graded: 0, dropped: 0, ms: 0 };

/** engine.search, counting what the rerank stage did; a model that fails every call stops the run. */
async function search(engine, text, options) {
  const res = await engine.search(text, options);
  const r = res.rerank;
  if (r) {
    reranks.queries++;
    reranks.graded += r.graded;
    reranks.dropped += r.dropped;
    reranks.ms += r.ms;
    if (r.error) {
      reranks.errors++;
      reranks.firstError ??= r.error;
      if (reranks.errors >= 3 && reranks.errors === reranks.queries) throw new Error(`reranking failed on every query so far: ${reranks.firstError}`);
    }
  }
  return res;
}

/** Files of a ranked chunk list, in order of first appearance. */
function rankedFiles(results) {
  const seen = new Set();
  const out = [];
  for (const r of results) if (!seen.has(r.path)) seen.add(r.path), out.push(r.path);
  return out;
}

/** One line per query for offline floor calibration: every result with its evidence figures. */
function dumpLine(opts, rec) {
  if (opts.dump) appendFileSync(opts.dump, JSON.stringify(rec) + "\n");
}

function features(results, goldOf) {
  // rel / gr: what a rerank stage said (a cross-encoder's relevance, an LLM's grade), for
  // calibrating its level with eval-floor.mjs --relevance / --grade.
  return results.map((r) => ({ p: r.path, g: goldOf(r.path), s: r.score, cov: r.explain?.coverage ?? null, cos: r.explain?.cosine ?? null, dm: r.explain?.dateMatch ?? false, rel: r.relevance ?? null, gr: r.grade ?? null }));
}

const mean = (xs) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const round = (x) => Math.round(x * 10000) / 10000;

/**
 * Runs `fn` while the given workspace files are gone from disk and from the index, then
 * puts them back and re-indexes them (their vectors come back from the embedding cache).
 */
async function withoutFiles(engine, ws, rels, fn, embed) {
  // Outside the workspace, so the scan cannot see them.
  const hidden = `${ws}-hidden`;
  const moved = rels.map((rel) => [path.join(ws, rel), path.join(hidden, rel.replace(/\//g, "__"))]);
  mkdirSync(hidden, { recursive: true });
  for (const [from, to] of moved) renameSync(from, to);
  engine.indexing.syncPaths(rels);
  try {
    return await fn();
  } finally {
    for (const [from, to] of moved) renameSync(to, from);
    engine.indexing.syncPaths(rels);
    // No model work beyond cache lookups: the text is unchanged.
    if (embed) await engine.indexing.embed({ batchChunks: 64 });
  }
}

/** Normal queries wrongly empty; no-answer queries correctly empty. */
function floorTable(normal, noAnswer) {
  const share = (xs) => (xs.length === 0 ? null : round(xs.filter((x) => x.empty).length / xs.length));
  const out = { normalEmpty: share(normal), normal: normal.length };
  if (noAnswer.length > 0) Object.assign(out, { noAnswerEmpty: share(noAnswer), noAnswer: noAnswer.length });
  return out;
}

// ---------- LoCoMo: file-level recall@k per category ----------
async function evalLocomo(opts) {
  const manifest = JSON.parse(readFileSync(path.join(opts.data, "manifest.json"), "utf8"));
  let queries = readJsonl(path.join(opts.data, "queries.jsonl")).filter((q) => q.gold_files && q.gold_files.length > 0);
  if (opts.limitQueries > 0) queries = queries.slice(0, opts.limitQueries);
  const root = mkdtempSync(path.join(os.tmpdir(), "agent-eval-locomo-"));
  const perQuery = [];
  const noAnswer = [];
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
      const searcher = await openSearcher(ws, conv, root, { embed: { cacheDir: opts.cache } }, opts, now, convQueries.map((q) => q.question), opts.limit || 50);
      const engine = searcher.engine;
      for (const q of convQueries) {
        const res = await searcher.search(q.question, { limit: opts.limit || 50, mode: MODE_TO_ENGINE[opts.mode], refresh: false, explain: Boolean(opts.dump) });
        const files = rankedFiles(res.results);
        const gold = new Set(q.gold_files);
        const recallAt = (k) => files.slice(0, k).filter((f) => gold.has(f)).length / gold.size;
        perQuery.push({ category: q.category_name, r1: recallAt(1), r3: recallAt(3), r5: recallAt(5), empty: res.results.length === 0 });
        dumpLine(opts, { set: "normal", qid: q.qid, category: q.category_name, ngold: gold.size, results: features(res.results, (p) => (gold.has(p) ? 1 : 0)) });
      }
      if (opts.noAnswer) {
        for (const q of convQueries.slice(0, opts.noAnswerLimit > 0 ? opts.noAnswerLimit : undefined)) {
          const res = await withoutFiles(engine, ws, q.gold_files, () => search(engine, q.question, { limit: opts.limit || 50, mode: MODE_TO_ENGINE[opts.mode], refresh: false, explain: Boolean(opts.dump) }), opts.mode !== "bm25");
          noAnswer.push({ category: q.category_name, empty: res.results.length === 0 });
          dumpLine(opts, { set: "no-answer", qid: q.qid, category: q.category_name, results: features(res.results, () => 0) });
        }
      }
      searcher.close();
    }
  } finally {
    if (!opts.keep) rmSync(root, { recursive: true, force: true });
  }
  const summarise = (qs) => ({ "recall@1": round(mean(qs.map((q) => q.r1))), "recall@3": round(mean(qs.map((q) => q.r3))), "recall@5": round(mean(qs.map((q) => q.r5))), n: qs.length });
  const byCategory = {};
  for (const cat of [...new Set(perQuery.map((q) => q.category))].sort()) byCategory[cat] = summarise(perQuery.filter((q) => q.category === cat));
  const { n: _n, ...metrics } = summarise(perQuery);
  const { n: _m, ...noAdv } = summarise(perQuery.filter((q) => q.category !== "adversarial"));
  return { queries: perQuery.length, metrics, metricsNoAdversarial: noAdv, byCategory, floor: floorTable(perQuery, noAnswer) };
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
  const noAnswer = [];
  try {
    // No dates in SciFact: recency off; pure relevance (MMR lambda 1) as published numbers are.
    const searcher = await openSearcher(ws, "scifact", root, { embed: { cacheDir: opts.cache }, search: { recency: { enabled: false }, mmr: { lambda: 1 } } }, opts, undefined, qids.map((q) => queryText.get(q)), opts.limit || 300);
    const engine = searcher.engine;
    for (const qid of qids) {
      const res = await searcher.search(queryText.get(qid), { limit: opts.limit || 300, mode: MODE_TO_ENGINE[opts.mode], refresh: false, explain: Boolean(opts.dump) });
      const docs = rankedFiles(res.results).map((p) => path.basename(p, ".md"));
      const rels = qrels.get(qid);
      const relevant = [...rels.entries()].filter(([, g]) => g > 0).map(([d]) => d);
      per.push({
        ndcg: ndcgAt(docs, rels, 10),
        r5: relevant.length === 0 ? 0 : docs.slice(0, 5).filter((d) => rels.get(d) > 0).length / relevant.length,
        r100: relevant.length === 0 ? 0 : docs.slice(0, 100).filter((d) => rels.get(d) > 0).length / relevant.length,
        empty: res.results.length === 0,
      });
      dumpLine(opts, { set: "normal", qid, ngold: relevant.length, results: features(res.results.slice(0, 50), (p) => (rels.get(path.basename(p, ".md")) > 0 ? 1 : 0)) });
    }
    if (opts.noAnswer) {
      // Every query would take two re-indexes of a 5,000-note workspace; a fixed slice keeps it minutes.
      for (const qid of qids.slice(0, opts.noAnswerLimit > 0 ? opts.noAnswerLimit : 300)) {
        const gold = [...qrels.get(qid).entries()].filter(([, g]) => g > 0).map(([d]) => `docs/${d}.md`).filter((rel) => existsSync(path.join(ws, rel)));
        const res = await withoutFiles(engine, ws, gold, () => search(engine, queryText.get(qid), { limit: 50, mode: MODE_TO_ENGINE[opts.mode], refresh: false, explain: Boolean(opts.dump) }), opts.mode !== "bm25");
        noAnswer.push({ empty: res.results.length === 0 });
        dumpLine(opts, { set: "no-answer", qid, results: features(res.results.slice(0, 20), () => 0) });
      }
    }
    searcher.close();
  } finally {
    if (!opts.keep) rmSync(root, { recursive: true, force: true });
  }
  return {
    queries: per.length,
    qrels: path.basename(qrelsFile),
    metrics: { "ndcg@10": round(mean(per.map((p) => p.ndcg))), "recall@5": round(mean(per.map((p) => p.r5))), "recall@100": round(mean(per.map((p) => p.r100))) },
    byCategory: {},
    floor: floorTable(per, noAnswer),
  };
}

/**
 * The defaults before the relevance floor and the ranking changes, measured with this
 * script at commit 908e71e (npm run eval, same data): what every run is compared with.
 */
const BEFORE = {
  locomo: {
    bm25: { all: { "recall@1": 0.698, "recall@3": 0.831, "recall@5": 0.882 }, noAdv: { "recall@1": 0.654, "recall@3": 0.801, "recall@5": 0.857 }, "multi-hop": { "recall@3": 0.494 }, temporal: { "recall@1": 0.734 } },
    hybrid: { all: { "recall@1": 0.705 }, noAdv: { "recall@1": 0.662 }, "multi-hop": { "recall@3": 0.481 }, temporal: { "recall@1": 0.744 } },
  },
  scifact: { bm25: { "ndcg@10": 0.694 }, hybrid: { "ndcg@10": 0.701 } },
};

async function runOne(opts) {
  const t0 = performance.now();
  reranks = { queries: 0, errors: 0, firstError: null, graded: 0, dropped: 0, ms: 0 };
  const res = opts.dataset === "locomo" ? await evalLocomo(opts) : await evalScifact(opts);
  const out = { dataset: opts.dataset, mode: opts.peer ? "qmd search (peer)" : opts.mode, ...res, seconds: Math.round((performance.now() - t0) / 100) / 10 };
  if (reranks.queries > 0) {
    const { queries, errors, firstError, graded, dropped, ms } = reranks;
    out.rerank = { queries, errors, ...(firstError ? { firstError } : {}), gradedPerQuery: round(graded / queries), droppedPerQuery: round(dropped / queries), secondsPerQuery: round(ms / queries / 1000) };
  }
  return out;
}

function print(out) {
  console.log(`${out.dataset} — mode ${out.mode} — ${out.queries} queries${out.qrels ? ` (qrels ${out.qrels})` : ""} — ${out.seconds} s`);
  const fmt = (m) => Object.entries(m).filter(([k]) => k !== "n").map(([k, v]) => `${k} ${v.toFixed(3)}`).join("  ");
  console.log(`  all:                 ${fmt(out.metrics)}`);
  if (out.metricsNoAdversarial) console.log(`  without adversarial: ${fmt(out.metricsNoAdversarial)}`);
  for (const [cat, m] of Object.entries(out.byCategory)) console.log(`  ${cat.padEnd(20)} ${fmt(m)}  (n=${m.n})`);
  if (out.rerank) {
    const r = out.rerank;
    console.log(`  rerank: ${r.queries} searches, ${r.gradedPerQuery} graded and ${r.droppedPerQuery} dropped per search, ${r.secondsPerQuery} s each; ${r.errors} failed${r.firstError ? ` (first: ${r.firstError})` : ""}`);
  }
  const f = out.floor;
  if (f) {
    console.log(`  floor: normal queries wrongly empty ${(100 * f.normalEmpty).toFixed(1)} % (of ${f.normal})` + (f.noAnswer ? `; no-answer queries correctly empty ${(100 * f.noAnswerEmpty).toFixed(1)} % (of ${f.noAnswer})` : ""));
  }
  const before = BEFORE[out.dataset]?.[out.mode];
  if (before) {
    const cmp = (label, was, now) => Object.entries(was).filter(([k]) => now?.[k] !== undefined).map(([k, v]) => `${label}${k} ${v.toFixed(3)} → ${now[k].toFixed(3)} (${now[k] - v >= 0 ? "+" : ""}${(now[k] - v).toFixed(3)})`);
    const lines = out.dataset === "locomo"
      ? [...cmp("", before.all, out.metrics), ...cmp("w/o adversarial ", before.noAdv, out.metricsNoAdversarial), ...cmp("multi-hop ", before["multi-hop"], out.byCategory["multi-hop"]), ...cmp("temporal ", before.temporal, out.byCategory.temporal)]
      : cmp("", before, out.metrics);
    console.log(`  vs. before (908e71e): ${lines.join("; ")}`);
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  if (opts.dataset === "everyday") return everyday(opts);
  if (opts.dataset === "beam") return beam(opts);
  if (opts.dump) writeFileSync(opts.dump, "");
  const shared = path.join(HERE, "..", "..", "shared", "eval-data");
  const runs =
    opts.dataset === "all"
      ? [
          { ...opts, dataset: "locomo", data: path.join(shared, "locomo", "workspaces") },
          { ...opts, dataset: "locomo", data: path.join(shared, "locomo", "workspaces"), mode: "bm25", noAnswer: false },
          { ...opts, dataset: "scifact", data: path.join(shared, "scifact") },
          { ...opts, dataset: "scifact", data: path.join(shared, "scifact"), mode: "bm25", noAnswer: false },
        ].map((r) => (opts.peer ? { ...r, mode: "bm25", noAnswer: false } : r)).filter((r, i, all) => all.findIndex((x) => x.dataset === r.dataset && x.mode === r.mode) === i)
      : [{ ...opts, data: opts.data ?? (opts.dataset === "locomo" ? path.join(shared, "locomo", "workspaces") : path.join(shared, "scifact")) }];
  for (const r of runs) {
    const out = await runOne(r);
    if (opts.json) process.stdout.write(JSON.stringify(out) + "\n");
    else print(out);
  }
  if (opts.dataset === "all" && !opts.peer) await everyday(opts);
}

/** BEAM's 100K split (scripts/eval-beam.mjs); skipped with a reason when the data is absent. */
async function beam(opts) {
  const data = opts.data ?? path.join(HERE, "..", "..", "shared", "eval-data", "beam", "100K");
  const out = await runBeam({ ...opts, data });
  if (opts.json) process.stdout.write(JSON.stringify(out) + "\n");
  else printBeam(out);
}

/** The project's own hand-written set (scripts/eval-everyday.mjs), in the run's mode and with keywords alone. */
async function everyday(opts) {
  for (const mode of opts.mode === "bm25" ? ["bm25"] : [opts.mode, "bm25"]) {
    const out = await runEveryday({ mode, cache: opts.cache, config: opts.config });
    if (opts.json) process.stdout.write(JSON.stringify(out) + "\n");
    else printEveryday(out);
  }
}

main().catch((e) => {
  process.stderr.write(`eval: ${e.message}\n`);
  process.exit(1);
});

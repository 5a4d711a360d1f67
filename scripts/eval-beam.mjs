#!/usr/bin/env node
// npm run eval -- --dataset beam [--data DIR] [--mode keyword|bm25|hybrid] [--json] [--limit-queries N]
// BEAM (arXiv 2510.27246), the 100K split, read from ../shared/eval-data/beam/100K (never
// copied into the project). Each conversation becomes its own throwaway workspace: one
// transcript per batch (sessions/beam-b<N>.jsonl, one turn per line, every turn stamped with
// the batch's time anchor, a minute apart so their order survives), indexed by the real
// engine; every probing question is asked through the real search path and scored without a
// model as judge, from the message ids that hold the answer (`source_chat_ids`):
//   knowledge update   the updated message in the top 10; the updated message ranked above
//                      the original; the original ranked above the update
//   contradiction      both statements in the top 10; the pair reported by `agent health`
//   temporal reasoning, event ordering, information extraction, multi-session reasoning:
//                      every source message in the top 10
//   abstention         no result at all
// A message is "at rank r" when the r-th result's line range holds its line. Questions
// whose two sides are the same message are left out (they cannot be ranked apart).
import "./lib/state-home.mjs";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Engine } from "../dist/index.js";

const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** "March-15-2024" → "2024-03-15"; null when it is not such a date. */
export function anchorDate(anchor) {
  const m = /^([A-Za-z]+)-(\d{1,2})-(\d{4})$/.exec(anchor ?? "");
  if (!m) return null;
  const month = MONTHS.indexOf(m[1].toLowerCase());
  if (month < 0) return null;
  return `${m[3]}-${String(month + 1).padStart(2, "0")}-${m[2].padStart(2, "0")}`;
}

/** The turns of a batch in order, each {id, role, content}. */
function batchTurns(batch) {
  const out = [];
  const walk = (t) => (Array.isArray(t) ? t.forEach(walk) : out.push(t));
  walk(batch.turns);
  return out;
}

/**
 * Writes one conversation as transcripts; returns where each message id lives
 * ({path, line}) and "now" (noon of the day after the last batch).
 */
export function writeConversation(chat, ws) {
  mkdirSync(path.join(ws, "sessions"), { recursive: true });
  const where = new Map();
  let last = null;
  let prev = null;
  chat.forEach((batch, b) => {
    const turns = batchTurns(batch);
    const anchor = batch.time_anchor ?? turns.find((t) => t.time_anchor)?.time_anchor;
    // A batch without an anchor follows the one before it by a day.
    const day = anchorDate(anchor) ?? (prev ? new Date(Date.parse(`${prev}T00:00:00Z`) + 86400000).toISOString().slice(0, 10) : "2024-01-01");
    prev = day;
    last = day;
    const rel = `sessions/beam-b${batch.batch_number ?? b + 1}.jsonl`;
    const start = Date.parse(`${day}T08:00:00Z`);
    const lines = turns.map((t, i) => {
      where.set(t.id, { path: rel, line: i + 1 });
      return JSON.stringify({ role: t.role === "assistant" ? "assistant" : "user", content: String(t.content ?? ""), ts: new Date(start + i * 60000).toISOString() });
    });
    writeFileSync(path.join(ws, rel), lines.join("\n") + "\n");
  });
  const now = Date.parse(`${last}T12:00:00Z`) + 86400000;
  return { where, now };
}

/** Rank (0-based) of the first result holding the message; Infinity when none does. */
function rankOf(results, at) {
  if (!at) return Infinity;
  const i = results.findIndex((r) => r.path === at.path && r.startLine <= at.line && at.line <= r.endLine);
  return i < 0 ? Infinity : i;
}

const flat = (ids) => (Array.isArray(ids) ? ids.flat(Infinity) : []).filter((x) => Number.isInteger(x));
const bestRank = (results, where, ids) => Math.min(...ids.map((id) => rankOf(results, where.get(id))));
const allIn = (results, where, ids, k) => ids.length > 0 && ids.every((id) => rankOf(results, where.get(id)) < k);

const CATEGORIES = ["temporal_reasoning", "event_ordering", "information_extraction", "multi_session_reasoning"];

/** Is the pair (a, b) among the contradictions `agent health` reports (either order, by line)? */
function healthHas(report, where, a, b) {
  if (!report) return false;
  const holds = (side, ids) => ids.some((id) => {
    const at = where.get(id);
    return at && side.path === at.path && side.line === at.line;
  });
  return report.contradictions.some((c) => (holds(c.a, a) && holds(c.b, b)) || (holds(c.a, b) && holds(c.b, a)));
}

async function scoreConversation(dir, name, root, opts, out) {
  const chat = JSON.parse(readFileSync(path.join(dir, "chat.json"), "utf8"));
  const probes = JSON.parse(readFileSync(path.join(dir, "probing_questions.json"), "utf8"));
  const ws = path.join(root, name);
  const { where, now } = writeConversation(chat, ws);
  const mode = opts.mode === "bm25" || opts.mode === "keyword" ? "keyword" : opts.mode;
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: { cacheDir: opts.cache }, search: { dates: { timeZone: "UTC" } }, ...opts.config }, null, 2));
  const engine = Engine.open({ workspace: ws, now: () => now });
  try {
    engine.indexing.index();
    if (mode !== "keyword") {
      const res = await engine.indexing.embed({ batchChunks: 64 });
      if (res.provider === null) throw new Error(`mode ${opts.mode} needs an embedder, but none is available: ${res.reason}`);
    }
    const ask = async (q) => (await engine.search(q, { limit: 50, mode, refresh: false, recall: false })).results;
    const health = typeof engine.indexing.health === "function" ? await engine.indexing.health() : null;
    for (const q of probes.knowledge_update ?? []) {
      const o = flat(q.source_chat_ids?.original_info);
      const u = flat(q.source_chat_ids?.updated_info);
      if (o.length === 0 || u.length === 0 || o.some((id) => u.includes(id))) continue;
      const res = await ask(q.question);
      const ru = bestRank(res, where, u);
      const ro = bestRank(res, where, o);
      out.ku.push({ conv: name, q: q.question, ru, ro, inTop10: ru < 10, updatedAbove: ru < ro, originalAbove: ro < ru });
    }
    for (const q of probes.contradiction_resolution ?? []) {
      const a = flat(q.source_chat_ids?.first_statement);
      const b = flat(q.source_chat_ids?.second_statement);
      if (a.length === 0 || b.length === 0 || a.some((id) => b.includes(id))) continue;
      const res = await ask(q.question);
      const ra = bestRank(res, where, a);
      const rb = bestRank(res, where, b);
      out.contradiction.push({ conv: name, q: q.question, ra, rb, bothTop10: ra < 10 && rb < 10, reported: healthHas(health, where, a, b) });
    }
    for (const cat of CATEGORIES) {
      for (const q of probes[cat] ?? []) {
        const s = q.source_chat_ids;
        const ids = [...new Set(flat(Array.isArray(s) ? s : Object.values(s ?? {})))];
        if (ids.length === 0) continue;
        const res = await ask(q.question);
        (out.other[cat] ??= []).push({ conv: name, q: q.question, ranks: ids.map((id) => rankOf(res, where.get(id))), allTop10: allIn(res, where, ids, 10), anyTop10: bestRank(res, where, ids) < 10 });
      }
    }
    for (const q of probes.abstention ?? []) {
      const res = await ask(q.question);
      out.abstention.push({ conv: name, empty: res.length === 0 });
    }
  } finally {
    await engine.close();
  }
}

const share = (xs, f) => (xs.length === 0 ? null : Math.round((1000 * xs.filter(f).length) / xs.length) / 1000);

export async function runBeam(opts) {
  const data = opts.data;
  if (!existsSync(data)) return { dataset: "beam", mode: opts.mode, skipped: `no BEAM data at ${data} (see ../shared/eval-data/README.md)` };
  let convs = readdirSync(data).filter((d) => existsSync(path.join(data, d, "chat.json"))).sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
  if (opts.limitQueries > 0) convs = convs.slice(0, opts.limitQueries);
  const root = mkdtempSync(path.join(os.tmpdir(), "agent-eval-beam-"));
  const out = { ku: [], contradiction: [], other: {}, abstention: [] };
  const t0 = performance.now();
  try {
    for (const c of convs) await scoreConversation(path.join(data, c), c, root, opts, out);
  } finally {
    if (!opts.keep) rmSync(root, { recursive: true, force: true });
  }
  const metrics = {
    knowledge_update: { n: out.ku.length, "update@10": share(out.ku, (x) => x.inTop10), "updated>original": share(out.ku, (x) => x.updatedAbove), "original>updated": share(out.ku, (x) => x.originalAbove) },
    contradiction: { n: out.contradiction.length, "both@10": share(out.contradiction, (x) => x.bothTop10), reported: share(out.contradiction, (x) => x.reported) },
    abstention: { n: out.abstention.length, empty: share(out.abstention, (x) => x.empty) },
  };
  for (const [cat, xs] of Object.entries(out.other)) metrics[cat] = { n: xs.length, "all@10": share(xs, (x) => x.allTop10), "any@10": share(xs, (x) => x.anyTop10) };
  return { dataset: "beam", mode: opts.mode, conversations: convs.length, metrics, seconds: Math.round((performance.now() - t0) / 100) / 10, detail: opts.detail ? out : undefined };
}

export function printBeam(res) {
  if (res.skipped) {
    console.log(`beam — skipped: ${res.skipped}`);
    return;
  }
  console.log(`beam — mode ${res.mode} — ${res.conversations} conversations — ${res.seconds} s`);
  for (const [cat, m] of Object.entries(res.metrics)) {
    const cells = Object.entries(m).filter(([k]) => k !== "n").map(([k, v]) => `${k} ${v === null ? "n/a" : v.toFixed(3)}`).join("  ");
    console.log(`  ${cat.padEnd(24)} ${cells}  (n=${m.n})`);
  }
}

#!/usr/bin/env node
// node scripts/vector-choice.mjs: what a transcript's vectors are worth. BEAM's long
// user/assistant chats (../shared/eval-data/beam/100K, read in place, never copied into the
// project) become sessions/*.jsonl transcripts, one per batch; each chat's workspace is
// indexed and embedded twice, with `embed.transcripts` "whole" (every window, as a note) and
// "digest" (the default: the person's turns and the first words of each answer), and BEAM's
// questions are searched in hybrid and vector mode. A question's gold is the messages its
// `source_chat_ids` name; a result covers one when its line range holds that message's line.
// Prints recall@k (share of a question's gold messages in the first k results) and hit@k
// (some gold message in the first k), and the windows each choice computed. Never a test.
// Options: --data DIR (default ../shared/eval-data/beam/100K), --chats 1,2,3 (default all),
//          --cache DIR (embedding cache kept between runs, default .eval-cache),
//          --modes hybrid,vector, --choices whole,digest,digest:1 (digest:N: at most N
//          windows a chunk, embed.transcriptWindows; default whole,digest)
import "./lib/state-home.mjs";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Engine, initWorkspace } from "../dist/index.js";
import { option } from "./lib/bench-kit.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const data = path.resolve(option(args, "data", path.join(HERE, "..", "..", "shared", "eval-data", "beam", "100K")));
const cache = path.resolve(option(args, "cache", path.join(HERE, "..", ".eval-cache")));
const modes = String(option(args, "modes", "hybrid,vector")).split(",");
const chats = String(option(args, "chats", readdirSync(data).filter((d) => /^\d+$/.test(d)).sort((a, b) => a - b).join(","))).split(",");
const choices = String(option(args, "choices", "whole,digest")).split(",");
const KS = [1, 5, 10];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "March-15-2024" → a Date at 09:00 UTC that day; null when it does not read. */
function anchorDate(anchor) {
  const m = /^([A-Za-z]+)-(\d{1,2})-(\d{4})$/.exec(anchor ?? "");
  const mo = m ? MONTHS.indexOf(m[1]) : -1;
  return mo < 0 ? null : new Date(Date.UTC(Number(m[3]), mo, Number(m[2]), 9));
}

/** One chat → sessions/beam-<batch>.jsonl files; returns message id → { path, line }. */
function writeChat(ws, chat) {
  const where = new Map();
  let prev = new Date(Date.UTC(2024, 0, 1, 9));
  for (const batch of chat) {
    const messages = batch.turns.flat();
    const start = anchorDate(messages.find((m) => m.time_anchor)?.time_anchor) ?? new Date(prev.getTime() + 86400000);
    const rel = `sessions/beam-${batch.batch_number}.jsonl`;
    const lines = messages.map((m, i) => {
      where.set(m.id, { path: rel, line: i + 1 });
      return JSON.stringify({ role: m.role === "user" ? "user" : "assistant", content: m.content, ts: new Date(start.getTime() + i * 60000).toISOString() });
    });
    writeFileSync(path.join(ws, rel), lines.join("\n") + "\n");
    prev = start;
  }
  return where;
}

/** The message ids a question names, whatever the shape of its source_chat_ids. */
function goldIds(q) {
  const ids = [];
  const walk = (v) => (Array.isArray(v) ? v.forEach(walk) : v && typeof v === "object" ? Object.values(v).forEach(walk) : typeof v === "number" && ids.push(v));
  walk(q.source_chat_ids);
  return [...new Set(ids)];
}

/** "digest:1" → the digest in at most one window a chunk. */
function embedConfig(choice) {
  const [transcripts, windows] = choice.split(":");
  return { provider: "use-lite", cacheDir: cache, transcripts, ...(windows ? { transcriptWindows: Number(windows) } : {}) };
}

const root = mkdtempSync(path.join(os.tmpdir(), "agent-vector-choice-"));
const scores = {}; // `${choice}/${mode}` → { recall: {k: sum}, hit: {k: sum}, n }
const cost = {}; // choice → { windows, computed, seconds }
try {
  for (const id of chats) {
    const chat = JSON.parse(readFileSync(path.join(data, id, "chat.json"), "utf8"));
    const probing = JSON.parse(readFileSync(path.join(data, id, "probing_questions.json"), "utf8"));
    const questions = Object.entries(probing).flatMap(([ability, qs]) => qs.map((q) => ({ ability, text: q.question, gold: goldIds(q) }))).filter((q) => q.gold.length > 0);
    for (const choice of choices) {
      const ws = path.join(root, `${id}-${choice}`);
      initWorkspace(ws);
      mkdirSync(path.join(ws, "sessions"), { recursive: true });
      const where = writeChat(ws, chat);
      writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ embed: embedConfig(choice) }));
      const engine = Engine.open({ workspace: ws });
      engine.indexing.index();
      const t0 = performance.now();
      const r = await engine.indexing.embed({ batchChunks: 64 });
      const c = (cost[choice] ??= { windows: 0, computed: 0, seconds: 0 });
      c.computed += r.computed;
      c.windows += r.computed + r.cacheHits;
      c.seconds += (performance.now() - t0) / 1000;
      for (const mode of modes) {
        const sc = (scores[`${choice}/${mode}`] ??= { recall: {}, hit: {}, n: 0 });
        for (const q of questions) {
          const res = await engine.search(q.text, { limit: Math.max(...KS), mode, refresh: false, recall: false });
          const gold = q.gold.map((g) => where.get(g)).filter(Boolean);
          for (const k of KS) {
            const top = res.results.slice(0, k);
            const covered = gold.filter((g) => top.some((x) => x.path === g.path && x.startLine <= g.line && g.line <= x.endLine)).length;
            sc.recall[k] = (sc.recall[k] ?? 0) + covered / gold.length;
            sc.hit[k] = (sc.hit[k] ?? 0) + (covered > 0 ? 1 : 0);
          }
          sc.n++;
        }
      }
      engine.close();
      process.stderr.write(`chat ${id} ${choice}: ${r.computed + r.cacheHits} windows (${r.computed} computed)\n`);
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
const f = (x) => (x * 100).toFixed(1);
console.log(`BEAM 100K, chats ${chats.join(",")}: ${Object.values(scores)[0]?.n ?? 0} questions with gold messages`);
console.log(`| transcripts | mode | ${KS.map((k) => `recall@${k}`).join(" | ")} | ${KS.map((k) => `hit@${k}`).join(" | ")} |`);
console.log(`|---|---|${KS.map(() => "---|").join("")}${KS.map(() => "---|").join("")}`);
for (const [key, sc] of Object.entries(scores)) {
  const [choice, mode] = key.split("/");
  console.log(`| ${choice} | ${mode} | ${KS.map((k) => f(sc.recall[k] / sc.n)).join(" | ")} | ${KS.map((k) => f(sc.hit[k] / sc.n)).join(" | ")} |`);
}
for (const [choice, c] of Object.entries(cost)) console.log(`${choice}: ${c.windows} windows (${c.computed} computed in this run), ${c.seconds.toFixed(0)} s embedding (load ${os.loadavg()[0].toFixed(1)})`);

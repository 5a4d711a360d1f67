// Shared parts of the torture suite: generated workspaces, the built CLI in child processes,
// a stand-in Ollama server on 127.0.0.1, and the checks every experiment ends with (SQLite
// integrity, index equal to a clean rebuild, probe tokens findable, markdown unchanged).
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import http from "node:http";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { dailyNote, isoDate, rng } from "../sample-notes.mjs";

export { rng };

export const REPO = fileURLToPath(new URL("../../", import.meta.url));

/** The build under test: dist/ of this repo unless AGENT_TORTURE_DIST names another. */
export function distDir() {
  return path.resolve(process.env.AGENT_TORTURE_DIST || path.join(REPO, "dist"));
}
export const cliPath = () => path.join(distDir(), "cli", "main.js");

// Every process of a torture run keeps its per-device state (index, state, sockets) in a temp
// state home of its own, never in the real ~/.local/state/agent.
if (!process.env.AGENT_STATE_HOME) {
  const home = mkdtempSync(path.join(os.tmpdir(), "agent-torture-state-"));
  process.env.AGENT_STATE_HOME = home;
  process.on("exit", () => rmSync(home, { recursive: true, force: true }));
}

/** Where the build under test keeps `ws`'s index and state (its own rule: a build before the per-device folders says `.agent/`). */
export const { agentDir } = await import(pathToFileURL(path.join(distDir(), "workspace", "paths.js")).href);

export function tempRoot(prefix = "agent-torture-") {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------
// Workspaces

/** A unique, FTS-friendly token: lower-case letters only, so no tokenizer splits it. */
export function probeToken(r) {
  let s = "zq";
  for (let i = 0; i < 10; i++) s += String.fromCharCode(97 + Math.floor(r() * 26));
  return s;
}

/**
 * A workspace made by `agent init` plus `notes` daily notes, each holding one probe token,
 * and a MEMORY.md with one more. Returns the probes by file.
 */
export async function makeWorkspace(ws, { seed = 1, notes = 20, config = {}, extraWords = 0 } = {}) {
  const init = await agent(["init", ws]);
  if (init.code !== 0) throw new Error(`agent init failed: ${init.stderr}`);
  writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify(config, null, 2) + "\n");
  const r = rng(seed);
  const probes = {};
  for (let i = 0; i < notes; i++) {
    const date = isoDate("2026-01-01T00:00:00Z", i);
    const probe = probeToken(r);
    let text = dailyNote(date, r) + `\n## Probe\n\n- marker ${probe} noted.\n`;
    // Words no cache has seen, so embedding cannot be skipped by the embedding cache.
    for (let w = 0; w < extraWords; w++) text += `- ${probeToken(r)} ${probeToken(r)} ${probeToken(r)} about ${probeToken(r)}.\n`;
    writeFileSync(path.join(ws, "memory", `${date}.md`), text);
    probes[`memory/${date}.md`] = probe;
  }
  const memProbe = probeToken(r);
  writeFileSync(path.join(ws, "MEMORY.md"), `# Memory\n\n- Long-term fact ${memProbe} kept here.\n`);
  probes["MEMORY.md"] = memProbe;
  return probes;
}

/** sha256 of every file under `dir` but .agent/ (and `skip` paths): user files must not change. */
export function fingerprint(dir, skip = () => false) {
  const out = {};
  const walk = (d) => {
    let ents;
    try {
      ents = readdirSync(d, { withFileTypes: true });
    } catch {
      return;
    }
    for (const ent of ents) {
      const abs = path.join(d, ent.name);
      const rel = path.relative(dir, abs).split(path.sep).join("/");
      if (rel === ".agent" || rel === ".agent-workspace" || rel === ".agent-state" || skip(rel)) continue;
      if (ent.isDirectory()) walk(abs);
      else if (ent.isFile()) {
        try {
          out[rel] = createHash("sha256").update(readFileSync(abs)).digest("hex");
        } catch {
          out[rel] = "unreadable";
        }
      } else if (ent.isSymbolicLink()) out[rel] = "symlink";
    }
  };
  walk(dir);
  return out;
}

/** The differences between two fingerprints, as "changed x", "removed y", "added z". */
export function fingerprintDiff(before, after) {
  const out = [];
  for (const k of Object.keys(before)) {
    if (!(k in after)) out.push(`removed ${k}`);
    else if (after[k] !== before[k]) out.push(`changed ${k}`);
  }
  for (const k of Object.keys(after)) if (!(k in before)) out.push(`added ${k}`);
  return out;
}

// ---------------------------------------------------------------------------------------
// The CLI

/**
 * `agent ...args` in a child process. Resolves with code, signal, output and how long it
 * ran; `timeoutMs` kills it (SIGKILL) and marks it hung.
 */
export function agent(args, { env = {}, input, timeoutMs = 120_000, cwd } = {}) {
  const child = spawnAgent(args, { env, cwd });
  if (input !== undefined) child.stdin.end(input);
  else child.stdin.end();
  return child.finished(timeoutMs);
}

export function spawnAgent(args, { env = {}, cwd } = {}) {
  const started = Date.now();
  const child = spawn(process.execPath, [cliPath(), ...args], {
    env: { ...process.env, AGENT_WORKSPACE: "", NO_COLOR: "1", ...env },
    stdio: ["pipe", "pipe", "pipe"],
    ...(cwd ? { cwd } : {}),
  });
  let stdout = "";
  let stderr = "";
  const waiters = new Set();
  child.stdout.on("data", (d) => {
    stdout += d;
    for (const w of waiters) w();
  });
  child.stderr.on("data", (d) => {
    stderr += d;
    for (const w of waiters) w();
  });
  child.stdin.on("error", () => {});
  const closed = new Promise((resolve) => {
    child.on("error", (e) => resolve({ code: null, signal: null, error: e }));
    child.on("close", (code, signal) => resolve({ code, signal }));
  });
  child.started = started;
  child.out = () => ({ stdout, stderr });
  child.finished = async (timeoutMs = 120_000) => {
    let hung = false;
    const t = setTimeout(() => {
      hung = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    const r = await closed;
    clearTimeout(t);
    return { ...r, stdout, stderr, hung, ms: Date.now() - started, args };
  };
  child.waitFor = (re, timeoutMs = 30_000) =>
    new Promise((resolve) => {
      const end = setTimeout(() => done(false), timeoutMs);
      const check = () => {
        if (re.test(stdout) || re.test(stderr)) done(true);
        else if (child.exitCode !== null || child.signalCode !== null) done(false);
      };
      const done = (ok) => {
        clearTimeout(end);
        waiters.delete(check);
        resolve(ok);
      };
      waiters.add(check);
      check();
    });
  return child;
}

/** A stack trace, an uncaught error or a signal death: never what a user should see. */
export function crashOf(r) {
  if (r.hung) return `hung (killed after ${r.ms} ms)`;
  if (r.error) return `could not start: ${r.error.message}`;
  if (r.signal) return `died of ${r.signal}`;
  if (r.code !== 0 && r.code !== 1 && r.code !== 2 && r.code !== 130 && r.code !== 143) return `exit code ${r.code}`;
  if (/^\s+at .+(:\d+:\d+\)?|\(native\))$/m.test(r.stderr)) return `stack trace on stderr: ${firstLines(r.stderr, 3)}`;
  if (/^(Uncaught |Unhandled|node:internal|FATAL ERROR)/m.test(r.stderr)) return `uncaught error: ${firstLines(r.stderr, 3)}`;
  return null;
}

export function firstLines(s, n = 2) {
  return String(s).trim().split("\n").slice(0, n).join(" | ").slice(0, 400);
}

/** Shell form of a command, for a failure's reproduction. */
export function shellLine(args, env = {}) {
  const q = (s) => (/^[\w@%+=:,./-]+$/.test(s) ? s : `'${String(s).replace(/'/g, "'\\''")}'`);
  const e = Object.entries(env).map(([k, v]) => `${k}=${q(v)} `).join("");
  const rel = path.relative(process.cwd(), cliPath());
  return `${e}node ${rel && !rel.startsWith("..") ? rel : cliPath()} ${args.map(q).join(" ")}`;
}

// ---------------------------------------------------------------------------------------
// Index checks

export function openIndex(ws) {
  const file = path.join(agentDir(ws), "index.db");
  if (!existsSync(file)) return null;
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 10_000 });
  try {
    sqliteVec.load(db);
  } catch {
    // vec0 is only needed to read vec_chunks; the checks do not.
  }
  return db;
}

/** null when index.db passes SQLite's integrity check (and FTS matches chunks), else why not. */
export function indexIntegrity(ws) {
  let db;
  try {
    db = openIndex(ws);
    if (!db) return "no index.db";
    const rows = db.pragma("integrity_check").map((r) => r.integrity_check);
    if (rows.length !== 1 || rows[0] !== "ok") return `integrity_check: ${rows.slice(0, 3).join("; ")}`;
    const chunks = db.prepare("SELECT COUNT(*) AS n FROM chunks").get().n;
    const fts = db.prepare("SELECT COUNT(*) AS n FROM chunks_fts").get().n;
    if (chunks !== fts) return `chunks_fts has ${fts} rows for ${chunks} chunks`;
    const orphans = db.prepare("SELECT COUNT(*) AS n FROM chunk_vectors v LEFT JOIN chunks c ON c.id = v.chunk_id WHERE c.id IS NULL").get().n;
    if (orphans > 0) return `${orphans} vectors of chunks that no longer exist`;
    const counts = db.prepare("SELECT f.path, f.chunk_count, (SELECT COUNT(*) FROM chunks c WHERE c.file_id = f.id) AS n FROM files f").all();
    const bad = counts.filter((c) => c.chunk_count !== c.n);
    if (bad.length > 0) return `${bad[0].path}: files.chunk_count ${bad[0].chunk_count} but ${bad[0].n} chunks`;
    return null;
  } catch (e) {
    return `cannot read index.db: ${e.message}`;
  } finally {
    db?.close();
  }
}

/** Files (path + hash) and chunks (path, seq, lines, hash) of an index: what a rebuild must reproduce. */
export function indexContent(ws) {
  const db = openIndex(ws);
  if (!db) return { files: [], chunks: [] };
  try {
    const files = db.prepare("SELECT path, hash FROM files ORDER BY path").all().map((r) => `${r.path} ${r.hash}`);
    const chunks = db
      .prepare("SELECT f.path, c.seq, c.start_line, c.end_line, c.hash FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY f.path, c.seq")
      .all()
      .map((r) => `${r.path}#${r.seq} ${r.start_line}-${r.end_line} ${r.hash}`);
    return { files, chunks };
  } finally {
    db.close();
  }
}

/**
 * Compares the index of `ws` with a clean rebuild of a copy of its markdown; null when
 * they hold the same files and chunks.
 */
export async function compareWithCleanRebuild(ws, scratch) {
  const copy = path.join(scratch, `clean-${Math.random().toString(36).slice(2)}`);
  // Not the engine's folder, and not the workspace id: the copy is a workspace of its own.
  cpSync(ws, copy, { recursive: true, filter: (src) => !src.split(path.sep).some((p) => p === ".agent" || p === ".agent-workspace") });
  try {
    const r = await agent(["index", "--no-embed", "--workspace", copy]);
    if (r.code !== 0) return `the clean rebuild itself failed: ${firstLines(r.stderr)}`;
    const a = indexContent(ws);
    const b = indexContent(copy);
    const diff = (x, y) => x.filter((k) => !new Set(y).has(k));
    const onlyHere = [...diff(a.files, b.files), ...diff(a.chunks, b.chunks)];
    const missing = [...diff(b.files, a.files), ...diff(b.chunks, a.chunks)];
    if (onlyHere.length === 0 && missing.length === 0) return null;
    return `index differs from a clean rebuild: ${missing.length} missing (${missing.slice(0, 2).join(", ")}), ${onlyHere.length} extra (${onlyHere.slice(0, 2).join(", ")})`;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The probes (token by file) that the keyword index does not find in their file. */
export function missingProbes(ws, probes) {
  const db = openIndex(ws);
  if (!db) return Object.keys(probes);
  try {
    const q = db.prepare("SELECT f.path FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid JOIN files f ON f.id = c.file_id WHERE chunks_fts MATCH ?");
    const out = [];
    for (const [file, token] of Object.entries(probes)) {
      const paths = q.all(`"${token}"`).map((r) => r.path);
      if (!paths.includes(file)) out.push(`${token} (${file})`);
    }
    return out;
  } finally {
    db.close();
  }
}

/** Whether the keyword index holds `token` (in `file` when given). */
export function indexHas(ws, token, file) {
  let db;
  try {
    db = openIndex(ws);
    if (!db) return false;
    const paths = db
      .prepare("SELECT f.path FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid JOIN files f ON f.id = c.file_id WHERE chunks_fts MATCH ?")
      .all(`"${token}"`)
      .map((r) => r.path);
    return file ? paths.includes(file) : paths.length > 0;
  } catch {
    return false;
  } finally {
    db?.close();
  }
}

/** Every SOUL version's content in state.db (for "is this edit anywhere?"). */
export function soulVersions(ws) {
  const file = path.join(agentDir(ws), "state.db");
  if (!existsSync(file)) return [];
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 10_000 });
  try {
    return db.prepare("SELECT content FROM soul_versions ORDER BY number").all().map((r) => r.content);
  } catch {
    return [];
  } finally {
    db.close();
  }
}

export function stateIntegrity(ws) {
  const file = path.join(agentDir(ws), "state.db");
  if (!existsSync(file)) return null;
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 10_000 });
    const rows = db.pragma("integrity_check").map((r) => r.integrity_check);
    return rows.length === 1 && rows[0] === "ok" ? null : `state.db integrity_check: ${rows.slice(0, 3).join("; ")}`;
  } catch (e) {
    return `cannot read state.db: ${e.message}`;
  } finally {
    db?.close();
  }
}

/** All text under `ws` except .agent/: where an edit may have been kept. */
export function allWorkspaceText(ws) {
  let out = "";
  const walk = (d) => {
    for (const ent of readdirSync(d, { withFileTypes: true })) {
      const abs = path.join(d, ent.name);
      if (ent.name === ".agent" || ent.name === ".agent-workspace") continue;
      if (ent.isDirectory()) walk(abs);
      else if (ent.isFile() && statSync(abs).size < 5_000_000) out += readFileSync(abs, "utf8") + "\n";
    }
  };
  walk(ws);
  return out;
}

// ---------------------------------------------------------------------------------------
// A stand-in Ollama daemon

/**
 * A re-distilled SOUL that a first distillation of the shipped template accepts: the three
 * layers, the template's locked block byte for byte, and enough words to clear the floor.
 */
export function proposedSoul() {
  const template = readFileSync(path.join(REPO, "workspace-template", "SOUL.md"), "utf8");
  const locked = /<!-- locked -->[\s\S]*?<!-- \/locked -->/.exec(template)?.[0] ?? "";
  const values = [
    "Warm, direct and brief: the answer first, then the reasoning when it helps the person decide.",
    "I write down decisions, reasons, preferences, promises, names and dates while they are fresh.",
    "I ask before anything irreversible, such as deleting, sending, paying, publishing or changing files.",
    "I mark my opinions as opinions and follow the person's decision once it is made.",
    "I check my memory before asking a question I may already have the answer to.",
    "When I make a mistake I note what happened and what I will do differently, once, without drama.",
    "I keep private notes private and never share them with other people or agents unless asked.",
    "I prefer the person's own words for their preferences and do not over-generalise from one remark.",
  ];
  const growth = [
    "Learned that Sam prefers mornings for calls and likes a short summary before nine.",
    "Learned to save a summary to today's note the first time it is asked for, not the second.",
    "Learned to confirm time zones before proposing a meeting time to anyone.",
    "Learned that long answers at night are read the next morning, so they should start with the point.",
  ];
  return `# SOUL\n\n## Core Identity\n\n${locked}\n- I am a careful, honest assistant with a long memory.\n\n## Active Values\n\n${values.map((v) => `- ${v}`).join("\n")}\n\n## Recent Growth\n\n${growth.map((g) => `- ${g}`).join("\n")}\n`;
}

/** The chat reply for a reflection's two calls: insights, then the re-distilled SOUL. */
export function reflectionReply(body, soul) {
  const format = body.format;
  if (format && format.properties && format.properties.soul) {
    return JSON.stringify({ soul, report: "Kept the morning habit.", summary: "morning habit" });
  }
  return JSON.stringify({
    insights: [
      { content: "Sam asked twice for the same summary.", topics: ["went-badly", "memory"] },
      { content: "Morning summaries landed well.", topics: ["went-well", "pattern"] },
    ],
    principles: ["Do: save summaries to today's note."],
  });
}

/**
 * An HTTP server on 127.0.0.1 speaking enough of Ollama's API (/api/chat, /api/tags,
 * /api/show) for the engine. `answer(body)` returns {content, delayMs?, onSent?} or
 * {status, error}; onSent is called once the reply is on its way.
 */
export async function startFakeOllama(answer) {
  const sockets = new Set();
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body = {};
      try {
        body = raw ? JSON.parse(raw) : {};
      } catch {
        body = {};
      }
      const send = (status, payload) => {
        if (res.destroyed || res.writableEnded) return;
        res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
        res.end(JSON.stringify(payload));
      };
      if (req.method === "GET" && req.url === "/api/tags") return send(200, { models: [{ name: "good:latest", model: "good:latest" }] });
      if (req.url === "/api/show") return send(200, { model_info: { "llama.context_length": 32768 } });
      if (req.url !== "/api/chat") return send(404, { error: "not found" });
      const a = await answer(body);
      if (a.status) return send(a.status, { error: a.error });
      if (a.delayMs) await sleep(a.delayMs);
      send(200, {
        model: String(body.model),
        created_at: new Date().toISOString(),
        message: { role: "assistant", content: a.content },
        done: true,
        done_reason: "stop",
        prompt_eval_count: 100,
        eval_count: 50,
      });
      a.onSent?.();
    });
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    host: `http://127.0.0.1:${server.address().port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** Sessions that make reflection (and a flush) have something to work on. */
export function writeSessions(ws, n = 1, turns = 6, at = Date.now(), prefix = "chat") {
  mkdirSync(path.join(ws, "sessions"), { recursive: true });
  for (let s = 0; s < n; s++) {
    let text = "";
    for (let i = 0; i < turns; i++) {
      const role = i % 2 === 0 ? "user" : "assistant";
      const ts = new Date(at - (turns - i) * 60_000).toISOString();
      text += JSON.stringify({ role, content: `${role} message ${i + 1} about the budget summary in chat ${s}`, ts }) + "\n";
    }
    writeFileSync(path.join(ws, "sessions", `${prefix}-${s}.jsonl`), text);
  }
}

// ---------------------------------------------------------------------------------------
// Results

/** Collects one experiment's runs; `fail` keeps the first few reproductions. */
export class Tally {
  constructor(name) {
    this.name = name;
    this.runs = 0;
    this.passed = 0;
    this.failed = 0;
    this.failures = [];
    this.notes = [];
    this.measures = {};
  }
  pass() {
    this.runs++;
    this.passed++;
  }
  fail(what, repro) {
    this.runs++;
    this.failed++;
    if (this.failures.length < 5) this.failures.push({ what, repro });
  }
  note(s) {
    this.notes.push(s);
  }
  measure(key, value) {
    (this.measures[key] ??= []).push(value);
  }
}

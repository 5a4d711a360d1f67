/**
 * A first index redacts each transcript once: the sweep reads every transcript without the
 * capture lock, and the texts it found clean are not redacted again when the same pass reads
 * them. A secret must still never reach the index, whenever it was written.
 */
import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Indexer } from "../../src/indexer/indexer.js";
import { CleanTexts, readRedactionTally, redactedTranscript, sweepSessions } from "../../src/indexer/redaction.js";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb, type DB } from "../../src/store/open.js";
import { IndexConfigSchema } from "../../src/workspace/config.js";
import { agentDir } from "../../src/workspace/paths.js";
import { allBytes, cleanup, tempDir, write } from "../helpers/workspace.js";

const KEY = "sk-ant-" + "api03-" + "Zq8Lm2Vb7Ty4Np0Rz8Kd3Wf6Hj1Sa5Ue".repeat(2) + "AA";
const CONFIG = IndexConfigSchema.parse({});
const RULE = { allowHardLinks: false };
const NOW = Date.parse("2026-12-01T04:00:00Z");
const dirs: string[] = [];
const dbs: DB[] = [];
afterEach(() => {
  while (dbs.length > 0) dbs.pop()!.close();
  while (dirs.length > 0) cleanup(dirs.pop()!);
});

function workspace(): string {
  const ws = tempDir("agent-redaction-once-");
  dirs.push(ws);
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
  return ws;
}

function open(ws: string): { db: DB; store: IndexStore; indexer: Indexer } {
  const { db } = openIndexDb(path.join(agentDir(ws), "index.db"));
  dbs.push(db);
  const store = new IndexStore(db);
  return { db, store, indexer: new Indexer(ws, store, CONFIG, { now: () => NOW }) };
}

const line = (role: string, content: string, ts: string) => JSON.stringify({ role, content, ts });
const transcript = (...lines: string[]) => lines.join("\n") + "\n";

/** Everything the index holds, as text: every table's rows, FTS included. */
function indexText(db: DB): string {
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  let out = "";
  for (const t of tables) {
    try {
      out += JSON.stringify(db.prepare(`SELECT * FROM "${t}"`).raw(true).all(), (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString("latin1") : typeof v === "bigint" ? String(v) : v));
    } catch {
      // A virtual table's shadow that cannot be read whole: its owner table was read.
    }
  }
  return out;
}

describe("a first index redacts each transcript once", () => {
  it("a transcript written with a secret before the first index: rewritten, counted, never in the index", () => {
    const ws = workspace();
    write(ws, "sessions/claude-code-a.jsonl", transcript(line("user", `my key is ${KEY}, keep the rent at £950`, "2026-11-30T10:00:00Z"), line("assistant", "noted", "2026-11-30T10:00:05Z")));
    write(ws, "sessions/claude-code-b.jsonl", transcript(line("user", "the rent is £990 from March", "2026-11-30T11:00:00Z")));
    const { db, store, indexer } = open(ws);
    const summary = indexer.sync();
    expect(summary.indexed).toContain("sessions/claude-code-a.jsonl");
    expect(readFileSync(path.join(ws, "sessions/claude-code-a.jsonl"), "utf8")).not.toContain(KEY);
    expect(readRedactionTally(store)).toMatchObject({ files: 1, secrets: 1 });
    expect(indexText(db)).not.toContain(KEY);
    expect(indexText(db)).toContain("990");
    db.close();
    dbs.pop();
    // The index's file itself (its WAL beside it), the device's folder and the workspace.
    expect(allBytes(ws)).not.toContain(KEY);
    expect(allBytes(agentDir(ws))).not.toContain(KEY);
  });

  it("a secret appended after the sweep found the file clean is redacted as the file is read", () => {
    const ws = workspace();
    const rel = "sessions/claude-code-c.jsonl";
    write(ws, rel, transcript(line("user", "the gym is on Tuesdays", "2026-11-30T10:00:00Z")));
    const { store } = open(ws);
    const clean = new CleanTexts();
    sweepSessions(ws, store, RULE, NOW, clean);
    const before = readFileSync(path.join(ws, rel), "utf8");
    expect(clean.has(before)).toBe(true);
    // The text the sweep saw comes back as it was, unredacted again.
    expect(redactedTranscript(ws, rel, before, store, RULE, NOW, clean)).toBe(before);
    appendFileSync(path.join(ws, rel), line("user", `deploy with ${KEY}`, "2026-11-30T10:01:00Z") + "\n");
    const after = readFileSync(path.join(ws, rel), "utf8");
    expect(clean.has(after)).toBe(false);
    const text = redactedTranscript(ws, rel, after, store, RULE, NOW, clean);
    expect(text).not.toContain(KEY);
    expect(text).toContain("[redacted: anthropic key]");
    expect(readFileSync(path.join(ws, rel), "utf8")).not.toContain(KEY);
    expect(readRedactionTally(store)).toMatchObject({ files: 1, secrets: 1 });
  });

  it("a clean transcript is swept and indexed while another capture holds its lock (nothing to write, nothing to lock)", () => {
    const ws = workspace();
    write(ws, "sessions/claude-code-d.jsonl", transcript(line("user", "the bike lock code is 4471", "2026-11-30T10:00:00Z")));
    // A live capture (this process) holds the transcript's lock: a clean file needs no write, so no lock.
    const lock = path.join(agentDir(ws), "locks", "capture-claude-code-d.lock");
    mkdirSync(path.dirname(lock), { recursive: true });
    writeFileSync(lock, String(process.pid));
    const { db, indexer } = open(ws);
    // Under the lock the sweep would wait for it, then fail naming the lock file.
    const summary = indexer.sync();
    expect(summary.indexed).toEqual(["sessions/claude-code-d.jsonl"]);
    expect(indexText(db)).toContain("4471");
    expect(readFileSync(lock, "utf8")).toBe(String(process.pid));
  });
});

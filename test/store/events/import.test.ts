import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { DB } from "../../../src/store/open.js";
import { openStateDb, stateMigrations } from "../../../src/store/state.js";
import { catchUp, refold } from "../../../src/store/events/fold.js";
import { logFile } from "../../../src/store/events/log.js";
import { stateDigest } from "../../../src/store/events/summary.js";
import { SHARED_TABLES, SPECS } from "../../../src/store/events/tables.js";
import { simDevice, syncLogs, tmp, type SimDevice } from "./helpers.js";

const T0 = Date.UTC(2026, 9, 1);
let roots: string[] = [];
let open: SimDevice[] = [];

afterEach(() => {
  for (const d of open) d.close();
  for (const r of roots) rmSync(r, { recursive: true, force: true });
  roots = [];
  open = [];
});

/** A state.db as the engine before the logs left it (schema 6), with every shared table filled. */
function oldStateDb(file: string): void {
  const db = openStateDb(file, stateMigrations().slice(0, 6));
  const ins = (sql: string, ...args: unknown[]) => db.prepare(sql).run(...args);
  const soul = "INSERT INTO soul_versions (number, created_at, content, content_hash, words, tokens, summary, origin, restored_from, session_ids, run_id) VALUES (?, ?, ?, ?, 1, 1, ?, ?, ?, '[]', ?)";
  ins(soul, 1, T0, "base", "h1", "baseline", "baseline", null, null);
  ins(soul, 2, T0 + 5000, "refl", "h2", "reflected", "reflection", null, 7);
  // A clock that went back: version 3 is older than version 2 by its time, and must stay 3.
  ins(soul, 3, T0 + 4000, "base", "h1", "rolled back", "rollback", 1, null);
  const mv = "INSERT INTO memory_versions (number, created_at, content, content_hash, origin, summary, restored_from) VALUES (?, ?, ?, ?, ?, ?, ?)";
  ins(mv, 1, T0 + 100, "m0", "mh0", "baseline", "before", null);
  ins(mv, 2, T0 + 9000, "m1", "mh1", "dream", "accepted 1", null);
  const prop = "INSERT INTO dream_proposals (id, created_at, status, text, final_text, source_key, provenance, run_id, decided_at, reason, version) VALUES (?, ?, ?, ?, ?, ?, '{}', 3, ?, ?, ?)";
  // Accepted later than it was proposed: its version comes after it in time.
  ins(prop, 1, T0 + 200, "accepted", "tea", "green tea", "k1", T0 + 9000, null, 2);
  ins(prop, 2, T0 + 300, "rejected", "coffee", null, "k2", T0 + 400, "no", null);
  ins(prop, 3, T0 + 500, "pending", "water", null, "k3", null, null, null);
  const mem = "INSERT INTO memories (id, type, content, significance, valence, domain, created_at, vividness, vivid_at, pinned, recall_count, archived_at, archive_reason) VALUES (?, ?, ?, 0.5, 'neutral', 'general', ?, ?, ?, ?, ?, ?, ?)";
  ins(mem, 1, "lesson_learned", "tests first", T0 + 50, 0.9, T0 + 60, 1, 2, null, null);
  ins(mem, 2, "failure", "forgot the backup", T0 + 70, 0.1, T0 + 80, 0, 0, T0 + 90, "faded");
  ins("INSERT INTO memory_recalls (id, memory_id, at, via, query) VALUES (1, 1, ?, 'context', 'tests')", T0 + 55);
  ins("INSERT INTO memory_recalls (id, memory_id, at, via, query) VALUES (2, 1, ?, 'search', NULL)", T0 + 56);
  ins("INSERT INTO personality_snapshots (id, created_at, trigger, week, traits, narrative, narrative_by, soul_hash, report_path, report_hash) VALUES (1, ?, 'weekly', '2026-W40', '{}', 'you', 'rules', 'h1', 'r.md', 'rh')", T0 + 600);
  const rec = "INSERT INTO recalls (id, at, front, query, path, start_line, end_line, chunk_hash, rank) VALUES (?, ?, 'cli', 'tea', 'memory/a.md', 1, 2, 'c', ?)";
  ins(rec, 1, T0 + 700, 1);
  // Two identical rows (the same result presented twice in one millisecond): both are kept.
  ins(rec, 2, T0 + 701, 2);
  ins(rec, 3, T0 + 701, 2);
  db.close();
}

/** Every shared row, without its gid (the one column the import adds). */
function dump(db: DB): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const t of SHARED_TABLES) out[t] = (db.prepare(`SELECT * FROM ${t} ORDER BY ${SPECS[t].key}`).all() as Record<string, unknown>[]).map(({ gid: _g, ...r }) => r);
  return out;
}

describe("the one-time import of a state.db from before the logs", () => {
  it("turns every row into an event, loses nothing, and folds back to the same rows", () => {
    const root = tmp("agent-import-");
    roots.push(root);
    const old = path.join(root, "old.db");
    oldStateDb(old);
    const before = dump(openStateDb(old, stateMigrations().slice(0, 6)));
    const a = simDevice(root, "a", T0 + 100_000);
    open.push(a);
    a.close();
    copyFileSync(old, a.file);
    a.reopen();
    expect(dump(a.db)).toEqual(before);
    // The import is in the log: a fold from nothing gives the same rows back.
    expect(readFileSync(logFile(a.ws, a.device.id), "utf8").trim().split("\n")).toHaveLength(1 + 3 + 2 + 3 + 2 + 2 + 1 + 3);
    refold(a.db, a.ws);
    expect(dump(a.db)).toEqual(before);
    // Taken before the file was changed.
    expect(readdirSync(path.join(path.dirname(a.file), "backups")).some((n) => n.includes("before-event-log"))).toBe(true);
    // Opening again imports nothing more.
    const lines = readFileSync(logFile(a.ws, a.device.id), "utf8");
    a.reopen();
    expect(readFileSync(logFile(a.ws, a.device.id), "utf8")).toBe(lines);
  });

  it("two devices that import copies of the same state.db do not double a row", () => {
    const root = tmp("agent-import-");
    roots.push(root);
    const old = path.join(root, "old.db");
    oldStateDb(old);
    const before = dump(openStateDb(old, stateMigrations().slice(0, 6)));
    const [a, b] = [simDevice(root, "a", T0 + 100_000), simDevice(root, "b", T0 + 200_000)];
    open.push(a, b);
    for (const d of [a, b]) {
      d.close();
      copyFileSync(old, d.file);
      d.reopen();
    }
    syncLogs(a, b);
    syncLogs(b, a);
    catchUp(a.db, a.ws);
    catchUp(b.db, b.ws);
    expect(dump(a.db)).toEqual(before);
    expect(dump(b.db)).toEqual(before);
    expect(stateDigest(a.db)).toBe(stateDigest(b.db));
    expect(existsSync(logFile(a.ws, b.device.id))).toBe(true);
  });
});

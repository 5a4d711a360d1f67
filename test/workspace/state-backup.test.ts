import { afterEach, beforeEach, describe, expect, it } from "vitest";
import Database from "better-sqlite3";
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, statSync, writeFileSync, writeSync } from "node:fs";
import path from "node:path";
import {
  backupStateDb,
  backupStateDbSync,
  backupStateIfDue,
  checkIntegrity,
  listStateBackups,
  restoreStateBackup,
  STATE_BACKUP_GENERATIONS,
  StateDbError,
} from "../../src/store/backup.js";
import { openStateDb, stateMigrations } from "../../src/store/state.js";
import { ConversationStore } from "../../src/store/conversations.js";
import { stateDbPath } from "../../src/workspace/paths.js";
import { cleanup, tempDir } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

const DAY = 24 * 3600_000;
const T0 = Date.UTC(2026, 10, 20, 3, 0);

function seed(file: string, title: string): void {
  const db = openStateDb(file);
  try {
    new ConversationStore(db).create({ id: `c-${title.replace(/[^A-Za-z0-9]/g, "-")}`, title, createdAt: T0 });
  } finally {
    db.close();
  }
}

function titles(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("SELECT title FROM conversations ORDER BY title").all() as { title: string }[]).map((r) => r.title);
  } finally {
    db.close();
  }
}

describe("state.db backups", () => {
  let ws: string;
  let file: string;
  beforeEach(() => {
    ws = tempDir();
    file = stateDbPath(ws);
  });
  afterEach(() => cleanup(ws));

  it("online backup (db.backup) holds the state, and keeps 3 generations", async () => {
    seed(file, "first");
    // A writer keeps its connection open while the backup runs: WAL content must be in the copy.
    const writer = openStateDb(file);
    new ConversationStore(writer).create({ id: "c-wal", title: "in the wal", createdAt: T0 });
    for (let i = 0; i < 5; i++) await backupStateDb(file, { reason: "daily", now: T0 + i * DAY });
    writer.close();
    const backups = listStateBackups(file);
    expect(STATE_BACKUP_GENERATIONS).toBe(3);
    expect(backups.map((b) => b.takenAt)).toEqual([T0 + 4 * DAY, T0 + 3 * DAY, T0 + 2 * DAY]);
    expect(backups.every((b) => b.reason === "daily" && path.dirname(b.file) === path.join(agentDir(ws), "backups"))).toBe(true);
    expect(titles(backups[0]!.file)).toEqual(["first", "in the wal"]);
    expect(checkIntegrity(backups[0]!.file)).toBeNull();
    // Each backup is one file: no -wal or -shm of the copies left beside them.
    expect(readdirSync(path.join(agentDir(ws), "backups")).sort()).toEqual(backups.map((b) => path.basename(b.file)).sort());
  });

  it("backupStateIfDue takes one a day, and nothing without a state.db", async () => {
    expect(await backupStateIfDue(file, { now: T0 })).toBeNull();
    seed(file, "x");
    expect(await backupStateIfDue(file, { now: T0 })).not.toBeNull();
    expect(await backupStateIfDue(file, { now: T0 + DAY - 1 })).toBeNull();
    expect(await backupStateIfDue(file, { now: T0 + DAY })).not.toBeNull();
    expect(listStateBackups(file)).toHaveLength(2);
  });

  it("a migration is preceded by a backup of the file as it was", () => {
    const all = stateMigrations();
    const older = all.slice(0, all.length - 1);
    openStateDb(file, older).close();
    expect(listStateBackups(file)).toHaveLength(0);
    const db = openStateDb(file, all);
    db.close();
    const backups = listStateBackups(file);
    expect(backups).toHaveLength(1);
    expect(backups[0]!.reason).toBe(`before-migration-${all.length}`);
    const b = new Database(backups[0]!.file, { readonly: true });
    expect(b.pragma("user_version", { simple: true })).toBe(older.length);
    b.close();
    // Nothing to migrate: no more backups.
    openStateDb(file, all).close();
    expect(listStateBackups(file)).toHaveLength(1);
  });

  it("a corrupt state.db names the file and the way back; restore brings the newest good backup", () => {
    seed(file, "kept");
    const good = backupStateDbSync(file, { reason: "before-import", now: T0 });
    expect(good).not.toBeNull();
    seed(file, "lost after the backup");
    // Overwrite the header and the first pages with garbage, as a bad disk or a stray write would.
    const fd = openSync(file, "r+");
    writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 0);
    closeSync(fd);
    let err: unknown;
    try {
      openStateDb(file);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(StateDbError);
    const msg = (err as Error).message;
    expect(msg).toContain(file);
    expect(msg).toMatch(/not rebuilt from markdown/);
    expect(msg).toMatch(/agent doctor/);
    expect(msg).toMatch(/backups\/ folder beside state\.db/);
    // A backup of a broken file is refused; the good generation stays.
    expect(() => backupStateDbSync(file, { reason: "daily", now: T0 + DAY })).toThrow(StateDbError);
    expect(listStateBackups(file).map((b) => b.file)).toEqual([good!.file]);

    const broken = readFileSync(file);
    const r = restoreStateBackup(file, { now: T0 + 2 * DAY });
    expect(r.restored.file).toBe(good!.file);
    expect(r.movedAside).not.toBeNull();
    expect(readFileSync(r.movedAside!).equals(broken)).toBe(true);
    expect(titles(file)).toEqual(["kept"]);
    const db = openStateDb(file);
    db.close();
  });

  it("damage past the header is reported with the file name too, and restore skips a damaged backup", () => {
    seed(file, "a");
    const older = backupStateDbSync(file, { reason: "daily", now: T0 })!;
    const newer = backupStateDbSync(file, { reason: "daily", now: T0 + DAY })!;
    // Damage the newer backup's schema page; keep its header.
    const fd = openSync(newer.file, "r+");
    writeSync(fd, Buffer.alloc(2000, 0xff), 0, 2000, 100);
    closeSync(fd);
    expect(checkIntegrity(newer.file)).not.toBeNull();
    // state.db itself: keep the 100-byte header, smash the rest of page 1.
    const size = statSync(file).size;
    const sfd = openSync(file, "r+");
    writeSync(sfd, Buffer.alloc(Math.min(size, 4096) - 100, 0xee), 0, Math.min(size, 4096) - 100, 100);
    closeSync(sfd);
    expect(() => openStateDb(file)).toThrow(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}: .*agent doctor`));
    const r = restoreStateBackup(file);
    expect(r.restored.file).toBe(older.file);
    expect(titles(file)).toEqual(["a"]);
  });

  it("restore refuses to replace a readable state.db unless forced, and says when there is nothing to restore", () => {
    seed(file, "a");
    expect(() => restoreStateBackup(file)).toThrow(/no state backups/);
    backupStateDbSync(file, { reason: "daily", now: T0 });
    seed(file, "b");
    expect(() => restoreStateBackup(file)).toThrow(/is readable: restoring .* would lose/);
    expect(titles(file)).toEqual(["a", "b"]);
    restoreStateBackup(file, { force: true });
    expect(titles(file)).toEqual(["a"]);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it("a file that is not a database at all", () => {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "this is not sqlite, it is a text file that happens to sit where state.db should be\n".repeat(50));
    expect(() => openStateDb(file)).toThrow(StateDbError);
    expect(() => openStateDb(file)).toThrow(/state\.db: cannot be read as a database \(file is not a database\)/);
  });
});

describe("a failed question leaves no conversation behind", () => {
  let ws: string;
  beforeEach(() => (ws = tempDir()));
  afterEach(() => cleanup(ws));

  it("rollback removes a new conversation entirely and a follow-up's messages only", () => {
    const db = openStateDb(stateDbPath(ws));
    try {
      const store = new ConversationStore(db);
      store.create({ id: "new", title: "q", createdAt: T0 });
      store.append("new", { createdAt: T0, role: "user", kind: "question", content: "q" });
      expect(store.rollback("new", 0)).toBe(1);
      expect(store.get("new")).toBeUndefined();
      expect(store.list()).toHaveLength(0);

      store.create({ id: "old", title: "q1", createdAt: T0 });
      store.append("old", { createdAt: T0, role: "user", kind: "question", content: "q1" });
      store.append("old", { createdAt: T0 + 1, role: "assistant", kind: "answer", content: "a1" });
      const keep = store.lastSeq("old");
      store.append("old", { createdAt: T0 + 5, role: "user", kind: "question", content: "q2" });
      expect(store.rollback("old", keep)).toBe(1);
      expect(store.messages("old").map((m) => m.content)).toEqual(["q1", "a1"]);
      expect(store.get("old")!.updatedAt).toBe(T0 + 1);
    } finally {
      db.close();
    }
  });
});

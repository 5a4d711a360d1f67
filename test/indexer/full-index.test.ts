import { spawn } from "node:child_process";
import Database from "better-sqlite3";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Indexer } from "../../src/indexer/indexer.js";
import { cjkBigrams, mayContainCjk } from "../../src/store/fts-text.js";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb, type DB } from "../../src/store/open.js";
import { readForIndex } from "../../src/workspace/read.js";
import { cleanup, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";
import { IndexConfigSchema } from "../../src/workspace/config.js";
import { agentDir } from "../../src/workspace/paths.js";

const INDEX_CONFIG = IndexConfigSchema.parse({ chunkTokens: 400, overlapTokens: 50 });
const dirs: string[] = [];
const dbs: DB[] = [];
afterEach(() => {
  while (dbs.length > 0) dbs.pop()!.close();
  while (dirs.length > 0) cleanup(dirs.pop()!);
});

function workspace(): string {
  const ws = tempDir("agent-full-index-");
  dirs.push(ws);
  return ws;
}

function open(ws: string): { db: DB; store: IndexStore; indexer: Indexer } {
  const { db } = openIndexDb(path.join(agentDir(ws), "index.db"));
  dbs.push(db);
  const store = new IndexStore(db);
  return { db, store, indexer: new Indexer(ws, store, INDEX_CONFIG) };
}

function matches(db: DB, word: string): string[] {
  return (
    db
      .prepare("SELECT DISTINCT f.path FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid JOIN files f ON f.id = c.file_id WHERE chunks_fts MATCH ? ORDER BY f.path")
      .all(word) as { path: string }[]
  ).map((r) => r.path);
}

describe("UTF-16 notes", () => {
  const text = "# Notes from Windows\n\nThe quokka Zephyrine likes blueberries — and café crème.\n";

  it("decodes a UTF-16 LE or BE note with a byte-order mark instead of skipping it as binary", () => {
    const ws = workspace();
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    const be = Buffer.from(le.subarray(2)).swap16();
    write(ws, "notes/le.md", le);
    write(ws, "notes/be.md", Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
    const { db, indexer } = open(ws);
    const s = indexer.sync();
    expect(s.problems).toEqual([]);
    expect(s.indexed.sort()).toEqual(["notes/be.md", "notes/le.md"]);
    expect(matches(db, "zephyrine")).toEqual(["notes/be.md", "notes/le.md"]);
    expect(matches(db, "café")).toEqual(["notes/be.md", "notes/le.md"]);
    const read = readForIndex(path.join(ws, "notes/le.md"), "notes/le.md", INDEX_CONFIG.maxFileBytes);
    expect(read.ok && read.text).toBe(text);
  });

  it("still refuses NUL bytes without a byte-order mark", () => {
    const ws = workspace();
    write(ws, "notes/raw.md", Buffer.from(text, "utf16le"));
    const read = readForIndex(path.join(ws, "notes/raw.md"), "notes/raw.md", INDEX_CONFIG.maxFileBytes);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.reason).toMatch(/notes\/raw\.md: looks like a binary file/);
  });
});

describe("CJK pass", () => {
  it("the cheap pre-test catches every code point the CJK scan matches", () => {
    const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
    let missed = 0;
    let seen = 0;
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const s = String.fromCodePoint(cp);
      if (!cjk.test(s)) continue;
      seen++;
      if (!mayContainCjk(s)) missed++;
    }
    expect(seen).toBeGreaterThan(100_000);
    expect(missed).toBe(0);
    expect(mayContainCjk("plain English — with “quotes”, €, and 🙂")).toBe(false);
    expect(cjkBigrams("会議 in Tokyo, 회의 in Seoul")).toEqual(["会議", "회의"]);
  });
});

describe("batched full index", () => {
  it("matches file by file what a fresh index holds, after a kill -9 in the middle of a big pass", { timeout: 180_000 }, async () => {
    const ws = workspace();
    for (let i = 0; i < 1500; i++) {
      write(ws, `memory/n${String(i).padStart(4, "0")}.md`, `# Note ${i}\n\n## Part\n\n- item ${i} about the garden\n- probe${i}x\n\n## More\n\ntext ${"filler ".repeat(40)}\n`);
    }
    const file = path.join(agentDir(ws), "index.db");
    // A child process (the built library) indexes; it is killed once its first batches have
    // been committed.
    const child = spawn(
      process.execPath,
      [
        "--input-type=module",
        "-e",
        `const { openIndexDb } = await import(${JSON.stringify(path.join(REPO_ROOT, "dist/store/open.js"))});
         const { IndexStore } = await import(${JSON.stringify(path.join(REPO_ROOT, "dist/store/index-store.js"))});
         const { Indexer } = await import(${JSON.stringify(path.join(REPO_ROOT, "dist/indexer/indexer.js"))});
         const { db } = openIndexDb(${JSON.stringify(file)});
         // 3 ms per file: the pass takes seconds however fast the machine, so the kill lands inside it.
         const pause = new Int32Array(new SharedArrayBuffer(4));
         new Indexer(${JSON.stringify(ws)}, new IndexStore(db), ${JSON.stringify(INDEX_CONFIG)}).sync({ onProgress: (p) => { if (p.done === 1) console.log("started"); Atomics.wait(pause, 0, 0, 3); } });
         console.log("finished");`,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (err += d.toString()));
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    // Kill once a first batch is committed (another connection sees file rows), before the end.
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && !out.includes("finished")) {
      if (existsSync(file)) {
        const peek = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
        let n = 0;
        try {
          n = (peek.prepare("SELECT count(*) AS n FROM files").get() as { n: number }).n;
        } catch {
          // the schema is not created yet
        } finally {
          peek.close();
        }
        if (n > 0) break;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill("SIGKILL");
    await exited;
    expect(err).toBe("");

    const { db, indexer } = open(ws);
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    // Every file row is whole: its chunk count is what its chunks say.
    const partial = db.prepare("SELECT count(*) AS n FROM files f WHERE f.chunk_count != (SELECT count(*) FROM chunks c WHERE c.file_id = f.id)").get() as { n: number };
    expect(partial.n).toBe(0);
    const ftsVsChunks = db.prepare("SELECT (SELECT count(*) FROM chunks_fts) AS fts, (SELECT count(*) FROM chunks) AS chunks").get() as { fts: number; chunks: number };
    expect(ftsVsChunks.fts).toBe(ftsVsChunks.chunks);
    const committed = (db.prepare("SELECT count(*) AS n FROM files").get() as { n: number }).n;
    const resumed = indexer.sync();
    // The kill landed mid-pass: some batches were committed. The pass had not recorded its
    // chunker settings yet, so the next one re-chunks every file, as it must.
    expect(out).not.toContain("finished");
    expect(committed).toBeGreaterThan(0);
    expect(committed).toBeLessThan(1500);
    expect(resumed.indexed.length + resumed.unchanged).toBe(1500);

    // Same files and chunks as a clean index of the same workspace.
    const clean = workspace();
    const snapshot = (d: DB) =>
      d.prepare("SELECT f.path, c.seq, c.text FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY f.path, c.seq").all();
    const fresh = openIndexDb(path.join(clean, "index.db")).db;
    dbs.push(fresh);
    new Indexer(ws, new IndexStore(fresh), INDEX_CONFIG).sync();
    expect(snapshot(db)).toEqual(snapshot(fresh));
    for (const i of [0, 700, 1499]) expect(matches(db, `probe${i}x`)).toEqual([`memory/n${String(i).padStart(4, "0")}.md`]);
  });
});

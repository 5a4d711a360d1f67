import Database from "better-sqlite3";
import { execFile, execSync } from "node:child_process";
import { chmodSync, existsSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { Engine, type IndexSummary } from "../../src/index.js";
import { CLI, cleanup, fingerprint, tempDir, write } from "../helpers/workspace.js";
import { titled } from "../helpers/needs.js";
import { agentDir } from "../../src/workspace/paths.js";

const execFileP = promisify(execFile);
const MiB = 1024 * 1024;

const dirs: string[] = [];
const engines: Engine[] = [];

afterEach(() => {
  while (engines.length > 0) engines.pop()!.close();
  while (dirs.length > 0) {
    const d = dirs.pop()!;
    // A chmod 000 folder or file must not stop the cleanup.
    try {
      execSync(`chmod -R u+rwX ${JSON.stringify(d)}`, { stdio: "ignore" });
    } catch {
      /* ignore */
    }
    cleanup(d);
  }
});

function newWorkspace(): string {
  const ws = tempDir("agent-bad-input-");
  dirs.push(ws);
  // A normal note: whatever else is wrong in the workspace, this must stay searchable.
  write(ws, "notes/normal.md", "# Normal\n\nThe quokka named Zephyrine likes blueberries.\n");
  return ws;
}

function open(ws: string): Engine {
  const e = Engine.open({ workspace: ws, embedder: null });
  engines.push(e);
  return e;
}

/** Paths of the results of a search, without duplicates. */
async function hits(engine: Engine, query: string): Promise<string[]> {
  return [...new Set((await engine.search(query)).results.map((r) => r.path))];
}

function problemFor(summary: IndexSummary, rel: string) {
  const p = summary.problems.filter((x) => x.path === rel);
  expect(p, `expected exactly one problem for ${rel}, got ${JSON.stringify(summary.problems)}`).toHaveLength(1);
  return p[0]!;
}

/** Reads the index with its own read-only connection (what's really stored, no resync). */
function withIndex<T>(ws: string, fn: (db: Database.Database) => T): T {
  const db = new Database(path.join(agentDir(ws), "index.db"), { readonly: true, fileMustExist: true });
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

async function expectNormalStillSearchable(engine: Engine): Promise<void> {
  expect(await hits(engine, "Zephyrine")).toEqual(["notes/normal.md"]);
}

describe("bad input files", () => {
  it("skips a binary file saved as .md, naming it", async () => {
    const ws = newWorkspace();
    const bytes = Buffer.concat([Buffer.from("PNGish binaryword "), Buffer.from([0, 1, 2, 0, 255, 0, 0, 7]), Buffer.from(" more")]);
    write(ws, "notes/image.md", bytes);
    const before = fingerprint(ws);

    const engine = open(ws);
    const s = engine.indexing.index();
    const p = problemFor(s, "notes/image.md");
    expect(p.severity).toBe("skipped");
    expect(p.message).toContain("notes/image.md");
    expect(p.message).toMatch(/binary/i);
    expect(p.message).toMatch(/skipped/);
    expect(s.indexed).not.toContain("notes/image.md");
    expect(await hits(engine, "binaryword")).toEqual([]);
    await expectNormalStillSearchable(engine);
    // The problem is remembered for `agent status`.
    expect(engine.indexing.status().problems.map((x) => x.path)).toContain("notes/image.md");
    expect(fingerprint(ws)).toEqual(before);
    expect(readFileSync(path.join(ws, "notes/image.md")).equals(bytes)).toBe(true);
  });

  it("indexes invalid UTF-8 with a warning; the valid words around the bad bytes are searchable", async () => {
    const ws = newWorkspace();
    const bytes = Buffer.concat([
      Buffer.from("# Latin-1 leftovers\n\nbeforebadbytes caf"),
      Buffer.from([0xe9, 0x20, 0xff, 0xfe, 0x20, 0xc3, 0x28]), // lone latin-1 é, 0xFF 0xFE, broken 2-byte sequence
      Buffer.from(" afterbadbytes\nnextlineword\n"),
    ]);
    write(ws, "notes/latin1.md", bytes);
    const before = fingerprint(ws);

    const engine = open(ws);
    const s = engine.indexing.index();
    expect(s.indexed).toContain("notes/latin1.md");
    const p = problemFor(s, "notes/latin1.md");
    expect(p.severity).toBe("warning");
    expect(p.message).toContain("notes/latin1.md");
    expect(p.message).toMatch(/not valid UTF-8/);
    expect(p.message).toMatch(/indexed/);

    for (const w of ["beforebadbytes", "afterbadbytes", "nextlineword"]) expect(await hits(engine, w)).toEqual(["notes/latin1.md"]);
    await expectNormalStillSearchable(engine);
    expect(fingerprint(ws)).toEqual(before);
  });

  it("caps a 50 MB markdown file at the default 5 MB limit", { timeout: 120_000 }, async () => {
    const ws = newWorkspace();
    // ~50 MB: a unique word in the first lines, filler, a unique word only in the last lines.
    const filler = "filler line with ordinary words about gardening and weather and tea\n"; // 69 bytes
    const head = "# Huge log\n\nfirstlinesword opens the log\n";
    const tail = "lastlinesword closes the log\nlastlinesword again at the very end\n";
    const body = filler.repeat(Math.ceil((50 * MiB) / filler.length));
    const content = head + body + tail;
    write(ws, "notes/huge.md", content);
    const size = Buffer.byteLength(content);
    expect(size).toBeGreaterThan(50 * MiB);
    const before = fingerprint(ws);

    const engine = open(ws);
    expect(engine.config.index.maxFileBytes).toBe(5 * MiB);
    const s = engine.indexing.index();
    expect(s.indexed).toContain("notes/huge.md");
    const p = problemFor(s, "notes/huge.md");
    expect(p.severity).toBe("warning");
    expect(p.message).toContain("notes/huge.md");
    expect(p.message).toMatch(/over the 5\.0 MB limit/);
    expect(p.message).toMatch(/only the first .* MB is indexed/);
    expect(p.message).toMatch(/maxFileBytes/);

    expect(await hits(engine, "firstlinesword")).toEqual(["notes/huge.md"]);
    expect(await hits(engine, "lastlinesword")).toEqual([]);
    await expectNormalStillSearchable(engine);

    withIndex(ws, (db) => {
      const row = db.prepare("SELECT capped, size FROM files WHERE path = ?").get("notes/huge.md") as { capped: number; size: number };
      expect(row.capped).toBe(1);
      expect(row.size).toBe(size);
      // Cut at a line end: no stored chunk ends in the middle of a filler line, and no more
      // than the limit was indexed.
      const stored = db.prepare("SELECT max(end_line) AS last FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ?").get("notes/huge.md") as { last: number };
      const totalLines = content.split("\n").length - 1;
      expect(stored.last).toBeLessThan(totalLines);
      const headLines = head.split("\n").length - 1;
      const indexedBytes = head.length + (stored.last - headLines) * filler.length;
      expect(indexedBytes).toBeLessThanOrEqual(5 * MiB);
      expect(indexedBytes).toBeGreaterThan(5 * MiB - filler.length);
      const lastChunk = db
        .prepare("SELECT text FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ? ORDER BY seq DESC LIMIT 1")
        .get("notes/huge.md") as { text: string };
      expect(lastChunk.text.split("\n").at(-1)).toBe(filler.trimEnd());
    });

    // An unchanged capped file is not re-read and stays capped on the next pass.
    const again = engine.indexing.index();
    expect(again.indexed).toEqual([]);
    expect(fingerprint(ws)).toEqual(before);
  });

  it("indexes an empty file with no chunks and a note", async () => {
    const ws = newWorkspace();
    write(ws, "notes/empty.md", "");
    write(ws, "notes/blank.md", "\n\n   \n");
    // Empty for a while: a 0-byte file written a moment ago is taken for an editor mid-save.
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(ws, "notes/empty.md"), past, past);
    const before = fingerprint(ws);

    const engine = open(ws);
    const s = engine.indexing.index();
    for (const rel of ["notes/empty.md", "notes/blank.md"]) {
      const p = problemFor(s, rel);
      expect(p.severity).toBe("warning");
      expect(p.message).toContain(rel);
      expect(p.message).toMatch(/empty file/);
    }
    withIndex(ws, (db) => {
      for (const rel of ["notes/empty.md", "notes/blank.md"]) {
        const row = db.prepare("SELECT id, chunk_count FROM files WHERE path = ?").get(rel) as { id: number; chunk_count: number };
        expect(row.chunk_count).toBe(0);
        expect((db.prepare("SELECT count(*) AS n FROM chunks WHERE file_id = ?").get(row.id) as { n: number }).n).toBe(0);
      }
    });
    await expectNormalStillSearchable(engine);
    expect(fingerprint(ws)).toEqual(before);
  });

  it("indexes memory/2024-13-45.md as an undated note, saying it is not a real date", async () => {
    const ws = newWorkspace();
    write(ws, "memory/2024-13-45.md", "Met the impossible-date ocelot named Thunderquill.\n");
    write(ws, "memory/2024-02-29.md", "Leap day: planted garlic with Bramblewick.\n");
    const before = fingerprint(ws);

    const engine = open(ws);
    const s = engine.indexing.index();
    expect(s.indexed).toContain("memory/2024-13-45.md");
    const p = problemFor(s, "memory/2024-13-45.md");
    expect(p.severity).toBe("warning");
    expect(p.message).toContain("memory/2024-13-45.md");
    expect(p.message).toMatch(/not a real date/);
    expect(p.message).toMatch(/undated note/);
    // A real (leap) date is not a problem.
    expect(s.problems.map((x) => x.path)).not.toContain("memory/2024-02-29.md");

    const bad = (await engine.search("Thunderquill")).results;
    expect(bad.map((r) => r.path)).toEqual(["memory/2024-13-45.md"]);
    expect(bad[0]!.kind).toBe("note");
    expect(bad[0]!.date).toBeNull();
    const good = (await engine.search("Bramblewick")).results;
    expect(good[0]!.kind).toBe("daily");
    expect(good[0]!.date).toBe("2024-02-29");
    await expectNormalStillSearchable(engine);
    expect(fingerprint(ws)).toEqual(before);
  });

  it("skips a symlink pointing outside the workspace; its words are not searchable", async () => {
    const ws = newWorkspace();
    const outside = tempDir("agent-outside-");
    dirs.push(outside);
    writeFileSync(path.join(outside, "secret.md"), "The outside secret word is Xylophantasm.\n");
    symlinkSync(path.join(outside, "secret.md"), path.join(ws, "notes/leak.md"));
    // A symlinked folder pointing outside is refused too.
    symlinkSync(outside, path.join(ws, "outside-dir"));
    const before = fingerprint(ws);
    const beforeOutside = fingerprint(outside);

    const engine = open(ws);
    const s = engine.indexing.index();
    const p = problemFor(s, "notes/leak.md");
    expect(p.severity).toBe("skipped");
    expect(p.message).toContain("notes/leak.md");
    expect(p.message).toMatch(/outside the workspace/);
    expect(p.message).toMatch(/skipped/);
    expect(problemFor(s, "outside-dir").message).toMatch(/outside the workspace/);
    expect(await hits(engine, "Xylophantasm")).toEqual([]);
    withIndex(ws, (db) => {
      const paths = (db.prepare("SELECT path FROM files").all() as { path: string }[]).map((r) => r.path);
      expect(paths).toEqual(["notes/normal.md"]);
    });
    await expectNormalStillSearchable(engine);
    expect(fingerprint(ws)).toEqual(before);
    expect(fingerprint(outside)).toEqual(beforeOutside);
  });

  it("skips a dangling symlink notes/broken.md with a message", async () => {
    const ws = newWorkspace();
    symlinkSync(path.join(ws, "notes/does-not-exist.md"), path.join(ws, "notes/broken.md"));
    const before = fingerprint(ws);

    const engine = open(ws);
    const s = engine.indexing.index();
    const p = problemFor(s, "notes/broken.md");
    expect(p.severity).toBe("skipped");
    expect(p.message).toContain("notes/broken.md");
    expect(p.message).toMatch(/broken symlink/);
    expect(p.message).toMatch(/skipped/);
    await expectNormalStillSearchable(engine);
    expect(fingerprint(ws)).toEqual(before);
  });

  it.skipIf(process.getuid?.() === 0)(titled("skips a chmod 000 file with a message (not as root: root reads anything)", process.getuid?.() === 0 ? "only when not root: its twin runs as root" : undefined), async () => {
    const ws = newWorkspace();
    const abs = write(ws, "notes/locked.md", "Locked away: Quillfeather.\n");
    chmodSync(abs, 0o000);
    const before = fingerprint(ws);

    const engine = open(ws);
    const s = engine.indexing.index();
    const p = problemFor(s, "notes/locked.md");
    expect(p.severity).toBe("skipped");
    expect(p.message).toContain("notes/locked.md");
    expect(p.message).toMatch(/cannot be read/);
    expect(p.message).toMatch(/EACCES/);
    await expectNormalStillSearchable(engine);
    expect(fingerprint(ws)).toEqual(before);
  });

  // As root the file above is readable: root reads anything through two capabilities
  // (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH). setpriv (util-linux) runs the CLI as root without
  // them, so the chmod 000 file is refused as it is for anyone else, while the clone, the Node
  // binary and the workspace, all root's own, stay reachable wherever they are (a private
  // folder, root's home).
  const asRoot = process.getuid?.() === 0;
  const setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].find((p) => existsSync(p));
  const rootWhy = !asRoot ? "only as root: its twin runs when not root" : setpriv === undefined ? "needs setpriv (util-linux) to drop root's right to read any file" : undefined;
  it.skipIf(rootWhy !== undefined)(titled("skips a chmod 000 file with a message (as root: through the CLI, without root's right to read any file)", rootWhy), { timeout: 60_000 }, async () => {
    const ws = newWorkspace();
    const abs = write(ws, "notes/locked.md", "Locked away: Quillfeather.\n");
    chmodSync(abs, 0o000);
    // An agent.config.json marks the folder as a workspace (a folder without any marker is refused).
    write(ws, "agent.config.json", "{}\n");
    const before = fingerprint(ws);
    const drop = ["--bounding-set=-dac_override,-dac_read_search", "--inh-caps=-all", process.execPath, CLI];
    const opts = { timeout: 30_000, cwd: ws };

    const res = await execFileP(setpriv!, [...drop, "index", "--workspace", ws], opts);
    expect(res.stderr).toContain("notes/locked.md");
    expect(res.stderr).toMatch(/notes\/locked\.md: cannot be read \(EACCES\); skipped/);
    expect(res.stdout).toMatch(/indexed 1 file\(s\)/);
    const search = await execFileP(setpriv!, [...drop, "search", "Zephyrine", "Quillfeather", "--workspace", ws, "--json"], opts);
    expect((JSON.parse(search.stdout) as { results: { path: string }[] }).results.map((r) => r.path)).toEqual(["notes/normal.md"]);
    expect(fingerprint(ws)).toEqual(before);
  });

  it("does not read a FIFO named pipe.md (no hang), skipped as not a regular file", async () => {
    const ws = newWorkspace();
    execSync(`mkfifo ${JSON.stringify(path.join(ws, "notes/pipe.md"))}`);
    const before = fingerprint(ws);

    const engine = open(ws);
    const s = engine.indexing.index();
    const p = problemFor(s, "notes/pipe.md");
    expect(p.severity).toBe("skipped");
    expect(p.message).toContain("notes/pipe.md");
    expect(p.message).toMatch(/not a regular file/);
    // The watcher's entry point takes the same care.
    const one = engine.indexing.syncPaths(["notes/pipe.md"]);
    expect(one.problems.map((x) => x.message)).toEqual([p.message]);
    expect(engine.indexing.status().problems.map((x) => x.path)).toContain("notes/pipe.md");
    await expectNormalStillSearchable(engine);
    expect(fingerprint(ws)).toEqual(before);
  });

  it("a file that becomes bad after being indexed stops being searchable", async () => {
    const ws = newWorkspace();
    write(ws, "notes/changing.md", "Originally about the heron Calloway.\n");
    const engine = open(ws);
    engine.indexing.index();
    expect(await hits(engine, "Calloway")).toEqual(["notes/changing.md"]);
    write(ws, "notes/changing.md", Buffer.concat([Buffer.from("Calloway "), Buffer.alloc(64)]));
    const s = engine.indexing.index();
    expect(problemFor(s, "notes/changing.md").message).toMatch(/binary/);
    expect(await hits(engine, "Calloway")).toEqual([]);
    await expectNormalStillSearchable(engine);
  });

  it("handles all the bad files in one workspace in a single pass", async () => {
    const ws = newWorkspace();
    const outside = tempDir("agent-outside-");
    dirs.push(outside);
    writeBadFiles(ws, outside);
    const before = fingerprint(ws);

    const engine = open(ws);
    const s = engine.indexing.index();
    const byPath = new Map(s.problems.map((p) => [p.path, p]));
    expect(byPath.get("notes/image.md")?.severity).toBe("skipped");
    expect(byPath.get("notes/latin1.md")?.severity).toBe("warning");
    expect(byPath.get("notes/empty.md")?.severity).toBe("warning");
    expect(byPath.get("memory/2024-13-45.md")?.severity).toBe("warning");
    expect(byPath.get("notes/leak.md")?.severity).toBe("skipped");
    expect(byPath.get("notes/broken.md")?.severity).toBe("skipped");
    expect(byPath.get("notes/pipe.md")?.severity).toBe("skipped");
    expect(byPath.has("notes/normal.md")).toBe(false);
    for (const [rel, p] of byPath) expect(p.message).toContain(rel);
    expect([...s.indexed].sort()).toEqual(["memory/2024-13-45.md", "notes/empty.md", "notes/latin1.md", "notes/normal.md"]);
    await expectNormalStillSearchable(engine);
    expect(await hits(engine, "afterbadbytes")).toEqual(["notes/latin1.md"]);
    expect(await hits(engine, "Xylophantasm")).toEqual([]);
    expect(fingerprint(ws)).toEqual(before);
  });
});

function writeBadFiles(ws: string, outside: string): void {
  write(ws, "notes/image.md", Buffer.concat([Buffer.from("binary "), Buffer.alloc(32), Buffer.from([0xff, 0xd8])]));
  write(ws, "notes/latin1.md", Buffer.concat([Buffer.from("beforebadbytes "), Buffer.from([0xff, 0xfe]), Buffer.from(" afterbadbytes\n")]));
  write(ws, "notes/empty.md", "");
  // Empty for a while: a 0-byte file written a moment ago is taken for an editor mid-save.
  utimesSync(path.join(ws, "notes/empty.md"), new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
  write(ws, "memory/2024-13-45.md", "Impossible date.\n");
  writeFileSync(path.join(outside, "secret.md"), "Xylophantasm\n");
  symlinkSync(path.join(outside, "secret.md"), path.join(ws, "notes/leak.md"));
  symlinkSync(path.join(ws, "notes/nowhere.md"), path.join(ws, "notes/broken.md"));
  execSync(`mkfifo ${JSON.stringify(path.join(ws, "notes/pipe.md"))}`);
}

describe("bad index.db", () => {
  it("moves a corrupt index.db aside with the same bytes, gives a notice, and search works after", async () => {
    const ws = newWorkspace();
    const junk = Buffer.alloc(64 * 1024);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919 + 13) % 251; // deterministic garbage
    write(agentDir(ws), "index.db", junk);
    const before = fingerprint(ws);

    const engine = open(ws);
    engine.indexing.status(); // the engine opens its index on first use
    const aside = readdirSync(agentDir(ws)).filter((f) => /^index\.db\.corrupt-\d+$/.test(f));
    expect(aside).toHaveLength(1);
    expect(readFileSync(path.join(agentDir(ws), aside[0]!)).equals(junk)).toBe(true);
    expect(engine.notices).toHaveLength(1);
    expect(engine.notices[0]!.message).toContain("index.db");
    expect(engine.notices[0]!.message).toMatch(/not a SQLite database/);
    expect(engine.notices[0]!.message).toContain(aside[0]!);

    engine.indexing.index();
    await expectNormalStillSearchable(engine);
    expect(fingerprint(ws)).toEqual(before);
  });

  it("moves a foreign SQLite index.db aside as index.db.foreign-*, its data intact", async () => {
    const ws = newWorkspace();
    const dbFile = path.join(agentDir(ws), "index.db");
    write(agentDir(ws), ".keep", "");
    const foreign = new Database(dbFile);
    foreign.exec("CREATE TABLE people (id INTEGER PRIMARY KEY, name TEXT NOT NULL)");
    const ins = foreign.prepare("INSERT INTO people(name) VALUES (?)");
    for (const n of ["Ada", "Grace", "Linus"]) ins.run(n);
    foreign.close();
    const foreignBytes = readFileSync(dbFile);

    const engine = open(ws);
    engine.indexing.status(); // the engine opens its index on first use
    const aside = readdirSync(agentDir(ws)).filter((f) => /^index\.db\.foreign-\d+$/.test(f));
    expect(aside).toHaveLength(1);
    const moved = path.join(agentDir(ws), aside[0]!);
    expect(readFileSync(moved).equals(foreignBytes)).toBe(true);
    const check = new Database(moved, { readonly: true, fileMustExist: true });
    try {
      expect((check.prepare("SELECT name FROM people ORDER BY id").all() as { name: string }[]).map((r) => r.name)).toEqual(["Ada", "Grace", "Linus"]);
    } finally {
      check.close();
    }
    expect(engine.notices.map((n) => n.message).join("\n")).toMatch(/not an agent index/);
    expect(engine.notices[0]!.message).toContain(aside[0]!);

    engine.indexing.index();
    await expectNormalStillSearchable(engine);
    // The new index is ours, and the moved file was not touched by it.
    withIndex(ws, (db) => {
      const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
      expect(tables).not.toContain("people");
      expect(tables).toContain("files");
    });
    expect(existsSync(moved)).toBe(true);
  });
});

describe("agent index on a workspace with bad files (CLI)", () => {
  it("exits 0 and names every bad file on stderr", { timeout: 60_000 }, async () => {
    const ws = newWorkspace();
    const outside = tempDir("agent-outside-");
    dirs.push(outside);
    writeBadFiles(ws, outside);
    // Keyword-only, so "found" means "matched the word", not "a vector neighbour".
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    const before = fingerprint(ws);

    // A hang on the FIFO would trip the timeout instead of blocking the run.
    const res = await execFileP(process.execPath, [CLI, "index", "--workspace", ws], { timeout: 30_000 }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code?: number; stdout?: string; stderr?: string; signal?: string }) => ({ code: e.code ?? e.signal, stdout: e.stdout ?? "", stderr: e.stderr ?? "" }),
    );
    expect(res.code, res.stderr).toBe(0);
    for (const rel of ["notes/image.md", "notes/latin1.md", "notes/empty.md", "memory/2024-13-45.md", "notes/leak.md", "notes/broken.md", "notes/pipe.md"]) {
      expect(res.stderr).toContain(rel);
    }
    expect(res.stderr).not.toContain("notes/normal.md");
    expect(res.stdout).toMatch(/indexed 4 file\(s\)/);
    expect(fingerprint(ws)).toEqual(before);

    // And a search through the CLI finds the normal note.
    const search = await execFileP(process.execPath, [CLI, "search", "Zephyrine", "--workspace", ws, "--json"], { timeout: 30_000 });
    const out = JSON.parse(search.stdout) as { results: { path: string }[] };
    expect(out.results.map((r) => r.path)).toEqual(["notes/normal.md"]);
  });
});

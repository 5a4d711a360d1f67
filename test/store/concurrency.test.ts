import { execFile, spawn, type ChildProcess } from "node:child_process";
import { unlinkSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { CLI, cleanup, eventually, tempDir, write } from "../helpers/workspace.js";

const execFileP = promisify(execFile);

const dirs: string[] = [];
const children: ChildProcess[] = [];
const engines: Engine[] = [];

afterEach(async () => {
  while (engines.length > 0) engines.pop()!.close();
  for (const c of children.splice(0)) {
    if (c.exitCode === null && c.signalCode === null) {
      const gone = new Promise((r) => c.once("exit", r));
      c.kill("SIGKILL");
      await gone;
    }
  }
  while (dirs.length > 0) cleanup(dirs.pop()!);
});

function newWorkspace(): string {
  const ws = tempDir("agent-concurrency-");
  dirs.push(ws);
  // Keyword-only: this file tests SQLite concurrency, not ranking; loading an embedding
  // model in each of dozens of child processes would only slow it down.
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
  write(ws, "MEMORY.md", "# Memory\n\nLong-term facts: the cat is called Pistachio.\n");
  write(ws, "notes/live.md", "# Live\n\nstartword\n");
  for (let i = 0; i < 20; i++) write(ws, `notes/other-${i}.md`, `# Other ${i}\n\nfiller note number ${i} about apples\n`);
  return ws;
}

interface SearchOut {
  query: string;
  results: { path: string; snippet: string }[];
}

async function cliSearch(ws: string, word: string): Promise<SearchOut> {
  try {
    const { stdout } = await execFileP(process.execPath, [CLI, "search", word, "--workspace", ws, "--json"], { timeout: 30_000 });
    return JSON.parse(stdout) as SearchOut;
  } catch (e) {
    // With --json the CLI reports its error as JSON on stdout.
    const err = e as { code?: number; stdout?: string; stderr?: string; message: string };
    throw new Error(`agent search ${word} failed (exit ${err.code}): ${[err.stdout, err.stderr].filter(Boolean).join(" ") || err.message}`);
  }
}

/** The real `agent watch` CLI, with its stdout split into JSON lines. */
function startWatcher(ws: string) {
  const child = spawn(process.execPath, [CLI, "watch", "--workspace", ws, "--json", "--debounce", "50"], { stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  const events: Record<string, unknown>[] = [];
  let stdout = "";
  let stderr = "";
  let partial = "";
  child.stdout!.setEncoding("utf8").on("data", (d: string) => {
    stdout += d;
    partial += d;
    const lines = partial.split("\n");
    partial = lines.pop()!;
    for (const l of lines) if (l.trim() !== "") events.push(JSON.parse(l) as Record<string, unknown>);
  });
  child.stderr!.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    events,
    exited,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
  };
}

function syncEvents(events: Record<string, unknown>[]): { indexed: string[]; removed: string[] }[] {
  return events.filter((e) => e.event === "sync") as unknown as { indexed: string[]; removed: string[] }[];
}

describe("two processes on one index", () => {
  it("agent search reindexes edits itself while agent watch writes too; no SQLITE_BUSY", { timeout: 180_000 }, async () => {
    const ws = newWorkspace();
    const w = startWatcher(ws);
    await eventually(() => w.events.some((e) => e.event === "ready") || w.child.exitCode !== null, 20_000);
    expect(w.child.exitCode, w.stderr).toBeNull();
    const ready = w.events.find((e) => e.event === "ready")!;
    expect(ready.indexed).toBe(22);

    let prev = "startword";
    for (let i = 0; i < 20; i++) {
      const word = `livewordz${i}q`;
      write(ws, "notes/live.md", `# Live\n\nEdit number ${i}: ${word}\n`);
      // Another file changes too, so both processes have more than one file to write.
      write(ws, `notes/other-${i}.md`, `# Other ${i}\n\nfiller note number ${i} rewritten in round ${i}\n`);
      // Every fourth round, two searches race each other (and the watcher).
      const searches = i % 4 === 3 ? [cliSearch(ws, word), cliSearch(ws, word)] : [cliSearch(ws, word)];
      for (const res of await Promise.all(searches)) {
        expect(res.results.map((r) => r.path), `round ${i}`).toContain("notes/live.md");
      }
      const old = await cliSearch(ws, prev);
      expect(old.results.map((r) => r.path), `round ${i}: ${prev} should be gone`).not.toContain("notes/live.md");
      prev = word;
    }

    // The watcher on its own (no search to help it) picks up an edit and a delete.
    write(ws, "notes/watched.md", "Only the watcher indexes this: Lapislazulite.\n");
    await eventually(() => syncEvents(w.events).some((e) => e.indexed.includes("notes/watched.md")), 20_000);
    unlinkSync(path.join(ws, "notes/watched.md"));
    await eventually(() => syncEvents(w.events).some((e) => e.removed.includes("notes/watched.md")), 20_000);
    expect((await cliSearch(ws, "Lapislazulite")).results).toEqual([]);

    expect(syncEvents(w.events).length).toBeGreaterThan(0);
    expect(w.stderr).not.toMatch(/SQLITE_BUSY/);
    expect(w.stderr).not.toMatch(/database is locked/i);
    expect(w.stderr).not.toMatch(/watch:/);
    expect(w.child.exitCode).toBeNull();

    w.child.kill("SIGTERM");
    const { code, signal } = await w.exited;
    expect({ code, signal, stderr: w.stderr }).toEqual({ code: 0, signal: null, stderr: "" });
  });

  it("several CLI processes opening a fresh workspace at once all succeed", { timeout: 120_000 }, async () => {
    const ws = newWorkspace();
    const all = await Promise.all([
      cliSearch(ws, "Pistachio"),
      cliSearch(ws, "Pistachio"),
      cliSearch(ws, "apples"),
      execFileP(process.execPath, [CLI, "index", "--workspace", ws, "--json"], { timeout: 30_000 }).then((r) => JSON.parse(r.stdout) as { chunks: number }),
    ]);
    expect((all[0] as SearchOut).results.map((r) => r.path)).toEqual(["MEMORY.md"]);
    expect((all[1] as SearchOut).results.map((r) => r.path)).toEqual(["MEMORY.md"]);
    expect((all[2] as SearchOut).results).toHaveLength(10);
    expect((all[3] as { chunks: number }).chunks).toBe(22);
  });

  it("two in-process engines (two connections) index and search interleaved with edits, consistently", async () => {
    const ws = newWorkspace();
    const a = Engine.open({ workspace: ws, embedder: null });
    engines.push(a);
    const b = Engine.open({ workspace: ws, embedder: null });
    engines.push(b);
    expect(a.notices).toEqual([]);
    expect(b.notices).toEqual([]);

    const paths = async (e: Engine, q: string) => [...new Set((await e.search(q)).results.map((r) => r.path))].sort();

    expect(a.indexing.index().indexed).toHaveLength(22);
    // B sees A's work and has nothing left to do.
    const bFirst = (await b.search("Pistachio"));
    expect(bFirst.refreshed).toEqual({ indexed: [], removed: [] });
    expect(bFirst.results.map((r) => r.path)).toEqual(["MEMORY.md"]);

    for (let i = 0; i < 10; i++) {
      const word = `interleavedz${i}q`;
      write(ws, "notes/live.md", `# Live\n\nround ${i}: ${word}\n`);
      // Alternate which engine notices the edit first.
      const [first, second] = i % 2 === 0 ? [a, b] : [b, a];
      const r1 = await first.search(word);
      expect(r1.refreshed.indexed).toEqual(["notes/live.md"]);
      expect(r1.results.map((r) => r.path)).toEqual(["notes/live.md"]);
      const r2 = await second.search(word);
      // The other connection sees the row already written: no second reindex.
      expect(r2.refreshed).toEqual({ indexed: [], removed: [] });
      expect(r2.results.map((r) => r.path)).toEqual(["notes/live.md"]);
      if (i > 0) {
        expect(await paths(a, `interleavedz${i - 1}q`)).toEqual([]);
        expect(await paths(b, `interleavedz${i - 1}q`)).toEqual([]);
      }
      expect(a.indexing.status()).toMatchObject({ stale: [], missing: [] });
      expect(b.indexing.status()).toMatchObject({ stale: [], missing: [] });
    }

    // A deletion seen by one is seen by both.
    unlinkSync(path.join(ws, "notes/live.md"));
    expect(b.indexing.index().removed).toEqual(["notes/live.md"]);
    expect(await paths(a, "interleavedz9q")).toEqual([]);
    expect(a.indexing.index().removed).toEqual([]);

    // Writers through syncPaths (the watcher's path) on one, full sync on the other.
    write(ws, "notes/new.md", "Brand new: Saltmarshowl.\n");
    expect(a.indexing.syncPaths(["notes/new.md"]).indexed).toEqual(["notes/new.md"]);
    expect(b.indexing.index().indexed).toEqual([]);
    expect(await paths(b, "Saltmarshowl")).toEqual(["notes/new.md"]);

    const sa = a.indexing.status();
    const sb = b.indexing.status();
    expect(sa.files).toBe(sb.files);
    expect(sa.chunks).toBe(sb.chunks);
    expect(sa.files).toBe(22);
  });
});

describe("agent watch start-up and shutdown", () => {
  /** A workspace big enough that the watcher's initial scan takes a moment. */
  function bigWorkspace(): string {
    const ws = newWorkspace();
    for (let i = 0; i < 300; i++) write(ws, `bulk/n-${i}.md`, `bulk note ${i}\n`);
    return ws;
  }

  it("an edit made right after the ready line is picked up by the watcher alone", { timeout: 60_000 }, async () => {
    const ws = bigWorkspace();
    const w = startWatcher(ws);
    await eventually(() => w.events.some((e) => e.event === "ready") || w.child.exitCode !== null, 20_000, 5);
    write(ws, "notes/right-after-ready.md", "Written the moment the watcher said ready: Gingerbrambling.\n");
    await eventually(() => syncEvents(w.events).some((e) => e.indexed.includes("notes/right-after-ready.md")), 20_000);
    w.child.kill("SIGTERM");
    expect((await w.exited).code).toBe(0);
  });

  it("SIGTERM right after the ready line closes cleanly with exit code 0", { timeout: 60_000 }, async () => {
    const ws = bigWorkspace();
    const w = startWatcher(ws);
    await eventually(() => w.events.some((e) => e.event === "ready") || w.child.exitCode !== null, 20_000, 5);
    w.child.kill("SIGTERM");
    expect(await w.exited).toEqual({ code: 0, signal: null });
    expect(w.stderr).toBe("");
  });
});

import { spawnSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EmbedLease } from "../../src/store/embed-lease.js";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { cleanup, eventually, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

/**
 * One process embeds an index at a time: real `agent index` and `agent daemon` processes on a
 * real index with the real USE-lite model. The first embedder holds a lease in the index
 * database; another one leaves the work to it and names it.
 */

let dir = "";
let ws = "";
const running: RunningAgent[] = [];
beforeEach(async () => {
  dir = tempDir("agent-embed-owner-");
  ws = path.join(dir, "assistant");
  expect((await runAgent(["init", ws])).code).toBe(0);
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "use-lite" }, heartbeat: { enabled: false }, schedule: { reflect: false }, evolution: { weekly: false }, flush: { enabled: false } }));
  const topics = ["the garden", "the VPS migration", "the tax return", "the knee physio", "the router firmware", "the bread recipe"];
  for (let d = 1; d <= 24; d++) {
    const day = `2026-03-${String(d).padStart(2, "0")}`;
    const body = Array.from({ length: 3 }, (_, i) => `## ${topics[(d + i) % topics.length]} ${d}.${i}\n\n${`Note ${d}.${i} about ${topics[(d * i) % topics.length]}: what was decided, who called, what is next. `.repeat(4)}`).join("\n\n");
    write(ws, `memory/${day}.md`, `# ${day}\n\n${body}\n`);
  }
});
afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    await child.done.catch(() => undefined);
  }
  cleanup(dir);
});

/** Vectors stored so far (0 while the index or its vector table does not exist yet). */
function vectorRows(): number {
  let db: Database.Database | undefined;
  try {
    db = new Database(path.join(agentDir(ws), "index.db"), { readonly: true, fileMustExist: true });
    return (db.prepare("SELECT count(*) AS n FROM chunk_vectors").get() as { n: number }).n;
  } catch {
    return 0;
  } finally {
    db?.close();
  }
}

function spawn(args: string[]): RunningAgent {
  const child = spawnAgent(args, { TZ: "UTC" });
  running.push(child);
  return child;
}

describe("one embedder per index", () => {
  it("a second `agent index` leaves the chunks to the one embedding them, names it, and computes nothing", async () => {
    const first = spawn(["index", "--workspace", ws, "--json"]);
    await eventually(() => vectorRows() > 0, 60_000, 20);
    expect(first.exitCode).toBeNull();
    const second = await runAgent(["index", "--workspace", ws, "--json"]);
    expect(second.code).toBe(0);
    const b = JSON.parse(second.stdout) as { embed: { embedded: number; computed: number; busy: { holder: string; pid: number } | null } };
    expect(b.embed.computed).toBe(0);
    expect(b.embed.embedded).toBe(0);
    expect(b.embed.busy).toMatchObject({ holder: "`agent index`", pid: first.pid });

    const a = JSON.parse((await first.done).stdout) as { chunks: number; embed: { embedded: number; remaining: number; busy: unknown } };
    expect(a.embed.busy).toBeNull();
    expect(a.embed.remaining).toBe(0);
    expect(a.embed.embedded).toBe(a.chunks);
    // The lease ends with its holder: the next run finds nothing to do and nobody in the way.
    const third = JSON.parse((await runAgent(["index", "--workspace", ws, "--json"])).stdout) as { embed: { busy: unknown; remaining: number } };
    expect(third.embed).toMatchObject({ busy: null, remaining: 0 });
  }, 180_000);

  it("the plain-text report says who is embedding instead of embedding again", async () => {
    const first = spawn(["index", "--workspace", ws]);
    await eventually(() => vectorRows() > 0, 60_000, 20);
    const second = await runAgent(["index", "--workspace", ws]);
    expect(second.stdout).toContain(`vectors: \`agent index\` (pid ${first.pid}) is embedding`);
    expect(second.stdout).not.toMatch(/window\(s\) computed/);
    await first.done;
  }, 180_000);

  it("a lease whose holder has died is taken over by the next run", async () => {
    expect((await runAgent(["index", "--workspace", ws, "--no-embed"])).code).toBe(0);
    holdLease("`agent index`", deadPid());
    const next = JSON.parse((await runAgent(["index", "--workspace", ws, "--json"])).stdout) as { chunks: number; embed: { busy: unknown; embedded: number; remaining: number } };
    expect(next.embed.busy).toBeNull();
    expect(next.embed.embedded).toBe(next.chunks);
    expect(next.embed.remaining).toBe(0);
  }, 180_000);

  it("while another process embeds, searches through the daemon name it, and the daemon takes over once it stops", async () => {
    expect((await runAgent(["index", "--workspace", ws, "--no-embed"])).code).toBe(0);
    const lease = holdLease("`agent index`", process.pid);
    const d = spawn(["daemon", "--workspace", ws]);
    await d.waitFor(/watching for changes/, 120_000);
    const s = await runAgent(["search", "VPS migration", "--workspace", ws], { TZ: "UTC", AGENT_DAEMON: "require" });
    expect(s.code).toBe(0);
    // No chunk has a vector yet: answered by keywords, and the warning names who is embedding.
    expect(s.stderr).toContain(`answered by keywords; \`agent index\` (pid ${process.pid}) is embedding`);
    expect(s.stderr).not.toContain("run `agent index`");
    expect(vectorRows()).toBe(0);
    lease.release();
    await eventually(async () => {
      const r = await runAgent(["status", "--workspace", ws, "--json"], { AGENT_DAEMON: "off" });
      return (JSON.parse(r.stdout) as { vectors: { missing: number } }).vectors.missing === 0;
    }, 120_000, 500);
  }, 300_000);
});

/** A lease in the workspace's real index database, as another process would hold it. */
function holdLease(holder: string, pid: number): EmbedLease {
  const db = new Database(path.join(agentDir(ws), "index.db"));
  const lease = new EmbedLease(db);
  expect(lease.acquire(holder, 1).ok).toBe(true);
  db.prepare("UPDATE embed_lease SET pid = ?").run(pid);
  opened.push(db);
  return lease;
}

const opened: Database.Database[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

/** A pid no process has now: a child that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "0"]);
  return r.pid;
}

import { expect } from "vitest";
import Database from "better-sqlite3";
import path from "node:path";
import type { AgentRun } from "../helpers/cli.js";
import { write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

/**
 * What a native abort looks like from outside: Node's C++ CHECKs print "Assertion failed"
 * (or "# Fatal error in" for V8's) and abort (exit 134, SIGABRT); a crash in native code is
 * SIGSEGV (exit 139); V8 running out of heap prints "FATAL ERROR".
 */
const ABORT_LINE = /Assertion failed|Segmentation fault|\(core dumped\)|# Fatal error in|FATAL ERROR:|^Aborted\b|\bSIGABRT\b|\bSIGSEGV\b/;

/** The run ended by itself with `code`: no signal death, no abort exit code, no abort line. */
export function expectCleanExit(run: AgentRun, code: number): void {
  const where = `exit ${run.code}, signal ${run.signal}\nstderr:\n${run.stderr}`;
  expect(run.signal, where).toBeNull();
  expect([134, 139], where).not.toContain(run.code);
  expect(run.stderr.split("\n").filter((l) => ABORT_LINE.test(l)), where).toEqual([]);
  expect(run.code, where).toBe(code);
}

/**
 * A workspace whose embedding takes a few seconds with USE-lite on worker threads (about 200
 * chunks), so a signal or an exit can land while a worker is in the middle of a batch.
 */
export function embeddingWorkspace(ws: string, threads = 2): void {
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "use-lite", threads }, heartbeat: { enabled: false }, schedule: { reflect: false }, evolution: { weekly: false }, flush: { enabled: false } }));
  write(ws, "MEMORY.md", "# Memory\n\nThe canoe is green and lives in the shed by the lake.\n");
  const topics = ["the garden", "the VPS migration", "the tax return", "the knee physio", "the router firmware", "the bread recipe", "the bike repair", "the school trip"];
  for (let d = 1; d <= 40; d++) {
    const day = `2026-03-${String(((d - 1) % 28) + 1).padStart(2, "0")}`;
    const body = Array.from({ length: 5 }, (_, i) => `## ${topics[(d + i) % topics.length]} ${d}.${i}\n\n${`Note ${d}.${i} about ${topics[(d * i) % topics.length]}: what was decided on day ${d}, who called about part ${i}, and what comes next. `.repeat(3)}`).join("\n\n");
    write(ws, `memory/${d <= 28 ? day : `${day}-b`}.md`, `# ${day}\n\n${body}\n`);
  }
}

/** Vectors stored so far (0 while the index or its vector table does not exist yet). */
export function vectorRows(ws: string): number {
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

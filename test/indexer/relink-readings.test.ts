/**
 * A relink after every changed pass parses only the statements it has not parsed before (the
 * rest are kept from the last relink by the index's connection): the links must be exactly the
 * ones an index built from nothing finds over the same files.
 */
import { readFileSync, statSync, utimesSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const dirs: string[] = [];
const engines: Engine[] = [];
afterEach(async () => {
  while (engines.length > 0) await engines.pop()!.close();
  while (dirs.length > 0) cleanup(dirs.pop()!);
});

function workspace(): string {
  const ws = tempDir("agent-relink-readings-");
  dirs.push(ws);
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
  return ws;
}

function open(ws: string): Engine {
  const e = Engine.open({ workspace: ws, embedder: null });
  engines.push(e);
  return e;
}

/** A note written as if saved a minute ago (not racy: read once). */
function note(ws: string, rel: string, text: string): void {
  write(ws, rel, text);
  const t = new Date(Date.now() - 60_000);
  utimesSync(path.join(ws, rel), t, t);
}

/** The links by what they join (ids differ between two indexes of the same files). */
const linksOf = (e: Engine) =>
  JSON.stringify(e.indexing.links().map((l) => ({ ...l, older: { ...l.older, id: 0, chunkId: 0 }, newer: { ...l.newer, id: 0, chunkId: 0 } })));

describe("relinking with the statements parsed once", () => {
  it("finds after each edit the links a fresh index finds", async () => {
    const ws = workspace();
    note(ws, "memory/2026-10-01.md", "- The rent for the flat is £900 a month.\n- The gym class is on Tuesday at 6pm.\n");
    note(ws, "memory/2026-10-08.md", "- The rent for the flat goes up to £950 a month.\n");
    note(ws, "MEMORY.md", "# Memory\n\n- The storage unit costs £60 a month.\n");
    const e = open(ws);
    const first = linksOf(e);
    expect(first).toContain("£950");
    // Each edit: one file's statements new, the others' kept from the last relink.
    note(ws, "memory/2026-10-15.md", "- The gym class moved to Thursday at 7pm.\n- The storage unit now costs £75 a month.\n");
    e.indexing.syncPaths(["memory/2026-10-15.md"]);
    note(ws, "memory/2026-10-08.md", "- The rent for the flat goes up to £980 a month.\n");
    e.indexing.syncPaths(["memory/2026-10-08.md"]);
    const edited = linksOf(e);
    expect(edited).toContain("£980");
    expect(edited).toContain("£75");
    await engines.pop()!.close();

    // The same files indexed from nothing, in another workspace: the same links.
    const fresh = workspace();
    for (const rel of ["memory/2026-10-01.md", "memory/2026-10-08.md", "memory/2026-10-15.md", "MEMORY.md"]) {
      write(fresh, rel, readFileSync(path.join(ws, rel), "utf8"));
      const m = statSync(path.join(ws, rel)).mtime;
      utimesSync(path.join(fresh, rel), m, m);
    }
    expect(linksOf(open(fresh))).toBe(edited);
  });
});

/** An index built by earlier statement rules gets its statements and links derived again, once, without any file changing. */
import Database from "better-sqlite3";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { TRUTH_RULES_VERSION } from "../../src/indexer/truth.js";
import { agentDir } from "../../src/workspace/paths.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

let ws = "";
let engine: Engine | null = null;
afterEach(() => {
  engine?.close();
  engine = null;
  cleanup(ws);
});

function counts(): { statements: number; links: number; rules: string | undefined } {
  const db = new Database(path.join(agentDir(ws), "index.db"), { readonly: true });
  try {
    const n = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
    const rules = db.prepare("SELECT value FROM meta WHERE key = 'truth_rules'").get() as { value: string } | undefined;
    return { statements: n("SELECT count(*) AS n FROM statements"), links: n("SELECT count(*) AS n FROM statement_links"), rules: rules?.value };
  } finally {
    db.close();
  }
}

/** What an index of an earlier engine looks like to this one: other rules, and the statements those rules found (here: none). */
function asIfBuiltByEarlierRules(): void {
  const db = new Database(path.join(agentDir(ws), "index.db"));
  try {
    db.prepare("DELETE FROM statements").run();
    db.prepare("UPDATE meta SET value = '1' WHERE key = 'truth_rules'").run();
  } finally {
    db.close();
  }
}

describe("statement rules version", () => {
  it("derives every file's statements again when the rules changed, and only then", () => {
    ws = tempDir("agent-truth-rules-");
    write(ws, "memory/2026-11-10.md", "# Tue\n\nThe kitchen renovation start date is 3 December.\n");
    write(ws, "memory/2026-11-20.md", "# Fri\n\nHeard from Marek: the kitchen renovation start date moved to 10 December.\n");
    engine = Engine.open({ workspace: ws, now: () => Date.parse("2026-11-28T10:00:00Z"), embedder: null });
    engine.indexing.index();
    const built = counts();
    expect(built).toMatchObject({ statements: 2, links: 1, rules: String(TRUTH_RULES_VERSION) });
    engine.close();
    engine = null;

    asIfBuiltByEarlierRules();
    expect(counts()).toMatchObject({ statements: 0, links: 0, rules: "1" });
    engine = Engine.open({ workspace: ws, now: () => Date.parse("2026-11-28T10:00:00Z"), embedder: null });
    const pass = engine.indexing.index();
    // No file was re-indexed: only the statements were derived again.
    expect(pass.indexed).toEqual([]);
    expect(counts()).toEqual(built);

    // With the rules current, a pass over unchanged files derives nothing.
    const db = new Database(path.join(agentDir(ws), "index.db"));
    db.prepare("DELETE FROM statements").run();
    db.close();
    engine.indexing.index();
    expect(counts()).toMatchObject({ statements: 0, links: 0 });
  });
});

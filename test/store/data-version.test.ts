import Database from "better-sqlite3";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dataVersion, keptMany, keptWhileUnchanged } from "../../src/store/data-version.js";
import { snapshot } from "../../src/search/pipeline/stages.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

let dirs: string[] = [];
let open: Database.Database[] = [];
afterEach(() => {
  for (const db of open) db.close();
  open = [];
  for (const d of dirs) cleanup(d);
  dirs = [];
});

/** Two connections to one new database file holding an empty table t (closed after the test). */
function twoConnections(): [Database.Database, Database.Database] {
  const dir = tempDir("agent-dv-");
  dirs.push(dir);
  const file = path.join(dir, "x.db");
  const a = new Database(file);
  const b = new Database(file);
  open.push(a, b);
  a.exec("CREATE TABLE t (x INTEGER)");
  return [a, b];
}

describe("dataVersion", () => {
  it("changes when this connection writes or another commits, and not otherwise; what was kept goes with it", () => {
    const [a, b] = twoConnections();
    const v0 = dataVersion(a);
    expect(dataVersion(a)).toBe(v0);
    let made = 0;
    keptWhileUnchanged(a, "n", () => ++made);
    keptWhileUnchanged(a, "n", () => ++made);
    expect(made).toBe(1);
    b.exec("INSERT INTO t VALUES (1)");
    const v1 = dataVersion(a);
    expect(v1).not.toBe(v0);
    keptWhileUnchanged(a, "n", () => ++made);
    expect(made).toBe(2);
    a.exec("INSERT INTO t VALUES (2)");
    expect(dataVersion(a)).not.toBe(v1);
  });
});

describe("a search's snapshot", () => {
  it("reads the data version once, and what it kept goes after the next write", () => {
    const [a, b] = twoConnections();
    // Count the runs of the version's statement (prepared once per connection, on first use).
    let reads = 0;
    const prepare = a.prepare.bind(a);
    a.prepare = ((text: string) => {
      const st = prepare(text);
      if (!text.includes("data_version")) return st;
      const get = st.get.bind(st);
      st.get = ((...args: unknown[]) => (reads++, get(...args))) as typeof st.get;
      return st;
    }) as typeof a.prepare;
    let made = 0;
    const v = snapshot(a, () => {
      for (let i = 0; i < 5; i++) keptWhileUnchanged(a, "n", () => ++made);
      return dataVersion(a);
    });
    expect(reads).toBe(1);
    expect(made).toBe(1);
    // Outside a snapshot every look reads the version; another connection's commit is seen.
    expect(dataVersion(a)).toBe(v);
    b.exec("INSERT INTO t VALUES (1)");
    snapshot(a, () => keptWhileUnchanged(a, "n", () => ++made));
    expect(made).toBe(2);
    // A snapshot inside a caller's transaction (which may write) is not pinned.
    a.transaction(() => {
      a.exec("INSERT INTO t VALUES (2)");
      snapshot(a, () => keptWhileUnchanged(a, "n", () => ++made));
    })();
    expect(made).toBe(3);
  });
});

describe("keptMany", () => {
  it("makes only the keys not kept, in one call, keeps null answers, and starts over when the database changes", () => {
    const dir = tempDir("agent-dv-");
    dirs.push(dir);
    const db = new Database(path.join(dir, "x.db"));
    try {
      db.exec("CREATE TABLE t (x INTEGER)");
      const calls: string[][] = [];
      const make = (missing: string[]) => {
        calls.push(missing);
        return new Map(missing.map((k) => [k, k === "gone" ? null : `v${k}`]));
      };
      expect(keptMany(db, "rows", ["1", "2", "gone", "1"], { max: 100 }, make)).toEqual(["v1", "v2", null, "v1"]);
      expect(keptMany(db, "rows", ["2", "3", "gone"], { max: 100 }, make)).toEqual(["v2", "v3", null]);
      expect(calls).toEqual([["1", "2", "gone"], ["3"]]);
      db.exec("INSERT INTO t VALUES (1)");
      expect(keptMany(db, "rows", ["2"], { max: 100 }, make)).toEqual(["v2"]);
      expect(calls.at(-1)).toEqual(["2"]);
      // Past its bound everything kept goes at once; what was asked is still answered.
      expect(keptMany(db, "rows", ["4", "5", "6"], { max: 2 }, make)).toEqual(["v4", "v5", "v6"]);
      expect(() => keptMany(db, "rows", ["7"], { max: 100 }, () => new Map())).toThrow(/nothing was made for 7/);
    } finally {
      db.close();
    }
  });
});

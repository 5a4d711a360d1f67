import Database from "better-sqlite3";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { dataVersion, keptWhileUnchanged } from "../../src/store/data-version.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) cleanup(d);
  dirs = [];
});

describe("dataVersion", () => {
  it("changes when this connection writes or another commits, and not otherwise; what was kept goes with it", () => {
    const dir = tempDir("agent-dv-");
    dirs.push(dir);
    const file = path.join(dir, "x.db");
    const a = new Database(file);
    const b = new Database(file);
    try {
      a.exec("CREATE TABLE t (x INTEGER)");
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
    } finally {
      a.close();
      b.close();
    }
  });
});

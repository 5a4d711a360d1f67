/**
 * The file door, enforced: no module under src/ outside src/workspace/ reads or writes files
 * unless it is on the allow-list (test/house/file-door.ts) for a reason that is not a
 * workspace file. The planted cases prove the check can fail.
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ALLOWED, checkFileDoor } from "./file-door.js";
import { cleanup, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";

let dir = "";
afterEach(() => {
  if (dir !== "") cleanup(dir);
  dir = "";
});

describe("every workspace file goes through src/workspace/", () => {
  it("no module outside the door imports node:fs unless allowed, and every allowed entry still does", () => {
    const r = checkFileDoor(REPO_ROOT);
    expect(r.violations, `these modules read or write files directly: route them through src/workspace/guard.ts and safe-write.ts`).toEqual([]);
    expect(r.stale, "allow-list entries that no longer use node:fs: remove them from test/house/file-door.ts").toEqual([]);
  });

  it("fails on a planted violation, in every form a module can reach node:fs", () => {
    dir = tempDir("agent-door-");
    write(dir, "src/workspace/guard.ts", 'import { openSync } from "node:fs";\n');
    write(dir, "src/store/open.ts", 'import { existsSync } from "node:fs";\n');
    write(dir, "src/jobs/static.ts", 'import { readFileSync } from "node:fs";\nexport const x = readFileSync("MEMORY.md");\n');
    write(dir, "src/jobs/star.ts", 'import * as fs from "fs";\n');
    write(dir, "src/jobs/promises.ts", 'import { readFile } from "node:fs/promises";\n');
    write(dir, "src/jobs/dynamic.ts", 'const fs = await import("node:fs");\n');
    write(dir, "src/jobs/required.ts", 'const fs = require("fs");\n');
    write(dir, "src/jobs/reexport.ts", 'export { readFileSync } from "node:fs";\n');
    write(dir, "src/jobs/side.ts", 'import "node:fs";\n');
    write(dir, "src/jobs/clean.ts", 'import path from "node:path";\n// mentions node:fs in a comment only\n');
    const r = checkFileDoor(dir, { "src/store/open.ts": "databases", "src/store/gone.ts": "removed since" });
    expect(r.violations).toEqual(["src/jobs/dynamic.ts", "src/jobs/promises.ts", "src/jobs/reexport.ts", "src/jobs/required.ts", "src/jobs/side.ts", "src/jobs/star.ts", "src/jobs/static.ts"]);
    expect(r.stale).toEqual(["src/store/gone.ts"]);
  });

  it("every allowed module says why", () => {
    for (const [rel, why] of Object.entries(ALLOWED)) {
      expect(why.length, rel).toBeGreaterThan(10);
      expect(path.isAbsolute(rel), rel).toBe(false);
    }
  });
});

/**
 * The floors, checked on every `npm test`: src/ has no import cycle (between files or between
 * its first-level folders) and no function over 120 lines. Each check is first shown to catch
 * what it is for, on a tree planted in a temp folder. And the engine's front door stays one:
 * engine.ts keeps the lifecycle and what it owns, the work lives in the services it hands out.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cleanup, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";
import { importCycles, longFunctions } from "./floors.js";

const SRC = path.join(REPO_ROOT, "src");
const MAX_FUNCTION_LINES = 120;
const planted: string[] = [];
afterAll(() => planted.forEach((d) => cleanup(d)));

function tree(files: Record<string, string>): string {
  const dir = tempDir("agent-floors-");
  planted.push(dir);
  for (const [rel, text] of Object.entries(files)) write(dir, rel, text);
  return dir;
}

/** A function of `n` lines, counting its first and last. */
const fn = (name: string, n: number) => `export function ${name}(): number {\n${"  void 0;\n".repeat(n - 3)}  return 1;\n}\n`;

describe("the import-cycle floor", () => {
  it("catches a cycle between two files, through any kind of import, and ignores imports in comments", () => {
    const dir = tree({
      "search/a.ts": 'import { b } from "./b.js";\nexport const a = () => b;\n',
      "search/b.ts": 'import type { A } from "./c.js";\nexport const b = 1 as unknown as A;\n',
      "search/c.ts": 'export type A = number;\nexport const load = () => import("./a.js");\n',
      "search/d.ts": '// import { a } from "./a.js";\n/* import "./e.js"; */\nexport const d = "import { x } from \'./a.js\'";\n',
      "search/e.ts": 'import { d } from "./d.js";\nexport const e = d;\n',
    });
    const r = importCycles(dir);
    expect(r.files).toBe(5);
    expect(r.fileCycles).toEqual([["search/a.ts", "search/b.ts", "search/c.ts"]]);
    expect(r.folderCycles).toEqual([]);
  });

  it("catches folders that import each other although no file cycle exists", () => {
    const dir = tree({
      "store/db.ts": 'import { plan } from "../search/plan.js";\nexport const db = plan;\n',
      "search/plan.ts": "export const plan = 1;\n",
      "search/run.ts": 'import { db } from "../store/db.js";\nexport const run = db;\n',
      "index.ts": 'export { run } from "./search/run.js";\n',
    });
    const r = importCycles(dir);
    expect(r.fileCycles).toEqual([]);
    expect(r.folderCycles).toEqual([{ folders: ["search/", "store/"], imports: expect.arrayContaining(["store/db.ts -> search/plan.ts", "search/run.ts -> store/db.ts"]) }]);
  });

  it("src/ has none", () => {
    const r = importCycles(SRC);
    expect(r.files).toBeGreaterThan(100);
    expect(r.fileCycles).toEqual([]);
    expect(r.folderCycles).toEqual([]);
  });
});

describe("the function-length floor", () => {
  it(`catches a function of ${MAX_FUNCTION_LINES + 1} lines, of any kind, and lets one of ${MAX_FUNCTION_LINES} pass`, () => {
    const long = MAX_FUNCTION_LINES + 1;
    const dir = tree({
      "ok.ts": fn("fits", MAX_FUNCTION_LINES),
      "declared.ts": fn("tooLong", long),
      "method.ts": `export class C {\n  run(): void {\n${"    void 0;\n".repeat(long - 2)}  }\n}\n`,
      "arrow.ts": `export const go = (): void => {\n${"  void 0;\n".repeat(long - 2)}};\n`,
    });
    expect(longFunctions(dir, MAX_FUNCTION_LINES)).toEqual([
      { file: "arrow.ts", line: 1, name: "(anonymous)", lines: long },
      { file: "declared.ts", line: 1, name: "tooLong", lines: long },
      { file: "method.ts", line: 2, name: "run", lines: long },
    ]);
  });

  it(`src/ has no function over ${MAX_FUNCTION_LINES} lines`, () => {
    expect(longFunctions(SRC, MAX_FUNCTION_LINES)).toEqual([]);
  });
});

describe("the engine's front door", () => {
  it("engine.ts is at most 400 lines: the lifecycle, what it owns, and the services it hands out", () => {
    const lines = readFileSync(path.join(SRC, "engine", "engine.ts"), "utf8").split("\n").length - 1;
    expect(lines, "src/engine/engine.ts: put new behaviour in a service module the engine hands out (docs/architecture.md)").toBeLessThanOrEqual(400);
  });
});

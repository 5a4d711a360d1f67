import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { nodeLineCheck, SUPPORTED_NODE_LINES, unsupportedNodeMessage } from "../../src/shared/node-version.js";
import { cleanup, CLI, REPO_ROOT, tempDir } from "../helpers/workspace.js";

/**
 * Node 20 and older are refused with one line before anything else runs (better-sqlite3 13
 * crashes there); 22, 24 and 26 are the supported lines, as package.json "engines" says.
 */

describe("which Node.js lines run the engine", () => {
  it("refuses 20 and older naming the version found and the supported lines; runs 22 and up", () => {
    expect(unsupportedNodeMessage("20.20.2")).toBe("Node.js 20.20.2 is not supported: agent-memory-engine needs Node.js 22, 24 or 26 (the long-term-support lines); get one with a version manager (nvm install 24), your distribution's nodejs package, or from the clone: scripts/node.sh 24 <command>, then run again");
    expect(unsupportedNodeMessage("v18.19.0")).toMatch(/^Node\.js 18\.19\.0 is not supported: /);
    for (const v of ["22.0.0", "v22.23.3", "23.11.0", "24.21.0", "26.12.1", "27.0.0"]) expect(unsupportedNodeMessage(v)).toBeUndefined();
    expect(unsupportedNodeMessage(process.versions.node)).toBeUndefined();
  });

  it("doctor's view: the LTS lines (and newer) are supported, 23 and 25 are untested, 20 is refused", () => {
    expect(SUPPORTED_NODE_LINES).toEqual([22, 24, 26]);
    expect(nodeLineCheck("24.21.0")).toEqual({ supported: true, detail: "Node.js 24.21.0 (supported lines: 22, 24 or 26)" });
    expect(nodeLineCheck("27.1.0").supported).toBe(true);
    expect(nodeLineCheck("25.2.0")).toEqual({ supported: false, detail: "Node.js 25.2.0 is not a long-term-support line; the tested lines are 22, 24 or 26" });
    expect(nodeLineCheck("20.20.2").supported).toBe(false);
  });

  it("package.json engines names the same lines", () => {
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { engines: { node: string } };
    expect(pkg.engines.node).toBe("^22.0.0 || ^24.0.0 || >=26.0.0");
  });
});

/** A Node.js older than 22 on this machine (the system Node 20 on CI), or undefined. */
function oldNode(): string | undefined {
  for (const bin of [process.env.AGENT_OLD_NODE, "/usr/bin/node", "/usr/local/bin/node"]) {
    if (!bin || !existsSync(bin)) continue;
    const v = spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout.trim();
    if (Number.parseInt(v.slice(1), 10) < 22) return bin;
  }
  return undefined;
}

const OLD = oldNode();
const why = OLD === undefined ? "needs a Node.js older than 22 at /usr/bin/node or AGENT_OLD_NODE (CI's system Node 20)" : undefined;
const title = (t: string) => (why === undefined ? t : `${t} [skipped: ${why}]`);

describe.skipIf(why !== undefined)(title("on a Node.js older than 22"), () => {
  let dir = "";
  let trace = "";
  let preload = "";
  beforeEach(() => {
    dir = tempDir("agent-old-node-");
    trace = path.join(dir, "compiled.txt");
    // Records every CommonJS file Node compiles: the SQLite binding, commander, zod's users...
    // none may run before the refusal.
    preload = path.join(dir, "trace.cjs");
    writeFileSync(preload, `const M = require("node:module"); const fs = require("node:fs"); const c = M.prototype._compile; M.prototype._compile = function (src, file) { fs.appendFileSync(${JSON.stringify(trace)}, file + "\\n"); return c.call(this, src, file); };\n`);
    writeFileSync(trace, "");
  });
  afterEach(() => cleanup(dir));

  const version = () => spawnSync(OLD!, ["-p", "process.versions.node"], { encoding: "utf8" }).stdout.trim();
  const compiled = () => readFileSync(trace, "utf8").split("\n").filter(Boolean);

  it("the CLI prints one line naming the version and the supported lines, exits 1, and does nothing else", () => {
    const ws = path.join(dir, "new-workspace");
    const r = spawnSync(OLD!, ["--require", preload, CLI, "init", ws], { encoding: "utf8", env: { ...process.env, AGENT_WORKSPACE: "" } });
    expect(r.stderr).toBe(`agent: Node.js ${version()} is not supported: agent-memory-engine needs Node.js 22, 24 or 26 (the long-term-support lines); get one with a version manager (nvm install 24), your distribution's nodejs package, or from the clone: scripts/node.sh 24 <command>, then run again\n`);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(existsSync(ws)).toBe(false);
    expect(compiled()).toEqual([]);
  });

  it("importing the library fails with the same line before any engine module runs", () => {
    const lib = pathToFileURL(path.join(REPO_ROOT, "dist/index.js")).href;
    const script = `import(${JSON.stringify(lib)}).then(() => console.log("imported"), (e) => { console.log("refused: " + e.message); process.exitCode = 3; });`;
    const r = spawnSync(OLD!, ["--require", preload, "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(r.stdout).toBe(`refused: Node.js ${version()} is not supported: agent-memory-engine needs Node.js 22, 24 or 26 (the long-term-support lines); get one with a version manager (nvm install 24), your distribution's nodejs package, or from the clone: scripts/node.sh 24 <command>, then run again\n`);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(3);
    expect(compiled()).toEqual([]);
  });
});

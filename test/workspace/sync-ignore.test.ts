/**
 * `agent init` tells git and Syncthing what is this device's own (appended once, the person's
 * lines kept byte for byte), what must sync stays synced, and `agent doctor` warns about an
 * SQLite file in the workspace and missing ignore lines where git or Syncthing is in use.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { initWorkspace } from "../../src/workspace/init.js";
import { syncProblems, writeIgnoreFiles } from "../../src/workspace/sync-ignore.js";
import { runAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) cleanup(d);
  dirs = [];
});
const temp = (): string => {
  const d = tempDir("agent-ignore-");
  dirs.push(d);
  return d;
};

const git = (cwd: string, ...args: string[]): string => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

describe("ignore files for sync tools", () => {
  it("a new workspace: git ignores SOUL.md's swap and temp files, never sessions/ or .agent-state/", () => {
    const ws = path.join(temp(), "assistant");
    const res = initWorkspace(ws);
    expect(res.ignores).toEqual([".gitignore", ".stignore"]);
    expect(readFileSync(path.join(ws, ".stignore"), "utf8")).toMatch(/^\/\/ agent-memory-engine: .*\n\/\.agent\n/);
    git(ws, "init", "-q");
    write(ws, ".agent/swap/.SOUL.md.swap.1.ab.tmp", "x");
    write(ws, "memory/.2026-01-01.md.1.ab.tmp", "x");
    write(ws, "sessions/chat.jsonl", "{}\n");
    write(ws, ".agent-state/0123456789ab.jsonl", "{}\n");
    const ignored = (rel: string): boolean => {
      try {
        git(ws, "check-ignore", "-q", rel);
        return true;
      } catch {
        return false;
      }
    };
    expect(ignored(".agent/swap/.SOUL.md.swap.1.ab.tmp")).toBe(true);
    expect(ignored("memory/.2026-01-01.md.1.ab.tmp")).toBe(true);
    expect(ignored("sessions/chat.jsonl")).toBe(false);
    expect(ignored(".agent-state/0123456789ab.jsonl")).toBe(false);
    expect(ignored(".agent-workspace")).toBe(false);
    expect(ignored("MEMORY.md")).toBe(false);
  });

  it("the person's own lines are kept byte for byte, our block is appended once, and only what is missing", () => {
    const ws = temp();
    const mine = "node_modules\n*.log\n/.agent/"; // no newline at the end, one of our lines already there
    write(ws, ".gitignore", mine);
    expect(writeIgnoreFiles(ws)).toEqual([".gitignore", ".stignore"]);
    const text = readFileSync(path.join(ws, ".gitignore"), "utf8");
    expect(text.startsWith(`${mine}\n\n# agent-memory-engine`)).toBe(true);
    expect(text.match(/\/\.agent\//g)).toHaveLength(1);
    expect(text).toContain("\n.*.tmp\n*.agent-memory-backup\n");
    expect(writeIgnoreFiles(ws)).toEqual([]);
    expect(readFileSync(path.join(ws, ".gitignore"), "utf8")).toBe(text);
  });

  it("a .gitignore that is a link out of the workspace is not written through", () => {
    const ws = temp();
    const outside = path.join(temp(), "elsewhere");
    writeFileSync(outside, "keep\n");
    symlinkSync(outside, path.join(ws, ".gitignore"));
    expect(() => writeIgnoreFiles(ws)).toThrow(/\.gitignore.*outside the workspace/);
    expect(readFileSync(outside, "utf8")).toBe("keep\n");
  });
});

describe("doctor: what a sync tool could break", () => {
  it("an SQLite file in the workspace, and ignore lines missing in a git repository and a Syncthing folder", async () => {
    const ws = temp();
    write(ws, "MEMORY.md", "# MEMORY\n\n- x\n");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    write(ws, "projects/tracker.sqlite", "SQLite format 3\u0000");
    write(ws, "projects/tracker.sqlite-wal", "");
    git(ws, "init", "-q");
    mkdirSync(path.join(ws, ".stfolder"));
    const problems = syncProblems(ws).map((p) => p.detail);
    expect(problems[0]).toMatch(/SQLite file\(s\) in the workspace: projects\/tracker\.sqlite, projects\/tracker\.sqlite-wal/);
    expect(problems[1]).toMatch(/a git repository but \.gitignore lacks \/\.agent\//);
    expect(problems[2]).toMatch(/a Syncthing folder but \.stignore lacks \/\.agent/);
    const r = await runAgent(["doctor", "--workspace", ws]);
    expect(r.stdout + r.stderr).toMatch(/SQLite file\(s\) in the workspace/);
    expect(r.stdout + r.stderr).toMatch(/run `agent init` in the workspace/);
    // After `agent init` (and the database moved out) the doctor says nothing about sync.
    const init = await runAgent(["init", ws]);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toMatch(/ignore {2}\.gitignore/);
    cleanup(path.join(ws, "projects"));
    expect(syncProblems(ws)).toEqual([]);
    // The engine's own databases never count: they are outside the workspace.
    const idx = await runAgent(["index", "--workspace", ws]);
    expect(idx.code, idx.stderr).toBe(0);
    expect(syncProblems(ws)).toEqual([]);
  });
});

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { linkSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { NOT_READABLE, PathRefusedError, readLines, resolveWorkspaceFile } from "../../src/workspace/safe-read.js";
import { scanWorkspace } from "../../src/workspace/scan.js";
import { Engine } from "../../src/index.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const NO_LINKS = { allowHardLinks: false };

describe("reads on behalf of others do not leak", () => {
  let dir: string;
  let ws: string;
  beforeEach(() => {
    dir = tempDir();
    ws = path.join(dir, "ws");
    write(ws, "MEMORY.md", "# Memory\n\nfine to read\n");
    write(ws, ".agent/state.db", "pretend state");
    write(dir, "outside/secret.txt", "SECRET outside the workspace\n");
  });
  afterEach(() => cleanup(dir));

  const errorOf = (rel: string): Error => {
    try {
      readLines(ws, rel, 1, 200, NO_LINKS);
    } catch (e) {
      return e as Error;
    }
    throw new Error(`${rel} was read`);
  };

  it("refuses a hard link to a file outside the workspace", () => {
    linkSync(path.join(dir, "outside/secret.txt"), path.join(ws, "notes.md"));
    const e = errorOf("notes.md");
    expect(e).toBeInstanceOf(PathRefusedError);
    expect(e.message).toMatch(/2 hard links.*index\.allowHardLinks/);
    expect(e.message).not.toContain("SECRET");
    expect(() => resolveWorkspaceFile(ws, "notes.md", NO_LINKS)).toThrow(PathRefusedError);
    // Also a hard link to the engine's own state.
    linkSync(path.join(ws, ".agent/state.db"), path.join(ws, "state-copy.md"));
    expect(errorOf("state-copy.md").message).toMatch(/hard links/);
  });

  it("serves hard links when the caller says so; the engine says so from index.allowHardLinks", async () => {
    linkSync(path.join(dir, "outside/secret.txt"), path.join(ws, "notes.md"));
    expect(readLines(ws, "notes.md", 1, 10, { allowHardLinks: true }).lines).toEqual(["SECRET outside the workspace"]);
    writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ index: { allowHardLinks: true } }));
    const allowing = Engine.open({ workspace: ws, embedder: null });
    expect((await (await allowing.assist()).readFile("notes.md")).lines).toEqual(["SECRET outside the workspace"]);
    await allowing.close();
    writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ index: { allowHardLinks: false } }));
    const refusing = Engine.open({ workspace: ws, embedder: null });
    await expect((await refusing.assist()).readFile("notes.md")).rejects.toThrow(/hard links/);
    await refusing.close();
  });

  it("answers the same for a missing file, an engine file and a link leading outside (existing or not)", () => {
    symlinkSync(path.join(dir, "outside/secret.txt"), path.join(ws, "to-secret.md"));
    symlinkSync(path.join(dir, "outside/nothing.txt"), path.join(ws, "to-nothing.md"));
    symlinkSync(path.join(ws, ".agent/state.db"), path.join(ws, "to-state.md"));
    symlinkSync(path.join(ws, ".agent/absent.db"), path.join(ws, "to-absent.md"));
    const cases = [
      "memory/1999-01-01.md",
      ".agent/state.db",
      ".agent/absent.db",
      ".agent",
      "./.agent/state.db",
      ".AGENT/state.db",
      path.join(ws, ".agent/state.db"),
      path.join(ws, ".agent/absent.db"),
      "to-secret.md",
      "to-nothing.md",
      "to-state.md",
      "to-absent.md",
    ];
    for (const rel of cases) {
      const e = errorOf(rel);
      expect(e, rel).toBeInstanceOf(PathRefusedError);
      expect(e.message, rel).toBe(`refused "${rel}": ${NOT_READABLE}`);
    }
  });

  it("still reads ordinary files, including through a link inside the workspace", () => {
    mkdirSync(path.join(ws, "memory"));
    symlinkSync(path.join(ws, "MEMORY.md"), path.join(ws, "memory/alias.md"));
    expect(readLines(ws, "MEMORY.md", 1, 200, NO_LINKS).lines).toEqual(["# Memory", "", "fine to read"]);
    expect(readLines(ws, "memory/alias.md", 1, 200, NO_LINKS).rel).toBe("MEMORY.md");
    expect(readLines(ws, path.join(ws, "MEMORY.md"), 1, 200, NO_LINKS).totalLines).toBe(3);
  });
});

describe("the index does not take in hard-linked files", () => {
  let dir: string;
  let ws: string;
  beforeEach(() => {
    dir = tempDir();
    ws = path.join(dir, "ws");
    write(ws, "MEMORY.md", "# Memory\n");
    write(dir, "outside/secret.md", "SECRET outside the workspace\n");
    linkSync(path.join(dir, "outside/secret.md"), path.join(ws, "notes.md"));
  });
  afterEach(() => cleanup(dir));

  it("scanWorkspace skips a file with several hard links, naming the key that allows it", () => {
    const scan = scanWorkspace(ws, NO_LINKS);
    expect(scan.files.map((f) => f.rel)).toEqual(["MEMORY.md"]);
    expect(scan.skipped).toEqual([{ rel: "notes.md", reason: expect.stringMatching(/notes\.md: has 2 hard links .*index\.allowHardLinks/) }]);
    expect(scanWorkspace(ws, { allowHardLinks: true }).files.map((f) => f.rel)).toEqual(["MEMORY.md", "notes.md"]);
  });
});

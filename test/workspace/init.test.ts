import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { initWorkspace } from "../../src/workspace/init.js";
import { cleanup, fingerprint, read, tempDir, write } from "../helpers/workspace.js";

const EXPECTED = ["AGENTS.md", "HEARTBEAT.md", "IDENTITY.md", "MEMORY.md", "SOUL.md", "TOOLS.md", "USER.md"];

describe("initWorkspace", () => {
  let dir = "";
  afterEach(() => cleanup(dir));

  it("creates every template file and an empty memory/ folder", () => {
    dir = tempDir();
    const ws = path.join(dir, "assistant");
    const res = initWorkspace(ws);
    for (const f of EXPECTED) {
      expect(res.created).toContain(f);
      expect(statSync(path.join(ws, f)).size).toBeGreaterThan(50);
    }
    expect(statSync(path.join(ws, "memory")).isDirectory()).toBe(true);
    expect(readdirSync(path.join(ws, "memory"))).toEqual([]);
    expect(read(ws, "SOUL.md")).toMatch(/## Core Identity[\s\S]*## Boundaries[\s\S]*## How I Learn[\s\S]*## Vibe/);
  });

  it("never overwrites: existing files keep their bytes, and a second init changes nothing", () => {
    dir = tempDir();
    write(dir, "SOUL.md", "# My own soul\n\nhand written\n");
    write(dir, "memory/2026-01-02.md", "a note\n");
    const first = initWorkspace(dir);
    expect(first.kept).toEqual(["SOUL.md"]);
    expect(read(dir, "SOUL.md")).toBe("# My own soul\n\nhand written\n");
    const before = fingerprint(dir);
    const second = initWorkspace(dir);
    expect(second.created).toEqual([]);
    expect(second.kept.sort()).toEqual([...EXPECTED, ".agent-workspace", "agent.config.json"].sort());
    expect(second.ignores).toEqual([]);
    expect(fingerprint(dir)).toEqual(before);
    expect(existsSync(path.join(dir, "memory/.keep"))).toBe(false);
  });
});

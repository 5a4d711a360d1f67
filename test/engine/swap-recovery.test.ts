/**
 * A kill -9 in the middle of SOUL.md's compare-and-swap leaves its temp files in .agent/swap/.
 * The next index tidies them: SOUL.md must not stay skipped as a "hard-linked" file, and a
 * SOUL.md that was moved aside must come back.
 */
import { spawnSync } from "node:child_process";
import { existsSync, linkSync, mkdirSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { initWorkspace } from "../../src/workspace/init.js";
import { cleanup, read, tempDir } from "../helpers/workspace.js";

/** The pid of a process that has exited: what a killed swap leaves in its file names. */
function deadPid(): number {
  return spawnSync(process.execPath, ["-e", "0"]).pid!;
}

const SOUL = "# SOUL\n\n## Core Identity\n\n- I keep the person's bluebird-7 notes safe.\n";

describe("recovery of a SOUL.md swap cut short", () => {
  let dir = "";
  afterEach(() => cleanup(dir));

  it("a leftover new-content link is removed, so SOUL.md is indexed again", async () => {
    dir = tempDir();
    initWorkspace(dir);
    writeFileSync(path.join(dir, "SOUL.md"), SOUL);
    const swap = path.join(dir, ".agent/swap");
    mkdirSync(swap, { recursive: true });
    // The swap had linked its temp file to SOUL.md and was killed before removing the temp name.
    linkSync(path.join(dir, "SOUL.md"), path.join(swap, `.SOUL.md.new.${deadPid()}.0a1b2c3d.tmp`));
    const engine = Engine.open({ workspace: dir, embedder: null });
    engine.indexing.index();
    expect(readdirSync(swap)).toEqual([]);
    expect(engine.notices.map((n) => n.message).join("\n")).toMatch(/removed \.SOUL\.md\.new\..* left by an interrupted swap/);
    const res = await engine.search("bluebird-7", { mode: "keyword" });
    expect(res.results.map((r) => r.path)).toEqual(["SOUL.md"]);
    await engine.close();
  });

  it("a SOUL.md moved aside and not yet replaced is put back", async () => {
    dir = tempDir();
    initWorkspace(dir);
    writeFileSync(path.join(dir, "SOUL.md"), SOUL);
    const swap = path.join(dir, ".agent/swap");
    mkdirSync(swap, { recursive: true });
    renameSync(path.join(dir, "SOUL.md"), path.join(swap, `.SOUL.md.old.${deadPid()}.0a1b2c3d.tmp`));
    expect(existsSync(path.join(dir, "SOUL.md"))).toBe(false);
    const engine = Engine.open({ workspace: dir, embedder: null });
    engine.indexing.index();
    expect(read(dir, "SOUL.md")).toBe(SOUL);
    expect(readdirSync(swap)).toEqual([]);
    await engine.close();
  });
});

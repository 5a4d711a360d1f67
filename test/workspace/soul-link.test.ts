/**
 * SOUL.md is public (every session loads it); USER.md is the person's private file. SOUL.md
 * as a link to USER.md (relative or absolute) must neither show USER.md's text to a group
 * session nor let reflection copy it into a SOUL; and `.agent` linked to a folder inside the
 * workspace must not make the engine's own files (the HTTP token, the validated config)
 * readable as workspace files.
 */
import { readFileSync, rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { ScriptedProvider } from "../../src/llm/index.js";
import { readSoul } from "../../src/jobs/reflect/history.js";
import { readLines } from "../../src/workspace/safe-read.js";
import { checkEngineFolder } from "../../src/workspace/guard.js";
import { CUSTOM_SOUL, HOUR, reflectionJson, soulJson, T0, templateWorkspace, writeSession, reflectIn } from "../jobs/reflect/helpers.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const USER = "# USER\n\n- zq-private-user-line: the person's diagnosis.\n";

let ws = "";
beforeEach(() => {
  ws = templateWorkspace(tempDir("agent-soul-link-"));
  write(ws, "SOUL.md", CUSTOM_SOUL);
  write(ws, "USER.md", USER);
});
afterEach(() => cleanup(ws));

function linkSoul(kind: "relative" | "absolute"): void {
  rmSync(path.join(ws, "SOUL.md"));
  symlinkSync(kind === "relative" ? "USER.md" : path.join(ws, "USER.md"), path.join(ws, "SOUL.md"));
}

describe("SOUL.md linked to USER.md", () => {
  for (const kind of ["relative", "absolute"] as const) {
    it(`${kind} link: SOUL.md is not read as USER.md by any front (soul_get, soul://current, the group context)`, async () => {
      linkSoul(kind);
      expect(() => readSoul(ws)).toThrow(/SOUL\.md: a link to USER\.md, a private file/);
      const engine = Engine.open({ workspace: ws, embedder: null });
      try {
        const soul = await engine.soul();
        expect(() => soul.view()).toThrow(/SOUL\.md: a link to USER\.md/);
        expect(() => soul.current()).toThrow(/SOUL\.md: a link to USER\.md/);
        const ctx = await (await engine.assist()).context({ session: "group" });
        expect(JSON.stringify(ctx)).not.toContain("zq-private-user-line");
      } finally {
        await engine.close();
      }
    });

    it(`${kind} link: reflection stops with a clear error; USER.md and the link are untouched`, async () => {
      linkSoul(kind);
      writeSession(ws, "day1", 5, T0 - HOUR);
      const provider = new ScriptedProvider([reflectionJson(), soulJson(CUSTOM_SOUL.replace("- Learned to confirm time zones.", `- Learned to confirm time zones.\n${USER}`))]);
      await expect(reflectIn({ workspace: ws, provider, now: () => T0 })).rejects.toThrow(/SOUL\.md: a link to USER\.md, a private file/);
      expect(readFileSync(path.join(ws, "USER.md"), "utf8")).toBe(USER);
      expect(readFileSync(path.join(ws, "SOUL.md"), "utf8")).toBe(USER);
    });
  }
});

describe(".agent linked to a folder inside the workspace", () => {
  it("the engine refuses to run on it, and a file read never serves the engine's files through the other name", () => {
    write(ws, "engine-data/mcp-http.token", "zq-bearer-token\n");
    write(ws, "engine-data/config.validated.json", "{}\n");
    rmSync(path.join(ws, ".agent"), { recursive: true, force: true });
    symlinkSync("engine-data", path.join(ws, ".agent"));
    expect(() => checkEngineFolder(ws)).toThrow(/\.agent: a link to engine-data/);
    expect(() => Engine.open({ workspace: ws, embedder: null })).toThrow(/\.agent: a link/);
    for (const rel of ["engine-data/mcp-http.token", "engine-data/config.validated.json"]) {
      expect(() => readLines(ws, rel, 1, 10, { allowHardLinks: false })).toThrow(/no such file in the workspace, or not one that can be read here/);
    }
  });
});

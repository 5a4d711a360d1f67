/**
 * What of the bootstrap files reaches the prompt, on a workspace made by `agent init` (the
 * real template): HTML comments are left out, a file still holding only the template's
 * placeholders is left out whole, and a line the person wrote brings the file back.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildContext, loadContextFiles } from "../../src/context/load.js";
import { withoutComments } from "../../src/context/prompt-text.js";
import { initWorkspace } from "../../src/workspace/init.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

let dir = "";
let ws = "";
beforeEach(() => {
  dir = tempDir("agent-prompt-text-");
  ws = path.join(dir, "ws");
  initWorkspace(ws);
});
afterEach(() => cleanup(dir));

const NOW = Date.parse("2026-11-21T12:00:00Z");

describe("bootstrap files in the prompt", () => {
  it("a fresh workspace: no HTML comment, no untouched IDENTITY/USER/MEMORY/HEARTBEAT template; SOUL, AGENTS, TOOLS stay", () => {
    const files = loadContextFiles(ws, { now: NOW, timeZone: "UTC" });
    expect(files.untouched).toEqual(["IDENTITY.md", "USER.md", "HEARTBEAT.md", "MEMORY.md"]);
    const built = buildContext(ws, { now: NOW, timeZone: "UTC", session: "main", perFileChars: 4000, totalChars: 16000 });
    const text = built.text;
    // Left out, not called missing: the report says why.
    for (const name of ["IDENTITY.md", "USER.md", "HEARTBEAT.md", "MEMORY.md"]) {
      expect(text).not.toContain(`## ${name}`);
      expect(built.report.entries.find((e) => e.path === name)).toMatchObject({ status: "template", reason: expect.stringMatching(/template's placeholders/) });
    }
    for (const kept of ["SOUL.md", "AGENTS.md", "TOOLS.md"]) expect(built.report.included, kept).toContain(kept);
    expect(text).not.toContain("[MISSING]");
    expect(text).not.toMatch(/<!--(?!\s*\/?\s*locked)/);
    expect(text).not.toContain("Add a task as a line or a");
    expect(text).not.toContain("- Name:");
    // The lock markers stay: they say which SOUL lines reflection never changes.
    expect(text).toContain("<!-- locked -->");
  });

  it("a line the person wrote brings the file back, its comments still left out", () => {
    writeFileSync(path.join(ws, "IDENTITY.md"), "# IDENTITY\n\n<!-- fill in below -->\n- Name: Kai\n- Voice: warm, direct, brief\n");
    writeFileSync(path.join(ws, "HEARTBEAT.md"), "# HEARTBEAT\n\n<!--\nhow this works\n-->\n\n## Checks\n\n- [ ] Remind me of the dentist.\n");
    const files = loadContextFiles(ws, { now: NOW, timeZone: "UTC" });
    expect(files.untouched).toEqual(["USER.md", "MEMORY.md"]);
    expect(files.bootstrap["IDENTITY.md"]).toBe("# IDENTITY\n\n- Name: Kai\n- Voice: warm, direct, brief\n");
    expect(files.bootstrap["HEARTBEAT.md"]).toBe("# HEARTBEAT\n\n## Checks\n\n- [ ] Remind me of the dentist.\n");
  });

  it("withoutComments keeps the lock markers and the text around a comment", () => {
    expect(withoutComments("a <!-- x --> b\n<!-- locked -->\nc\n<!-- /locked -->\n")).toBe("a  b\n<!-- locked -->\nc\n<!-- /locked -->\n");
  });
});

/**
 * A key kept in a daily note, through the real `claude` binary: the person asks about
 * something else in that note, the UserPromptSubmit hook injects the note, and no request
 * Claude Code sends to the model holds the key. The injection says a key is there, by name.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { claudeProject } from "../helpers/claude-project.js";
import { missingHarness } from "../helpers/harness.js";
import { startModelServer, type ModelServer } from "../helpers/model-server.js";
import { titled } from "../helpers/needs.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

const why = missingHarness("claude-code");
// In pieces, so the test file itself holds no key a scanner would flag.
const KEY = "AKIA" + "QX4TZ7RM2W9PLK3V";
const EXAMPLE = "AKIA" + "IOSFODNN7EXAMPLE";
const NOTE = `# 2026-11-29\n\n- Moved the backup script to the NAS; it runs at 02:00 every night.\n- aws key for the backup script: ${KEY} (rotate!)\n- old key was ${EXAMPLE}\n`;

describe.skipIf(why !== undefined)(titled("a key in a note, asked about with Claude Code", why), () => {
  let root = "";
  let server: ModelServer | undefined;
  afterAll(async () => {
    await server?.close();
    cleanup(root);
  });

  it("reaches no request to the model; the injected note shows the placeholder", async () => {
    root = tempDir("agent-claude-secret-");
    server = await startModelServer(() => "It runs at 02:00.");
    const { ws, turn } = await claudeProject(root, { "memory/2026-11-29.md": NOTE }, server);
    expect((await turn(["-p", "when does the backup script run on the NAS?"])).code).toBe(0);

    expect(server.requests.length).toBeGreaterThan(0);
    const sent = server.all.map((q) => q.raw).join("\n");
    // The hook did inject the note (its other lines are there), with the key's line redacted.
    expect(sent).toContain("runs at 02:00 every night");
    expect(sent).toContain("[redacted: aws access key]");
    expect(sent).not.toContain(KEY);
    expect(sent).not.toContain(EXAMPLE);
    // The person's note is as they wrote it.
    expect(readFileSync(path.join(ws, "memory/2026-11-29.md"), "utf8")).toBe(NOTE);
  }, 400_000);
});

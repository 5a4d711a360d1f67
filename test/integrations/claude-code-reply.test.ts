/**
 * A change said only in answer to the assistant, through the real `claude` binary: Claude Code
 * asks whether a value the person wrote down still holds, the person says no and gives the new
 * one. The captured turns say who said what; search puts the conversation first and marks the
 * note as replaced by the person's turn (not by the assistant's question).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseSessionText } from "../../src/workspace/sessions.js";
import { claudeProject } from "../helpers/claude-project.js";
import { missingHarness } from "../helpers/harness.js";
import { startModelServer, type ModelServer } from "../helpers/model-server.js";
import { titled } from "../helpers/needs.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

const why = missingHarness("claude-code");

describe.skipIf(why !== undefined)(titled("a no to Claude Code's question", why), () => {
  let root = "";
  let server: ModelServer | undefined;
  afterAll(async () => {
    await server?.close();
    cleanup(root);
  });

  it("replaces the note the question named, by the person's turn", async () => {
    root = tempDir("agent-claude-reply-");
    // What a small model sends: the question, then a bare acknowledgement.
    server = await startModelServer((q) => (q.raw.includes("4471") ? "OK, noted." : "Is the yard gate code still 2580?"));
    const { ws, agent, turn } = await claudeProject(root, { "memory/2026-11-20.md": "# 2026-11-20\n\n- The yard gate code is 2580.\n- Picked up the trailer from Daventry.\n" }, server);
    expect((await turn(["-p", "I need to get into the yard tonight"])).code).toBe(0);
    expect((await turn(["-p", "--continue", "no, it's 4471 now"])).code).toBe(0);

    const files = readdirSync(path.join(ws, "sessions")).filter((f) => f.startsWith("claude-code-"));
    expect(files).toHaveLength(1);
    const session = `sessions/${files[0]!}`;
    const turns = parseSessionText("t", readFileSync(path.join(ws, session), "utf8")).turns;
    expect(turns.map((t) => [t.role, t.content])).toEqual([
      ["user", "I need to get into the yard tonight"],
      ["assistant", "Is the yard gate code still 2580?"],
      ["user", "no, it's 4471 now"],
      ["assistant", "OK, noted."],
    ]);

    const s = await agent(["search", "what's the yard gate code", "-w", ws, "--json"]);
    expect(s.code).toBe(0);
    const results = (JSON.parse(s.stdout) as { results: { path: string; supersededBy?: { path: string; line: number } }[] }).results;
    expect(results[0]!.path).toBe(session);
    const note = results.find((r) => r.path === "memory/2026-11-20.md");
    // Line 3 of the transcript is the person's "no", not the assistant's question (line 2).
    expect(note?.supersededBy).toMatchObject({ path: session, line: 3 });
  }, 400_000);
});

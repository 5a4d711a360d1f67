import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runAgent } from "../helpers/cli.js";
import { startFakeOllama, type FakeOllama } from "../helpers/fake-ollama.js";
import { cleanup, read, tempDir } from "../helpers/workspace.js";

/**
 * `agent summarize` through the built CLI in a child process, against a stand-in Ollama
 * daemon on 127.0.0.1 that answers like a small local model (prose, a fence, a trailing comma).
 */

let ollama: FakeOllama;
beforeAll(async () => {
  ollama = await startFakeOllama(() => 'Okay!\n```json\n{"summary": "They asked for the budget thread: rent is up 5% [t2].", "topics": ["budget",]}\n```');
});
afterAll(async () => {
  await ollama.close();
});

const agent = (args: string[]) => runAgent(args, { OLLAMA_HOST: ollama.host });
let dir = "";
let ws = "";
beforeEach(async () => {
  dir = tempDir("agent-summarize-cli-");
  ws = path.join(dir, "assistant");
  expect((await agent(["init", ws])).code).toBe(0);
  ollama.chats.length = 0;
});
afterEach(() => cleanup(dir));

describe("agent summarize", () => {
  it("--dry-run says what it would write; --session writes the summary; agent jobs lists the run", async () => {
    for (const [role, text] of [["user", "Summarise the budget thread?"], ["assistant", "Rent is up 5%."], ["user", "Thanks."]] as const) {
      expect((await agent(["log", "--workspace", ws, "--session", "chat-1", "--role", role, text])).code).toBe(0);
    }
    const still = await agent(["summarize", "--workspace", ws, "--model", "good", "--dry-run"]);
    expect(still.code, still.stderr).toBe(0);
    expect(still.stdout).toBe("0 summaries to write; 1 skipped, still going: written to within reflection.summaryIdle; nothing was written\n");

    const dry = await agent(["summarize", "--workspace", ws, "--model", "good", "--session", "chat-1", "--dry-run"]);
    expect(dry.stdout).toBe("would write sessions/chat-1.summary.md (3 messages)\n1 summary to write; nothing was written\n");
    expect(ollama.chats).toHaveLength(0);
    expect(existsSync(path.join(ws, "sessions/chat-1.summary.md"))).toBe(false);

    const r = await agent(["summarize", "--workspace", ws, "--model", "good", "--session", "chat-1"]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("wrote sessions/chat-1.summary.md (3 messages)\n1 summary written\n");
    expect(read(ws, "sessions/chat-1.summary.md")).toContain("They asked for the budget thread: rent is up 5% [t2].");

    const jobs = JSON.parse((await agent(["jobs", "--workspace", ws, "--job", "summarize", "--json"])).stdout) as { runs: { job: string; outcome: string; reason: string }[] };
    expect(jobs.runs).toMatchObject([{ job: "summarize", outcome: "ok", reason: "wrote 1 summary" }]);

    const none = await agent(["summarize", "--workspace", ws, "--model", "good", "--session", "nope"]);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/there is no conversation "nope" in sessions\//);
  });
});

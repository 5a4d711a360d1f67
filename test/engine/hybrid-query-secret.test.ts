/**
 * A key typed into a hybrid search never reaches the embedding model (an Ollama server may be
 * another machine) nor the engine's memory of query vectors: the query is redacted first, its
 * placeholder is embedded, and the search still finds the note by its meaning. With the real
 * USE-lite model on a real, embedded workspace; the model's calls are watched on its class,
 * beneath everything the engine wraps around it.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { placeholder } from "../../src/shared/redact.js";
import { embeddedWorkspace, watchQueryEmbeds } from "../helpers/embedded-workspace.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

const KEY = "sk-proj-Qw7Zt2Lm9Xv4Rb8Nc5Hj3Kp6";

describe("a key in a hybrid query", { timeout: 180_000 }, () => {
  let dir = "";
  afterEach(() => {
    vi.restoreAllMocks();
    cleanup(dir);
  });

  it("is redacted before the model sees it and before it is remembered; the search still answers by meaning", async () => {
    dir = tempDir("agent-hybrid-secret-");
    const ws = await embeddedWorkspace(dir, { "memory/2025-03-20.md": "# Keys\n\nThe deploy key for the billing service lives in the password manager, rotated monthly.\n" });
    const queries = watchQueryEmbeds();
    const engine = await Engine.load({ workspace: ws });
    try {
      const typed = `where does the deploy key for billing live ${KEY}`;
      const answer = await engine.search(typed);
      expect(answer.mode).toBe("hybrid");
      expect(answer.results[0]?.path).toBe("memory/2025-03-20.md");
      expect(queries.length).toBe(1);
      expect(queries.join("\n")).not.toContain(KEY);
      expect(queries[0]).toContain(placeholder("openai key"));
      // The same query with its placeholder typed is the one already remembered: no second model call.
      const shown = `where does the deploy key for billing live ${placeholder("openai key")}`;
      const again = await engine.search(shown);
      expect(queries.length).toBe(1);
      expect(again.results[0]?.path).toBe("memory/2025-03-20.md");
      // A direct query call on the engine's embedder (the recall job's way) is redacted too.
      const sel = await engine.embedder();
      await sel.embedder!.embed([`canoe ${KEY}`], { kind: "query" });
      expect(queries.join("\n")).not.toContain(KEY);
    } finally {
      await engine.close();
    }
  });
});

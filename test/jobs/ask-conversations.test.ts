import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runAsk, type AskTool } from "../../src/jobs/ask/loop.js";
import { ScriptedProvider } from "../../src/llm/scripted.js";
import { LLMError } from "../../src/llm/types.js";
import { ConversationStore } from "../../src/store/conversations.js";
import type { DB } from "../../src/store/open.js";
import { cleanup, tempDir } from "../helpers/workspace.js";
import { stateDb } from "./deps.js";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const call = (tool: string, args: Record<string, unknown>) => JSON.stringify({ tool, args });
const answer = (text: string) => JSON.stringify({ answer: text, citations: [{ path: "notes/a.md", startLine: 1, endLine: 3 }] });
const found: AskTool = {
  name: "search",
  run: async (args) => ({ text: `1. notes/a.md:1-3 about ${String(args.query)}`, sources: [{ path: "notes/a.md", startLine: 1, endLine: 3 }], empty: false }),
};

let ws = "";
let db: DB;
let store: ConversationStore;
let t = NOW;
const now = () => (t += 1000);
beforeEach(() => {
  ws = tempDir("agent-ask-conv-");
  db = stateDb(ws);
  store = new ConversationStore(db);
});
afterEach(() => {
  db.close();
  cleanup(ws);
});

const ask = (provider: ScriptedProvider, question: string, more: { session?: string; fork?: boolean; signal?: AbortSignal } = {}) =>
  runAsk({ question, provider, tools: [found], store, today: "2026-11-21", now, ...more });

describe("ask conversations are all or nothing", () => {
  it("a question whose model call fails leaves no conversation, not even the question", async () => {
    const provider = new ScriptedProvider([call("search", { query: "fridge" }), new LLMError("unreachable", "ollama is not running")]);
    await expect(ask(provider, "Which fridge supplier?")).rejects.toThrow("ollama is not running");
    expect(store.list()).toEqual([]);
    expect((db.prepare("SELECT count(*) AS n FROM conversation_messages").get() as { n: number }).n).toBe(0);
  });

  it("a cancelled question leaves nothing either", async () => {
    const ac = new AbortController();
    const provider = new ScriptedProvider([
      (req) =>
        new Promise<string>((_, reject) => {
          req.signal!.addEventListener("abort", () => reject(new LLMError("cancelled", "scripted completion was cancelled")));
          ac.abort();
        }),
    ]);
    await expect(ask(provider, "Anything?", { signal: ac.signal })).rejects.toThrow("cancelled");
    expect(store.list()).toEqual([]);
  });

  it("a failed follow-up or fork leaves the conversation exactly as it was; a good one is written whole", async () => {
    const first = await ask(new ScriptedProvider([call("search", { query: "fridge" }), answer("Kühlmann.")]), "Which fridge supplier?");
    const before = { conv: store.get(first.conversationId), messages: store.messages(first.conversationId) };
    expect(before.messages.map((m) => m.kind)).toEqual(["question", "tool-call", "tool-result", "answer"]);
    const down = () => new ScriptedProvider([call("search", { query: "why" }), new Error("model crashed")]);
    await expect(ask(down(), "Why?", { session: first.conversationId })).rejects.toThrow("model crashed");
    await expect(ask(down(), "Why?", { session: first.conversationId, fork: true })).rejects.toThrow("model crashed");
    expect({ conv: store.get(first.conversationId), messages: store.messages(first.conversationId) }).toEqual(before);
    expect(store.list().map((c) => c.id)).toEqual([first.conversationId]);

    const next = await ask(new ScriptedProvider([answer("The warranty.")]), "Why?", { session: first.conversationId });
    expect(store.messages(next.conversationId).map((m) => m.kind)).toEqual(["question", "tool-call", "tool-result", "answer", "question", "answer"]);
    // Messages keep the time they happened, not the time they were written.
    const times = store.messages(next.conversationId).map((m) => m.createdAt);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(times.length);
  });
});

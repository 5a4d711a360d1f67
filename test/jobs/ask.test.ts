import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { askQuestion, listConversations, type AskQuestionInput } from "../../src/jobs/ask/index.js";
import { runAsk, type AskTool } from "../../src/jobs/ask/loop.js";
import { ASK_ANSWER_SCHEMA, askReplySchema, parseAskReply, parseCitations } from "../../src/jobs/ask/protocol.js";
import { ScriptedProvider } from "../../src/llm/scripted.js";
import type { CompletionRequest } from "../../src/llm/types.js";
import { ConversationStore } from "../../src/store/conversations.js";
import { LLMError } from "../../src/llm/types.js";
import { bootContext } from "../../src/context/boot/sources.js";
import { jobsConfig, stateDb } from "./deps.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const call = (tool: string, args: Record<string, unknown>) => JSON.stringify({ tool, args });
const answer = (text: string, citations: { path: string; startLine: number; endLine: number }[] = []) => JSON.stringify({ answer: text, citations });
const lastUser = (r: CompletionRequest) => [...r.messages].reverse().find((m) => m.role === "user")?.content ?? "";

describe("parseAskReply", () => {
  it("reads tool calls and answers, also wrapped in fences or prose", () => {
    expect(parseAskReply('{"tool":"search","args":{"query":"fridge"}}')).toEqual({ kind: "tool", tool: "search", args: { query: "fridge" } });
    expect(parseAskReply('Sure!\n```json\n{"tool": "Get", "args": {"path": "a.md", "from": 1, "lines": 5}}\n```')).toEqual({
      kind: "tool",
      tool: "get",
      args: { path: "a.md", from: 1, lines: 5 },
    });
    expect(parseAskReply('{"name":"search","arguments":"{\\"query\\":\\"x\\"}"}')).toEqual({ kind: "tool", tool: "search", args: { query: "x" } });
    expect(parseAskReply('{"tool":"search","query":"flat args"}')).toEqual({ kind: "tool", tool: "search", args: { query: "flat args" } });
    expect(parseAskReply('{"answer":" It was Kühlmann. ","citations":["memory/a.md:3-5",{"file":"b.md","lines":"7"}]}')).toEqual({
      kind: "answer",
      answer: "It was Kühlmann.",
      citations: [
        { path: "memory/a.md", startLine: 3, endLine: 5 },
        { path: "b.md", startLine: 7, endLine: 7 },
      ],
    });
  });

  it("says why a reply is unusable instead of throwing", () => {
    expect(parseAskReply("I think it was Tuesday.")).toMatchObject({ kind: "invalid" });
    expect(parseAskReply('{"thoughts": "hmm"}')).toMatchObject({ kind: "invalid", reason: expect.stringContaining("neither") });
    expect(parseAskReply('{"tool":"search","args":[1]}')).toMatchObject({ kind: "invalid" });
    expect(parseAskReply("{not json} {\"answer\":\"ok\"}")).toMatchObject({ kind: "answer", answer: "ok" });
    expect(parseCitations([{ path: "x.md", startLine: 9, endLine: 2 }, { nope: 1 }, 7])).toEqual([{ path: "x.md", startLine: 9, endLine: 9 }]);
  });

  it("the reply schema offers exactly the given tools and the answer, never ask", () => {
    const s = askReplySchema(["search", "get", "boot", "daily"]) as { oneOf: { properties: { tool?: { const: string } } }[] };
    expect(s.oneOf.map((o) => o.properties.tool?.const ?? "answer")).toEqual(["search", "get", "boot", "daily", "answer"]);
    expect(JSON.stringify(s)).not.toContain('"ask"');
  });
});

describe("askQuestion over a workspace (scripted model)", () => {
  let ws = "";
  let engine: Engine | null = null;
  afterEach(() => {
    engine?.close();
    engine = null;
    cleanup(ws);
  });

  function setup(config: Record<string, unknown> = {}): Engine {
    ws = tempDir();
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" }, ...config }));
    write(ws, "memory/2025-03-02.md", "# 2025-03-02\n\n## Pharmacy\n\nWe chose the fridge supplier Kühlmann because of the warranty. project:: pharmacy\n");
    write(ws, "memory/2026-11-21.md", "# 2026-11-21\n\n- Called Ana about dinner.\n");
    let t = NOW;
    engine = Engine.open({ workspace: ws, now: () => (t += 1000), embedder: null });
    return engine;
  }

  /** askQuestion as the engine calls it: its search and boot, the `ask` config, the state database. */
  async function ask(e: Engine, input: Pick<AskQuestionInput, "provider" | "question" | "session" | "fork">) {
    const db = stateDb(ws);
    const cfg = jobsConfig(ws);
    try {
      return await askQuestion({
        workspace: ws,
        db,
        config: cfg.ask,
        ...(cfg.context.timeZone !== undefined ? { timeZone: cfg.context.timeZone } : {}),
        now: e.now,
        search: (q, o) => e.search(q, o),
        boot: (q, o) => bootContext(e, q, o),
        allowHardLinks: false,
        ...input,
      });
    } finally {
      db.close();
    }
  }

  function conversations() {
    const db = stateDb(ws);
    try {
      return listConversations(db);
    } finally {
      db.close();
    }
  }

  function conversation(id: string) {
    const db = stateDb(ws);
    try {
      const store = new ConversationStore(db);
      return { conv: store.get(id), messages: store.messages(id) };
    } finally {
      db.close();
    }
  }

  it("loops over the tools and answers with citations it was shown; invented ones are dropped", async () => {
    const e = setup();
    const provider = new ScriptedProvider([
      call("search", { query: "fridge supplier" }),
      (r) => {
        expect(lastUser(r)).toMatch(/^Result of search \{"query":"fridge supplier"\}:\n1\. memory\/2025-03-02\.md:1-5 \(2025-03-02\)/);
        return call("get", { path: "memory/2025-03-02.md", from: 5, lines: 1 });
      },
      (r) => {
        expect(lastUser(r)).toContain("5| We chose the fridge supplier Kühlmann");
        return answer("You chose Kühlmann, for the warranty.", [
          { path: "memory/2025-03-02.md", startLine: 5, endLine: 5 },
          { path: "memory/2024-01-01.md", startLine: 1, endLine: 2 },
        ]);
      },
    ]);
    const r = await ask(e, { provider, question: "Which fridge supplier did we pick?" });
    expect(r).toMatchObject({ status: "answered", answer: "You chose Kühlmann, for the warranty.", resumed: false, modelCalls: 3 });
    expect(r.citations).toEqual([{ path: "memory/2025-03-02.md", startLine: 5, endLine: 5 }]);
    expect(r.warnings).toEqual([expect.stringContaining("memory/2024-01-01.md:1-2 dropped")]);
    expect(r.toolCalls.map((c) => [c.tool, c.ok])).toEqual([["search", true], ["get", true]]);
    expect(r.queries).toEqual(["fridge supplier"]);
    expect(r.conversationId).toMatch(/^ask-20261121-[0-9a-f]{6}$/);
    expect(provider.remaining).toBe(0);

    // The model was told the date, offered four tools (never ask), and constrained to JSON.
    const first = provider.calls[0]!;
    expect(first.system).toContain("Today is 2026-11-21.");
    for (const t of ["search", "get", "boot", "daily"]) expect(first.system).toContain(`- ${t}: `);
    expect(first.system).not.toMatch(/- ask: /);
    expect(first.jsonSchema).toEqual(askReplySchema(["search", "get", "boot", "daily"]));
    expect(first.messages).toEqual([{ role: "user", content: "Question: Which fridge supplier did we pick?" }]);

    const { conv, messages } = conversation(r.conversationId);
    expect(conv).toMatchObject({ title: "Which fridge supplier did we pick?", forkedFrom: null, messages: 6 });
    expect(messages.map((m) => m.kind)).toEqual(["question", "tool-call", "tool-result", "tool-call", "tool-result", "answer"]);
    expect(messages[5]!.data).toEqual({ status: "answered", citations: r.citations });
    expect(messages[0]!.createdAt).toBeGreaterThan(NOW);
  });

  it("resumes a conversation by id (earlier answers replayed) and forks it into a new id", async () => {
    const e = setup();
    const first = await ask(e, {
      provider: new ScriptedProvider([call("daily", { date: "today" }), answer("You called Ana about dinner.", [{ path: "memory/2026-11-21.md", startLine: 3, endLine: 3 }])]),
      question: "What did I do today?",
    });
    expect(first.citations).toEqual([{ path: "memory/2026-11-21.md", startLine: 3, endLine: 3 }]);

    const resumeModel = new ScriptedProvider([
      // Citing a file only an earlier answer showed is fine.
      answer("Yes: Ana, about dinner.", [{ path: "memory/2026-11-21.md", startLine: 3, endLine: 3 }]),
    ]);
    const resumed = await ask(e, { provider: resumeModel, question: "Was it Ana?", session: first.conversationId });
    expect(resumed).toMatchObject({ conversationId: first.conversationId, resumed: true, status: "answered", citations: [{ path: "memory/2026-11-21.md", startLine: 3, endLine: 3 }] });
    expect(resumeModel.calls[0]!.messages).toEqual([
      { role: "user", content: "Question: What did I do today?" },
      { role: "assistant", content: answer("You called Ana about dinner.", [{ path: "memory/2026-11-21.md", startLine: 3, endLine: 3 }]) },
      { role: "user", content: "Question: Was it Ana?" },
    ]);
    const before = conversation(first.conversationId).messages.length;
    expect(before).toBe(6); // question, call, result, answer, question, answer

    const forkModel = new ScriptedProvider([answer("In the fork.")]);
    const forked = await ask(e, { provider: forkModel, question: "And tomorrow?", session: first.conversationId, fork: true });
    expect(forked.conversationId).not.toBe(first.conversationId);
    expect(forked.forkedFrom).toBe(first.conversationId);
    expect(forkModel.calls[0]!.messages.map((m) => m.content)).toEqual([
      "Question: What did I do today?",
      expect.stringContaining("You called Ana"),
      "Question: Was it Ana?",
      expect.stringContaining("Yes: Ana"),
      "Question: And tomorrow?",
    ]);
    // The original is untouched; the fork holds a copy plus its own turn.
    expect(conversation(first.conversationId).messages).toHaveLength(before);
    const f = conversation(forked.conversationId);
    expect(f.conv).toMatchObject({ forkedFrom: first.conversationId, messages: before + 2 });
    expect(conversations().map((c) => c.id).sort()).toEqual([first.conversationId, forked.conversationId].sort());

    await expect(ask(e, { provider: new ScriptedProvider([]), question: "x", session: "ask-nope" })).rejects.toThrow(/no conversation "ask-nope"/);
    await expect(ask(e, { provider: new ScriptedProvider([]), question: "x", fork: true })).rejects.toThrow(/--fork needs --session/);
  });

  it("a question that fails leaves no conversation behind; a failed follow-up or fork leaves the conversation as it was", async () => {
    const e = setup();
    const down = () => new ScriptedProvider([call("search", { query: "fridge" }), new LLMError("unreachable", "ollama is not running")]);
    await expect(ask(e, { provider: down(), question: "Which fridge supplier?" })).rejects.toThrow("ollama is not running");
    expect(conversations()).toEqual([]);

    const first = await ask(e, { provider: new ScriptedProvider([answer("Kühlmann.")]), question: "Which fridge supplier?" });
    const before = conversation(first.conversationId);
    expect(before.messages).toHaveLength(2);
    await expect(ask(e, { provider: down(), question: "And why?", session: first.conversationId })).rejects.toThrow("ollama is not running");
    await expect(ask(e, { provider: down(), question: "And why?", session: first.conversationId, fork: true })).rejects.toThrow("ollama is not running");
    expect(conversation(first.conversationId)).toEqual(before);
    expect(conversations().map((c) => c.id)).toEqual([first.conversationId]);
  });

  it("stops early after three searches that find nothing, answering not found with the queries tried", async () => {
    const e = setup();
    const provider = new ScriptedProvider([
      call("search", { query: "zebra quartz" }),
      call("daily", { date: "2026-11-20" }),
      call("search", { query: "xylophone" }),
      call("search", { query: "plumbus invoice" }),
    ]);
    const r = await ask(e, { provider, question: "When did I buy the plumbus?" });
    expect(r.status).toBe("not-found");
    expect(r.answer).toBe('Not found: I searched your notes and conversations for "zebra quartz", "xylophone" and "plumbus invoice" and found nothing relevant.');
    expect(r.citations).toEqual([]);
    expect(r.modelCalls).toBe(4); // no further model call after the third empty search
    expect(r.toolCalls.map((c) => [c.tool, c.empty])).toEqual([["search", true], ["daily", undefined], ["search", true], ["search", true]]);
    expect(provider.remaining).toBe(0);
  });

  it("never recurses: an ask call is an error result, and ask is not offered even when passed in", async () => {
    const e = setup();
    const provider = new ScriptedProvider([
      call("ask", { question: "same question again" }),
      (r) => {
        expect(lastUser(r)).toContain('Error: there is no tool "ask". Available tools: search, get, boot, daily.');
        return answer("I could not find it.");
      },
    ]);
    const r = await ask(e, { provider, question: "Anything?" });
    expect(r.status).toBe("answered");
    expect(r.toolCalls).toEqual([{ tool: "ask", args: { question: "same question again" }, ok: false, summary: expect.stringContaining("no tool") }]);

    let nested = 0;
    const sneaky = { name: "ask", run: async () => ((nested += 1), { text: "recursed", sources: [] }) } as unknown as AskTool;
    const p2 = new ScriptedProvider([call("ask", {}), answer("done")]);
    const r2 = await runAsk({ question: "q", provider: p2, tools: [sneaky], today: "2026-11-21", now: () => NOW });
    expect(nested).toBe(0);
    expect(r2.toolCalls[0]!.ok).toBe(false);
    expect(p2.calls[0]!.jsonSchema).toEqual(ASK_ANSWER_SCHEMA); // no tools left to offer
  });

  it("asks the model to repair an unreadable reply once, then uses plain text as the answer", async () => {
    const e = setup();
    const fixed = await ask(e, {
      provider: new ScriptedProvider([
        "Let me think about it.",
        (r) => {
          expect(lastUser(r)).toMatch(/could not be used \(the reply is not a JSON object\)/);
          return answer("Fixed.");
        },
      ]),
      question: "q1",
    });
    expect(fixed).toMatchObject({ status: "answered", answer: "Fixed.", modelCalls: 2 });
    const plain = await ask(e, { provider: new ScriptedProvider(["Not JSON.", "Still prose: it was Tuesday."]), question: "q2" });
    expect(plain).toMatchObject({ status: "answered", answer: "Still prose: it was Tuesday.", citations: [] });
    expect(plain.warnings[0]).toMatch(/did not answer in JSON/);
  });
});

describe("runAsk budget guard", () => {
  const found: AskTool = {
    name: "search",
    run: async (args) => ({ text: `1. notes/a.md:1-3 about ${String(args.query)}`, sources: [{ path: "notes/a.md", startLine: 1, endLine: 3 }], empty: false }),
  };

  it("after maxToolCalls only an answer is accepted; a further tool call ends with a budget answer", async () => {
    const provider = new ScriptedProvider([
      call("search", { query: "a" }),
      call("search", { query: "b" }),
      (r) => {
        expect(r.jsonSchema).toEqual(ASK_ANSWER_SCHEMA);
        expect(lastUser(r)).toMatch(/You have used all 2 tool calls\. Answer now/);
        return call("search", { query: "c" });
      },
    ]);
    const r = await runAsk({ question: "q", provider, tools: [found], budget: { maxToolCalls: 2 }, today: "2026-11-21", now: () => NOW });
    expect(r.status).toBe("budget");
    expect(r.toolCalls).toHaveLength(2);
    expect(r.answer).toMatch(/all 2 tool calls are used\. Searched for: "a", "b"\.\nPlaces that may hold it:\n- notes\/a\.md:1-3/);
    expect(r.citations).toEqual([{ path: "notes/a.md", startLine: 1, endLine: 3 }]);
  });

  it("the forced turn may still answer properly", async () => {
    const provider = new ScriptedProvider([call("search", { query: "a" }), answer("From a.", [{ path: "notes/a.md", startLine: 1, endLine: 3 }])]);
    const r = await runAsk({ question: "q", provider, tools: [found], budget: { maxToolCalls: 1 }, today: "2026-11-21", now: () => NOW });
    expect(r).toMatchObject({ status: "answered", answer: "From a.", citations: [{ path: "notes/a.md", startLine: 1, endLine: 3 }] });
  });

  it("stops when the token budget is spent, without another model call", async () => {
    const provider = new ScriptedProvider([
      { text: call("search", { query: "a" }), promptTokens: 500, completionTokens: 20 },
      { text: call("search", { query: "b" }), promptTokens: 700, completionTokens: 20 },
      answer("never reached"),
    ]);
    const r = await runAsk({ question: "q", provider, tools: [found], budget: { maxTokens: 1000 }, today: "2026-11-21", now: () => NOW });
    expect(r.status).toBe("budget");
    expect(r.tokens).toBe(1240);
    expect(r.modelCalls).toBe(2);
    expect(r.answer).toMatch(/token budget \(1000\)/);
    expect(provider.remaining).toBe(1);
  });

  it("records nothing without a store and still works", async () => {
    const r = await runAsk({ question: "q", provider: new ScriptedProvider([answer("ok")]), tools: [found], today: "2026-11-21", newId: () => "fixed-id" });
    expect(r).toMatchObject({ conversationId: "fixed-id", status: "answered", answer: "ok" });
  });
});

/**
 * The LLM rerank stage: prompt, reply parsing (on replies shaped like what 1-8 B local models
 * send), the reordering, and the engine's search with it, on a real indexed workspace.
 */
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { estimatePromptTokens } from "../../src/llm/context.js";
import { LlamaCppProvider } from "../../src/llm/llama-cpp.js";
import { LLMError, type CompletionRequest } from "../../src/llm/types.js";
import { ScriptedProvider } from "../../src/llm/scripted.js";
import { parseQuery } from "../../src/search/query/query.js";
import { applyGrades, buildRerankRequest, parseRerankReply, rerankResponse, type Grade, type RerankInfo } from "../../src/search/rerank/rerank.js";
import { initWorkspace } from "../../src/workspace/init.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { missing, titled } from "../helpers/needs.js";

const NEEDS_GGUF_STORIES260K = missing("gguf", "shared/models/stories260K.gguf");

type Answer = { results: { path: string; date: string | null; heading: string; snippet: string; text?: string; grade?: Grade }[]; reason?: string; rerank?: RerankInfo };

const grades = (text: string, count = 3): Record<number, Grade> | string => {
  const r = parseRerankReply(text, count);
  return r.ok ? Object.fromEntries(r.grades) : r.reason;
};

/** A question as the search plan hands it to the reranker. */
const ask = (text: string) => ({ text, words: parseQuery(text).words });

describe("the rerank prompt", () => {
  const passages = [
    { path: "memory/2026-11-20.md", date: "2026-11-20", heading: "Infra", snippet: "…Postgres…", text: "We decided to use Postgres for the database." },
    {
      path: "MEMORY.md",
      date: null,
      heading: "",
      snippet: "short snippet",
      text: `${"Filler sentence about the garden. ".repeat(30)}The database is Postgres, chosen in May. ${"More filler about lunch. ".repeat(30)}`,
    },
    { path: "notes/x.md", date: null, heading: "X", snippet: "only the snippet" },
  ];

  it("numbers every passage with where it is from, cuts long ones, asks for JSON under a schema", () => {
    const req = buildRerankRequest(ask("what did we decide about the database?"), passages, { maxPassageChars: 200 });
    const user = req.messages[0]!.content;
    expect(user).toMatch(/^Question: what did we decide about the database\?/);
    expect(user).toContain("[1] (memory/2026-11-20.md · 2026-11-20 · Infra)\nWe decided to use Postgres for the database.");
    expect(user).toContain("[2] (MEMORY.md)\n");
    // The 1,800-character passage is cut to whole sentences around the one about the question.
    const second = user.slice(user.indexOf("[2]"), user.indexOf("[3]"));
    expect(second.length).toBeLessThan(200 + 40);
    expect(second).toContain("The database is Postgres, chosen in May.");
    expect(second).toMatch(/\n[A-Z][^\n]*\.\n\n$/);
    // A result without its text: the snippet is what the model reads.
    expect(user).toContain("[3] (notes/x.md · X)\nonly the snippet");
    expect(user).toMatch(/Grade all 3 passages\.$/);
    expect(req.system).toMatch(/2 = it answers/);
    expect(req.jsonSchema).toMatchObject({ required: ["grades"], properties: { grades: { minItems: 3, maxItems: 3, items: { properties: { id: { enum: [1, 2, 3] } } } } } });
    expect(req.temperature).toBe(0);
    expect(req.maxTokens).toBe(64 + 16 * 3);
  });
});

describe("reading the model's grades", () => {
  it("the asked-for JSON", () => {
    expect(grades('{"grades": [{"id": 1, "grade": 2}, {"id": 2, "grade": 0}, {"id": 3, "grade": 1}]}')).toEqual({ 1: 2, 2: 0, 3: 1 });
  });

  it("fenced JSON with chatter around it (llama3.2:3b, qwen2.5:3b without format)", () => {
    const reply = 'Sure! Here are the grades for each passage:\n\n```json\n{\n  "grades": [\n    {"id": 1, "grade": 2},\n    {"id": 2, "grade": 0}\n  ]\n}\n```\n\nPassage 1 directly states the decision.';
    expect(grades(reply)).toEqual({ 1: 2, 2: 0 });
  });

  it("a <think> block first (qwen3, deepseek-r1), whose numbers are not grades", () => {
    const reply = '<think>\nThe question asks about the database. Passage 1 says Postgres, so 2. Passage 3 is about lunch: 0.\n</think>\n\n{"grades":[{"id":1,"grade":2},{"id":2,"grade":1},{"id":3,"grade":0}]}';
    const r = parseRerankReply(reply, 3);
    expect(r.ok && Object.fromEntries(r.grades)).toEqual({ 1: 2, 2: 1, 3: 0 });
    expect(r.ok && r.notes).toContain("skipped the model's <think> block");
  });

  it("a reply cut off inside its <think> block has no grades", () => {
    expect(grades("<think>\nPassage 1 mentions Postgres which is a database, passage 2")).toMatch(/no grades/);
  });

  it("other shapes: a bare array, other key names, words, an object keyed by number", () => {
    expect(grades('[{"passage": 1, "relevance": "highly relevant"}, {"passage": 2, "relevance": "not relevant"}, {"passage": 3, "relevance": "partially relevant"}]')).toEqual({ 1: 2, 2: 0, 3: 1 });
    expect(grades('{"results": [{"id": "[2]", "score": "2"}, {"id": "1", "score": "0"}]}')).toEqual({ 1: 0, 2: 2 });
    expect(grades('{"1": 2, "2": 0, "3": 0}')).toEqual({ 1: 2, 2: 0, 3: 0 });
    expect(grades("[2, 0, 1]")).toEqual({ 1: 2, 2: 0, 3: 1 });
    expect(grades('{"grades": [{"id": 1, "relevant": true}, {"id": 2, "relevant": false}]}')).toEqual({ 1: 2, 2: 0 });
  });

  it("a 0-10 scale is mapped onto 0-2", () => {
    const r = parseRerankReply('{"grades": [{"id": 1, "grade": 9}, {"id": 2, "grade": 2}, {"id": 3, "grade": 5}]}', 3);
    expect(r.ok && Object.fromEntries(r.grades)).toEqual({ 1: 2, 2: 0, 3: 1 });
    expect(r.ok && r.notes.join()).toMatch(/0-10 scale/);
  });

  it("one line per passage, as models write when they ignore the format", () => {
    const reply = "1. Relevant - it states that Postgres was chosen for the database.\n2. Not relevant, it is about lunch.\n3: partially relevant (mentions SQLite)";
    expect(grades(reply)).toEqual({ 1: 2, 2: 0, 3: 1 });
  });

  it("a reply cut off by the token limit keeps the entries written before the cut", () => {
    const r = parseRerankReply('{"grades": [{"id": 1, "grade": 2}, {"id": 2, "grade": 0}, {"id": 3, "gra', 3);
    expect(r.ok && Object.fromEntries(r.grades)).toEqual({ 1: 2, 2: 0 });
  });

  it("numbers outside the passages are ignored; the first grade of a repeated number wins", () => {
    const r = parseRerankReply('{"grades": [{"id": 0, "grade": 2}, {"id": 2, "grade": 2}, {"id": 2, "grade": 0}, {"id": 7, "grade": 2}]}', 3);
    expect(r.ok && Object.fromEntries(r.grades)).toEqual({ 2: 2 });
    expect(r.ok && r.notes.join()).toMatch(/ignored 2 grade/);
  });

  it("a refusal or prose without grades is an error naming what came back", () => {
    expect(grades("I'm sorry, but I can't help with evaluating personal notes.")).toMatch(/^no grades in the reply: "I'm sorry/);
    expect(grades("")).toMatch(/no grades/);
  });
});

describe("reordering by grade", () => {
  const items = ["a", "b", "c", "d"];

  it("higher grades first, the first stage's order among equals; ungraded counts as 1", () => {
    const { kept, dropped } = applyGrades(items, new Map<number, Grade>([[1, 1], [2, 2], [3, 0]]), false);
    expect(kept).toEqual([
      { item: "b", grade: 2 },
      { item: "a", grade: 1 },
      { item: "d", grade: null },
      { item: "c", grade: 0 },
    ]);
    expect(dropped).toBe(0);
  });

  it("drops what the model calls unrelated when asked", () => {
    const { kept, dropped } = applyGrades(items, new Map<number, Grade>([[1, 0], [2, 2], [3, 0]]), true);
    expect(kept.map((k) => k.item)).toEqual(["b", "d"]);
    expect(dropped).toBe(2);
  });
});

describe("rerankResponse", () => {
  const res = (): Answer => ({
    results: [
      { path: "a.md", date: null, heading: "", snippet: "a", text: "about lunch" },
      { path: "b.md", date: null, heading: "", snippet: "b", text: "we chose Postgres" },
      { path: "c.md", date: null, heading: "", snippet: "c", text: "about hiking" },
    ],
  });
  const settings = { candidates: 10, dropUnrelated: true, maxPassageChars: 800, timeoutMs: 5000 };

  it("reorders, cuts to the limit, drops the passages' text and reports what it did", async () => {
    const llm = new ScriptedProvider(['{"grades": [{"id": 1, "grade": 1}, {"id": 2, "grade": 2}, {"id": 3, "grade": 0}]}'], { model: "qwen2.5:3b" });
    const out = await rerankResponse(llm, ask("which database?"), res(), 1, settings);
    expect(out.results).toEqual([{ path: "b.md", date: null, heading: "", snippet: "b", grade: 2 }]);
    expect(out.rerank).toMatchObject({ model: "scripted/qwen2.5:3b", candidates: 3, graded: 3, dropped: 1 });
    expect(llm.calls[0]!.timeoutMs).toBe(5000);
  });

  it("the model reads only the first `candidates`; the rest follow ungraded", async () => {
    const llm = new ScriptedProvider(['{"grades": [{"id": 1, "grade": 0}, {"id": 2, "grade": 2}]}']);
    const out = await rerankResponse(llm, ask("which database?"), res(), 10, { ...settings, candidates: 2 });
    expect(llm.calls[0]!.messages[0]!.content).not.toContain("[3]");
    expect(out.results.map((r) => [r.path, r.grade])).toEqual([
      ["b.md", 2],
      ["c.md", undefined],
    ]);
    expect(out.rerank).toMatchObject({ candidates: 2, graded: 2, dropped: 1 });
  });

  it("passages are cut shorter to fit a small context window, and the answer says so", async () => {
    const long = (path: string, fact: string) => ({ path, date: null, heading: "", snippet: "", text: `${"Some words about other things here. ".repeat(40)}${fact} ${"More unrelated words follow now. ".repeat(40)}` });
    const big: Answer = { results: [long("a.md", "We chose Postgres as the database."), long("b.md", "Lunch was fine."), long("c.md", "The database is Postgres.")] };
    const roomy = new ScriptedProvider(['{"grades": [{"id": 1, "grade": 2}, {"id": 2, "grade": 0}, {"id": 3, "grade": 2}]}'], { contextSize: 8192 });
    const small = new ScriptedProvider(['{"grades": [{"id": 1, "grade": 2}, {"id": 2, "grade": 0}, {"id": 3, "grade": 2}]}'], { contextSize: 500 });
    const wide = await rerankResponse(roomy, ask("which database did we choose?"), big, 10, settings);
    const narrow = await rerankResponse(small, ask("which database did we choose?"), big, 10, settings);
    expect(wide.rerank!.notes).toBeUndefined();
    const sent = small.calls[0]!;
    expect(sent.messages[0]!.content.length).toBeLessThan(roomy.calls[0]!.messages[0]!.content.length / 2);
    // Still the sentences that matter, and within the window by the engine's estimate.
    expect(sent.messages[0]!.content).toContain("We chose Postgres as the database.");
    expect(estimatePromptTokens(sent) + sent.maxTokens!).toBeLessThanOrEqual(500);
    expect(narrow.rerank!.notes![0]).toMatch(/^passages cut to \d+ characters to fit the model's 500-token window$/);
    expect(narrow.results.map((r) => r.path)).toEqual(["a.md", "c.md"]);
  });

  it("all unrelated: no results, and the reason says the model judged so", async () => {
    const llm = new ScriptedProvider(['{"grades": [{"id": 1, "grade": 0}, {"id": 2, "grade": 0}, {"id": 3, "grade": 0}]}']);
    const out = await rerankResponse(llm, ask("kubernetes?"), res(), 10, settings);
    expect(out.results).toEqual([]);
    expect(out.reason).toBe("nothing relevant: scripted/scripted judged all 3 result(s) unrelated to the question");
  });

  it("an unreachable model or a reply without grades keeps the first stage's order and says why", async () => {
    const down = new ScriptedProvider([new LLMError("unreachable", "cannot reach Ollama at http://127.0.0.1:11434: is `ollama serve` running?")]);
    const out = await rerankResponse(down, ask("which database?"), res(), 2, settings);
    expect(out.results.map((r) => r.path)).toEqual(["a.md", "b.md"]);
    expect(out.results[0]).not.toHaveProperty("text");
    expect(out.rerank!.error).toMatch(/cannot reach Ollama/);
    const chatty = new ScriptedProvider(["All three passages look useful to me!"]);
    const out2 = await rerankResponse(chatty, ask("which database?"), res(), 10, settings);
    expect(out2.results.map((r) => r.path)).toEqual(["a.md", "b.md", "c.md"]);
    expect(out2.rerank!.error).toMatch(/no grades in the reply/);
  });

  it("a cancelled search is not turned into a first-stage answer", async () => {
    const ac = new AbortController();
    ac.abort();
    const llm = new ScriptedProvider(['{"grades": []}']);
    await expect(rerankResponse(llm, ask("q"), res(), 10, settings, { signal: ac.signal })).rejects.toThrow(/cancelled/);
  });
});

describe.skipIf(NEEDS_GGUF_STORIES260K !== undefined)(titled("rerank through the real llama.cpp (stories260K: it writes children's stories, so only the pipeline is checked)", NEEDS_GGUF_STORIES260K), { timeout: 60_000 }, () => {
  const MODEL = path.resolve(fileURLToPath(new URL("../..", import.meta.url)), "../shared/models/stories260K.gguf");

  it("the grammar from the request's schema holds the reply to one entry per passage, and it parses", async () => {
    const inner = new LlamaCppProvider({ modelPath: MODEL, threads: 1, contextSize: 512 });
    const replies: string[] = [];
    const llm = {
      name: inner.name,
      model: "stories260K",
      complete: async (req: CompletionRequest) => {
        const r = await inner.complete(req);
        replies.push(r.text);
        return r;
      },
    };
    try {
      const res: Answer = {
        results: [
          { path: "memory/a.md", date: "2026-11-20", heading: "", snippet: "", text: "Lily went to the park with her dog." },
          { path: "memory/b.md", date: null, heading: "", snippet: "", text: "Tom ate a big red apple." },
        ],
      };
      const out = await rerankResponse(llm, ask("Where did Lily go?"), res, 10, { candidates: 10, dropUnrelated: false, maxPassageChars: 800, timeoutMs: 30_000 });
      const reply = JSON.parse(replies[0]!) as { grades: { id: number; grade: number }[] };
      expect(reply.grades).toHaveLength(2);
      for (const g of reply.grades) {
        expect([1, 2]).toContain(g.id);
        expect([0, 1, 2]).toContain(g.grade);
      }
      expect(out.rerank!.error).toBeUndefined();
      expect(out.rerank!.graded).toBeGreaterThanOrEqual(1);
      expect(out.results.map((r) => r.path).sort()).toEqual(["memory/a.md", "memory/b.md"]);
    } finally {
      await inner.close();
    }
  });
});

describe("engine.search with rerank (real index, scripted model)", () => {
  let dir = "";
  afterEach(() => cleanup(dir));

  const NOTES: Record<string, string> = {
    "memory/2026-11-20.md": "# 2026-11-20\n\nThe database migration is done; we moved the backups to the NAS.\n",
    "memory/2026-11-12.md": "# 2026-11-12\n\nWe decided on Postgres as the database for the pharmacy app, because of its JSON support.\n",
    "memory/2026-11-19.md": "# 2026-11-19\n\nLunch with Ana; she asked about the database course she teaches.\n",
  };

  function open(llm: ScriptedProvider, rerank: object = {}) {
    dir = tempDir();
    initWorkspace(dir);
    for (const [p, t] of Object.entries(NOTES)) write(dir, p, t);
    write(dir, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, search: { mode: "keyword", rerank } }));
    return Engine.open({ workspace: dir, embedder: null, llm });
  }

  it("the model reads each result's whole chunk and its grades decide the order", async () => {
    // What the model sees decides the reply: the note stating the decision gets 2.
    const llm = new ScriptedProvider([
      (req) => {
        const user = req.messages[0]!.content;
        const blocks = user.split(/\n\n(?=\[\d+\] )/).filter((b) => /^\[\d+\] /.test(b));
        const entries = blocks.map((b) => ({ id: Number(/^\[(\d+)\]/.exec(b)![1]), grade: /decided on Postgres/.test(b) ? 2 : /migration/.test(b) ? 1 : 0 }));
        return `Here is my assessment:\n\`\`\`json\n${JSON.stringify({ grades: entries })}\n\`\`\``;
      },
    ]);
    const engine = open(llm, { enabled: true });
    // Every note mentions the database: keywords alone cannot tell which one answers.
    const plain = await engine.search("the database", { rerank: false });
    expect(plain.rerank).toBeUndefined();
    expect(plain.results.length).toBe(3);
    const res = await engine.search("the database");
    expect(llm.calls.length).toBe(1);
    expect(llm.calls[0]!.messages[0]!.content).toContain("because of its JSON support.");
    expect(res.results.map((r) => [r.path, r.grade])).toEqual([
      ["memory/2026-11-12.md", 2],
      ["memory/2026-11-20.md", 1],
    ]);
    // Read by the model, not returned: a result's absent fields are undefined, left out of its JSON.
    expect(res.results[0]!.text).toBeUndefined();
    expect(JSON.parse(JSON.stringify(res.results[0]))).not.toHaveProperty("text");
    expect(res.rerank).toMatchObject({ model: "scripted/scripted", candidates: 3, graded: 3, dropped: 1 });
    await engine.close();
  });

  it("asks the model about search.rerank.candidates results and returns --limit of them", async () => {
    const llm = new ScriptedProvider(['{"grades": [{"id": 1, "grade": 0}, {"id": 2, "grade": 0}, {"id": 3, "grade": 2}]}']);
    const engine = open(llm, { candidates: 5 });
    const res = await engine.search("database", { rerank: true, limit: 1 });
    expect(llm.calls[0]!.messages[0]!.content).toMatch(/Grade all 3 passages/);
    expect(res.results.length).toBe(1);
    expect(res.results[0]!.grade).toBe(2);
    await engine.close();
  });

  it("a date-only query is not sent to the model", async () => {
    const llm = new ScriptedProvider([]);
    const engine = open(llm, { enabled: true });
    const res = await engine.search("last week");
    expect(llm.calls.length).toBe(0);
    expect(res.rerank).toBeUndefined();
    await engine.close();
  });
});

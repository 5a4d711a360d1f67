import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { parseQuery } from "../../src/search/query/query.js";
import { makeSnippet } from "../../src/search/text/snippet.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

describe("parseQuery", () => {
  it("OR-joins quoted content words and drops stop words", async () => {
    const q = parseQuery("What did we decide about the VPS?");
    expect(q.terms).toEqual(["decide", "vps"]);
    // "decide" also searches the noun of its act, "decision" (query/actions.ts).
    expect(q.match).toBe('("decide" OR "decision") OR "vps"');
  });

  it("keeps a stop-word-only query searchable", async () => {
    expect(parseQuery("who are you").terms).toEqual(["who", "are", "you"]);
  });

  it("cannot be tricked into FTS5 syntax", async () => {
    const q = parseQuery("NEAR(a b) OR x AND y * col:z");
    expect(q.match).not.toMatch(/(^|\s)(AND|NEAR\()/);
    for (const part of q.match.split(" OR ")) expect(part).toMatch(/^(cjk:)?".*"$/);
    // With the search syntax, the operators are the engine's own; the user's words stay quoted.
    expect(parseQuery('NEAR(a b) "x AND y" -"z* col:w"').match).toBe(
      '(("near" OR "b" OR "x" OR "y") AND {heading body} : "x and y") NOT ({heading body} : "z col w")',
    );
  });

  it("searches a possessive as its owner: \"Caroline's\" is caroline", async () => {
    expect(parseQuery("What is Caroline's identity?").terms).toEqual(["caroline", "identity"]);
    expect(parseQuery("Melanie’s kids").terms).toEqual(["melanie", "kids"]);
    // Stop-word contractions stay stop words.
    expect(parseQuery("it's what's left").terms).toEqual(["left"]);
  });

  it("turns CJK text into bigrams and hyphenated words into phrases", async () => {
    const q = parseQuery("記憶検索 e-mail");
    expect(q.cjk).toEqual(["記憶", "憶検", "検索"]);
    expect(q.match).toContain('"e mail"');
    expect(q.match).toContain('cjk:"記憶"');
  });
});

describe("makeSnippet", () => {
  it("picks the best-matching sentence and cuts at sentence boundaries", async () => {
    const text =
      "We met at the cafe. The weather was grey and cold all day long. " +
      "We decided to move the VPS to a provider in Germany because of latency. " +
      "Afterwards we talked about holidays.";
    const s = makeSnippet(text, ["vps", "decided"], 120);
    expect(s.startsWith("We decided to move the VPS")).toBe(true);
    expect(s.length).toBeLessThanOrEqual(120);
    expect(s.endsWith(".")).toBe(true);
  });
});

describe("keyword search over a real index", () => {
  let ws = "";
  let engine: Engine | null = null;
  afterEach(() => {
    engine?.close();
    engine = null;
    cleanup(ws);
  });

  function open(): Engine {
    ws = tempDir();
    write(ws, "MEMORY.md", "# Memory\n\n## Infrastructure\n\nThe VPS runs Debian 12.\n");
    write(ws, "memory/2026-02-10.md", "# 2026-02-10\n\n## Decisions\n\nWe decided to move the VPS to Hetzner because it is cheaper.\n");
    write(ws, "memory/2026-02-11.md", "# 2026-02-11\n\nDinner with Ana. She prefers Thai food.\n");
    write(ws, "notes/japan.md", "# 旅行\n\n来週は東京で記憶検索の発表をします。\n");
    write(
      ws,
      "sessions/chat-1.jsonl",
      [
        { role: "user", content: "Can you remind me about the dentist appointment?", ts: "2026-02-12T09:00:00Z" },
        { role: "assistant", content: "Your dentist appointment is on Friday at 10.", ts: "2026-02-12T09:00:05Z" },
      ]
        .map((o) => JSON.stringify(o))
        .join("\n") + "\n",
    );
    engine = Engine.open({ workspace: ws, embedder: null });
    engine.indexing.index();
    return engine;
  }

  it("answers a natural-language question that shares only some words with the note (OR, not AND)", async () => {
    const e = open();
    const res = (await e.search("what did we decide about the VPS provider"));
    expect(res.results[0]!.path).toBe("memory/2026-02-10.md");
    expect(res.results[0]!.heading).toBe("2026-02-10 > Decisions");
    expect(res.results[0]!.date).toBe("2026-02-10");
    expect(res.results.map((r) => r.path)).toContain("MEMORY.md");
  });

  it("gives results with path, 1-based line range, heading, score and a snippet", async () => {
    const e = open();
    const r = (await e.search("Thai food")).results[0]!;
    expect(r).toMatchObject({ path: "memory/2026-02-11.md", startLine: 1, endLine: 3, source: "memory", kind: "daily" });
    expect(r.score).toBeGreaterThan(0);
    expect(r.score).toBeLessThan(1);
    expect(r.snippet).toBe("Dinner with Ana. She prefers Thai food.");
  });

  it("stems English words (porter): 'decisions' finds 'decided'", async () => {
    const e = open();
    expect((await e.search("deciding")).results[0]!.path).toBe("memory/2026-02-10.md");
  });

  it("finds CJK words inside unspaced text", async () => {
    const e = open();
    const res = (await e.search("記憶"));
    expect(res.results.map((r) => r.path)).toEqual(["notes/japan.md"]);
    expect((await e.search("東京")).results[0]!.path).toBe("notes/japan.md");
  });

  it("indexes session transcripts as their own source and can filter by it", async () => {
    const e = open();
    const all = (await e.search("dentist appointment")).results;
    expect(all[0]!.path).toBe("sessions/chat-1.jsonl");
    expect(all[0]!.source).toBe("sessions");
    expect(all[0]!.startLine).toBe(1);
    expect(all[0]!.endLine).toBe(2);
    expect((await e.search("dentist", { filters: { source: "memory" } })).results).toHaveLength(0);
    expect((await e.search("VPS", { filters: { source: "sessions" } })).results).toHaveLength(0);
  });

  it("scores are ordered, bounded and explained", async () => {
    const e = open();
    const res = (await e.search("VPS Debian Hetzner", { explain: true })).results;
    expect(res.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < res.length; i++) expect(res[i - 1]!.score).toBeGreaterThanOrEqual(res[i]!.score);
    for (const r of res) {
      expect(r.explain!.bm25).toBeGreaterThan(0);
      expect(r.explain!.final).toBeCloseTo(r.score, 6);
    }
  });

  it("returns nothing, without error, for an empty or punctuation-only query", async () => {
    const e = open();
    expect((await e.search("")).results).toEqual([]);
    expect((await e.search("?!...")).results).toEqual([]);
  });
});

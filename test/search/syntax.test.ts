import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { SearchConfigSchema } from "../../src/search/config.js";
import { parseQuery, splitOperators, withoutOperators } from "../../src/search/query/query.js";
import { planSearch } from "../../src/search/search.js";
import { indexedWorkspace, SEARCH_NOW, type IndexedWorkspace } from "../helpers/search-workspace.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { sharedUseLite } from "../helpers/use-lite.js";

describe("search syntax: parsing", () => {
  it("reads double-quoted phrases and minus-marked words and phrases", async () => {
    const q = parseQuery('support "group meeting" -pizza -"road trip"');
    expect(q.phrases).toEqual(["group meeting"]);
    expect(q.excluded).toEqual(["pizza", "road trip"]);
    // The phrase's words still rank; excluded words do not.
    expect(q.terms).toEqual(["support", "group", "meeting"]);
    expect(q.requiredExpr).toBe('{heading body} : "group meeting"');
    expect(q.excludedExpr).toBe('{heading body} : "pizza" OR {heading body} : "road trip"');
    expect(q.match).toBe('(("support" OR "group" OR "meeting") AND {heading body} : "group meeting") NOT ({heading body} : "pizza" OR {heading body} : "road trip")');
  });

  it("takes curly quotes, and splits a phrase the way the index tokenizes it", async () => {
    const q = parseQuery("what did Caroline say about “Becoming Nicole” and \"Caroline's e-mail\"");
    expect(q.phrases).toEqual(["becoming nicole", "caroline s e mail"]);
  });

  it("leaves ordinary text alone: hyphens inside words, negative numbers, a lone quote", async () => {
    for (const text of ["well-being and e-mail", "it was -5 degrees", 'When did Joanna first watch "Eternal Sunshine of the Spotless Mind?', "a - b"]) {
      const s = splitOperators(text);
      expect(s.phrases, text).toEqual([]);
      expect(s.excluded, text).toEqual([]);
      expect(s.text, text).toBe(text);
    }
    expect(parseQuery("well-being").match).toBe('"well being"');
  });

  it("ignores empty quotes and a minus before nothing searchable", async () => {
    const q = parseQuery('cats "" -"!!"');
    expect(q.phrases).toEqual([]);
    expect(q.excluded).toEqual([]);
    expect(q.match).toBe('"cats"');
  });

  it("gives the embedder the query without exclusions and quote marks", async () => {
    expect(withoutOperators('hiking "Mount Tam" -rain')).toBe("hiking Mount Tam");
    expect(withoutOperators("-pizza")).toBe("");
    expect(withoutOperators('" -')).toBe("");
  });

  it("never reads a quoted phrase or an excluded word as a date", async () => {
    const cfg = SearchConfigSchema.parse({ dates: { timeZone: "UTC" } });
    const quoted = planSearch('notes that say "last week"', {}, { nowMs: SEARCH_NOW, config: cfg });
    expect(quoted.dates.range).toBeNull();
    expect(quoted.text).toBe('notes that say "last week"');
    const excluded = planSearch("standup -yesterday", {}, { nowMs: SEARCH_NOW, config: cfg });
    expect(excluded.dates.range).toBeNull();
    const both = planSearch('"standup" notes from last week -cancelled', {}, { nowMs: SEARCH_NOW, config: cfg });
    expect(both.dates.range).toMatchObject({ from: "2026-11-09", to: "2026-11-15", text: "last week" });
    // The date parser drops the dangling "from" with the date.
    expect(both.text).toBe('"standup" notes -cancelled');
    expect(both.embedText).toBe("standup notes");
  });
});

const NOTES = {
  "memory/2026-11-20.md": "# 2026-11-20\n\nThe support group met at the library; we planned the road trip to Tahoe.\n",
  "memory/2026-11-19.md": "# 2026-11-19\n\nGroup chat about support for the new laptop; ordered pizza.\n",
  "memory/2026-11-18.md": "# 2026-11-18\n\nCaroline said the support group helped her a lot this year.\n",
  "notes/books.md": "# Books\n\nFinished “Becoming Nicole”. As Dad says, it is what it is.\n",
};

describe("search syntax: on a real index", () => {
  let w: IndexedWorkspace;
  beforeAll(() => {
    w = indexedWorkspace("agent-syntax-", NOTES, { dates: { timeZone: "UTC" } });
  });
  afterAll(() => w.close());
  const paths = async (q: string) => (await w.search(q)).results.map((r) => r.path);

  it("a quoted phrase keeps only the notes that contain it as written", async () => {
    expect((await paths("support group")).sort()).toEqual(["memory/2026-11-18.md", "memory/2026-11-19.md", "memory/2026-11-20.md"]);
    // 11-19 has both words, not the phrase.
    expect((await paths('"support group"')).sort()).toEqual(["memory/2026-11-18.md", "memory/2026-11-20.md"]);
    // Word endings and case are ignored, as for every keyword: the phrase is matched stemmed.
    expect((await paths('"Support Groups"')).sort()).toEqual(["memory/2026-11-18.md", "memory/2026-11-20.md"]);
    const res = await w.search('"support group"');
    expect(res.syntax).toEqual({ phrases: ["support group"], excluded: [], relaxed: [] });
    expect(res.results[0]!.explain!.evidence).toContain("phrase");
  });

  it("an excluded word or phrase removes the notes that contain it", async () => {
    expect((await paths('support group -"road trip"')).sort()).toEqual(["memory/2026-11-18.md", "memory/2026-11-19.md"]);
    expect(await paths("support -pizza -caroline")).toEqual(["memory/2026-11-20.md"]);
  });

  it("a phrase of only common words is still searched for, and is the evidence", async () => {
    const res = await w.search('"it is what it is"');
    expect(res.results.map((r) => r.path)).toEqual(["notes/books.md"]);
    expect(res.results[0]!.explain!.evidence).toEqual(["phrase"]);
    // Without quotes it is only common words: no evidence, no results.
    expect((await w.search("it is what it is")).results).toEqual([]);
  });

  it("searches a phrase that no note contains as plain words, and says so", async () => {
    const res = await w.search('"group support" laptop');
    expect(res.syntax).toEqual({ phrases: [], excluded: [], relaxed: ["group support"] });
    expect(res.results[0]!.path).toBe("memory/2026-11-19.md");
    expect(res.results[0]!.explain!.evidence).toEqual(["keyword"]);
  });

  it("says why when nothing satisfies the phrase or the exclusion", async () => {
    const res = await w.search('"support group" -library -caroline');
    expect(res.results).toEqual([]);
    expect(res.reason).toBe('no note matches the query\'s words with the phrase "support group" and without "library", "caroline"');
    const dated = await w.search("yesterday -pizza");
    expect(dated.dateRange).toMatchObject({ from: "2026-11-20", to: "2026-11-20" });
    expect(dated.results.map((r) => r.path)).toEqual(["memory/2026-11-20.md"]);
    expect((await w.search("yesterday -tahoe")).reason).toBe('no notes dated 2026-11-20 without "tahoe"');
    // A phrase of common words with a date: the day's notes that contain it.
    const day = await w.search('"at the" yesterday');
    expect(day.results.map((r) => [r.path, r.explain!.evidence])).toEqual([["memory/2026-11-20.md", ["date", "phrase"]]]);
  });

  it("an only-exclusion query has nothing to search for", async () => {
    const res = await w.search("-pizza");
    expect(res.results).toEqual([]);
    expect(res.reason).toBe("the query has no words to search for");
  });
});

describe("search syntax: hybrid, with the real embedder", () => {
  const useLite = sharedUseLite();
  let ws = "";
  afterEach(() => cleanup(ws));

  it("vector neighbours must satisfy the phrases and exclusions too", async () => {
    ws = tempDir("agent-syntax-hybrid-");
    write(ws, "memory/2026-11-02.md", "# 2026-11-02\n\nThe cat sat on the mat all afternoon, purring.\n");
    write(ws, "memory/2026-11-03.md", "# 2026-11-03\n\nA kitten resting on a rug by the fire.\n");
    write(ws, "memory/2026-11-04.md", "# 2026-11-04\n\nThe stock market fell sharply today.\n");
    const engine = Engine.open({ workspace: ws, now: () => SEARCH_NOW, embedder: useLite });
    try {
      engine.indexing.index();
      await engine.indexing.embed();
      // Plain: the cat note comes in as a vector neighbour, sharing no word with the query.
      const plain = await engine.search("a kitten resting on a rug", { explain: true, mode: "hybrid" });
      expect(plain.results.map((r) => r.path).sort()).toEqual(["memory/2026-11-02.md", "memory/2026-11-03.md"]);
      expect(plain.results.find((r) => r.path === "memory/2026-11-02.md")!.explain!.evidence).toEqual(["vector"]);
      const phrase = await engine.search('a "kitten resting" on a rug', { explain: true, mode: "hybrid" });
      expect(phrase.results.map((r) => r.path)).toEqual(["memory/2026-11-03.md"]);
      const excluded = await engine.search("a kitten resting on a rug -purring", { explain: true, mode: "hybrid" });
      expect(excluded.results.map((r) => r.path)).toEqual(["memory/2026-11-03.md"]);
      const other = await engine.search("a kitten resting on a rug -fire", { explain: true, mode: "hybrid" });
      expect(other.results.map((r) => r.path)).toEqual(["memory/2026-11-02.md"]);
    } finally {
      engine.close();
    }
  });
});

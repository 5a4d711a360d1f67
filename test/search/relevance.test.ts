import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Indexer } from "../../src/indexer/indexer.js";
import { isBoilerplate, templateLines } from "../../src/indexer/boilerplate.js";
import { chunkMarkdown } from "../../src/indexer/chunk.js";
import { coverage, idf } from "../../src/search/pipeline/evidence.js";
import { providerOf, VECTOR_FLOORS } from "../../src/search/weights.js";
import { IndexStore } from "../../src/store/index-store.js";
import type { DB } from "../../src/store/open.js";
import { IndexConfigSchema } from "../../src/workspace/config.js";
import { cleanup, write } from "../helpers/workspace.js";
import { indexedWorkspace, SEARCH_NOW } from "../helpers/search-workspace.js";

const NOW = SEARCH_NOW;
let ws = "";
let db: DB | null = null;

afterEach(() => {
  db?.close();
  db = null;
  cleanup(ws);
});

/** A workspace from the shipped template plus `files`, indexed; returns a keyword search. */
function workspace(files: Record<string, string>, config: object = {}) {
  const w = indexedWorkspace("agent-relevance-", files, { dates: { timeZone: "UTC" }, ...config });
  ws = w.ws;
  db = w.db;
  return w.search;
}

const NOTES = {
  "memory/2026-11-20.md": "# 2026-11-20\n\n## Infra\n\nWe decided to use Postgres for the database instead of SQLite.\n",
  "memory/2026-11-19.md": "# 2026-11-19\n\nLunch with Ana; we talked about hiking in the Alps.\n",
  "memory/2026-11-12.md": "# 2026-11-12\n\nBooked the train to Vienna for the conference.\n",
  "notes/garden.md": "# Garden\n\nTomatoes need water every evening in summer.\n",
};

describe("the relevance floor", () => {
  it("returns nothing, with a reason, when no note is about the query", async () => {
    const search = workspace(NOTES);
    const res = await search("kubernetes cluster autoscaling");
    expect(res.results).toEqual([]);
    expect(res.reason).toMatch(/nothing|no note/);
  });

  it("stop words are never evidence", async () => {
    const search = workspace({ ...NOTES, "notes/who.md": "# Who\n\nWho are you and what are they doing here?\n" });
    const res = await search("who are you");
    expect(res.results).toEqual([]);
    expect(res.reason).toMatch(/only common words/);
  });

  it("a match on a word of the query that says little is not evidence", async () => {
    // "evening" matches the garden note, but the query is about something else entirely.
    const search = workspace(NOTES);
    const res = await search("quarterly revenue forecast spreadsheet evening");
    expect(res.results).toEqual([]);
    expect(res.reason).toMatch(/none above the floor/);
    expect(res.explain!.floor.candidates).toBeGreaterThan(0);
    expect(res.explain!.floor.passed).toBe(0);
  });

  it("after deleting the only note about a topic, the topic finds nothing (no filler result)", async () => {
    const search = workspace({ ...NOTES, "memory/2026-11-12.md": "# 2026-11-12\n\nQuiet day.\n" });
    expect((await search("train to Vienna")).results).toEqual([]);
  });

  it("term statistics follow the index: an edit that removes the topic removes the result", async () => {
    const search = workspace(NOTES);
    expect((await search("train to Vienna")).results.map((r) => r.path)).toEqual(["memory/2026-11-12.md"]);
    expect((await search("train to Vienna")).explain!.floor.terms.find((t) => t.term === "vienna")!.df).toBe(1);
    write(ws, "memory/2026-11-12.md", "# 2026-11-12\n\nQuiet day.\n");
    new Indexer(ws, new IndexStore(db!), IndexConfigSchema.parse({}), { now: () => NOW }).sync();
    const after = await search("train to Vienna");
    expect(after.results).toEqual([]);
    expect(after.reason).toMatch(/no note matches/);
    // "train" is still in no note, "vienna" is gone: the cached frequencies were dropped.
    expect((await search("Vienna conference")).results).toEqual([]);
  });

  it("explain shows the floor and why each result passed it", async () => {
    const search = workspace(NOTES);
    const res = await search("postgres database decision");
    expect(res.results[0]!.path).toBe("memory/2026-11-20.md");
    const floor = res.explain!.floor;
    expect(floor.enabled).toBe(true);
    expect(floor.keywordCoverage).toBeGreaterThan(0);
    expect(floor.terms.map((t) => t.term)).toEqual(["postgres", "database", "decision"]);
    for (const r of res.results) {
      const x = r.explain!;
      expect(x.evidence).toContain("keyword");
      expect(x.coverage).toBeGreaterThanOrEqual(floor.keywordCoverage);
      expect(x.matched.length).toBeGreaterThan(0);
      expect(r.score).toBeCloseTo(x.final, 6);
    }
  });

  it("explain lists the best candidates the floor left out, and what each had", async () => {
    const search = workspace(NOTES);
    // "evening" matches the garden note only: a match too small to count.
    const res = await search("quarterly revenue forecast spreadsheet evening");
    expect(res.results).toEqual([]);
    const misses = res.explain!.floor.nearMisses;
    expect(misses.map((m) => m.path)).toEqual(["notes/garden.md"]);
    const [m] = misses;
    expect(m!.matched).toEqual(["evening"]);
    expect(m!.coverage).toBeGreaterThan(0);
    expect(m!.coverage).toBeLessThan(res.explain!.floor.keywordCoverage);
    expect(m!.evidence).toEqual([]);
    expect(m!.startLine).toBeGreaterThan(0);
    // A search whose results all passed has no near misses among keyword candidates.
    expect((await search("train to Vienna")).explain!.floor.nearMisses).toEqual([]);
  });

  it("a near miss left out only by --min-score keeps its evidence; results are never near misses", async () => {
    const search = workspace(NOTES);
    const all = await search("postgres database");
    const top = all.results[0]!;
    const res = await search("postgres database", { minScore: top.score + 0.01 });
    const misses = res.explain!.floor.nearMisses;
    expect(misses[0]!.path).toBe(top.path);
    expect(misses[0]!.score).toBeCloseTo(top.score, 6);
    expect(misses[0]!.evidence).toContain("keyword");
    expect(all.explain!.floor.nearMisses.map((m) => m.path)).not.toContain(top.path);
  });

  it("a date-only query says its floor was the date, not the levels", async () => {
    const search = workspace(NOTES);
    const res = await search("yesterday");
    expect(res.results.map((r) => r.path)).toEqual(["memory/2026-11-20.md"]);
    expect(res.explain!.floor.dateOnly).toBe(true);
    expect((await search("postgres database")).explain!.floor.dateOnly).toBe(false);
  });

  it("--min-score raises the floor", async () => {
    const search = workspace(NOTES);
    const all = await search("postgres database");
    expect(all.results.length).toBeGreaterThan(0);
    const top = all.results[0]!.score;
    expect((await search("postgres database", { minScore: top + 0.01 })).results).toEqual([]);
    expect((await search("postgres database", { minScore: top + 0.01 })).reason).toMatch(/min-score/);
    expect((await search("postgres database", { minScore: top - 0.01 })).results.length).toBeGreaterThan(0);
  });

  it("can be switched off in config (every candidate is returned)", async () => {
    const search = workspace(NOTES, { floor: { enabled: false } });
    expect((await search("quarterly revenue forecast spreadsheet evening")).results.length).toBeGreaterThan(0);
  });

  it("coverage weighs words by rarity: a rare word counts more than a common one", async () => {
    expect(idf(100, 1)).toBeGreaterThan(idf(100, 50));
    expect(idf(100, 100)).toBeGreaterThan(0); // never zero, unlike FTS5's
    const stats = { n: 100, total: idf(100, 1) + idf(100, 50), terms: [{ term: "rare", df: 1, idf: idf(100, 1) }, { term: "common", df: 50, idf: idf(100, 50) }] };
    expect(coverage(stats, new Set(["rare"]))).toBeGreaterThan(coverage(stats, new Set(["common"])));
    expect(coverage(stats, new Set(["rare", "common"]))).toBeCloseTo(1, 9);
    expect(coverage(stats, undefined)).toBe(0);
  });

  it("has a calibrated cosine level for USE-lite and knows providers from model ids", async () => {
    expect(VECTOR_FLOORS["use-lite"]).toBeGreaterThan(0);
    expect(providerOf("use-lite@0.2.0")).toBe("use-lite");
    expect(providerOf("transformers:Xenova/all-MiniLM-L6-v2:mean:fp32:abc")).toBe("transformers");
    expect(providerOf(null)).toBeNull();
  });
});

describe("no boilerplate", () => {
  it("the untouched template is not indexed at all", async () => {
    const search = workspace({});
    const rows = db!.prepare("SELECT f.path FROM chunks c JOIN files f ON f.id = c.file_id").all() as { path: string }[];
    expect(rows).toEqual([]);
    for (const q of ["memory", "curated long-term facts", "notes", "checks", "name", "what did we decide"]) {
      expect((await search(q)).results, q).toEqual([]);
    }
  });

  it("the user's own lines in template files are indexed and found; the placeholders are not", async () => {
    const memory = "# MEMORY\n\nCurated long-term facts: the things worth knowing in every session. Keep it short and\ncurrent; move detail to daily notes (`memory/YYYY-MM-DD.md`) and keep only what lasts here.\n\n## People\n\n## Projects\n\n## Decisions\n\n- Database: Postgres, decided in November.\n\n## Preferences\n";
    const user = "# USER\n\nWho I work for. Fill this in (or let the assistant fill it in as it learns).\n\n- Name: Robin\n- How to address them:\n- Time zone: Europe/Berlin\n";
    const search = workspace({ ...NOTES, "MEMORY.md": memory, "USER.md": user });
    const decided = await search("what did we decide about the database");
    expect(decided.results.map((r) => r.path)).toContain("MEMORY.md");
    const mem = decided.results.find((r) => r.path === "MEMORY.md")!;
    expect(mem.heading).toBe("MEMORY > Decisions");
    expect((await search("Robin")).results.map((r) => r.path)).toEqual(["USER.md"]);
    expect((await search("curated long-term facts")).results).toEqual([]);
    for (const r of (await search("heartbeat checks calendar")).results) expect(r.path).not.toBe("HEARTBEAT.md");
  });

  it("isBoilerplate: template lines, headings and empty checkboxes only", async () => {
    const t = templateLines("HEARTBEAT.md")!;
    expect(t).not.toBeNull();
    expect(isBoilerplate("## Checks\n\n- [ ]", t)).toBe(true);
    expect(isBoilerplate("## Checks\n\n- [ ] water the plants", t)).toBe(false);
    expect(templateLines("memory/2026-11-20.md")).toBeNull();
    expect(isBoilerplate("- [ ]", null)).toBe(false);
  });

  it("chunkMarkdown drops template-only chunks and keeps the rest intact", async () => {
    const text = "# USER\n\nWho I work for. Fill this in (or let the assistant fill it in as it learns).\n\n## Work\n\nRobin builds bikes.\n";
    const chunks = chunkMarkdown(text, { targetTokens: 400, overlapTokens: 0, boilerplate: templateLines("USER.md") });
    expect(chunks.map((c) => c.text)).toEqual(["## Work\n\nRobin builds bikes."]);
    expect(chunkMarkdown(text, { targetTokens: 400, overlapTokens: 0 })).toHaveLength(2);
  });
});

describe("reflections are their own source", () => {
  const withReports = {
    ...NOTES,
    "reflections/2026-11-20.md": "# Reflection 2026-11-20\n\nThe user decided on Postgres for the database.\n",
    "reflections/weekly-2026-W47.md": "# Week 47\n\nPostgres database migration planned.\n",
  };

  it("are left out of default search and found with source reflections", async () => {
    const search = workspace(withReports);
    const def = await search("postgres database");
    expect(def.results.length).toBeGreaterThan(0);
    for (const r of def.results) expect(r.source).not.toBe("reflections");
    const refl = await search("postgres database", { filters: { source: "reflections" } });
    expect(refl.results.map((r) => r.path).sort()).toEqual(["reflections/2026-11-20.md", "reflections/weekly-2026-W47.md"]);
    for (const r of refl.results) expect(r.source).toBe("reflections");
    for (const r of (await search("postgres database", { filters: { source: "memory" } })).results) expect(r.source).toBe("memory");
  });
});

describe("date-only queries list the notes of those days", () => {
  it.each([
    ["yesterday", ["memory/2026-11-20.md"]],
    ["last week", ["memory/2026-11-12.md"]],
    ["what happened last week", ["memory/2026-11-12.md"]],
    ["since Thursday", ["memory/2026-11-20.md", "memory/2026-11-19.md"]],
  ])("%s", async (query, paths) => {
    const search = workspace(NOTES);
    const res = await search(query);
    expect(res.results.map((r) => r.path)).toEqual(paths);
    for (const r of res.results) expect(r.explain!.evidence).toEqual(["date"]);
  });

  it("a date with no notes says so", async () => {
    const search = workspace(NOTES);
    const res = await search("2026-10-01");
    expect(res.results).toEqual([]);
    expect(res.reason).toMatch(/no notes dated 2026-10-01/);
  });

  it("'yesterday' never matches the word yesterday's in a note", async () => {
    const search = workspace({ ...NOTES, "notes/howto.md": "# Howto\n\nRead yesterday's notes first.\n" });
    expect((await search("yesterday")).results.map((r) => r.path)).toEqual(["memory/2026-11-20.md"]);
  });
});

describe("keyword search ranks in FTS5 first, then joins", () => {
  it("gives the same top results as ranking after the join, filters included", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`notes/n${i}.md`] = `# Note ${i}\n\nalpha ${"beta ".repeat(i % 7)} gamma ${i % 3 === 0 ? "delta" : ""}\n`;
    for (let i = 0; i < 3; i++) files[`memory/2026-11-0${i + 1}.md`] = `# Day\n\nalpha delta in the daily note ${i}\n`;
    // FTS5's own bm25(), which the reference query below ranks by; the engine's BM25 is
    // checked after it.
    const search = workspace(files, { floor: { enabled: false }, mmr: { lambda: 1 }, recency: { enabled: false }, keyword: { bm25: { enabled: false } } });
    const joinFirst = (match: string, where: string, limit: number) =>
      (db!
        .prepare(
          `SELECT f.path AS path, c.start_line AS line FROM chunks_fts JOIN chunks c ON c.id = chunks_fts.rowid JOIN files f ON f.id = c.file_id
           WHERE chunks_fts MATCH ? ${where} ORDER BY bm25(chunks_fts, 2, 1, 1) LIMIT ?`,
        )
        .all(match, limit) as { path: string; line: number }[]).map((r) => `${r.path}:${r.line}`);
    const got = async (q: string, limit: number, kinds?: string[]) =>
      (await search(q, { limit, ...(kinds ? { filters: { kinds } } : {}) })).results.map((r) => `${r.path}:${r.startLine}`);
    expect(await got("alpha beta", 10)).toEqual(joinFirst('"alpha" OR "beta"', "", 10));
    // A filter that throws away nearly every match: the three daily notes must still come back.
    expect((await got("alpha delta", 3, ["daily"])).sort()).toEqual(joinFirst('"alpha" OR "delta"', "AND f.kind = 'daily'", 3).sort());
    expect(await got("alpha delta", 3, ["daily"])).toHaveLength(3);
  });

  it("the engine's BM25 re-ranks the same candidates and keeps the filtered fallback", async () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) files[`notes/n${i}.md`] = `# Note ${i}\n\nalpha ${"beta ".repeat(i % 7)} gamma ${i % 3 === 0 ? "delta" : ""}\n`;
    for (let i = 0; i < 3; i++) files[`memory/2026-11-0${i + 1}.md`] = `# Day\n\nalpha delta in the daily note ${i}\n`;
    const search = workspace(files, { floor: { enabled: false }, mmr: { lambda: 1 }, recency: { enabled: false } });
    const daily = (await search("alpha delta", { limit: 3, filters: { kinds: ["daily"] } })).results.map((r) => r.path);
    expect(daily.sort()).toEqual(["memory/2026-11-01.md", "memory/2026-11-02.md", "memory/2026-11-03.md"]);
    const res = (await search("alpha beta", { limit: 10 })).results;
    expect(res).toHaveLength(10);
    for (let i = 1; i < res.length; i++) expect(res[i - 1]!.explain!.bm25!).toBeGreaterThanOrEqual(res[i]!.explain!.bm25!);
    // Every note has alpha; the ones with the most beta (i % 7 = 6) lead.
    expect(res[0]!.path).toMatch(/^notes\/n(6|13|20|27|34|41|48|55)\.md$/);
  });
});

import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Indexer } from "../../src/indexer/indexer.js";
import { keepCommonPostings, rankByPostings } from "../../src/search/pipeline/postings.js";
import { ftsTokens, INDEX_TOKENIZER } from "../../src/search/pipeline/fts-tokens.js";
import { isKept } from "../../src/store/data-version.js";
import { readFileSync } from "node:fs";
import { parseQuery } from "../../src/search/query/query.js";
import { SearchConfigSchema } from "../../src/search/config.js";
import { planSearch } from "../../src/search/search.js";
import { VectorStore } from "../../src/store/vectors.js";
import { searchPlan } from "../helpers/search-workspace.js";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb, type DB } from "../../src/store/open.js";
import { IndexConfigSchema } from "../../src/workspace/config.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

const NOW = Date.parse("2026-11-21T12:00:00Z");
let ws = "";
let db: DB | null = null;

afterEach(() => {
  db?.close();
  db = null;
  cleanup(ws);
});

const WORDS = ["router", "firmware", "deadline", "invoice", "tax", "garden", "watering", "Grace", "went", "go", "e-mail", "café", "東京", "会議"];

/** Notes whose chunks hold the words in many counts, columns and lengths, so ties and near-ties occur. */
function workspace(): DB {
  ws = tempDir("agent-postings-");
  let seed = 7;
  const r = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let d = 1; d <= 40; d++) {
    const lines = [`# Day ${d}`, ""];
    for (let s = 0; s < 3; s++) {
      lines.push(`## ${WORDS[Math.floor(r() * WORDS.length)]} notes`, "");
      const n = 1 + Math.floor(r() * 12);
      lines.push(Array.from({ length: n }, () => (r() < 0.5 ? WORDS[Math.floor(r() * WORDS.length)] : "plain")).join(" ") + ".", "");
    }
    write(ws, `memory/2026-01-${String(d).padStart(2, "0")}.md`, lines.join("\n"));
  }
  db = openIndexDb(path.join(agentDir(ws), "index.db")).db;
  new Indexer(ws, new IndexStore(db), IndexConfigSchema.parse({}), { now: () => NOW }).sync();
  return db;
}

/** The SQL first pass the postings replace: FTS5 ranks the whole OR. */
function sqlFirstPass(d: DB, match: string, w: { heading: number; body: number; cjk: number }, first: number) {
  return d
    .prepare("SELECT rowid AS id, -bm25(chunks_fts, ?, ?, ?) AS keyword FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY bm25(chunks_fts, ?, ?, ?), rowid LIMIT ?")
    .all(w.heading, w.body, w.cjk, match, w.heading, w.body, w.cjk, first) as { id: number; keyword: number }[];
}

describe("the first pass from kept postings", () => {
  it("ranks exactly as FTS5's bm25() of the OR: the same chunks, the same scores to the last bit", () => {
    const d = workspace();
    const queries = ["router firmware deadline", "tax invoice", "garden watering Grace", "went", "e-mail café", "東京の会議", "router", "deadline tax garden went café"];
    for (const w of [{ heading: 2, body: 1, cjk: 1 }, { heading: 1, body: 1, cjk: 1 }]) {
      for (const query of queries) {
        const q = parseQuery(query);
        expect(q.orPhrases.length, query).toBeGreaterThan(0);
        for (const first of [5, 40]) {
          const want = sqlFirstPass(d, q.match, w, first);
          expect(want.length, query).toBeGreaterThan(0);
          expect(rankByPostings(d, q.orPhrases, w, first), `${query} (${JSON.stringify(w)}, ${first})`).toEqual(want);
        }
      }
    }
  });

  it("ranks the same with chunk ids past the one-array sum's bound (the lists walked together)", () => {
    const d = workspace();
    // Rows of the contentless index with ids as a long-lived index's churn leaves them.
    const put = d.prepare("INSERT INTO chunks_fts(rowid, heading, body, cjk) VALUES (?, ?, ?, '')");
    put.run(5_000_000, "router notes", "router firmware deadline router.");
    put.run(5_000_001, "", "tax invoice, the router's firmware.");
    for (const query of ["router firmware deadline", "tax invoice", "router"]) {
      const q = parseQuery(query);
      for (const first of [5, 40]) expect(rankByPostings(d, q.orPhrases, { heading: 2, body: 1, cjk: 1 }, first), `${query} ${first}`).toEqual(sqlFirstPass(d, q.match, { heading: 2, body: 1, cjk: 1 }, first));
    }
    expect(rankByPostings(d, parseQuery("router firmware").orPhrases, { heading: 2, body: 1, cjk: 1 }, 40).map((r) => r.id)).toContain(5_000_000);
  });

  it("sees the index change: a chunk written after the postings were kept is ranked", () => {
    const d = workspace();
    const q = parseQuery("zeppelin hangar");
    expect(rankByPostings(d, q.orPhrases, { heading: 2, body: 1, cjk: 1 }, 10)).toEqual([]);
    write(ws, "memory/2026-02-01.md", "# Hangar\n\nThe zeppelin hangar lease was renewed.\n");
    new Indexer(ws, new IndexStore(d), IndexConfigSchema.parse({}), { now: () => NOW }).sync();
    const after = rankByPostings(d, q.orPhrases, { heading: 2, body: 1, cjk: 1 }, 10);
    expect(after).toEqual(sqlFirstPass(d, q.match, { heading: 2, body: 1, cjk: 1 }, 10));
    expect(after).toHaveLength(1);
  });

  it("a search answers the same whether nothing was kept, words were asked once, or its first pass is kept", async () => {
    const d = workspace();
    const cfg = SearchConfigSchema.parse({ dates: { timeZone: "UTC" }, recency: { enabled: false } });
    const vectors = new VectorStore(d);
    const search = (query: string) => searchPlan(planSearch(query, { explain: true }, { nowMs: NOW, config: cfg }).withVectors({ hasVector: false, model: null, weight: 0 }), { db: d, vectors, nowMs: NOW });
    const queries = ["router firmware deadline", "tax invoice garden", "went café", "東京の会議", "deadline Grace"];
    const first = [];
    for (const q of queries) first.push(await search(q)); // FTS5 ranks the OR; words marked as asked
    for (let round = 0; round < 2; round++) {
      // Round 0 reads the postings whole; round 1 finds the first passes kept.
      for (const [i, q] of queries.entries()) expect(await search(q), `${q}, round ${round}`).toEqual(first[i]);
    }
    expect(first.every((r) => r.results.length > 0)).toBe(true);
  });

  it("a host that read the common words ahead answers every search as one that did not", async () => {
    const d = workspace();
    const cfg = SearchConfigSchema.parse({ dates: { timeZone: "UTC" }, recency: { enabled: false } });
    const queries = ["router firmware deadline", "tax invoice garden", "went café", "東京の会議", "deadline Grace", "routers watered", "e-mail plain", "gardens"];
    const searchOn = (conn: DB) => {
      const vectors = new VectorStore(conn);
      return (query: string) => searchPlan(planSearch(query, { explain: true }, { nowMs: NOW, config: cfg }).withVectors({ hasVector: false, model: null, weight: 0 }), { db: conn, vectors, nowMs: NOW });
    };
    const cold = searchOn(d);
    const want = [];
    for (const q of queries) want.push(await cold(q));
    // A second connection, as a daemon has: the common words read ahead, then the same searches, twice.
    const warm = openIndexDb(path.join(agentDir(ws), "index.db")).db;
    try {
      expect((await keepCommonPostings(warm, { heading: 2, body: 1, cjk: 1 }, 10_000)).length).toBeGreaterThan(5);
      // "routers" and "router" are one token to FTS5: the list read for one serves the other.
      expect(isKept(warm, "postings", `2 1 1 =${ftsTokens('"routers"')}`)).toBe(true);
      // And its per-column scores under the word columns' key BM25's rescoring asks for (evidence.ts).
      expect(isKept(warm, "column postings", `{heading body} : =${ftsTokens('"routers"')}`)).toBe(true);
      const search = searchOn(warm);
      for (let round = 0; round < 2; round++) for (const [i, q] of queries.entries()) expect(await search(q), `${q}, round ${round}`).toEqual(want[i]);
    } finally {
      warm.close();
    }
    expect(want.every((r) => r.results.length > 0)).toBe(true);
  });

  it("reads a term's tokens with the index's own tokenizer", () => {
    expect(readFileSync(new URL("../../schema.sql", import.meta.url), "utf8")).toContain(`tokenize = '${INDEX_TOKENIZER}'`);
    expect(ftsTokens('"reading"')).toBe("read");
    expect(ftsTokens('"e mail"')).toBe("e mail");
    expect(ftsTokens('"say ""hi"""')).toBe("sai hi");
    expect(ftsTokens('cjk:"東京"')).toBeNull();
    expect(ftsTokens('"..."')).toBeNull();
  });

  it("leaves queries with quoted phrases or exclusions to FTS5 (their phrases count in bm25() too)", () => {
    expect(parseQuery('"router firmware" deadline').orPhrases).toEqual([]);
    expect(parseQuery("router -deadline").orPhrases).toEqual([]);
    expect(parseQuery("went").orPhrases.length).toBeGreaterThan(1);
  });
});

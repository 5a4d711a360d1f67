/**
 * What a warm host reads once and keeps while the index is unchanged, beside the postings
 * (postings.test.ts): a word's matches for the slot lookup's pairs, the first pass of a query
 * that mixes a kept word with a new one, and which chunks have a link. Each answers as the
 * index query it replaces, and sees a write made between two searches. A real index file.
 */
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Indexer } from "../../src/indexer/indexer.js";
import { commonWords, keepCommonPostings } from "../../src/search/pipeline/postings.js";
import { matchesOf } from "../../src/search/pipeline/bm25.js";
import { newestCommon } from "../../src/search/pipeline/slot-lookup.js";
import { ftsTokens } from "../../src/search/pipeline/fts-tokens.js";
import { keepChunkData } from "../../src/search/pipeline/chunk-data.js";
import { SearchConfigSchema } from "../../src/search/config.js";
import { planSearch } from "../../src/search/search.js";
import { isKept } from "../../src/store/data-version.js";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb, type DB } from "../../src/store/open.js";
import { linksOfChunks, statementsOfChunks, updatesFrom, valueStatementsOfChunks } from "../../src/store/statements.js";
import { VectorStore } from "../../src/store/vectors.js";
import { IndexConfigSchema } from "../../src/workspace/config.js";
import { agentDir } from "../../src/workspace/paths.js";
import { searchPlan } from "../helpers/search-workspace.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { readsIn } from "../helpers/count-reads.js";

const NOW = Date.parse("2026-11-21T12:00:00Z");
const W = { heading: 2, body: 1, cjk: 1 };
let ws = "";
const dbs: DB[] = [];

afterEach(() => {
  for (const d of dbs.splice(0)) d.close();
  cleanup(ws);
});

const COMMON = ["router", "firmware", "deadline", "invoice", "garden"];

/** Many notes of a few common words, and a few of rare ones. */
function workspace(): DB {
  ws = tempDir("agent-warm-reads-");
  for (let d = 1; d <= 30; d++) {
    const words = COMMON.filter((_, i) => (d + i) % 2 === 0 || d % 5 === i);
    const rare = d % 7 === 0 ? " The zeppelin hangar was inspected." : "";
    write(ws, `memory/2026-01-${String(d).padStart(2, "0")}.md`, `# Day ${d}\n\n- The ${words.join(" and the ")} came up today.${rare}\n- Nothing else.\n`);
  }
  const d = open();
  sync(d);
  return d;
}

function open(): DB {
  const d = openIndexDb(path.join(agentDir(ws), "index.db")).db;
  dbs.push(d);
  return d;
}

const sync = (d: DB) => new Indexer(ws, new IndexStore(d), IndexConfigSchema.parse({}), { now: () => NOW }).sync();

/** The FTS5 query the pair lookup replaces: the newest `n` chunks matching both. */
const sqlPair = (d: DB, a: string, b: string, n: number) =>
  d.prepare("SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? ORDER BY rowid DESC LIMIT ?").pluck().all(`(${a}) AND (${b})`, n) as number[];


const inWords = (w: string) => `{heading body} : "${w}"`;

describe("a warm host's kept reads", () => {
  it("a pair of words' newest chunks, from kept matches, are FTS5's AND, and a chunk written between searches is among them", () => {
    const d = workspace();
    const pairs: [string, string][] = [["router", "firmware"], ["deadline", "zeppelin"], ["garden", "invoice"], ["zeppelin", "hangar"]];
    for (const n of [2, 200]) for (const [a, b] of pairs) expect(newestCommon(matchesOf(d, inWords(a)), matchesOf(d, inWords(b)), n), `${a} ${b} ${n}`).toEqual(sqlPair(d, inWords(a), inWords(b), n));
    expect(isKept(d, "matches", inWords("router"))).toBe(true);
    const before = newestCommon(matchesOf(d, inWords("router")), matchesOf(d, inWords("zeppelin")), 200);
    write(ws, "memory/2026-02-01.md", "# Later\n\nThe zeppelin hangar router was replaced.\n");
    sync(d);
    const after = newestCommon(matchesOf(d, inWords("router")), matchesOf(d, inWords("zeppelin")), 200);
    expect(after).toEqual(sqlPair(d, inWords("router"), inWords("zeppelin"), 200));
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toBeGreaterThan(before[0]!);
  });

  it("a query mixing a word read ahead with one never asked is ranked from postings on its first search, and answers as a host that read nothing ahead", async () => {
    const d = workspace();
    const cfg = SearchConfigSchema.parse({ dates: { timeZone: "UTC" }, recency: { enabled: false } });
    const searchOn = (conn: DB) => {
      const vectors = new VectorStore(conn);
      return (query: string) => searchPlan(planSearch(query, { explain: true }, { nowMs: NOW, config: cfg }).withVectors({ hasVector: false, model: null, weight: 0 }), { db: conn, vectors, nowMs: NOW });
    };
    const queries = ["router zeppelin", "hangar deadline invoice", "zeppelin inspected garden"];
    const cold = searchOn(d);
    const want = [];
    for (const q of queries) want.push(await cold(q));
    expect(want.every((r) => r.results.length > 0)).toBe(true);
    const warm = open();
    // A host that read the common words ahead, but not the rare ones.
    const rare = new Set(["zeppelin", "hangar", "inspected"].map((w) => ftsTokens(`"${w}"`)));
    const read = await keepCommonPostings(warm, W, 10_000, undefined, commonWords(warm).filter((c) => !rare.has(c.term)));
    expect(read).toContain(ftsTokens('"router"'));
    expect(read).not.toContain(ftsTokens('"zeppelin"'));
    const search = searchOn(warm);
    for (const [i, q] of queries.entries()) expect(await search(q), q).toEqual(want[i]);
    // The new word's postings were read whole with the first search that named it beside a kept one.
    expect(isKept(warm, "postings", `2 1 1 =${ftsTokens('"zeppelin"')}`)).toBe(true);
  });

  it("asks for no link when no result's chunk has one, and sees a link written between two searches", () => {
    const d = workspace();
    const ids = d.prepare("SELECT chunk_id FROM statements ORDER BY id LIMIT 2").pluck().all() as number[];
    expect(ids).toHaveLength(2);
    expect(linksOfChunks(d, ids)).toEqual([]);
    const st = d.prepare("SELECT id FROM statements WHERE chunk_id IN (?, ?) ORDER BY id").pluck().all(ids[0], ids[1]) as number[];
    d.prepare("INSERT INTO statement_links(older, newer, kind, slot, by, strength) VALUES (?, ?, 'update', 'router', 'guess', 0.9)").run(st[0], st[st.length - 1]);
    const links = linksOfChunks(d, ids);
    expect(links).toHaveLength(1);
    expect(links[0]!.older.chunkId).toBe(ids[0]);
  });

  it("reads a chunk's links and a statement's updates by statements prepared once per connection, each link once in written order, and sees a write", () => {
    const d = workspace();
    const st = d.prepare("SELECT id, chunk_id AS chunk FROM statements ORDER BY id").all() as { id: number; chunk: number }[];
    const [a, b, c] = [st[0]!, st.find((x) => x.chunk !== st[0]!.chunk)!, st[st.length - 1]!];
    const link = d.prepare("INSERT INTO statement_links(older, newer, kind, slot, by, strength) VALUES (?, ?, ?, 'router', 'guess', 0.9)");
    link.run(b.id, c.id, "update");
    link.run(a.id, b.id, "update");
    link.run(c.id, a.id, "contradiction");
    const sides = (ls: readonly { older: { id: number }; newer: { id: number }; kind: string }[]) => ls.map((l) => `${l.older.id}>${l.newer.id}:${l.kind}`);
    // Both of a's links and b's, each once (a link between two asked chunks is met from both), in the order written.
    const want = [`${b.id}>${c.id}:update`, `${a.id}>${b.id}:update`, `${c.id}>${a.id}:contradiction`];
    expect(sides(linksOfChunks(d, [b.chunk, a.chunk, b.chunk]))).toEqual(want);
    expect(sides(updatesFrom(d, { id: a.id, chunkId: a.chunk }))).toEqual([`${a.id}>${b.id}:update`]);
    // A warm host's next search asks again: nothing is compiled for it.
    const prepare = d.prepare.bind(d);
    let prepared = 0;
    d.prepare = ((text: string) => {
      prepared++;
      return prepare(text);
    }) as typeof d.prepare;
    expect(sides(linksOfChunks(d, [a.chunk, b.chunk]))).toEqual(want);
    expect(sides(updatesFrom(d, { id: a.id, chunkId: a.chunk }))).toEqual([`${a.id}>${b.id}:update`]);
    expect(sides(updatesFrom(d, { id: c.id, chunkId: c.chunk }))).toEqual([]);
    expect(prepared).toBe(0);
    d.prepare = prepare;
    link.run(a.id, c.id, "update");
    expect(sides(updatesFrom(d, { id: a.id, chunkId: a.chunk }))).toEqual([`${a.id}>${b.id}:update`, `${a.id}>${c.id}:update`]);
    expect(sides(linksOfChunks(d, [c.chunk]))).toEqual([`${b.id}>${c.id}:update`, `${c.id}>${a.id}:contradiction`, `${a.id}>${c.id}:update`]);
  });

  it("reads the chunks' links ahead with the rest of a warm host's chunk data: a search then reads none", async () => {
    const d = workspace();
    const st = d.prepare("SELECT id, chunk_id AS chunk FROM statements ORDER BY id").all() as { id: number; chunk: number }[];
    const [a, c] = [st[0]!, st[st.length - 1]!];
    d.prepare("INSERT INTO statement_links(older, newer, kind, slot, by, strength) VALUES (?, ?, 'update', 'router', 'guess', 0.9)").run(a.id, c.id);
    expect(await keepChunkData(d)).toMatchObject({ changed: false });
    const { reads } = readsIn(d, () => {
      expect(linksOfChunks(d, [a.chunk, c.chunk]).map((l) => `${l.older.id}>${l.newer.id}`)).toEqual([`${a.id}>${c.id}`]);
      expect(updatesFrom(d, { id: a.id, chunkId: a.chunk })).toHaveLength(1);
    });
    expect(reads).toBe(0);
  });

  it("reads the chunks' statements ahead too: a search then reads none, and the value statements are the query's rows", async () => {
    const d = workspace();
    write(ws, "memory/2026-02-02.md", "# Plans\n\n- The router deadline is 2026-03-04.\n- The garden invoice was 120 EUR.\n- Nothing else.\n");
    sync(d);
    const ids = d.prepare("SELECT id FROM chunks ORDER BY id").pluck().all() as number[];
    // What a host that read nothing ahead answers, on another connection.
    const fresh = open();
    const want = statementsOfChunks(fresh, ids);
    const wantValues = valueStatementsOfChunks(open(), ids);
    expect(want.length).toBeGreaterThan(ids.length);
    expect(wantValues.length).toBeGreaterThan(0);
    expect(wantValues.length).toBeLessThan(want.length);
    expect(await keepChunkData(d)).toMatchObject({ changed: false });
    const { reads } = readsIn(d, () => {
      expect(statementsOfChunks(d, ids)).toEqual(want);
      expect(valueStatementsOfChunks(d, ids)).toEqual(wantValues);
    });
    expect(reads).toBe(0);
  });
});

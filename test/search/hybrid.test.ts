import { afterEach, describe, expect, it } from "vitest";
import type { Embedder } from "../../src/embed/types.js";
import { Engine } from "../../src/index.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { sharedUseLite } from "../helpers/use-lite.js";

// The real USE-lite model from npm, shared by the tests of this file.
const useLite = sharedUseLite();

/** The same model under another id: what the index sees when the user switches models. */
function renamed(e: Embedder, modelId: string): Embedder {
  return {
    provider: e.provider,
    modelId,
    dimension: e.dimension,
    maxInputTokens: e.maxInputTokens,
    batchSize: e.batchSize,
    windows: (t) => e.windows(t),
    embed: (t) => e.embed(t),
    close: async () => undefined,
  };
}

/** Counts the windows the model really computes. */
function counting(e: Embedder): Embedder & { computed: number } {
  const c = { ...renamed(e, e.modelId), computed: 0 };
  c.embed = async (t: string[]) => {
    c.computed += t.length;
    return e.embed(t);
  };
  return c;
}

const NOW = Date.parse("2026-11-21T12:00:00Z");
let ws = "";
const open: Engine[] = [];
function engine(embedder: Embedder | null, config?: object): Engine {
  if (config) write(ws, "agent.config.json", JSON.stringify(config));
  const e = Engine.open({ workspace: ws, now: () => NOW, embedder });
  open.push(e);
  return e;
}
function seed(): void {
  ws = tempDir("agent-hybrid-");
  write(ws, "memory/2026-11-02.md", "# 2026-11-02\n\nThe cat sat on the mat all afternoon, purring.\n");
  write(ws, "memory/2026-11-20.md", "# 2026-11-20\n\n## Infra\n\nWe moved the VPS to a new hosting provider in Germany.\n");
  write(ws, "memory/2026-11-14.md", "# 2026-11-14\n\nBought vegetables at the market and cooked a curry for dinner.\n");
  write(ws, "notes/taxes.md", "# Taxes\n\nThe tax return is due at the end of May; the accountant needs the invoices.\n");
}
afterEach(() => {
  while (open.length) open.pop()!.close();
  cleanup(ws);
});

describe("hybrid search with the real USE-lite embedder", () => {
  it("finds a paraphrase by meaning that keywords cannot match", async () => {
    seed();
    const e = engine(useLite, { search: { recency: { enabled: false } } });
    e.indexing.index();
    await e.indexing.embed();
    const kw = await e.search("a kitten resting on a rug", { mode: "keyword" });
    expect(kw.results.map((r) => r.path)).not.toContain("memory/2026-11-02.md");
    const vec = await e.search("a kitten resting on a rug", { mode: "vector" });
    expect(vec.results[0]!.path).toBe("memory/2026-11-02.md");
    const hy = await e.search("a kitten resting on a rug");
    expect(hy.mode).toBe("hybrid");
    expect(hy.results[0]!.path).toBe("memory/2026-11-02.md");
    expect(hy.vectors).toMatchObject({ provider: "use-lite", modelId: "use-lite@0.2.0", missing: 0 });
  });

  it("explain adds up: fused = (1-w)·keyword + w·vector, score = fused × decay × dateBoost × coverageFactor", async () => {
    seed();
    const e = engine(useLite);
    e.indexing.index();
    await e.indexing.embed();
    const res = await e.search("VPS hosting provider yesterday", { explain: true });
    expect(res.dateRange).toMatchObject({ from: "2026-11-20", to: "2026-11-20", mode: "boost" });
    expect(res.results[0]!.path).toBe("memory/2026-11-20.md");
    for (const r of res.results) {
      const x = r.explain!;
      expect(x.fused).toBeCloseTo((1 - x.vectorWeight) * x.keyword + x.vectorWeight * x.vector, 5);
      expect(x.coverageFactor).toBeCloseTo(0.8 + 0.2 * x.coverage, 3);
      expect(x.final).toBeCloseTo(x.fused * x.decay * x.dateBoost * x.coverageFactor, 5);
      expect(r.score).toBeCloseTo(x.final, 6);
      expect(x.mmr).toBeCloseTo(0.7 * x.final - x.mmrPenalty, 5);
    }
    // Keyword coverage is not a factor when only meaning ranks.
    const vec = await e.search("VPS hosting provider yesterday", { explain: true, mode: "vector" });
    expect(vec.results.length).toBeGreaterThan(0);
    for (const r of vec.results) expect(r.explain!.coverageFactor).toBe(1);
    const top = res.results[0]!.explain!;
    expect(top.dateMatch).toBe(true);
    expect(top.dateBoost).toBe(2);
    // Default floor 0.9, half-life 30 days, the note is one day old.
    expect(top.decay).toBeCloseTo(0.9 + 0.1 * Math.pow(0.5, 1 / 30), 6);
  });

  it("a hybrid search on an index with no vectors yet answers by keywords without touching the model, and says vectors are coming", async () => {
    seed();
    const model = counting(useLite);
    let inits = 0;
    model.init = async () => {
      inits++;
    };
    const e = engine(model);
    e.indexing.index();
    const res = await e.search("VPS hosting provider");
    // Asked for hybrid (the default), answered as keyword search says it was.
    expect(res.mode).toBe("keyword");
    expect(res.results[0]?.path).toBe("memory/2026-11-20.md");
    expect(model.computed).toBe(0);
    expect(inits).toBe(0);
    expect(res.vectors.warning).toMatch(/^no chunk has vectors yet, so this was answered by keywords; run `agent index` to embed them$/);
    // Once some vectors exist, the query is embedded again.
    await e.indexing.embed({ maxChunks: 2 });
    const computed = model.computed;
    const next = await e.search("VPS hosting provider");
    expect(model.computed).toBe(computed + 1);
    expect(next.vectors.warning).toBeUndefined();
    expect(next.vectors.pending).toMatch(/run `agent index` to embed them/);
  });

  it("progressive: keyword search works before vectors exist; embedding resumes after an interruption", async () => {
    seed();
    for (let i = 0; i < 20; i++) write(ws, `notes/n${i}.md`, `# Note ${i}\n\nFiller text number ${i} about gardening and tomatoes.\n`);
    const model = counting(useLite);
    const e = engine(model, { search: { autoEmbedLimit: 0 } });
    const idx = e.indexing.index();
    const before = await e.search("tomatoes", { refresh: false });
    expect(before.results.length).toBeGreaterThan(0);
    expect(before.vectors.missing).toBe(idx.chunks);
    const ac = new AbortController();
    const first = await e.indexing.embed({ batchChunks: 5, onProgress: (p) => p.done >= 5 && ac.abort(), signal: ac.signal });
    expect(first.interrupted).toBe(true);
    expect(first.embedded).toBe(5);
    expect(first.remaining).toBe(idx.chunks - 5);
    const second = await e.indexing.embed();
    expect(second.embedded).toBe(idx.chunks - 5);
    expect(second.remaining).toBe(0);
    expect((await e.search("tomatoes")).vectors.missing).toBe(0);
  });

  it("the cache: an edit re-embeds only the changed chunk; a rebuild re-embeds nothing", async () => {
    seed();
    const model = counting(useLite);
    const e = engine(model);
    e.indexing.index();
    const full = await e.indexing.embed();
    const computedFirst = model.computed;
    expect(full.computed).toBe(computedFirst);
    expect(computedFirst).toBeGreaterThanOrEqual(4);
    write(ws, "notes/taxes.md", "# Taxes\n\nThe tax return is due at the end of June now.\n");
    e.indexing.index();
    const edit = await e.indexing.embed();
    expect(edit.embedded).toBe(1);
    expect(model.computed - computedFirst).toBe(1);
    e.indexing.rebuild();
    const rb = await e.indexing.embed();
    expect(rb.computed).toBe(0);
    expect(rb.cacheHits).toBeGreaterThanOrEqual(4);
    expect(model.computed - computedFirst).toBe(1);
  });

  it("a model change drops the old vectors and re-embeds every chunk; models are never mixed", async () => {
    seed();
    const a = engine(useLite);
    const idx = a.indexing.index();
    await a.indexing.embed();
    expect(a.indexing.status().vectors).toMatchObject({ modelId: "use-lite@0.2.0", missing: 0 });
    a.close();
    const b = engine(renamed(useLite, "use-lite@variant"));
    const res = await b.indexing.embed();
    expect(res.modelChanged).toBe(true);
    expect(res.embedded).toBe(idx.chunks);
    expect(b.indexing.status().vectors).toMatchObject({ modelId: "use-lite@variant", embedded: idx.chunks, missing: 0 });
  });

  it("falls back to keyword-only search with one clear warning when embeddings are off", async () => {
    seed();
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    const e = Engine.open({ workspace: ws, now: () => NOW });
    open.push(e);
    const res = await e.search("VPS provider");
    expect(res.mode).toBe("keyword");
    expect(res.vectors.provider).toBeNull();
    expect(res.vectors.warning).toMatch(/keyword-only/);
    expect(res.results[0]!.path).toBe("memory/2026-11-20.md");
  });

  it("gives a keyword hit its cosine even when it is not among the nearest neighbours, so the ranking does not depend on --limit", async () => {
    ws = tempDir("agent-hybrid-");
    // Forty notes close in meaning to the query without its words, and a few that share
    // one word with it but are about something else: with limit 1 the nearest-neighbour
    // scan (limit × 5 + 20 = 25 chunks) holds only the former.
    for (let i = 0; i < 40; i++) write(ws, `notes/walk-${i}.md`, `# Walk ${i}\n\nPedestrians waited at the crosswalk on street ${i} until the light turned green.\n`);
    for (let i = 0; i < 3; i++) write(ws, `notes/ledger-${i}.md`, `# Ledger ${i}\n\nInvoice ${i} paid by bank transfer; the zebra stamp was on the receipt.\n`);
    const plain = engine(useLite, { search: { recency: { enabled: false }, fusion: { vectorForEveryCandidate: false } } });
    plain.indexing.index();
    await plain.indexing.embed();
    const before = await plain.search("zebra crossing", { limit: 1, explain: true });
    expect(before.results[0]!.path).toMatch(/^notes\/ledger-/);
    // Without the option the keyword hit's cosine is unknown and counts as 0.
    expect(before.results[0]!.explain!.cosine).toBeNull();
    plain.close();

    const e = engine(useLite, { search: { recency: { enabled: false } } });
    for (const limit of [1, 10]) {
      const res = await e.search("zebra crossing", { limit, explain: true });
      const ledger = res.results.find((r) => r.path.startsWith("notes/ledger-"))!;
      expect(ledger.explain!.cosine).not.toBeNull();
      expect(ledger.explain!.cosine!).toBeGreaterThan(0);
      expect(ledger.explain!.vector).toBeGreaterThan(0);
      for (const r of res.results) expect(r.explain!.cosine).not.toBeNull();
    }
  });
});

describe("ranking rules on an index (keyword-only, deterministic)", () => {
  it("recency: with equal text, the newer daily note ranks first; MEMORY.md never decays", async () => {
    ws = tempDir("agent-rank-");
    write(ws, "memory/2026-01-10.md", "# Day\n\nParking permit renewed.\n");
    write(ws, "memory/2026-11-10.md", "# Day\n\nParking permit renewed.\n");
    const e = engine(null);
    e.indexing.index();
    const r = (await e.search("parking permit", { explain: true })).results;
    expect(r.map((x) => x.path)).toEqual(["memory/2026-11-10.md", "memory/2026-01-10.md"]);
    expect(r[0]!.explain!.decay).toBeGreaterThan(r[1]!.explain!.decay);
  });

  it("MMR keeps five near-identical chunks of one note from crowding out another note", async () => {
    ws = tempDir("agent-mmr-");
    const para = (i: number) => `## Part ${i}\n\nPassport renewal form, passport photos and passport fees for the embassy visit ${i}.\n`;
    write(ws, "notes/passport.md", "# Passport\n\n" + [1, 2, 3, 4, 5].map(para).join("\n"));
    // Nearly as relevant as each passport chunk, but a different note.
    write(ws, "notes/travel.md", "# Travel\n\nPassport needed for the trip to Japan; check the passport expiry date.\n");
    // Enough other notes that "passport" is a rare, telling word (BM25's IDF).
    for (let i = 0; i < 20; i++) write(ws, `notes/other-${i}.md`, `# Other ${i}\n\nGroceries, laundry and a walk in the park, day ${i}.\n`);
    const cfg = (lambda: number) => ({ search: { mmr: { lambda }, recency: { enabled: false } } });
    const plain = engine(null, cfg(1));
    plain.indexing.index();
    const top3Plain = (await plain.search("passport", { limit: 3 })).results.map((r) => r.path);
    expect(top3Plain).toEqual(["notes/passport.md", "notes/passport.md", "notes/passport.md"]);
    plain.close();
    const diverse = engine(null, cfg(0.7));
    const top3 = (await diverse.search("passport", { limit: 3 })).results.map((r) => r.path);
    expect(top3).toContain("notes/travel.md");
  });

  it('a date expression filters instead of boosting when dates.mode is "filter"', async () => {
    seed();
    const e = engine(null, { search: { dates: { mode: "filter", timeZone: "UTC" } } });
    e.indexing.index();
    const res = await e.search("what did we do last week");
    expect(res.dateRange).toMatchObject({ from: "2026-11-09", to: "2026-11-15", mode: "filter" });
    expect(res.results.map((r) => r.path)).toEqual(["memory/2026-11-14.md"].filter(() => res.results.length > 0));
    for (const r of res.results) expect(r.date! >= "2026-11-09" && r.date! <= "2026-11-15").toBe(true);
  });
});


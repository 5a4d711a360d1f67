import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyFormation, planMemories } from "../../../src/jobs/evolve/formation.js";
import { EMBED_CACHE_FILE, EmbeddingCache } from "../../../src/embed/cache.js";
import { agentDir } from "../../../src/workspace/paths.js";
import { ScriptedProvider } from "../../../src/llm/scripted.js";
import { cleanup, tempDir } from "../../helpers/workspace.js";
import { FIRST_SOUL, HOUR, soulJson, templateWorkspace, writeSession, reflectIn } from "../reflect/helpers.js";
import { candidate, DAY, insertMemory, reflectionWithMemories, T0, withDb, openMemoryDb } from "./helpers.js";
import { sharedUseLite } from "../../helpers/use-lite.js";

// The real USE-lite model from npm, shared by the tests of this file.
const useLite = sharedUseLite();

let ws = "";
beforeEach(() => {
  ws = templateWorkspace(tempDir("agent-formation-"));
});
afterEach(() => cleanup(ws));

const FRIDAY = "I deployed on a Friday without a rollback plan and the site went down.";

describe("duplicates reinforce (real USE-lite embeddings)", () => {
  it("a paraphrase of a memory of the same type reinforces it; another type, a loose rewording or a new topic create", async () => {
    const existing = withDb(ws, ({ store }) => insertMemory(store, { type: "failure", content: FRIDAY, significance: 0.5, valence: "negative", domain: "deploys" }));
    const candidates = [
      candidate("failure", "Deploying on Friday without a rollback plan took the site down.", 0.6, { valence: "negative", domain: "deploys" }), // cosine ≈ 0.80
      candidate("lesson_learned", FRIDAY, 0.6), // same text, other type
      candidate("failure", "A Friday deploy with no way to roll back broke production for an hour.", 0.6, { valence: "negative" }), // ≈ 0.61
      candidate("user_preference", "Sam prefers Thai food for dinner.", 0.4, { valence: "positive", domain: "food" }),
      candidate("user_preference", "Sam prefers Thai food.", 0.4, { valence: "positive", domain: "food" }), // ≈ 0.95 to the one before
    ];
    const mdb = openMemoryDb(ws);
    const store = mdb.store;
    const cache = new EmbeddingCache(path.join(agentDir(ws), EMBED_CACHE_FILE));
    const s = await (async () => {
      try {
        const plan = await planMemories({ store, candidates, embedder: useLite, cache, duplicateCosine: 0.8 });
        expect(plan.dedupe).toBe(`cosine ≥ 0.8 (${useLite.modelId})`);
        expect(plan.decisions.map((d) => d.action)).toEqual(["reinforce", "create", "create", "create", "reinforce"]);
        const first = plan.decisions[0]!;
        expect(first.action === "reinforce" && first.similarity).toBeGreaterThanOrEqual(0.8);
        return applyFormation(store, plan, { now: T0 + DAY, source: { kind: "manual" } });
      } finally {
        cache.close();
        mdb.close();
      }
    })();
    expect(s.reinforced.map((r) => r.id)).toEqual([existing, s.created[2]!.id]);
    withDb(ws, ({ store }) => {
      const m = store.get(existing)!;
      expect(m).toMatchObject({ content: FRIDAY, reinforceCount: 1, lastReinforcedAt: T0 + DAY, vividness: 1, vividAt: T0 + DAY, significance: 0.65 });
      expect(store.list().map((x) => x.type)).toEqual(["failure", "lesson_learned", "failure", "user_preference"]);
      expect(store.get(s.created[2]!.id)!.reinforceCount).toBe(1);
    });
    // The memory texts went through the embedding cache, so the next night does not embed them again.
    expect(existsSync(path.join(agentDir(ws), "embeddings.db"))).toBe(true);
  });
});

describe("formation from the nightly reflection", () => {
  const now = () => T0;
  const failureCandidate = (content: string) => ({
    type: "failure",
    content,
    domain: "deploys",
    valence: "negative",
    signals: { complexity: 0.6, novelty: 0.5, failure: 1, userInvolved: 1, emotionalWeight: 0.7 },
  });

  it("call 1's candidates become memories (source: the run and its sessions); the next night's paraphrase reinforces", async () => {
    writeSession(ws, "s1", 4, T0 - HOUR);
    const p1 = new ScriptedProvider([
      reflectionWithMemories([
        failureCandidate(FRIDAY),
        { type: "personality_moment", content: "I found my voice today.", domain: "self", valence: "positive", signals: { novelty: 0.3 } },
      ]),
      soulJson(FIRST_SOUL),
    ]);
    const r1 = await reflectIn({ workspace: ws, provider: p1, now, embedder: useLite });
    expect(r1.status).toBe("updated");
    expect(r1.memories).toMatchObject({ candidates: 2, created: [{ type: "failure", content: FRIDAY }], reinforced: [], rejected: [{ type: "personality_moment" }], dryRun: false });
    const id = r1.memories!.created[0]!.id;
    withDb(ws, ({ store }) => {
      expect(store.get(id)).toMatchObject({
        type: "failure",
        valence: "negative",
        domain: "deploys",
        createdAt: T0,
        vividness: 1,
        source: { kind: "reflection", runId: r1.runId, sessions: ["s1"] },
        data: { signals: { failure: 1 } },
      });
      expect(store.get(id)!.significance).toBeCloseTo(0.15 * 0.6 + 0.2 * 0.5 + 0.2 + 0.2 + 0.25 * 0.7, 4);
    });

    // The next night, the model says it again in other words: the memory is reinforced, not duplicated.
    const t1 = T0 + DAY;
    writeSession(ws, "s2", 4, t1 - HOUR);
    const p2 = new ScriptedProvider([reflectionWithMemories([failureCandidate("Deploying on Friday without a rollback plan took the site down.")]), soulJson(FIRST_SOUL)]);
    const r2 = await reflectIn({ workspace: ws, provider: p2, now: () => t1, embedder: async () => useLite });
    expect(r2.memories).toMatchObject({ created: [], reinforced: [{ id, content: FRIDAY }] });
    withDb(ws, ({ store }) => {
      expect(store.list()).toHaveLength(1);
      expect(store.get(id)).toMatchObject({ reinforceCount: 1, lastReinforcedAt: t1 });
    });
  });

  it("without an embedder, only an equal text counts as a repeat (and the result says so)", async () => {
    writeSession(ws, "s1", 4, T0 - HOUR);
    await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionWithMemories([failureCandidate(FRIDAY)]), soulJson(FIRST_SOUL)]), now });
    writeSession(ws, "s2", 4, T0 + DAY - HOUR);
    const r = await reflectIn({
      workspace: ws,
      provider: new ScriptedProvider([reflectionWithMemories([failureCandidate("Deploying on Friday without a rollback plan took the site down."), failureCandidate(FRIDAY.toUpperCase())]), soulJson(FIRST_SOUL)]),
      now: () => T0 + DAY,
    });
    expect(r.memories).toMatchObject({ dedupe: "exact text (no embedder)", created: [{ content: "Deploying on Friday without a rollback plan took the site down." }], reinforced: [{ content: FRIDAY }] });
  });

  it("a dry run writes no memories (it says what it would do)", async () => {
    writeSession(ws, "s1", 4, T0 - HOUR);
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionWithMemories([failureCandidate(FRIDAY)]), soulJson(FIRST_SOUL)]), now, dryRun: true, embedder: useLite });
    expect(r.memories).toMatchObject({ dryRun: true, created: [{ id: 0, content: FRIDAY }] });
    expect(existsSync(path.join(agentDir(ws), "state.db"))).toBe(false);
    expect(existsSync(path.join(agentDir(ws), "embeddings.db"))).toBe(false);
  });

  it("every reflection run is also the daily fade pass, even when it skips", async () => {
    const old = withDb(ws, ({ store }) => insertMemory(store, { type: "process_note", content: "Restart nginx after edits.", significance: 0.2, createdAt: T0 - 100 * DAY }));
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([]), now });
    expect(r.status).toBe("skipped");
    expect(r.memories?.archived).toEqual([{ id: old, type: "process_note", reason: expect.stringMatching(/^faded: /) }]);
    withDb(ws, ({ store }) => expect(store.get(old)!.archivedAt).toBe(T0));
  });
});

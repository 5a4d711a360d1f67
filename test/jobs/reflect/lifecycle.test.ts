import { readdirSync } from "node:fs";
/**
 * The SOUL lifecycle a person lives with: their own SOUL is versioned and mapped into the
 * layers (never refused), the floors, a missing SOUL.md restored, review (proposed / accept /
 * reject / save), the run record that says why a night did nothing, the context-window check,
 * and memories formed only by a run that succeeded.
 */
import { appendFileSync, existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LLMError, ScriptedProvider, type CompletionRequest } from "../../../src/llm/index.js";
import {
  acceptProposal,
  describeReflectionRun,
  pendingProposal,
  rejectProposal,
  saveSoul,
  showReflectionRun,
  soulProposed,
} from "../../../src/jobs/reflect/review.js";
import { REPLY_CAP } from "../../../src/jobs/reflect/pipeline.js";
import { countWords, findLockedBlocks, missingLayers } from "../../../src/jobs/reflect/soul-safety.js";
import { MemoryStore } from "../../../src/store/memories.js";
import { contentHash } from "../../../src/store/soul-versions.js";
import { swapFile } from "../../../src/workspace/safe-write.js";
import { cleanup, read, tempDir, write } from "../../helpers/workspace.js";
import {
  CUSTOM_SOUL,
  history,
  HOUR,
  reflectIn,
  reflectionJson,
  soulJson,
  soulLog,
  T0,
  TEMPLATE_SOUL,
  templateWorkspace,
  withDb,
  withStore,
  writeSession,
} from "./helpers.js";

let ws = "";
beforeEach(() => {
  ws = templateWorkspace(tempDir("agent-lifecycle-"));
});
afterEach(() => cleanup(ws));

const now = () => T0;

/** The current SOUL as the prompt of call 2 shows it. */
function currentInPrompt(req: CompletionRequest): string {
  const text = req.messages[0]!.content;
  const m = /<current-soul>\n([\s\S]*?)\n<\/current-soul>/.exec(text);
  if (!m) throw new Error("the SOUL prompt shows no current SOUL");
  return m[1]! + "\n";
}

/** A model that does what the prompt asks: keeps everything, fills the empty layers. */
function fillLayers(current: string): string {
  return current
    .replace(/## Core Identity\n/, "## Core Identity\n\n- I am a careful personal assistant for Sam.\n")
    .replace(/## Active Values\n/, "## Active Values\n\n- I keep answers short and check my notes first.\n")
    .replace(/## Recent Growth\n/, "## Recent Growth\n\n- I learned that Sam likes morning summaries.\n");
}

const SHAPES: Record<string, string> = {
  "no headings": "I am Jarvis. I answer in one line and never use emoji.\nDry humour is welcome; sarcasm is not.\n",
  "other headings": "# Jarvis\n\n## Personality\n\n- Terse.\n- Dry humour.\n\n## Rules\n\n- Never book travel without asking.\n- Sam's calendar is private.\n",
  "one long list": Array.from({ length: 30 }, (_, i) => `- Rule ${i + 1}: keep promise number ${i + 1} to Sam.`).join("\n") + "\n",
  "very short": "Be kind.\n",
};

describe("a SOUL the person wrote is versioned and mapped into the layers, never refused", () => {
  for (const [shape, own] of Object.entries(SHAPES)) {
    it(`${shape}: recorded as the person's version first, kept word for word, layers filled, within budget`, async () => {
      write(ws, "SOUL.md", own);
      writeSession(ws, "s1", 4, T0 - HOUR);
      const provider = new ScriptedProvider([reflectionJson(), (req) => soulJson(fillLayers(currentInPrompt(req)))]);
      const r = await reflectIn({ workspace: ws, provider, now, options: { config: { minSoulWords: 200 } } });

      expect(r).toMatchObject({ status: "updated", mapped: true, baselineVersion: 1, version: 2, changeShare: 0 });
      const soul = read(ws, "SOUL.md");
      expect(missingLayers(soul)).toEqual([]);
      // Every byte the person wrote is in the new SOUL, inside one locked block.
      const blocks = findLockedBlocks(soul).blocks.map((b) => b.text);
      expect(blocks).toHaveLength(1);
      expect(blocks[0]).toContain(own.trim());
      // The prompt showed the person's text as a block to copy.
      expect(provider.calls[1]!.messages[0]!.content).toContain("is the person's own text: copy it exactly");
      const h = history(ws);
      expect(h.versions.map((v) => [v.number, v.origin, v.author])).toEqual([
        [1, "baseline", "user"],
        [2, "reflection", "reflection"],
      ]);
      expect(h.versions[0]!.content).toBe(own);
      expect(h.versions[0]!.summary).toBe("baseline: SOUL.md as written by hand, before the first reflection");
      // The swap's temporary and parked copies live in .agent/, never in the person's folder.
      expect(readdirSync(ws).filter((n) => n.startsWith(".SOUL.md"))).toEqual([]);
    });
  }

  it("a model that rewrites or drops the person's block gets it back byte for byte", async () => {
    write(ws, "SOUL.md", SHAPES["other headings"]!);
    writeSession(ws, "s1", 4, T0 - HOUR);
    const model = "# SOUL\n\n## Core Identity\n\n- I am terse.\n\n## Active Values\n\n- Short answers.\n\n## Recent Growth\n\n- Mornings.\n";
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(model)]), now });
    expect(r.status).toBe("updated");
    expect(r.restoredLocked.join()).toMatch(/was missing and was put back/);
    expect(read(ws, "SOUL.md")).toContain(SHAPES["other headings"]!.trim());
  });

  it("a SOUL with some layers keeps them editable; only the rest is locked", async () => {
    const own = "# SOUL\n\n## core identity\n\n- I work for Sam.\n\n## Tone\n\n- Calm.\n";
    write(ws, "SOUL.md", own);
    writeSession(ws, "s1", 4, T0 - HOUR);
    const provider = new ScriptedProvider([reflectionJson(), (req) => soulJson(fillLayers(currentInPrompt(req)))]);
    const r = await reflectIn({ workspace: ws, provider, now });
    expect(r).toMatchObject({ status: "updated", mapped: true });
    const shown = currentInPrompt(provider.calls[1]!);
    expect(shown).toBe("# SOUL\n\n<!-- locked -->\n## Tone\n\n- Calm.\n<!-- /locked -->\n\n## Core Identity\n\n- I work for Sam.\n\n## Active Values\n\n## Recent Growth\n");
  });

  it("a hand edit after a reflection is recorded as the person's version before the next run reads it", async () => {
    write(ws, "SOUL.md", CUSTOM_SOUL);
    writeSession(ws, "s1", 4, T0 - HOUR);
    const provider = new ScriptedProvider([reflectionJson(), soulJson(CUSTOM_SOUL)]);
    await reflectIn({ workspace: ws, provider, now });
    write(ws, "SOUL.md", CUSTOM_SOUL + "\n- my own line\n");
    writeSession(ws, "s2", 4, T0 + HOUR);
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(CUSTOM_SOUL + "\n- my own line\n")]), now: () => T0 + 2 * HOUR });
    expect(r.baselineVersion).toBe(2);
    expect(history(ws).versions.map((v) => [v.author, v.summary])).toEqual([
      ["user", "baseline: SOUL.md as written by hand, before the first reflection"],
      ["user", "baseline: SOUL.md as edited by hand after version 1"],
    ]);
  });
});

describe("floors", () => {
  it("a well-formed 13-word first distillation of the template is refused, naming the floor", async () => {
    writeSession(ws, "s1", 4, T0 - HOUR);
    const tiny = "# SOUL\n\n## Core Identity\n\n- I help.\n\n## Active Values\n\n- Be brief.\n\n## Recent Growth\n\n- Nothing yet.\n";
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(tiny)]), now, options: { config: { minSoulWords: undefined } } });
    expect(r.status).toBe("kept");
    expect(r.reason).toMatch(/^the new SOUL has \d+ words, under the floor of 200 \(reflection.minSoulWords/);
    expect(read(ws, "SOUL.md")).toBe(TEMPLATE_SOUL);
    expect(history(ws).runs.at(-1)!).toMatchObject({ outcome: "error", reason: r.reason });
  });

  it("the floor is the current SOUL's length when that is shorter: a person's short SOUL may grow, not shrink", async () => {
    write(ws, "SOUL.md", CUSTOM_SOUL);
    writeSession(ws, "s1", 4, T0 - HOUR);
    const shorter = "# SOUL\n\n## Core Identity\n\n<!-- locked -->\n- I tell the truth, including \"I don't know\".\n<!-- /locked -->\n\n## Active Values\n\n- Brief.\n\n## Recent Growth\n\n- Mornings.\n";
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(shorter)]), now, options: { config: { minSoulWords: 200, changeBudget: 1 } } });
    expect(r.status).toBe("kept");
    expect(r.reason).toContain(`under the floor of ${countWords(CUSTOM_SOUL)}`);
  });

  it("a SOUL that drops locked text of an earlier version is refused, naming the version", async () => {
    const locked = "<!-- locked -->\n- Never share Sam's address.\n<!-- /locked -->";
    const v1 = CUSTOM_SOUL.replace("## Active Values\n", `## Active Values\n\n${locked}\n`);
    withStore(ws, (store) => {
      store.insert({ createdAt: T0 - 3 * HOUR, content: v1, words: 1, tokens: 1, summary: "mine", origin: "baseline" });
      // A reflection version that lost the block (an older engine): the floor still holds it.
      store.insert({ createdAt: T0 - 2 * HOUR, content: CUSTOM_SOUL, words: 1, tokens: 1, summary: "older run", origin: "reflection" });
    });
    write(ws, "SOUL.md", CUSTOM_SOUL);
    writeSession(ws, "s1", 4, T0 - HOUR);
    const next = CUSTOM_SOUL.replace("- Learned to confirm time zones.", "- Learned to confirm dates.");
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(next)]), now });
    expect(r.status).toBe("kept");
    expect(r.reason).toMatch(/^the new SOUL drops locked text of version 1 \("- Never share Sam's address."\); kept the existing SOUL.md$/);
    expect(read(ws, "SOUL.md")).toBe(CUSTOM_SOUL);
  });

  it("a locked block the person removed by hand is not required any more", async () => {
    const locked = "<!-- locked -->\n- Never share Sam's address.\n<!-- /locked -->\n";
    write(ws, "SOUL.md", CUSTOM_SOUL + "\n" + locked);
    writeSession(ws, "s1", 4, T0 - HOUR);
    await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(CUSTOM_SOUL + "\n" + locked)]), now });
    write(ws, "SOUL.md", CUSTOM_SOUL); // the person unlocks and removes it
    writeSession(ws, "s2", 4, T0 + HOUR);
    const next = CUSTOM_SOUL.replace("- Learned to confirm time zones.", "- Learned to confirm dates.");
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(next)]), now: () => T0 + 2 * HOUR });
    expect(r.status).toBe("updated");
    expect(read(ws, "SOUL.md")).toBe(next);
  });

  it("a missing SOUL.md is restored from the newest version first, then reflected on", async () => {
    write(ws, "SOUL.md", CUSTOM_SOUL);
    writeSession(ws, "s1", 4, T0 - HOUR);
    const v2 = CUSTOM_SOUL.replace("- Learned to confirm time zones.", "- Learned to confirm dates.");
    await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(v2)]), now });
    rmSync(path.join(ws, "SOUL.md"));
    writeSession(ws, "s2", 4, T0 + HOUR);
    // The model writes from scratch, without the locked block: it is put back from the restored SOUL.
    const scratch = "# SOUL\n\n## Core Identity\n\n- I am new.\n\n## Active Values\n\n- Brief answers first, details on request.\n- Ask before anything irreversible.\n- Check memory before asking.\n- Mark opinions as opinions.\n\n## Recent Growth\n\n- Learned to confirm dates.\n";
    const provider = new ScriptedProvider([reflectionJson(), soulJson(scratch)]);
    const r = await reflectIn({ workspace: ws, provider, now: () => T0 + 2 * HOUR, options: { config: { changeBudget: 1 } } });
    expect(r.restoredFrom).toBe(2);
    expect(r.warnings).toContain("SOUL.md was missing: restored version 2 before reflecting");
    expect(currentInPrompt(provider.calls[1]!)).toBe(v2);
    expect(r.status).toBe("updated");
    expect(read(ws, "SOUL.md")).toContain("<!-- locked -->\n- I tell the truth, including \"I don't know\".\n<!-- /locked -->");
    expect(history(ws).versions.map((v) => v.origin)).toEqual(["baseline", "reflection", "reflection"]);
  });
});

describe("review: proposed, accept, reject, save", () => {
  const rewrite = CUSTOM_SOUL.replace(/## Active Values[\s\S]*$/, "## Active Values\n\n- Totally new value A.\n- Totally new value B.\n\n## Recent Growth\n\n- Everything is new.\n");

  async function propose(at = T0, soul = rewrite): Promise<number> {
    writeSession(ws, `s${at}`, 4, at - HOUR);
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(soul, "I rewrote my values.", "new values")]), now: () => at });
    expect(r.status).toBe("proposed");
    return r.runId!;
  }

  it("proposed shows the diff, the report and why it was held back; accept makes it a version and SOUL.md", async () => {
    write(ws, "SOUL.md", CUSTOM_SOUL);
    expect(pendingProposal(ws)).toBeNull();
    const runId = await propose();
    expect(pendingProposal(ws)).toMatchObject({ path: "SOUL.proposed.md", bytes: Buffer.byteLength(rewrite) });

    const view = withStore(ws, (store) => soulProposed(ws, store))!;
    expect(view).toMatchObject({ runId, summary: "new values", report: "I rewrote my values.", proposalReason: "change-budget", editedSinceRun: false, text: rewrite });
    expect(view.reason).toMatch(/over the change budget of 30%/);
    expect(view.diff).toContain("+- Totally new value A.");
    expect(view.diff).toContain("--- SOUL.md");

    const res = withStore(ws, (store) => acceptProposal({ workspace: ws, store, reflection: { lockCoreIdentity: false }, now: () => T0 + HOUR }));
    expect(res).toEqual({ version: 2, runId, removedProposal: true });
    expect(read(ws, "SOUL.md")).toBe(rewrite);
    expect(existsSync(path.join(ws, "SOUL.proposed.md"))).toBe(false);
    const h = history(ws);
    expect(h.versions.map((v) => [v.origin, v.author, v.summary])).toEqual([
      ["baseline", "user", "baseline: SOUL.md as written by hand, before the first reflection"],
      ["reflection", "reflection", `accepted proposal of run ${runId}: new values`],
    ]);
    expect(h.runs.find((x) => x.id === runId)!.details.reviews).toEqual([{ decision: "accepted", at: T0 + HOUR, version: 2 }]);
    expect(soulLog(ws)).toMatchObject({ current: { matchesVersion: 2 }, proposal: null });
  });

  it("reject records the reason and the next night's prompt takes it into account", async () => {
    write(ws, "SOUL.md", CUSTOM_SOUL);
    const runId = await propose();
    const res = withStore(ws, (store) => rejectProposal({ workspace: ws, store, reason: "too flowery", now: () => T0 + HOUR }));
    expect(res).toEqual({ runId, removedProposal: true });
    expect(pendingProposal(ws)).toBeNull();
    expect(read(ws, "SOUL.md")).toBe(CUSTOM_SOUL);

    writeSession(ws, "next", 4, T0 + 20 * HOUR);
    const provider = new ScriptedProvider([reflectionJson(), soulJson(CUSTOM_SOUL)]);
    await reflectIn({ workspace: ws, provider, now: () => T0 + 21 * HOUR });
    expect(provider.calls[1]!.messages[0]!.content).toContain(
      "The person rejected these recent proposals; do not make the same changes again:\n- 2026-11-21: new values (their reason: too flowery)",
    );
  });

  it("a proposal edited by hand is accepted as edited; rejecting one keeps its text in the record", async () => {
    write(ws, "SOUL.md", CUSTOM_SOUL);
    const runId = await propose();
    const edited = rewrite.replace("Totally new value B.", "My own value B.");
    write(ws, "SOUL.proposed.md", edited);
    expect(withStore(ws, (store) => soulProposed(ws, store))!.editedSinceRun).toBe(true);
    withStore(ws, (store) => rejectProposal({ workspace: ws, store, now: () => T0 + HOUR }));
    const review = (history(ws).runs.find((x) => x.id === runId)!.details.reviews as Record<string, unknown>[])[0]!;
    expect(review).toEqual({ decision: "rejected", at: T0 + HOUR, text: edited });
  });

  it("accept refuses a proposal that drops locked text, and one raced by an edit; nothing is replaced", async () => {
    write(ws, "SOUL.md", CUSTOM_SOUL);
    await propose();
    write(ws, "SOUL.proposed.md", rewrite.replace(/<!-- locked -->[\s\S]*?<!-- \/locked -->\n/, ""));
    expect(() => withStore(ws, (store) => acceptProposal({ workspace: ws, store, reflection: { lockCoreIdentity: false } }))).toThrow(
      /^SOUL.proposed.md does not keep the locked text of SOUL.md \(the original has 1 locked block\(s\), the proposal 0\): copy the locked blocks into it, or reject it$/,
    );
    write(ws, "SOUL.proposed.md", rewrite);
    const raced = () => withStore(ws, (store) =>
      acceptProposal({
        workspace: ws,
        store,
        reflection: { lockCoreIdentity: false },
        swap: (file) => {
          write(ws, "SOUL.md", CUSTOM_SOUL + "- typed just now\n");
          return { ok: false, reason: `${path.basename(file)} was edited meanwhile` };
        },
      }),
    );
    expect(raced).toThrow(/^SOUL.md changed during the accept \(SOUL.md was edited meanwhile\); nothing was replaced — review again and re-run$/);
    expect(read(ws, "SOUL.md")).toBe(CUSTOM_SOUL + "- typed just now\n");
    expect(read(ws, "SOUL.proposed.md")).toBe(rewrite);
    expect(history(ws).versions.map((v) => v.origin)).toEqual(["baseline"]);
  });

  it("save records SOUL.md by hand with a message, once", () => {
    write(ws, "SOUL.md", CUSTOM_SOUL);
    const a = withStore(ws, (store) => saveSoul({ workspace: ws, store, message: "my first own SOUL", now }));
    expect(a).toEqual({ version: 1, unchanged: false });
    expect(withStore(ws, (store) => saveSoul({ workspace: ws, store, now }))).toEqual({ version: 1, unchanged: true });
    expect(history(ws).versions[0]).toMatchObject({ origin: "baseline", author: "user", summary: "saved by hand: my first own SOUL", content: CUSTOM_SOUL });
    rmSync(path.join(ws, "SOUL.md"));
    expect(() => withStore(ws, (store) => saveSoul({ workspace: ws, store }))).toThrow(/SOUL.md does not exist: nothing to save/);
  });
});

describe("why a night did nothing: the run record", () => {
  it("keeps the inputs, the raw replies (capped) and the decision; describe prints them", async () => {
    write(ws, "SOUL.md", CUSTOM_SOUL);
    writeSession(ws, "s1", 4, T0 - HOUR);
    const story = "Once upon a time there was a little cat. ".repeat(500);
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), story]), now });
    expect(r.status).toBe("kept");
    const run = withStore(ws, (store) => showReflectionRun(store, r.runId!))!;
    expect(run.outcome).toBe("error");
    const d = run.details as Record<string, any>; // the record is free-form JSON
    expect(d.decision).toEqual({ status: "kept", reason: r.reason });
    expect(d.inputs.soul).toEqual({ exists: true, words: countWords(CUSTOM_SOUL), version: 1, mapped: false });
    expect(d.inputs.transcript).toEqual({ sessions: 1, messages: 4, chars: expect.any(Number), cut: false });
    expect(d.inputs.calls.map((c: { call: string }) => c.call)).toEqual(["reflection", "soul"]);
    expect(d.replies).toHaveLength(2);
    expect(d.replies[0]).toMatchObject({ call: "reflection", text: reflectionJson(), capped: false, finishReason: "stop" });
    expect(d.replies[1]).toMatchObject({ call: "soul", chars: story.length, capped: true });
    expect(d.replies[1].text).toBe(story.slice(0, REPLY_CAP));
    const text = describeReflectionRun(run);
    expect(text).toMatch(/^reflection run 1 \(2026-11-21 03:00 UTC\): error — malformed SOUL from the model/);
    expect(text).toContain("--- reply to the soul call");
    expect(text).toMatch(/\nthe day: 0 note file\(s\), 0 MEMORY\.md line\(s\) added, 0 conversation summaries; characters: notes 0, summaries 0, turns \d+ of a 8192-token window\n/);
    expect(text).toContain("Once upon a time there was a little cat.");
    expect(text).toMatch(/decision: kept — malformed SOUL/);
    expect(withStore(ws, (store) => showReflectionRun(store, 99))).toBeUndefined();
  });

  it("a run that throws keeps what it had: the replies so far and the error as the decision", async () => {
    writeSession(ws, "s1", 4, T0 - HOUR);
    const err = new LLMError("unreachable", "Ollama is not running at http://127.0.0.1:11434: start it with `ollama serve`");
    await expect(reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), err]), now })).rejects.toThrow(err.message);
    const run = history(ws).runs[0]!;
    expect(run.details).toMatchObject({ code: "unreachable", decision: { status: "error", reason: err.message }, replies: [{ call: "reflection" }] });
  });

  it("a model whose context window is too small is refused before the call, naming model, window and need", async () => {
    writeSession(ws, "s1", 4, T0 - HOUR);
    const provider = new ScriptedProvider([], { model: "tiny-1b", contextSize: 300 });
    const e = await reflectIn({ workspace: ws, provider, now }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(LLMError);
    expect((e as LLMError).code).toBe("context-too-small");
    expect((e as LLMError).message).toMatch(
      /^model tiny-1b \(scripted\) has a context window of 300 tokens, but this call needs about \d+ \(prompt ~\d+ \+ reply up to 1024\): set llm.contextSize to at least \d+ or use a model with a larger window, or lower reflection.reflectionMaxTokens, or the shares of the day \(reflection.notesShare, summariesShare, turnsShare\)$/,
    );
    expect(provider.calls).toHaveLength(0);
    expect(history(ws).runs[0]).toMatchObject({ outcome: "error", reason: (e as LLMError).message });
  });
});

describe("memories are formed only by a run that succeeds", () => {
  const withMemory = JSON.stringify({
    insights: [{ content: "Sam asked for the same summary twice.", topics: ["went-badly"] }],
    principles: ["Do: keep summaries."],
    memories: [
      {
        type: "lesson_learned",
        content: "Save summaries to today's note so Sam never has to ask twice.",
        domain: "memory",
        valence: "negative",
        signals: { complexity: 0.6, novelty: 0.8, failure: 1, userInvolved: 1, emotionalWeight: 0.7 },
      },
    ],
  });
  const memories = () => withDb(ws, (db) => new MemoryStore(db).count());

  it("a refused SOUL (kept) forms none", async () => {
    write(ws, "SOUL.md", CUSTOM_SOUL);
    writeSession(ws, "s1", 4, T0 - HOUR);
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([withMemory, "no soul here"]), now, embedder: null });
    expect(r.status).toBe("kept");
    expect(r.memories).toBeUndefined();
    expect(memories()).toBe(0);
  });

  it("a failed run forms none", async () => {
    write(ws, "SOUL.md", CUSTOM_SOUL);
    writeSession(ws, "s1", 4, T0 - HOUR);
    await expect(reflectIn({ workspace: ws, provider: new ScriptedProvider([withMemory, new Error("boom")]), now, embedder: null })).rejects.toThrow("boom");
    expect(memories()).toBe(0);
  });

  it("a run that succeeds forms them", async () => {
    write(ws, "SOUL.md", CUSTOM_SOUL);
    writeSession(ws, "s1", 4, T0 - HOUR);
    const next = CUSTOM_SOUL.replace("- Learned to confirm time zones.", "- Learned to keep summaries.");
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([withMemory, soulJson(next)]), now, embedder: null });
    expect(r.status).toBe("updated");
    expect(r.memories!.created).toHaveLength(1);
    expect(memories()).toBe(1);
  });
});

it("the run record's proposal hash is the proposal file's", async () => {
  write(ws, "SOUL.md", CUSTOM_SOUL);
  writeSession(ws, "s1", 4, T0 - HOUR);
  const rewrite = CUSTOM_SOUL.replace(/## Active Values[\s\S]*$/, "## Active Values\n\n- A.\n- B.\n\n## Recent Growth\n\n- C.\n");
  const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(rewrite)]), now });
  expect(r.status).toBe("proposed");
  expect(history(ws).runs[0]!.details.proposal).toEqual({ text: rewrite, hash: contentHash(readFileSync(path.join(ws, "SOUL.proposed.md"))) });
});

describe("an edit in the instant of the swap", () => {
  for (const kind of ["appended", "saved by rename"] as const) {
    it(`${kind} after the last read: the edit stays SOUL.md, the new SOUL is the proposal, no version claims it`, async () => {
      write(ws, "SOUL.md", CUSTOM_SOUL);
      writeSession(ws, "s1", 4, T0 - HOUR);
      const next = CUSTOM_SOUL.replace("- Learned to confirm time zones.", "- Learned to confirm dates.");
      const r = await reflectIn({
        workspace: ws,
        provider: new ScriptedProvider([reflectionJson(), soulJson(next)]),
        now,
        options: {
          // The person's write lands between the run's compare and the swap (the real,
          // sub-millisecond races are in test/workspace/swap-race.test.ts).
          swap: (file, expected, content) => {
            if (kind === "appended") appendFileSync(file, "- typed during the swap\n");
            else write(ws, "SOUL.md", CUSTOM_SOUL + "- typed during the swap\n");
            return swapFile(file, expected, content, { oldIsSaved: true });
          },
        },
      });
      expect(r).toMatchObject({ status: "proposed", proposalReason: "changed-during-run" });
      expect(read(ws, "SOUL.md")).toBe(CUSTOM_SOUL + "- typed during the swap\n");
      expect(read(ws, "SOUL.proposed.md")).toBe(next);
      expect(history(ws).versions.map((v) => [v.origin, v.content])).toEqual([["baseline", CUSTOM_SOUL]]);
    });
  }
});

it("a dry run with SOUL.md missing reflects on the newest version in memory and writes nothing", async () => {
  write(ws, "SOUL.md", CUSTOM_SOUL);
  writeSession(ws, "s1", 4, T0 - HOUR);
  await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(CUSTOM_SOUL)]), now });
  rmSync(path.join(ws, "SOUL.md"));
  writeSession(ws, "s2", 4, T0 + HOUR / 2);
  const before = history(ws);
  const next = CUSTOM_SOUL.replace("- Learned to confirm time zones.", "- Learned to confirm dates.");
  const provider = new ScriptedProvider([reflectionJson(), soulJson(next)]);
  const r = await reflectIn({ workspace: ws, provider, now: () => T0 + HOUR, dryRun: true });
  expect(r).toMatchObject({ status: "updated", dryRun: true, restoredFrom: 1 });
  expect(r.warnings).toContain("SOUL.md is missing: a real run restores version 1 first, then reflects");
  expect(currentInPrompt(provider.calls[1]!)).toBe(CUSTOM_SOUL);
  expect(existsSync(path.join(ws, "SOUL.md"))).toBe(false);
  expect(history(ws)).toEqual(before);
});

it("the template edited by one line is mapped, not trapped: the run updates SOUL.md instead of proposing every night", async () => {
  const mine = TEMPLATE_SOUL.replace("- Calm under pressure; a little dry humour when the moment allows.", "- Calm under pressure; no jokes, please.");
  expect(mine).not.toBe(TEMPLATE_SOUL);
  write(ws, "SOUL.md", mine);
  writeSession(ws, "s1", 4, T0 - HOUR);
  const provider = new ScriptedProvider([reflectionJson(), (req) => soulJson(fillLayers(currentInPrompt(req)))]);
  const r = await reflectIn({ workspace: ws, provider, now, options: { config: { minSoulWords: 200 } } });
  expect(r).toMatchObject({ status: "updated", mapped: true, firstDistillation: false, baselineVersion: 1 });
  expect(r.changeShare).toBe(0);
  const soul = read(ws, "SOUL.md");
  for (const section of ["## Boundaries", "## How I Learn", "## Vibe", "- Calm under pressure; no jokes, please."]) expect(soul).toContain(section);
  expect(missingLayers(soul)).toEqual([]);
});

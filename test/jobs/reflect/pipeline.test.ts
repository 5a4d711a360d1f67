import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LLMError, ScriptedProvider } from "../../../src/llm/index.js";
import { localDate } from "../../../src/jobs/reflect/pipeline.js";
import { countWords, findLockedBlocks } from "../../../src/jobs/reflect/soul-safety.js";
import { atomicWrite } from "../../../src/workspace/safe-write.js";
import { cleanup, fingerprint, read, tempDir, write } from "../../helpers/workspace.js";
import {
  CUSTOM_SOUL,
  DAY,
  FIRST_SOUL,
  history,
  HOUR,
  reflectionJson,
  soulJson,
  T0,
  TEMPLATE_LOCKED,
  TEMPLATE_SOUL,
  templateWorkspace,
  writeSession,
  reflectIn,
  rollbackSoul,
  soulDiff,
  soulLog,
} from "./helpers.js";
import { agentDir } from "../../../src/workspace/paths.js";

let ws = "";
beforeEach(() => {
  ws = templateWorkspace(tempDir("agent-reflect-"));
});
afterEach(() => cleanup(ws));

const now = () => T0;
const soulFile = () => path.join(ws, "SOUL.md");
const soulBytes = () => readFileSync(soulFile());

function customWorkspace(): void {
  write(ws, "SOUL.md", CUSTOM_SOUL);
}

describe("reflection: the seven cases of the design", () => {
  it("1. no sessions: skips with the reason recorded, calls no model, writes nothing", async () => {
    const before = fingerprint(ws);
    const provider = new ScriptedProvider([]);
    const r = await reflectIn({ workspace: ws, provider, now });
    expect(r.status).toBe("skipped");
    expect(r.reason).toMatch(/^nothing new since 2026-11-20T03:00:00.000Z: no note written or edited, no MEMORY.md line added, no conversation/);
    expect(provider.calls).toHaveLength(0);
    expect(fingerprint(ws)).toEqual(before);
    const h = history(ws);
    expect(h.versions).toEqual([]);
    expect(h.runs.map((x) => [x.outcome, x.reason])).toEqual([["skip", r.reason]]);
    expect(h.runs[0]!.endedAt).toBe(T0);
  });

  it("2. sessions too short: skips and says how many qualified", async () => {
    writeSession(ws, "s1", 2, T0 - HOUR);
    writeSession(ws, "s2", 1, T0 - 2 * HOUR);
    writeSession(ws, "old", 10, T0 - 3 * DAY); // outside the 24h window
    const provider = new ScriptedProvider([]);
    const r = await reflectIn({ workspace: ws, provider, now });
    expect(r.status).toBe("skipped");
    expect(r.reason).toMatch(/2 conversation\(s\) since .*, 0 with at least 3 messages \(1 needed\)/);
    expect(provider.calls).toHaveLength(0);
    expect(history(ws).runs.map((x) => x.outcome)).toEqual(["skip"]);
  });

  it("3. first SOUL from the untouched template: restructured, template kept as baseline v1, budget not applied", async () => {
    writeSession(ws, "s1", 4, T0 - HOUR);
    const provider = new ScriptedProvider([reflectionJson(), soulJson(FIRST_SOUL)]);
    const r = await reflectIn({ workspace: ws, provider, now });
    expect(r.status).toBe("updated");
    expect(r.firstDistillation).toBe(true);
    expect(r.changeShare).toBeGreaterThan(0.3); // a full restructure, accepted anyway
    expect(r.baselineVersion).toBe(1);
    expect(r.version).toBe(2);
    expect(read(ws, "SOUL.md")).toBe(FIRST_SOUL);
    expect(r.sessions).toEqual([{ id: "s1", messages: 4 }]);

    const h = history(ws);
    expect(h.versions.map((v) => [v.number, v.origin])).toEqual([
      [1, "baseline"],
      [2, "reflection"],
    ]);
    expect(h.versions[0]!.content).toBe(TEMPLATE_SOUL);
    const v2 = h.versions[1]!;
    expect(v2.content).toBe(FIRST_SOUL);
    expect(v2.model).toBe("scripted");
    expect(v2.sessionIds).toEqual(["s1"]);
    expect(v2.summary).toBe("keeps summaries; morning habit");
    expect(v2.report).toBe("I now keep summaries. Morning habit noted.");
    expect(v2.words).toBe(countWords(FIRST_SOUL));
    expect(v2.insights).toMatchObject({ insights: [{ topics: ["went-badly", "memory"] }, {}], principles: [expect.any(String), expect.any(String)] });
    expect(v2.runId).toBe(r.runId);
    expect(h.runs.map((x) => x.outcome)).toEqual(["complete"]);
    expect(h.runs[0]!.details).toMatchObject({ version: 2, words: v2.words, tokens: v2.tokens });

    // The two calls: the reflection sees the transcript; the SOUL call sees the template hint.
    expect(provider.calls[0]!.messages[0]!.content).toContain("user message 1 in s1");
    expect(provider.calls[0]!.jsonSchema).toBeDefined();
    expect(provider.calls[1]!.messages[0]!.content).toContain("starter template");
    expect(provider.calls[1]!.messages[0]!.content).toContain("Morning summaries landed well.");

    // The report goes to reflections/YYYY-MM-DD.md (local date of the run).
    expect(r.reportPath).toBe(`reflections/${localDate(T0)}.md`);
    const report = read(ws, r.reportPath!);
    expect(report).toContain(`# Reflections ${localDate(T0)}`);
    expect(report).toContain("SOUL.md version 2");
    expect(report).toContain("I now keep summaries.");
    expect(report).toContain("- Morning summaries landed well. _(went-well, pattern)_");
    expect(report).toContain("Sessions: s1 (4 messages)");
  });

  it("3b. first SOUL when there is no SOUL.md at all: written, no baseline", async () => {
    rmSync(soulFile());
    writeSession(ws, "s1", 3, T0 - HOUR);
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(FIRST_SOUL)]), now });
    expect(r.status).toBe("updated");
    expect(r.version).toBe(1);
    expect(r.baselineVersion).toBeUndefined();
    expect(read(ws, "SOUL.md")).toBe(FIRST_SOUL);
  });

  it("4. merges with an existing SOUL; the next night continues from the last completed run", async () => {
    customWorkspace();
    writeSession(ws, "day1", 5, T0 - HOUR);
    const night1 = CUSTOM_SOUL.replace("- Learned to confirm time zones.", "- Learned to confirm time zones.\n- I now save summaries to today's note.");
    const p1 = new ScriptedProvider([reflectionJson(), soulJson(night1, "Added the summary habit.", "summary habit")]);
    const r1 = await reflectIn({ workspace: ws, provider: p1, now });
    expect(r1.status).toBe("updated");
    expect(r1.firstDistillation).toBe(false);
    expect(r1.changeShare).toBeCloseTo(1 / 31);
    expect(r1.diff).toContain("+- I now save summaries to today's note.");
    expect(read(ws, "SOUL.md")).toBe(night1);
    expect(p1.calls[1]!.messages[0]!.content).toContain("Here is the current SOUL.md");
    expect(p1.calls[1]!.messages[0]!.content).toContain("- Learned that Sam prefers mornings for calls.");

    // Night 2: only sessions since night 1 started; the last versions are given for continuity.
    const T1 = T0 + DAY;
    writeSession(ws, "day2", 3, T1 - HOUR);
    const night2 = night1.replace("- Mark opinions as opinions.", "- Mark opinions as opinions, briefly.");
    const p2 = new ScriptedProvider([reflectionJson(), soulJson(night2, "Opinions, briefly.", "briefer opinions")]);
    const r2 = await reflectIn({ workspace: ws, provider: p2, now: () => T1 });
    expect(r2.since).toBe(new Date(T0).toISOString());
    expect(r2.sessions.map((s) => s.id)).toEqual(["day2"]);
    expect(r2.version).toBe(3);
    expect(p2.calls[1]!.messages[0]!.content).toMatch(/version 2 \(\d{4}-\d{2}-\d{2}\): summary habit/);
    expect(p2.calls[1]!.messages[0]!.content).toMatch(/version 1 .*baseline/);
    expect(history(ws).versions.map((v) => v.origin)).toEqual(["baseline", "reflection", "reflection"]);
    expect(soulDiff(ws, 2, 3).diff).toContain("+- Mark opinions as opinions, briefly.");
  });

  it("5. malformed reflection JSON: one fallback insight holds the raw text and the run goes on", async () => {
    customWorkspace();
    writeSession(ws, "s1", 3, T0 - HOUR);
    const raw = "Today went well. The user liked {short answers";
    const next = CUSTOM_SOUL.replace("- Learned to confirm time zones.", "- Short answers are liked.");
    const provider = new ScriptedProvider([raw, soulJson(next)]);
    const r = await reflectIn({ workspace: ws, provider, now });
    expect(r.reflectionFallback).toMatch(/not valid JSON/);
    expect(r.insights).toEqual([{ content: raw, topics: [] }]);
    expect(r.warnings.join("\n")).toMatch(/raw text was kept as one insight/);
    expect(provider.calls[1]!.messages[0]!.content).toContain(raw);
    expect(r.status).toBe("updated");
    expect(history(ws).versions.at(-1)!.insights).toMatchObject({ fallback: expect.stringMatching(/not valid JSON/) });
  });

  it("6. malformed SOUL: the existing SOUL.md and history are kept and the reason recorded", async () => {
    customWorkspace();
    writeSession(ws, "s1", 3, T0 - HOUR);
    const before = soulBytes();
    const beforeFiles = fingerprint(ws);
    for (const bad of ['{"soul": "Once upon a time there was a dog.", "report": "x", "summary": "y"}', "{not json", ""]) {
      const r = await reflectIn({
        workspace: ws,
        provider: new ScriptedProvider([reflectionJson(), bad === "" ? { text: " " } : bad]),
        now,
      }).catch((e: unknown) => e);
      if (bad === "") {
        // A blank reply is refused by requireCompleteReply: an error, nothing written.
        expect(r).toBeInstanceOf(LLMError);
      } else {
        expect(r).toMatchObject({ status: "kept", reason: expect.stringMatching(/^malformed SOUL from the model: .*; kept the existing SOUL.md$/) });
      }
    }
    expect(soulBytes().equals(before)).toBe(true);
    expect(fingerprint(ws)).toEqual(beforeFiles); // no report, no proposal
    const h = history(ws);
    expect(h.versions.map((v) => [v.origin, v.author, v.content])).toEqual([["baseline", "user", CUSTOM_SOUL]]); // only the person's own SOUL, recorded before the model read it
    expect(h.runs.map((x) => x.outcome)).toEqual(["error", "error", "error"]);
    expect(h.runs[0]!.reason).toMatch(/lacks the section/);
  });

  it("7. an over-long SOUL is cut at the last complete sentence within maxSoulWords", async () => {
    customWorkspace();
    writeSession(ws, "s1", 3, T0 - HOUR);
    const sentence = "I keep what I learn short and useful for the person I help.";
    const long = CUSTOM_SOUL + "- " + Array.from({ length: 80 }, () => sentence).join(" ") + "\n";
    const r = await reflectIn({
      workspace: ws,
      provider: new ScriptedProvider([reflectionJson(), soulJson(long)]),
      now,
      options: { config: { changeBudget: 1, tokenBudget: 700 } },
    });
    expect(r.status).toBe("updated");
    expect(countWords(long)).toBeGreaterThan(800);
    expect(r.words).toBeLessThanOrEqual(600);
    expect(r.words).toBeGreaterThan(550);
    const soul = read(ws, "SOUL.md");
    expect(soul.trimEnd().endsWith("person I help.")).toBe(true);
    expect(r.warnings.join("\n")).toMatch(/cut to \d+ at the last complete sentence within 600/);
    expect(r.tokens).toBeGreaterThan(700);
    expect(r.warnings.join("\n")).toMatch(/about \d+ tokens, over the budget of 700/);
  });
});

describe("reflection: other outcomes", () => {
  it("REFLECTION_SKIP from the model skips without a second call", async () => {
    writeSession(ws, "s1", 3, T0 - HOUR);
    const provider = new ScriptedProvider(["REFLECTION_SKIP"]);
    const r = await reflectIn({ workspace: ws, provider, now });
    expect(r).toMatchObject({ status: "skipped", reason: expect.stringMatching(/REFLECTION_SKIP/) });
    expect(provider.remaining).toBe(0);
    expect(history(ws).runs.map((x) => x.outcome)).toEqual(["skip"]);
  });

  it("--since widens the window beyond the default 24h", async () => {
    writeSession(ws, "old", 3, T0 - 3 * DAY);
    const skipped = await reflectIn({ workspace: ws, provider: new ScriptedProvider([]), now });
    expect(skipped.status).toBe("skipped");
    const provider = new ScriptedProvider([reflectionJson(), soulJson(FIRST_SOUL)]);
    const r = await reflectIn({ workspace: ws, provider, now, options: { since: "4d" } });
    expect(r.sessions.map((s) => s.id)).toEqual(["old"]);
    await expect(reflectIn({ workspace: ws, provider, now, options: { since: "yesterday" } })).rejects.toThrow(/--since/);
  });

  it("the same SOUL back is 'unchanged': no version, no file write", async () => {
    customWorkspace();
    writeSession(ws, "s1", 3, T0 - HOUR);
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(CUSTOM_SOUL)]), now });
    expect(r.status).toBe("unchanged");
    expect(history(ws).versions.map((v) => [v.origin, v.author, v.content])).toEqual([["baseline", "user", CUSTOM_SOUL]]);
    expect(history(ws).runs.map((x) => x.outcome)).toEqual(["complete"]);
  });
});

describe("safety", () => {
  it("compare-and-swap: an edit made during the run is kept; the new SOUL becomes SOUL.proposed.md", async () => {
    customWorkspace();
    writeSession(ws, "s1", 3, T0 - HOUR);
    const edited = CUSTOM_SOUL.replace("- Check memory before asking.", "- Check memory before asking (my own edit).");
    const next = CUSTOM_SOUL.replace("- Learned to confirm time zones.", "- Learned to confirm time zones twice.");
    const provider = new ScriptedProvider([
      reflectionJson(),
      () => {
        write(ws, "SOUL.md", edited); // the person edits while the model is thinking
        return soulJson(next);
      },
    ]);
    const r = await reflectIn({ workspace: ws, provider, now });
    expect(r.status).toBe("proposed");
    expect(r.proposalReason).toBe("changed-during-run");
    expect(r.reason).toMatch(/edited while reflecting.*SOUL.proposed.md/);
    expect(read(ws, "SOUL.md")).toBe(edited);
    expect(read(ws, "SOUL.proposed.md")).toBe(next);
    expect(history(ws).versions.map((v) => [v.origin, v.author, v.content])).toEqual([["baseline", "user", CUSTOM_SOUL]]); // what the run read; the edit stays on disk
    expect(history(ws).runs[0]!.details).toMatchObject({ proposalReason: "changed-during-run" });
    expect(read(ws, r.reportPath!)).toContain("proposal in SOUL.proposed.md");
    expect(soulLog(ws).proposal).toBe("SOUL.proposed.md");
  });

  it("locked blocks come back byte-identical even when the model rewrites or drops them", async () => {
    customWorkspace();
    writeSession(ws, "s1", 3, T0 - HOUR);
    const lockedOrig = findLockedBlocks(CUSTOM_SOUL).blocks[0]!.text;
    const tampered = CUSTOM_SOUL.replace('including "I don\'t know"', "most of the time").replace(
      "- Learned to confirm time zones.",
      "- Learned to confirm time zones and dates.",
    );
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(tampered)]), now });
    expect(r.status).toBe("updated");
    expect(r.restoredLocked).toHaveLength(1);
    const soul = read(ws, "SOUL.md");
    expect(findLockedBlocks(soul).blocks.map((b) => b.text)).toEqual([lockedOrig]);
    expect(soul).toContain("- Learned to confirm time zones and dates.");

    // First distillation of the template, model dropped the locked block entirely.
    const ws2 = templateWorkspace(tempDir("agent-reflect-"));
    try {
      writeSession(ws2, "s1", 3, T0 - HOUR);
      const dropped = FIRST_SOUL.replace(`${TEMPLATE_LOCKED}\n`, "");
      const r2 = await reflectIn({ workspace: ws2, provider: new ScriptedProvider([reflectionJson(), soulJson(dropped)]), now });
      expect(r2.status).toBe("updated");
      expect(findLockedBlocks(read(ws2, "SOUL.md")).blocks.map((b) => b.text)).toEqual([TEMPLATE_LOCKED]);
    } finally {
      cleanup(ws2);
    }
  });

  it("lockCoreIdentity keeps the whole Core Identity section byte-identical", async () => {
    customWorkspace();
    write(ws, "agent.config.json", JSON.stringify({ reflection: { lockCoreIdentity: true } }));
    writeSession(ws, "s1", 3, T0 - HOUR);
    const changed = CUSTOM_SOUL.replace("- I keep private things private.", "- I share when it helps.").replace(
      "- Learned to confirm time zones.",
      "- Learned to confirm dates.",
    );
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(changed)]), now });
    expect(r.status).toBe("updated");
    const soul = read(ws, "SOUL.md");
    expect(soul).toContain("- I keep private things private.");
    expect(soul).not.toContain("I share when it helps");
    expect(soul).toContain("- Learned to confirm dates.");
  });

  it("change budget: a rewrite of more than 30% of the lines becomes a proposal; a bigger budget accepts it", async () => {
    customWorkspace();
    writeSession(ws, "s1", 3, T0 - HOUR);
    const rewrite = CUSTOM_SOUL.replace(/## Active Values[\s\S]*$/, "## Active Values\n\n- Totally new value A.\n- Totally new value B.\n\n## Recent Growth\n\n- Everything is new.\n");
    const before = soulBytes();
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(rewrite)]), now });
    expect(r.status).toBe("proposed");
    expect(r.proposalReason).toBe("change-budget");
    expect(r.changeShare).toBeGreaterThan(0.3);
    expect(r.reason).toMatch(/changes \d+% of the lines, over the change budget of 30%/);
    expect(soulBytes().equals(before)).toBe(true);
    expect(read(ws, "SOUL.proposed.md")).toBe(rewrite);
    expect(history(ws).versions.map((v) => [v.origin, v.author, v.content])).toEqual([["baseline", "user", CUSTOM_SOUL]]);

    const r2 = await reflectIn({
      workspace: ws,
      provider: new ScriptedProvider([reflectionJson(), soulJson(rewrite)]),
      now,
      options: { config: { changeBudget: 0.9 }, since: "24h" },
    });
    expect(r2.status).toBe("updated");
    expect(read(ws, "SOUL.md")).toBe(rewrite);
  });

  it("--dry-run returns the diff and writes nothing at all (not even the state database)", async () => {
    customWorkspace();
    writeSession(ws, "s1", 3, T0 - HOUR);
    const before = fingerprint(ws);
    const next = CUSTOM_SOUL.replace("- Learned to confirm time zones.", "- Learned to confirm dates.");
    const r = await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(next)]), now, dryRun: true });
    expect(r).toMatchObject({ status: "updated", dryRun: true, runId: null });
    expect(r.diff).toContain("-- Learned to confirm time zones.\n+- Learned to confirm dates.");
    expect(fingerprint(ws)).toEqual(before);
    expect(existsSync(path.join(agentDir(ws), "state.db"))).toBe(false);
  });
});

describe("a failed run leaves SOUL.md and the version history exactly as before", () => {
  async function withHistory(): Promise<void> {
    customWorkspace();
    writeSession(ws, "s1", 3, T0 - HOUR);
    const next = CUSTOM_SOUL.replace("- Learned to confirm time zones.", "- Learned to confirm dates.");
    await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(next)]), now });
    writeSession(ws, "s2", 3, T0 + HOUR);
  }

  it("provider throws in call 2", async () => {
    await withHistory();
    const bytes = soulBytes();
    const versions = history(ws).versions;
    const files = fingerprint(ws);
    const err = new LLMError("unreachable", "Ollama is not running at http://127.0.0.1:1: start it with `ollama serve`");
    await expect(
      reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), err]), now: () => T0 + 2 * HOUR }),
    ).rejects.toBe(err);
    expect(soulBytes().equals(bytes)).toBe(true);
    expect(history(ws).versions).toEqual(versions);
    expect(fingerprint(ws)).toEqual(files);
    const last = history(ws).runs.at(-1)!;
    expect(last).toMatchObject({ outcome: "error", reason: err.message, details: { code: "unreachable" } });
  });

  it("writing SOUL.md fails: the version row is rolled back with it", async () => {
    await withHistory();
    const bytes = soulBytes();
    const versions = history(ws).versions;
    const next = read(ws, "SOUL.md").replace("- Learned to confirm dates.", "- Learned to confirm dates and times.");
    await expect(
      reflectIn({
        workspace: ws,
        provider: new ScriptedProvider([reflectionJson(), soulJson(next)]),
        now: () => T0 + 2 * HOUR,
        options: {
          swap: () => {
            throw new Error("ENOSPC: no space left on device");
          },
        },
      }),
    ).rejects.toThrow(/ENOSPC/);
    expect(soulBytes().equals(bytes)).toBe(true);
    expect(history(ws).versions).toEqual(versions);
  });

  it("killed between the rename and COMMIT: the next commit records the orphan SOUL.md as a baseline", async () => {
    await withHistory();
    const versions = history(ws).versions;
    const next = read(ws, "SOUL.md").replace("- Learned to confirm dates.", "- Learned to confirm dates and times.");
    await expect(
      reflectIn({
        workspace: ws,
        provider: new ScriptedProvider([reflectionJson(), soulJson(next)]),
        now: () => T0 + 2 * HOUR,
        options: {
          swap: (file, _expected, content) => {
            atomicWrite(file, content);
            throw new Error("killed");
          },
        },
      }),
    ).rejects.toThrow("killed");
    expect(read(ws, "SOUL.md")).toBe(next); // the file got through...
    expect(history(ws).versions).toEqual(versions); // ...its row did not: history claims nothing false
    expect(soulLog(ws).current.matchesVersion).toBeNull();

    // The next successful write keeps the orphan as a baseline version first.
    const res = rollbackSoul({ workspace: ws, number: 1, now: () => T0 + 3 * HOUR });
    const after = history(ws).versions;
    expect(after.map((v) => v.origin)).toEqual([...versions.map((v) => v.origin), "baseline", "rollback"]);
    expect(after.at(-2)!.content).toBe(next);
    expect(res).toMatchObject({ restoredFrom: 1, baseline: after.at(-2)!.number, version: after.at(-1)!.number });
  });
});

describe("rollback", () => {
  it("restores version N as SOUL.md, as a new version; hand edits are saved first; log and diff follow", async () => {
    customWorkspace();
    writeSession(ws, "s1", 3, T0 - HOUR);
    const next = CUSTOM_SOUL.replace("- Learned to confirm time zones.", "- Learned to confirm dates.");
    await reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(next)]), now });
    expect(history(ws).versions.map((v) => v.number)).toEqual([1, 2]);

    const r = rollbackSoul({ workspace: ws, number: 1, now: () => T0 + HOUR });
    expect(r).toEqual({ restoredFrom: 1, version: 3, unchanged: false });
    expect(read(ws, "SOUL.md")).toBe(CUSTOM_SOUL);
    const v3 = history(ws).versions[2]!;
    expect(v3).toMatchObject({ origin: "rollback", restoredFrom: 1, summary: "rollback to version 1", content: CUSTOM_SOUL });

    // Rolling back to what is already there records nothing new.
    expect(rollbackSoul({ workspace: ws, number: 3, now })).toEqual({ restoredFrom: 3, unchanged: true });

    // A hand edit is saved as a baseline before the rollback replaces it.
    write(ws, "SOUL.md", CUSTOM_SOUL + "\n- my own line\n");
    const r2 = rollbackSoul({ workspace: ws, number: 2, now: () => T0 + 2 * HOUR });
    expect(r2).toEqual({ restoredFrom: 2, baseline: 4, version: 5, unchanged: false });
    expect(read(ws, "SOUL.md")).toBe(next);
    expect(history(ws).versions[3]!.content).toBe(CUSTOM_SOUL + "\n- my own line\n");

    const log = soulLog(ws);
    expect(log.versions.map((v) => [v.number, v.origin])).toEqual([
      [1, "baseline"],
      [2, "reflection"],
      [3, "rollback"],
      [4, "baseline"],
      [5, "rollback"],
    ]);
    expect(log.current.matchesVersion).toBe(5);
    expect(soulDiff(ws, 4).diff).toContain("-- my own line");
    expect(soulDiff(ws, 2, 5).diff).toBe("");
    expect(soulDiff(ws, 1, "current").diff).toContain("+- Learned to confirm dates.");

    expect(() => rollbackSoul({ workspace: ws, number: 9 })).toThrow(/no SOUL version 9 \(versions are 1 to 5/);
  });

  it("says so when there is no history yet", () => {
    expect(() => rollbackSoul({ workspace: ws, number: 1 })).toThrow(/no SOUL versions yet/);
    expect(() => soulDiff(ws)).toThrow(/no SOUL versions yet/);
    expect(soulLog(ws)).toMatchObject({ versions: [], current: { exists: true, matchesVersion: null } });
    expect(existsSync(path.join(agentDir(ws), "state.db"))).toBe(false);
  });
});

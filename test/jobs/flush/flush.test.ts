import { readFileSync, writeFileSync, existsSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FlushConfigSchema, type FlushConfig } from "../../../src/jobs/flush/config.js";
import { currentCycle, decideFlush, formatFlushEntry, parseFlushReply, cutTurns, NO_REPLY } from "../../../src/jobs/flush/plan.js";
import { checkFlush, runFlush, flushJobResult } from "../../../src/jobs/flush/run.js";
import { appendSessionTurn } from "../../../src/jobs/reflect/session-log.js";
import { recordRun, type JobStores } from "../../../src/store/job-runs.js";
import { openJobs } from "../deps.js";
import { ScriptedProvider } from "../../../src/llm/scripted.js";
import { initWorkspace } from "../../../src/workspace/init.js";
import { cleanup, fingerprint, tempDir, write } from "../../helpers/workspace.js";

/** Small numbers so a few turns cross the threshold: 2000 - 1000 - 500 = 500 tokens (~2000 characters). */
const SMALL: FlushConfig = FlushConfigSchema.parse({ contextWindow: 2000, reserveTokensFloor: 1000, softThresholdTokens: 500, maxBytes: 50_000 });
const T0 = Date.parse("2026-11-21T23:30:00Z"); // 2026-11-22 00:30 in Berlin
const TZ = "Europe/Berlin";

let dir = "";
let jobs: JobStores & { close(): void };
let clock = T0;
const now = () => clock;

beforeEach(() => {
  dir = tempDir("agent-flush-");
  initWorkspace(dir);
  jobs = openJobs(dir);
  clock = T0;
});
afterEach(() => {
  jobs.close();
  cleanup(dir);
});

/** Appends `n` turns of ~`chars` characters each, as the assistant's `agent log` would. */
function talk(session: string, n: number, chars = 400, from = 0): void {
  for (let i = 0; i < n; i++) {
    appendSessionTurn({
      workspace: dir,
      session,
      turn: { role: i % 2 === 0 ? "user" : "assistant", content: `turn ${from + i}: ${"we decided to keep the VPS ".repeat(Math.ceil(chars / 27)).slice(0, chars)}` },
      now,
    });
    clock += 1000;
  }
}

const settings = { config: SMALL, timeZone: TZ, limits: { maxAppendBytes: 64 * 1024, maxFileBytes: 8 * 1024 * 1024 } };
const note = (date: string) => path.join(dir, "memory", `${date}.md`);

describe("the flush threshold and the compaction cycle (pure)", () => {
  it("counts only the turns after the latest compaction marker", () => {
    const lines = [
      { role: "user", content: "a".repeat(4000), ts: "2026-11-21T10:00:00Z" },
      { type: "compaction", ts: "2026-11-21T10:05:00Z" },
      { role: "user", content: "b".repeat(400), ts: "2026-11-21T10:06:00Z" },
      { role: "assistant", content: "c".repeat(400), ts: "2026-11-21T10:07:00Z" },
    ].map((o) => JSON.stringify(o));
    const text = lines.join("\n") + "\n";
    const v = currentCycle("s", text);
    expect(v.compactions).toBe(1);
    expect(v.cycleKey).toBe("1:2026-11-21T10:05:00Z");
    expect(v.turns.map((t) => t.content[0])).toEqual(["b", "c"]);
    expect(v.tokens).toBe(2 * (100 + 4));
    expect(v.bytes).toBe(Buffer.byteLength(lines.slice(2).join("\n") + "\n"));
    expect(currentCycle("s", lines[0]!).cycleKey).toBe("0:");
  });

  it("is due at contextWindow - reserveTokensFloor - softThresholdTokens tokens, or past maxBytes", () => {
    const turn = (chars: number) => JSON.stringify({ role: "user", content: "x".repeat(chars), ts: "t" }) + "\n";
    const below = currentCycle("s", turn(4 * 490)); // 490 + 4 tokens
    expect(decideFlush(below, SMALL, undefined)).toMatchObject({ due: false, thresholdTokens: 500 });
    expect(decideFlush(below, SMALL, undefined).reason).toMatch(/^not yet: ~494 tokens .* due at ~500 tokens or 50000 bytes$/);
    const at = currentCycle("s", turn(4 * 496));
    expect(decideFlush(at, SMALL, undefined)).toMatchObject({ due: true });
    expect(decideFlush(at, SMALL, undefined).reason).toMatch(/reached the flush threshold of 500/);
    // Bytes: many short lines of multi-byte text are few tokens but many bytes.
    const bytesCfg = { ...SMALL, maxBytes: 2048 };
    const wide = currentCycle("s", turn(300).repeat(1) + JSON.stringify({ role: "user", content: "é".repeat(10), ts: "t" }).repeat(1) + "\n" + " ".repeat(2000));
    expect(decideFlush(wide, bytesCfg, undefined)).toMatchObject({ due: true });
    expect(decideFlush(wide, bytesCfg, undefined).reason).toMatch(/bytes .* passed the limit of 2048/);
    // Once per cycle, unless forced.
    expect(decideFlush(at, SMALL, at.cycleKey)).toMatchObject({ due: false, alreadyFlushed: true });
    expect(decideFlush(at, SMALL, at.cycleKey, true)).toMatchObject({ due: true });
    expect(decideFlush(currentCycle("s", ""), SMALL, undefined, true)).toMatchObject({ due: false, reason: "no conversation in the transcript" });
  });

  it("defaults: 32768 - 20000 - 4000; a window that leaves nothing is refused", () => {
    const d = FlushConfigSchema.parse({});
    expect(d).toMatchObject({ contextWindow: 32768, reserveTokensFloor: 20000, softThresholdTokens: 4000, maxBytes: 200_000, enabled: true });
    const bad = FlushConfigSchema.safeParse({ contextWindow: 20000 });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(["contextWindow"]);
    expect(bad.error!.issues[0]!.message).toMatch(/larger than reserveTokensFloor \+ softThresholdTokens/);
  });

  it("reads NO_REPLY in its usual disguises, and keeps real notes", () => {
    for (const none of ["NO_REPLY", "  NO_REPLY\n", "**NO_REPLY**", "`NO_REPLY`", "NO_REPLY.", "```\nNO_REPLY\n```", "NO_REPLY — just small talk", "Nothing durable. NO_REPLY", ""]) {
      expect(parseFlushReply(none), JSON.stringify(none)).toEqual({ kind: "none" });
    }
    expect(parseFlushReply("- Sam prefers tea\n\nNO_REPLY")).toEqual({ kind: "notes", notes: "- Sam prefers tea" });
    expect(parseFlushReply("- Decided: keep the VPS at Hetzner until 2027 because of the price.")).toEqual({
      kind: "notes",
      notes: "- Decided: keep the VPS at Hetzner until 2027 because of the price.",
    });
    expect(parseFlushReply("```markdown\n- a\n- b\n```")).toEqual({ kind: "notes", notes: "- a\n- b" });
  });

  it("formats a timestamped heading; a new note gets a title; a note without a final newline is not glued", () => {
    const base = { notes: "- a\n", date: "2026-11-22", time: "00:30", session: "chat" };
    expect(formatFlushEntry({ ...base, fileExists: false, endsWithNewline: true })).toBe("# 2026-11-22\n\n## 00:30 — notes before compaction (session chat)\n\n- a\n");
    expect(formatFlushEntry({ ...base, fileExists: true, endsWithNewline: true })).toBe("\n## 00:30 — notes before compaction (session chat)\n\n- a\n");
    expect(formatFlushEntry({ ...base, fileExists: true, endsWithNewline: false })).toBe("\n\n## 00:30 — notes before compaction (session chat)\n\n- a\n");
  });

  it("gives the model the newest messages that fit", () => {
    const turns = Array.from({ length: 50 }, (_, i) => ({ role: "user" as const, content: `message ${i} ${"y".repeat(80)}`, ts: "", line: i + 1, from: { speaker: "person" as const, kind: "main" as const } }));
    const cut = cutTurns(turns, 1000);
    expect(cut.text.length).toBeLessThanOrEqual(1000 + 40);
    expect(cut.text).toMatch(/^\(\d+ earlier messages not shown\)\n/);
    expect(cut.text).toContain("message 49");
    expect(cut.text).not.toContain("message 0 ");
  });
});

describe("runFlush", () => {
  it("below the threshold: no model call, nothing written", async () => {
    talk("chat", 2);
    const provider = new ScriptedProvider([]);
    const before = fingerprint(dir);
    const r = await runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now, settings });
    expect(r.status).toBe("not-due");
    expect(provider.calls).toHaveLength(0);
    expect(fingerprint(dir)).toEqual(before);
  });

  it("appends the notes under a timestamped heading to today's note (local date), and writes no other file", async () => {
    talk("chat", 8);
    const before = fingerprint(dir);
    const provider = new ScriptedProvider(["- Decided to keep the VPS at Hetzner.\n- Sam wants a reminder on Friday."]);
    const r = await runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now, settings });
    expect(r).toMatchObject({ status: "flushed", file: "memory/2026-11-22.md", session: "chat" });
    // 23:30 UTC + 8 turns is 00:30 on the 22nd in Berlin: the Berlin date names the note.
    expect(readFileSync(note("2026-11-22"), "utf8")).toBe(
      "# 2026-11-22\n\n## 00:30 — notes before compaction (session chat)\n\n- Decided to keep the VPS at Hetzner.\n- Sam wants a reminder on Friday.\n",
    );
    const after = fingerprint(dir);
    const changed = Object.keys(after).filter((k) => after[k] !== before[k]);
    expect(changed).toEqual([path.join("memory", "2026-11-22.md")]);
    // The prompt: silent turn asking for durable notes, NO_REPLY allowed, transcript included.
    const req = provider.calls[0]!;
    expect(req.system).toContain(NO_REPLY);
    expect(req.messages[0]!.content).toContain("turn 7: we decided");
    expect(req.maxTokens).toBe(SMALL.maxReplyTokens);
    expect(r.chars).toBe(readFileSync(note("2026-11-22"), "utf8").length);
  });

  it("flushes once per compaction cycle; a recorded compaction starts the next cycle", async () => {
    talk("chat", 8);
    const provider = new ScriptedProvider(["- first cycle note"]);
    expect((await runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now, settings })).status).toBe("flushed");
    talk("chat", 8, 400, 8); // still the same cycle, even fuller
    const again = await runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now, settings });
    expect(again.status).toBe("not-due");
    expect(again.reason).toMatch(/^already flushed in this compaction cycle/);
    expect(provider.calls).toHaveLength(1);

    appendSessionTurn({ workspace: dir, session: "chat", compacted: true, now }); // `agent log --compacted`
    clock += 1000;
    expect(checkFlush(dir, "chat", jobs.db, SMALL).decision.due).toBe(false); // nothing since the compaction
    talk("chat", 8, 400, 16);
    provider.push("- second cycle note");
    const second = await runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now, settings });
    expect(second.status).toBe("flushed");
    expect(second.cycleKey).toMatch(/^1:2026-11-2\dT/);
    const text = readFileSync(note("2026-11-22"), "utf8");
    expect(text.match(/^## \d\d:\d\d — notes before compaction \(session chat\)$/gm)).toHaveLength(2);
    expect(text.indexOf("first cycle note")).toBeLessThan(text.indexOf("second cycle note"));
    // The second prompt saw only the new cycle and today's notes so far.
    const content = provider.calls[1]!.messages[0]!.content;
    expect(content).toContain("turn 23");
    expect(content).not.toContain("turn 15:");
    expect(content).toContain("first cycle note");
  });

  it("NO_REPLY writes nothing but still counts as this cycle's flush", async () => {
    talk("chat", 8);
    const before = fingerprint(dir);
    const provider = new ScriptedProvider(["NO_REPLY"]);
    const r = await runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now, settings });
    expect(r.status).toBe("no-reply");
    expect(fingerprint(dir)).toEqual(before);
    expect(existsSync(note("2026-11-22"))).toBe(false);
    expect((await runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now, settings })).status).toBe("not-due");
    expect(flushJobResult(r)).toMatchObject({ outcome: "ok", reason: expect.stringMatching(/^NO_REPLY: /) });
  });

  it("a hand edit made while the model was thinking is kept: the flush only appends", async () => {
    talk("chat", 8);
    write(dir, "memory/2026-11-22.md", "# 2026-11-22\n\n- written by hand before\n");
    const provider = new ScriptedProvider([
      () => {
        // The person rewrites the note (not just appends) while the model works.
        writeFileSync(note("2026-11-22"), "# 2026-11-22\n\n- REWRITTEN by hand during the flush\n- and a second line");
        return "- the model's note";
      },
    ]);
    const r = await runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now, settings });
    expect(r.status).toBe("flushed");
    expect(readFileSync(note("2026-11-22"), "utf8")).toBe(
      "# 2026-11-22\n\n- REWRITTEN by hand during the flush\n- and a second line\n\n## 00:30 — notes before compaction (session chat)\n\n- the model's note\n",
    );
  });

  it("a failed model call writes nothing and leaves the cycle open, so the next tick retries", async () => {
    talk("chat", 8);
    const before = fingerprint(dir);
    const provider = new ScriptedProvider([{ text: "- cut off mid", finishReason: "length" }, new Error("model crashed"), "- third time lucky"]);
    const run1 = await recordRun(jobs.runs, "flush", now, { session: "chat" }, async () => flushJobResult(await runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now, settings })));
    expect(run1).toMatchObject({ outcome: "error", reason: expect.stringMatching(/stopped at the token limit/) });
    const run2 = await recordRun(jobs.runs, "flush", now, { session: "chat" }, async () => flushJobResult(await runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now, settings })));
    expect(run2).toMatchObject({ outcome: "error", reason: "model crashed" });
    expect(fingerprint(dir)).toEqual(before);
    const r = await runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now, settings });
    expect(r.status).toBe("flushed");
  });

  it("--force flushes below the threshold and again in the same cycle; bad ids and missing transcripts are refused", async () => {
    talk("chat", 2);
    const provider = new ScriptedProvider(["- forced one", "- forced two"]);
    expect((await runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now, settings, force: true })).status).toBe("flushed");
    expect((await runFlush({ workspace: dir, session: "chat", provider, db: jobs.db, now, settings, force: true })).status).toBe("flushed");
    await expect(runFlush({ workspace: dir, session: "../etc", provider, db: jobs.db, now, settings })).rejects.toThrow(/is not allowed/);
    await expect(runFlush({ workspace: dir, session: "nope", provider, db: jobs.db, now, settings })).rejects.toThrow("there is no transcript sessions/nope.jsonl");
  });
});

import { describe, expect, it } from "vitest";
import { composeDay, type DaySummary } from "../../../src/jobs/reflect/day.js";
import { describeMapping } from "../../../src/jobs/reflect/layers.js";
import { buildReflectionPrompt, parseReflection } from "../../../src/jobs/reflect/prompts.js";

/** Fitting the day into the window (pure), the prompt's parts and the insight's sources. */

const summary = (i: number, body = "word ".repeat(200)): DaySummary => ({
  session: `s${i}`,
  path: `sessions/s${i}.summary.md`,
  messages: 10,
  from: "2026-11-20T10:00:00.000Z",
  to: "2026-11-20T11:00:00.000Z",
  topics: ["t"],
  body,
});
const budgets = { notes: 2000, summaries: 2000, turns: 1500, maxMessages: 100, maxMessageChars: 200 };

describe("composeDay", () => {
  it("keeps every summary when they do not fit, each cut shorter, within the budget", () => {
    const day = composeDay({ notes: [], memoryAdded: [], summaries: Array.from({ length: 12 }, (_, i) => summary(i)), sessions: [] }, budgets);
    for (let i = 0; i < 12; i++) expect(day.summaries).toContain(`### Conversation s${i} (10 messages, 2026-11-20; topics: t)`);
    expect(day.summaries.length).toBeLessThanOrEqual(2000 + 12 * 60);
    expect(day.cut.summaries).toBe(true);
  });

  it("a short summary keeps all of its text while long ones share what is left", () => {
    const day = composeDay({ notes: [], memoryAdded: [], summaries: [summary(1, "SHORT and whole."), summary(2), summary(3)], sessions: [] }, budgets);
    expect(day.summaries).toContain("SHORT and whole.");
  });

  it("notes keep their line numbers; a note over its share says how many lines were left out", () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({ n: i + 1, text: `line ${i + 1} of the note` }));
    const day = composeDay({ notes: [{ path: "memory/2026-11-20.md", mtime: 0, lines }], memoryAdded: [{ n: 7, text: "- Sam moved." }], summaries: [], sessions: [] }, budgets);
    expect(day.notes).toMatch(/^### memory\/2026-11-20.md\n1: line 1 of the note\n2: line 2/);
    expect(day.notes).toMatch(/… \(\d+ more line\(s\) left out for length\)/);
    expect(day.notes).toContain("### MEMORY.md (lines added)\n7: - Sam moved.");
  });

  it("raw turns are cut to fewer, newest first, until they fit their share", () => {
    const messages = Array.from({ length: 80 }, (_, i) => ({ session: "c", role: i % 2 === 0 ? ("user" as const) : ("assistant" as const), content: `m${i} ${"x".repeat(150)}`, at: 1000 + i }));
    const day = composeDay({ notes: [], memoryAdded: [], summaries: [], sessions: [{ id: "c", messageCount: 80, messages }] }, budgets);
    expect(day.transcript.length).toBeLessThanOrEqual(1500);
    expect(day.transcript).toContain("m79 ");
    expect(day.messagesShown).toBeLessThan(80);
    expect(day.cut.turns).toBe(true);
  });
});

describe("the reflection prompt reads the day", () => {
  it("holds notes, summaries and turns in their own tags and asks for sources", () => {
    const r = buildReflectionPrompt({ transcript: "", sessionCount: 0, notes: "### memory/a.md\n3: x", noteCount: 1, summaries: "### Conversation c\nsum", summaryCount: 1, since: "2026-11-20 03:00", today: "2026-11-21" });
    const text = r.messages[0]!.content;
    expect(text).toContain("1 note file(s) the person wrote or edited, 1 conversation summary.");
    expect(text).toContain("<notes>\n### memory/a.md\n3: x\n</notes>");
    expect(text).toContain("<conversation-summaries>\n### Conversation c\nsum\n</conversation-summaries>");
    expect(text).not.toContain("<transcripts>");
    expect(text).toContain('a note as path:line ("memory/2026-11-20.md:3")');
  });

  it("an insight's source comes through as a list, whatever shape the model gave it", () => {
    const r = parseReflection('```json\n{"insights":[{"content":"a","topics":[],"source":"memory/a.md:3, session c"},{"content":"b","topics":[],"sources":["session d"]},{"content":"c","topics":[]}],"principles":[],}\n```');
    expect(r).toMatchObject({ kind: "ok", insights: [{ content: "a", sources: ["memory/a.md:3", "session c"] }, { content: "b", sources: ["session d"] }, { content: "c", topics: [] }] });
    expect((r as { insights: object[] }).insights[2]).not.toHaveProperty("sources");
  });
});

describe("what the person is told about a mapped SOUL.md", () => {
  it("names only the layers that were missing", () => {
    expect(describeMapping(["Core Identity"], ["Active Values", "Recent Growth"], true)).toBe(
      "your SOUL.md had no Active Values / Recent Growth layers: added for reflection to fill; its Core Identity layer was kept as written; your other text was kept word for word as a locked block (see README, Reflection)",
    );
    expect(describeMapping([], ["Core Identity", "Active Values", "Recent Growth"], true)).toMatch(/^your SOUL.md had no Core Identity \/ Active Values \/ Recent Growth layers/);
    expect(describeMapping(["Core Identity", "Active Values"], ["Recent Growth"], false)).toBe(
      "your SOUL.md had no Recent Growth layer: added for reflection to fill; its Core Identity / Active Values layers were kept as written (see README, Reflection)",
    );
  });
});

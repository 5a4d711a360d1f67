import { describe, expect, it } from "vitest";
import { fileStatements, type TruthFile } from "../../src/indexer/truth.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import { confirmedText } from "../../src/indexer/confirmed.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";

// A value the assistant checks and the person confirms with a bare yes, found by the fifth
// changes set (scripts/eval-changes5/). Phrased apart from the set; each fails on the rules before it.

const turn = (role: string, content: string, ts: string) => JSON.stringify({ role, content, ts, speaker: role === "user" ? "person" : role, harness: "codex", kind: "main", via: "capture" });
const note = (date: string, text: string): TruthFile => ({ rel: `memory/${date}.md`, kind: "daily", date, text, mtimeMs: 0 });
const session = (lines: string[]): TruthFile => ({ rel: "sessions/codex-t1.jsonl", kind: "session", date: null, text: lines.join("\n") + "\n", mtimeMs: 0 });

/** The update links among the files' statements, as "path:line → path:line". */
function updates(files: TruthFile[]): string[] {
  let id = 0;
  const placed: PlacedStatement[] = files.flatMap((f) =>
    fileStatements(f).map((s) => ({ id: ++id, path: f.rel, order: s.ord, st: { line: s.line, text: s.text, ...JSON.parse(s.data) } })),
  );
  const at = new Map(placed.map((p) => [p.id, `${p.path}:${p.st.line}`]));
  return linkWithClashes(placed)
    .filter((l) => l.kind === "update")
    .map((l) => `${at.get(l.older)} → ${at.get(l.newer)}`);
}

describe("a value the assistant checks, confirmed with a bare yes", () => {
  const before = note("2031-04-02", "Wedding catering budget: £6,000 for 80 guests.");

  it("replaces the person's earlier statement, on the assistant's line", () => {
    const chat = session([
      turn("user", "the caterer's menu came in, can you redo the wedding sheet", "2031-04-09T10:00:00Z"),
      turn("assistant", "Redone the sheet with the three-course menu. So the wedding catering budget is £7,400 now?", "2031-04-09T10:01:00Z"),
      turn("user", "yep", "2031-04-09T10:02:00Z"),
    ]);
    expect(updates([before, chat])).toEqual(["memory/2031-04-02.md:1 → sessions/codex-t1.jsonl:2"]);
  });

  it("a tag question confirms the sentence before it", () => {
    const chat = session([
      turn("assistant", "I've put the wedding catering budget at £7,400 in the sheet. That's the figure from the new menu, right?", "2031-04-09T10:01:00Z"),
      turn("user", "Yes, that's right.", "2031-04-09T10:02:00Z"),
    ]);
    expect(updates([before, chat])).toEqual(["memory/2031-04-02.md:1 → sessions/codex-t1.jsonl:1"]);
  });

  it("no yes, a yes with more said, or a yes to an offer confirms nothing", () => {
    const ask = "So the wedding catering budget is £7,400 now?";
    expect(confirmedText(ask, "hmm not sure")).toBeNull();
    expect(confirmedText(ask, "yes but only if the venue agrees")).toBeNull();
    expect(confirmedText("The catering budget could go to £7,400. Shall I update the sheet?", "yes")).toBeNull();
    expect(confirmedText("The catering is £7,400 with the new menu. Want me to email them?", "yep")).toBeNull();
    const chat = session([turn("assistant", "The catering could be £7,400 with the three-course menu. Shall I put that in the sheet?", "2031-04-09T10:01:00Z"), turn("user", "yes", "2031-04-09T10:02:00Z")]);
    expect(updates([before, chat])).toEqual([]);
  });
});

describe("a no to a question after a lead-in", () => {
  it("answers the question: the old value is replaced", () => {
    const before = note("2031-04-02", "Backblaze plan: 2 TB of backup space for the photo archive.");
    const chat = session([
      turn("assistant", "Before I write the backup job: is the Backblaze plan still 2 TB? The old script assumes it.", "2031-04-09T10:01:00Z"),
      turn("user", "no, they moved me to 5 TB last month", "2031-04-09T10:02:00Z"),
    ]);
    expect(updates([before, chat])).toEqual(["memory/2031-04-02.md:1 → sessions/codex-t1.jsonl:2"]);
  });
});

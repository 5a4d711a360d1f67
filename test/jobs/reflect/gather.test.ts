import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { clip, cutTranscript, gatherSessions } from "../../../src/jobs/reflect/gather.js";
import { appendSessionTurn } from "../../../src/jobs/reflect/session-log.js";
import { parseSessionText } from "../../../src/workspace/sessions.js";
import { cleanup, read, tempDir, write } from "../../helpers/workspace.js";

const T0 = Date.parse("2026-11-21T12:00:00.000Z");
const H = 3_600_000;

function turn(role: string, content: string, at: number, thread?: string): string {
  return JSON.stringify({ role, content, ts: new Date(at).toISOString(), ...(thread ? { thread } : {}) }) + "\n";
}

let ws = "";
beforeEach(() => {
  ws = tempDir();
});
afterEach(() => cleanup(ws));

describe("gatherSessions", () => {
  it("returns nothing when sessions/ does not exist", () => {
    const g = gatherSessions(ws, { since: T0 - 24 * H, until: T0, minMessagesPerSession: 3 });
    expect(g.sessions).toEqual([]);
    expect(g.qualified).toEqual([]);
  });

  it("counts user/assistant messages inside the window and keeps sessions with enough", () => {
    write(
      ws,
      "sessions/long.jsonl",
      turn("user", "old", T0 - 30 * H) +
        turn("user", "a", T0 - 2 * H) +
        turn("assistant", "b", T0 - 2 * H + 1) +
        turn("tool", "tool output", T0 - 2 * H + 2) +
        turn("user", "c", T0 - H) +
        '{"type":"compaction","ts":"2026-11-21T11:30:00Z"}\n' +
        "not json\n",
    );
    write(ws, "sessions/short.jsonl", turn("user", "hi", T0 - H) + turn("assistant", "hello", T0 - H + 1));
    write(ws, "sessions/future.jsonl", turn("user", "later", T0 + H));
    write(ws, "sessions/notes.txt", "ignored");
    const g = gatherSessions(ws, { since: T0 - 24 * H, until: T0, minMessagesPerSession: 3 });
    expect(g.sessions.map((s) => [s.id, s.messageCount])).toEqual([
      ["long", 3],
      ["short", 2],
    ]);
    expect(g.qualified.map((s) => s.id)).toEqual(["long"]);
    expect(g.problems).toEqual(["sessions/long.jsonl:7: not valid JSON"]);
  });
});

describe("cutTranscript", () => {
  it("keeps the newest messages, cuts each, and groups by session and thread", () => {
    write(
      ws,
      "sessions/a.jsonl",
      turn("user", "first message that is rather long indeed", T0 - 5 * H) +
        turn("assistant", "second", T0 - 4 * H, "billing") +
        turn("user", "third", T0 - 3 * H),
    );
    write(ws, "sessions/b.jsonl", turn("user", "fourth", T0 - 2 * H) + turn("assistant", "fifth", T0 - H));
    const g = gatherSessions(ws, { since: T0 - 24 * H, until: T0, minMessagesPerSession: 1 });
    const cut = cutTranscript(g.qualified, { maxMessages: 4, maxMessageChars: 200 });
    expect(cut.shown).toBe(4);
    expect(cut.total).toBe(5);
    expect(cut.text).not.toContain("first message");
    expect(cut.text).toContain("## Session a (3 messages; the newest 2 shown)");
    expect(cut.text).toContain("### Thread: billing");
    expect(cut.text).toContain("### Thread: (main)");
    expect(cut.text).toContain("## Session b (2 messages)");
    expect(cut.text.indexOf("fourth")).toBeLessThan(cut.text.indexOf("fifth"));
    expect(cut.text.indexOf("Session a")).toBeLessThan(cut.text.indexOf("Session b"));

    const short = cutTranscript(g.qualified, { maxMessages: 100, maxMessageChars: 20 });
    expect(short.text).toMatch(/user: first message that…/);
  });

  it("clip flattens whitespace and marks the cut", () => {
    expect(clip("a\n\nb", 10)).toBe("a b");
    expect(clip("x".repeat(50), 10)).toBe("x".repeat(9) + "…");
  });
});

describe("appendSessionTurn (agent log)", () => {
  it("creates sessions/, appends turns and markers with the injected clock, parseable back", () => {
    const now = () => T0;
    const r1 = appendSessionTurn({ workspace: ws, session: "s-1", turn: { role: "user", content: "hi\nthere" }, now });
    expect(r1).toEqual({ file: "sessions/s-1.jsonl", ts: "2026-11-21T12:00:00.000Z", lines: 1, created: true });
    appendSessionTurn({ workspace: ws, session: "s-1", turn: { role: "assistant", content: "hello", thread: "chat" }, now, compacted: true });
    appendSessionTurn({ workspace: ws, session: "s-1", compacted: true, now });
    const text = read(ws, "sessions/s-1.jsonl");
    const parsed = parseSessionText("s-1", text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.turns.map((t) => [t.role, t.content, t.thread, t.ts])).toEqual([
      ["user", "hi\nthere", undefined, "2026-11-21T12:00:00.000Z"],
      ["assistant", "hello", "chat", "2026-11-21T12:00:00.000Z"],
    ]);
    expect(parsed.markers.map((m) => m.line)).toEqual([3, 4]);
    expect(text.split("\n")[2]).toBe('{"type":"compaction","ts":"2026-11-21T12:00:00.000Z"}');
  });

  it("only appends: earlier bytes stay, and a file without a final newline gets one first", () => {
    write(ws, "sessions/hand.jsonl", '{"role":"user","content":"typed by hand","ts":"2026-11-21T10:00:00Z"}');
    appendSessionTurn({ workspace: ws, session: "hand", turn: { role: "assistant", content: "ok" }, now: () => T0 });
    const text = read(ws, "sessions/hand.jsonl");
    expect(text.startsWith('{"role":"user","content":"typed by hand","ts":"2026-11-21T10:00:00Z"}\n')).toBe(true);
    expect(parseSessionText("hand", text).turns).toHaveLength(2);
  });

  it("refuses bad ids, unknown roles, empty text and empty requests", () => {
    for (const bad of ["../etc", "a/b", "", ".hidden", "a..b"]) {
      expect(() => appendSessionTurn({ workspace: ws, session: bad, turn: { role: "user", content: "x" } })).toThrow(/not allowed/);
    }
    expect(() =>
      // @ts-expect-error: a role from outside the type, as a CLI user could type it
      appendSessionTurn({ workspace: ws, session: "ok", turn: { role: "robot", content: "x" } }),
    ).toThrow(/role must be/);
    expect(() => appendSessionTurn({ workspace: ws, session: "ok", turn: { role: "user", content: "  " } })).toThrow(/empty/);
    expect(() => appendSessionTurn({ workspace: ws, session: "ok" })).toThrow(/nothing to log/);
  });
});

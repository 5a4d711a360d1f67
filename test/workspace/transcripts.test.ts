/**
 * The transcript module (src/workspace/transcripts.ts) on real files: the one writer's rollover
 * to continuation files, the listing that puts a session back together, and the capture cursor
 * that makes a turn cost what it says (the second capture reads only the appended bytes of the
 * assistant's transcript and nothing of sessions/).
 */
import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/engine/engine.js";
import { appendSessionTurn } from "../../src/jobs/reflect/session-log.js";
import { LOG_ROLES } from "../../src/contract/rules.js";
import { SESSION_ROLES, parseSessionText } from "../../src/workspace/sessions.js";
import { listSessionFiles, readSessionText, sessionOfFile, withTranscript } from "../../src/workspace/transcripts.js";
import { claudeCode } from "../../src/assistants/claude-code/adapter.js";
import { cleanup, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";

const claudeLines = (lines: Iterable<string>, firstLine: number) => claudeCode.readTranscriptLines(lines, firstLine);

const FIXTURE = readFileSync(path.join(REPO_ROOT, "test/fixtures/assistants/claude-code-session.jsonl"), "utf8");

let dir = "";
afterEach(() => cleanup(dir));

/** A Claude Code transcript line of one user turn. */
function claudeLine(i: number, words = `turn number ${i}`): string {
  return JSON.stringify({ type: "user", uuid: `u-${i}`, timestamp: "2026-11-27T10:00:00.000Z", message: { role: "user", content: words } }) + "\n";
}

describe("the transcript module", () => {
  it("one role list: the parser's, `agent log`'s and the contract's are the same list", () => {
    expect(LOG_ROLES).toBe(SESSION_ROLES);
    expect([...SESSION_ROLES]).toEqual(["user", "assistant", "system", "tool"]);
  });

  it("a continuation file is part of its session only when the session's first file is there", () => {
    const names = new Set(["a.jsonl", "a-2.jsonl", "a-3.jsonl", "b-2.jsonl", "claude-code-0b1c2d3e-aaaa-bbbb-cccc-123456789012.jsonl"]);
    expect(sessionOfFile("a-2.jsonl", names)).toEqual({ session: "a", part: 2 });
    expect(sessionOfFile("b-2.jsonl", names)).toEqual({ session: "b-2", part: 1 });
    expect(sessionOfFile("claude-code-0b1c2d3e-aaaa-bbbb-cccc-123456789012.jsonl", names)?.part).toBe(1);
    // Parts come one after the other, as the writer leaves them: a dated session id is not a part.
    const dated = new Set(["chat-2026-11.jsonl", "chat-2026-11-26.jsonl", "chat-2026-11-02.jsonl"]);
    expect(sessionOfFile("chat-2026-11-26.jsonl", dated)).toEqual({ session: "chat-2026-11-26", part: 1 });
    expect(sessionOfFile("chat-2026-11-02.jsonl", dated)).toEqual({ session: "chat-2026-11-02", part: 1 });
  });

  it("rolls over before maxFileBytes: every file stays under it, the readers see one session, `agent log` included", () => {
    dir = tempDir("agent-transcripts-");
    const ws = path.join(dir, "ws");
    write(ws, "agent.config.json", "{}");
    const opts = { rule: { allowHardLinks: false }, maxFileBytes: 2048 };
    const line = (i: number) => JSON.stringify({ role: "user", content: `line ${i} ${"x".repeat(100)}`, ts: "2026-11-27T10:00:00.000Z", id: `i${i}` }) + "\n";
    withTranscript(ws, "s", opts, (t) => t.append(Array.from({ length: 40 }, (_, i) => line(i)).join("")));
    appendSessionTurn({ workspace: ws, session: "s", turn: { role: "assistant", content: "the newest" }, maxFileBytes: 2048 });
    const files = listSessionFiles(ws).get("s")!;
    expect(files.length).toBeGreaterThan(2);
    expect(files[0]).toBe("sessions/s.jsonl");
    expect(files[1]).toBe("sessions/s-2.jsonl");
    for (const f of files) expect(readFileSync(path.join(ws, f)).length).toBeLessThanOrEqual(2048);
    const parsed = parseSessionText("s", readSessionText(ws, "s", opts.rule)!);
    expect(parsed.problems).toEqual([]);
    expect(parsed.turns).toHaveLength(41);
    expect(parsed.turns[40]!.content).toBe("the newest");
    expect(withTranscript(ws, "s", opts, (t) => t.ids().size)).toBe(40);
  });

  it("the compaction marker: one per compaction, found at the end of the newest file", () => {
    dir = tempDir("agent-transcripts-");
    const ws = path.join(dir, "ws");
    write(ws, "agent.config.json", "{}");
    const opts = { rule: { allowHardLinks: false }, maxFileBytes: 1 << 20 };
    withTranscript(ws, "m", opts, (t) => t.append('{"role":"user","content":"hi","ts":""}'));
    expect(withTranscript(ws, "m", opts, (t) => t.markCompaction("2026-11-27T10:00:00.000Z"))).toBe(true);
    expect(withTranscript(ws, "m", opts, (t) => t.markCompaction("2026-11-27T10:00:01.000Z"))).toBe(false);
    // The line without a newline (a killed writer) got one before the next line.
    expect(readFileSync(path.join(ws, "sessions/m.jsonl"), "utf8")).toBe('{"role":"user","content":"hi","ts":""}\n{"type":"compaction","ts":"2026-11-27T10:00:00.000Z"}\n');
  });
});

describe("the capture cursor", () => {
  it("the second capture reads only what the assistant appended, and nothing of sessions/", async () => {
    dir = tempDir("agent-cursor-");
    const ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    const transcript = write(dir, "claude/session.jsonl", FIXTURE);
    const engine = await Engine.load({ workspace: ws });
    try {
      const svc = await engine.assistants();
      let bytes = 0;
      const first = svc.captureTranscript("claude-code", "s1", transcript, claudeLines, "capture", (n) => (bytes += n));
      expect(first.appended).toBeGreaterThan(0);
      expect(bytes).toBe(Buffer.byteLength(FIXTURE));
      expect(first.cost.resumed).toBe(false);

      const more = claudeLine(1, "what about the garden?") + claudeLine(2, "and the tulips?");
      appendFileSync(transcript, more);
      bytes = 0;
      const second = svc.captureTranscript("claude-code", "s1", transcript, claudeLines, "capture", (n) => (bytes += n));
      expect(second).toMatchObject({ appended: 2, already: 0 });
      expect(bytes).toBe(Buffer.byteLength(more));
      expect(second.cost).toEqual({ transcriptBytes: Buffer.byteLength(more), sessionBytes: 0, resumed: true });

      // Nothing new: nothing read, nothing written.
      bytes = 0;
      expect(svc.captureTranscript("claude-code", "s1", transcript, claudeLines, "capture", (n) => (bytes += n))).toMatchObject({ appended: 0 });
      expect(bytes).toBe(0);

      // A line still being written is left for the next capture, then read whole.
      const half = claudeLine(3, "half a line");
      appendFileSync(transcript, half.slice(0, 30));
      expect(svc.captureTranscript("claude-code", "s1", transcript, claudeLines).appended).toBe(0);
      appendFileSync(transcript, half.slice(30));
      expect(svc.captureTranscript("claude-code", "s1", transcript, claudeLines).appended).toBe(1);

      // Another writer appended to the session (the cursor no longer fits): the ids are read again, nothing twice.
      appendFileSync(path.join(ws, "sessions/claude-code-s1.jsonl"), '{"role":"user","content":"typed by hand","ts":""}\n');
      const again = svc.captureTranscript("claude-code", "s1", transcript, claudeLines);
      expect(again.appended).toBe(0);
      expect(again.cost.sessionBytes).toBeGreaterThan(0);

      // The assistant's transcript replaced by another file: read again from the start, each turn still once.
      writeFileSync(transcript + ".new", readFileSync(transcript));
      writeFileSync(transcript, readFileSync(transcript + ".new"));
      const lines = readFileSync(path.join(ws, "sessions/claude-code-s1.jsonl"), "utf8").trim().split("\n");
      const ids = lines.map((l) => (JSON.parse(l) as { id?: string }).id).filter((x) => x !== undefined);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      await engine.close();
    }
  });

  it("a 21 MB session keeps capturing, in continuation files, and its newest turn is searchable", async () => {
    dir = tempDir("agent-cursor-big-");
    const ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
    // 21 MB of earlier turns, as a long conversation leaves them.
    const filler = "x".repeat(2000);
    const chunk = Array.from({ length: 1000 }, (_, i) => claudeLine(i, `earlier turn ${i} ${filler}`)).join("");
    const transcript = write(dir, "claude/long.jsonl", "");
    for (let k = 0; k < 11; k++) appendFileSync(transcript, chunk.replaceAll('"uuid":"u-', `"uuid":"k${k}-u-`));
    const engine = await Engine.load({ workspace: ws });
    try {
      const svc = await engine.assistants();
      svc.captureTranscript("claude-code", "long", transcript, claudeLines);
      appendFileSync(transcript, claudeLine(99_999, "the zanzibar ferry leaves at noon"));
      const last = svc.captureTranscript("claude-code", "long", transcript, claudeLines);
      expect(last.appended).toBe(1);
      const files = listSessionFiles(ws).get("claude-code-long")!;
      expect(files.length).toBeGreaterThanOrEqual(5);
      for (const f of files) expect(readFileSync(path.join(ws, f)).length).toBeLessThanOrEqual(5 * 1024 * 1024);
      engine.indexing.index();
      const res = await engine.search("zanzibar ferry", { mode: "keyword", session: "main" });
      expect(res.results[0]?.path).toBe(files[files.length - 1]);
    } finally {
      await engine.close();
    }
  }, 120_000);
});

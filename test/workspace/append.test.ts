import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { appendDailyNote, appendTextProblem, cleanAppendText, AppendRefusedError } from "../../src/workspace/daily.js";
import { loadConfig } from "../../src/workspace/config.js";
import { readForIndex } from "../../src/workspace/read.js";
import { cleanup, fingerprint, tempDir, write } from "../helpers/workspace.js";

const NOW = Date.UTC(2026, 10, 21, 9, 14);
const NOTE = "memory/2026-11-21.md";
/** index.maxAppendBytes and index.maxFileBytes as the workspace's config sets them now (what the engine passes). */
const limitsOf = (ws: string) => {
  const { index } = loadConfig(ws);
  return { maxAppendBytes: index.maxAppendBytes, maxFileBytes: index.maxFileBytes };
};

describe("daily-note appends are checked before anything is written", () => {
  let ws: string;
  beforeEach(() => {
    ws = tempDir();
    write(ws, NOTE, "# 2026-11-21\n\nMorning: called the plumber.\n");
  });
  afterEach(() => cleanup(ws));

  const append = (text: string | Uint8Array, extra: Record<string, unknown> = {}) =>
    appendDailyNote({ workspace: ws, text, now: NOW, timeZone: "UTC", limits: limitsOf(ws), ...extra });

  it("refuses NUL and other control characters, naming the character; the note keeps searching", () => {
    const before = fingerprint(ws);
    for (const bad of ["before\u0000after", "bell\u0007", "esc \u001b[31mred", "del\u007f", "c1\u0085x", "vt\u000bx", "ff\u000cx"]) {
      expect(() => append(bad), JSON.stringify(bad)).toThrow(AppendRefusedError);
    }
    expect(() => append("x\u0000y")).toThrow(/contains a NUL byte at character 2; .*nothing was written/);
    expect(() => append("fine", { title: "t\u0001" })).toThrow(/the title contains the control character U\+0001/);
    expect(fingerprint(ws)).toEqual(before);
    const read = readForIndex(path.join(ws, NOTE), NOTE, 5 * 1024 * 1024);
    expect(read.ok).toBe(true);
  });

  it("keeps tabs, newlines and CRLF (normalised), and accepts valid UTF-8 bytes", () => {
    append("a\tb\r\nc — ünïcödé 漢字 🎉");
    append(Buffer.from("bytes: naïve\n", "utf8"), { title: "from bytes" });
    const text = readFileSync(path.join(ws, NOTE), "utf8");
    expect(text).toContain("a\tb\nc — ünïcödé 漢字 🎉\n");
    expect(text).toContain("## 09:14 — from bytes\n\nbytes: naïve\n");
    expect(text).not.toContain("\r");
  });

  it("refuses invalid UTF-8 bytes and lone surrogates", () => {
    const before = fingerprint(ws);
    expect(() => append(Buffer.from([0x61, 0xff, 0xfe, 0x62]))).toThrow(/not valid UTF-8/);
    expect(() => append(Buffer.from([0xc3]))).toThrow(/not valid UTF-8/);
    expect(() => append("half \ud83d emoji")).toThrow(/lone surrogate/);
    expect(() => append("\udc00 low")).toThrow(/lone surrogate/);
    expect(fingerprint(ws)).toEqual(before);
  });

  it("caps one append at index.maxAppendBytes (64 KB by default) and names the key", () => {
    expect(loadConfig(ws).index.maxAppendBytes).toBe(64 * 1024);
    const before = fingerprint(ws);
    expect(() => append("x".repeat(64 * 1024 + 1))).toThrow(/65537 bytes, over the 65536-byte limit for one append \(index\.maxAppendBytes/);
    // Bytes, not characters: 30,000 three-byte characters are 90,000 bytes.
    expect(() => append("漢".repeat(30_000))).toThrow(/90000 bytes/);
    expect(fingerprint(ws)).toEqual(before);
    append("x".repeat(64 * 1024));
    writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ index: { maxAppendBytes: 1000 } }));
    expect(() => append("y".repeat(1001))).toThrow(/1000-byte limit/);
    append("y".repeat(1000));
  });

  it("refuses an append that would push the note past index.maxFileBytes, naming the limit", () => {
    writeFileSync(path.join(ws, "agent.config.json"), JSON.stringify({ index: { maxFileBytes: 4096, maxAppendBytes: 100_000 } }));
    append("a".repeat(3000));
    const before = fingerprint(ws);
    expect(() => append("b".repeat(2000))).toThrow(/memory\/2026-11-21\.md would grow to \d+ bytes, past index\.maxFileBytes \(4096 bytes\)/);
    expect(fingerprint(ws)).toEqual(before);
    // Everything in the note is still indexed whole.
    const read = readForIndex(path.join(ws, NOTE), NOTE, 4096);
    expect(read.ok && !read.capped).toBe(true);
  });

  it("limits can be passed in (the flush passes its own)", () => {
    expect(() => append("z".repeat(300), { limits: { maxAppendBytes: 256, maxFileBytes: 1 << 20 } })).toThrow(/256-byte limit/);
  });

  it("appendTextProblem / cleanAppendText: the check and the cleaning agree", () => {
    const dirty = "ok\ttab\nline\r\nnul\u0000 bell\u0007 \ud800 end";
    expect(appendTextProblem(dirty)).toMatch(/NUL/);
    const clean = cleanAppendText(dirty);
    expect(appendTextProblem(clean)).toBeNull();
    expect(clean).toBe("ok\ttab\nline\nnul bell \ufffd end");
    expect(appendTextProblem("plain text, émoji 🎉, tab\t")).toBeNull();
  });
});

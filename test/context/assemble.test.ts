import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  assembleContext,
  isPrivatePath,
  type ContextFiles,
  type MemoryHit,
} from "../../src/context/assemble.js";
import { auditWorkspace } from "../../src/context/audit.js";
import { ContextConfigSchema } from "../../src/context/config.js";
import { buildContext, loadContextFiles } from "../../src/context/load.js";
import { initWorkspace } from "../../src/workspace/init.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const ORDER = ["AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md", "MEMORY.md"] as const;

function files(over: Partial<Record<(typeof ORDER)[number], string | null>> = {}, daily: ContextFiles["daily"] = []): ContextFiles {
  const bootstrap: ContextFiles["bootstrap"] = {};
  for (const name of ORDER) bootstrap[name] = name in over ? over[name]! : `# ${name}\n\ncontent of ${name}\n`;
  return { bootstrap, daily };
}

const DAILY: ContextFiles["daily"] = [
  { date: "2026-11-21", label: "today", text: "# 2026-11-21\n\n- today's private note\n" },
  { date: "2026-11-20", label: "yesterday", text: "# 2026-11-20\n\n- yesterday's private note\n" },
];

const big = (label: string, n: number) => Array.from({ length: n }, (_, i) => `${label} line ${String(i).padStart(4, "0")} ${"x".repeat(40)}`).join("\n");

describe("assembleContext: order and content", () => {
  it("puts the bootstrap files in the fixed order, then today's and yesterday's notes, then memories", () => {
    const hits: MemoryHit[] = [{ path: "projects/vps.md", startLine: 3, endLine: 5, heading: "VPS", date: null, snippet: "keep the VPS at Hetzner" }];
    const ctx = assembleContext(files({}, DAILY), { session: "main", perFileChars: 4000, totalChars: 16000, query: "vps plans", memories: hits });
    const headings = ctx.text.split("\n").filter((l) => l.startsWith("## "));
    expect(headings).toEqual([
      ...ORDER.map((n) => `## ${n}`),
      "## memory/2026-11-21.md (today)",
      "## memory/2026-11-20.md (yesterday)",
      '## Relevant memories for "vps plans"',
    ]);
    expect(ctx.text).toContain("content of SOUL.md");
    expect(ctx.text).toContain("- projects/vps.md:3-5 VPS: keep the VPS at Hetzner");
    expect(ctx.report.included).toEqual([...ORDER, "memory/2026-11-21.md", "memory/2026-11-20.md", "search"]);
    expect(ctx.chars).toBe(ctx.text.length);
  });

  it("marks a missing bootstrap file with [MISSING] and where it is expected; a day without notes is just absent", () => {
    const ctx = assembleContext(files({ "TOOLS.md": null, "USER.md": null }, [{ date: "2026-11-21", label: "today", text: null }]), {
      session: "main",
      perFileChars: 4000,
      totalChars: 16000,
      root: "/home/me/assistant",
    });
    expect(ctx.text).toContain("## TOOLS.md\n[MISSING] expected at /home/me/assistant/TOOLS.md\n");
    expect(ctx.text).toContain("## USER.md\n[MISSING] expected at /home/me/assistant/USER.md\n");
    expect(ctx.report.missing).toEqual(["TOOLS.md", "USER.md"]);
    expect(ctx.text).not.toContain("2026-11-21");
  });

  it("drops search hits from files already shown whole", () => {
    const hits: MemoryHit[] = [
      { path: "SOUL.md", startLine: 1, endLine: 2, snippet: "content of SOUL" },
      { path: "notes/a.md", startLine: 1, endLine: 1, snippet: "other" },
    ];
    const ctx = assembleContext(files(), { session: "main", perFileChars: 4000, totalChars: 16000, memories: hits });
    expect(ctx.report.memories).toEqual({ given: 2, shown: 1, withheld: 0, duplicate: 1 });
    expect(ctx.text).not.toContain("SOUL.md:1-2");
  });
});

describe("assembleContext: privacy per session type", () => {
  const hits: MemoryHit[] = [
    { path: "MEMORY.md", startLine: 1, endLine: 2, snippet: "secret long-term fact" },
    { path: "memory/2026-11-01.md", startLine: 1, endLine: 2, snippet: "secret daily fact" },
    { path: "sessions/chat.jsonl", startLine: 1, endLine: 1, snippet: "secret chat" },
    { path: "reflections/2026-11-01.md", startLine: 1, endLine: 1, snippet: "secret reflection" },
    { path: "USER.md", startLine: 1, endLine: 1, snippet: "secret user fact" },
    { path: "projects/public.md", startLine: 1, endLine: 1, snippet: "public project fact" },
  ];

  for (const session of ["group", "isolated"] as const) {
    it(`${session} sessions never get MEMORY.md, USER.md, daily notes or private search results`, () => {
      const f = files({ "MEMORY.md": "# MEMORY\n\nsecret long-term fact\n", "USER.md": "# USER\n\nsecret user fact\n" }, DAILY);
      const ctx = assembleContext(f, { session, perFileChars: 4000, totalChars: 16000, memories: hits, query: "facts" });
      for (const secret of ["secret", "MEMORY.md", "USER.md", "memory/2026-11-2", "private note"]) expect(ctx.text).not.toContain(secret);
      expect(ctx.text).toContain("content of SOUL.md");
      expect(ctx.text).toContain("public project fact");
      expect(ctx.report.withheld).toEqual(["USER.md", "MEMORY.md", "memory/2026-11-21.md", "memory/2026-11-20.md"]);
      expect(ctx.report.memories).toMatchObject({ given: 6, shown: 1, withheld: 5 });
      // Withheld files are not reported missing either, even when absent.
      const absent = assembleContext(files({ "MEMORY.md": null, "USER.md": null }), { session, perFileChars: 4000, totalChars: 16000 });
      expect(absent.text).not.toContain("MEMORY.md");
      expect(absent.report.missing).toEqual([]);
    });
  }

  it("main sessions get all of it", () => {
    const f = files({ "MEMORY.md": "# MEMORY\n\nsecret long-term fact\n" }, DAILY);
    const ctx = assembleContext(f, { session: "main", perFileChars: 4000, totalChars: 16000, memories: hits });
    expect(ctx.text).toContain("secret long-term fact");
    expect(ctx.text).toContain("today's private note");
    expect(ctx.text).toContain("secret chat");
    expect(ctx.report.withheld).toEqual([]);
  });

  it("isPrivatePath", () => {
    expect(["MEMORY.md", "USER.md", "memory/2026-01-01.md", "sessions/a.jsonl", "reflections/x.md"].every(isPrivatePath)).toBe(true);
    expect(["SOUL.md", "AGENTS.md", "projects/memory.md", "notes/USER.md"].some(isPrivatePath)).toBe(false);
  });
});

describe("assembleContext: budgets and truncation", () => {
  it("cuts a long file at perFileChars with a marker naming the file to read; keeps the head", () => {
    const soul = big("soul", 200);
    const ctx = assembleContext(files({ "SOUL.md": soul }), { session: "main", perFileChars: 1000, totalChars: 100_000, root: "/ws" });
    const section = ctx.text.split("\n## ")[2]!;
    expect(section.startsWith("SOUL.md\nsoul line 0000")).toBe(true);
    expect(section).toMatch(/\[TRUNCATED: SOUL.md continues; \d+ of \d+ characters shown — read \/ws\/SOUL.md for the rest\]/);
    expect(section.length).toBeLessThanOrEqual("SOUL.md\n".length + 1000 + 1);
    expect(section).not.toContain("soul line 0199");
    const entry = ctx.report.entries.find((e) => e.path === "SOUL.md")!;
    expect(entry).toMatchObject({ status: "truncated", totalChars: soul.length });
    expect(entry.reason).toMatch(/per file/);
    // Cut at a line end: the last kept line is whole.
    const kept = section.split("\n").slice(1, -2);
    expect(kept.at(-1)).toMatch(/^soul line \d{4} x{40}$/);
  });

  it("keeps the end of a long daily note (newest entries) and says what was left out", () => {
    const note = big("note", 200);
    const ctx = assembleContext(files({}, [{ date: "2026-11-21", label: "today", text: note }]), { session: "main", perFileChars: 1000, totalChars: 100_000 });
    const section = ctx.text.slice(ctx.text.indexOf("## memory/2026-11-21.md"));
    expect(section).toMatch(/\[TRUNCATED: the first \d+ of \d+ characters of memory\/2026-11-21.md are not shown — read memory\/2026-11-21.md for them\]\nnote line \d{4}/);
    expect(section).toContain("note line 0199");
    expect(section).not.toContain("note line 0000");
  });

  it("never exceeds totalChars: later files are cut, then left out with a marker", () => {
    const f = files(Object.fromEntries(ORDER.map((n) => [n, big(n, 60)])) as Record<(typeof ORDER)[number], string>, DAILY);
    for (const totalChars of [500, 1200, 3000, 7000, 16000]) {
      const ctx = assembleContext(f, { session: "main", perFileChars: 2500, totalChars, memories: [{ path: "x.md", startLine: 1, endLine: 1, snippet: "hit" }] });
      expect(ctx.text.length).toBeLessThanOrEqual(totalChars);
      // Order decides what gives way: the first file is always there, cut or whole.
      expect(ctx.text).toContain("## AGENTS.md");
      // Once a file is left out, no later file gets in (a one-line search result may still fit).
      const fileEntries = ctx.report.entries.filter((e) => e.path !== "search");
      const firstLoss = fileEntries.findIndex((e) => e.status === "omitted");
      if (firstLoss >= 0) expect(fileEntries.slice(firstLoss).map((e) => e.status)).not.toContain("included");
    }
    const tight = assembleContext(f, { session: "main", perFileChars: 2500, totalChars: 3000 });
    expect(tight.report.omitted.length).toBeGreaterThan(0);
    expect(tight.text).toMatch(/\n\[OMITTED: [A-Z]+\.md(, [A-Za-z0-9/.-]+)* did not fit in the 3000-character context budget; read them\]\n$/);
    for (const p of tight.report.omitted) expect(tight.text.slice(tight.text.lastIndexOf("[OMITTED"))).toContain(p);
    const cut = tight.report.entries.find((e) => e.status === "truncated" && e.reason?.includes("total budget"));
    expect(cut).toBeDefined();
  });

  it("does not split a surrogate pair when cutting", () => {
    const emoji = "🙂".repeat(2000);
    const ctx = assembleContext(files({ "SOUL.md": emoji }), { session: "main", perFileChars: 501, totalChars: 100_000 });
    expect(ctx.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(ctx.text).not.toMatch(/(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });

  it("config defaults and limits", () => {
    expect(ContextConfigSchema.parse({})).toEqual({ perFileChars: 4000, totalChars: 16000, memoryResults: 5 });
    expect(ContextConfigSchema.safeParse({ timeZone: "Mars/Olympus" }).success).toBe(false);
    expect(ContextConfigSchema.safeParse({ timeZone: "Asia/Tokyo" }).success).toBe(true);
    expect(ContextConfigSchema.safeParse({ totalChars: 10 }).success).toBe(false);
  });
});

describe("loading from a workspace, and the audit", () => {
  let dir = "";
  afterEach(() => cleanup(dir));

  it("reads today's and yesterday's notes in the configured time zone", () => {
    dir = tempDir();
    initWorkspace(dir);
    write(dir, "memory/2026-11-21.md", "# 21\n\n- from the 21st\n");
    write(dir, "memory/2026-11-20.md", "# 20\n\n- from the 20th\n");
    write(dir, "memory/2026-11-19.md", "# 19\n\n- from the 19th\n");
    // 2026-11-21 01:30 UTC is still the 20th in New York.
    const now = Date.parse("2026-11-21T01:30:00Z");
    const utc = loadContextFiles(dir, { now, timeZone: "UTC" });
    expect(utc.daily.map((d) => [d.date, d.label, d.text !== null])).toEqual([
      ["2026-11-21", "today", true],
      ["2026-11-20", "yesterday", true],
    ]);
    const ny = buildContext(dir, { now, timeZone: "America/New_York", session: "main", perFileChars: 4000, totalChars: 16000 });
    expect(ny.text).toContain("from the 20th");
    expect(ny.text).toContain("from the 19th");
    expect(ny.text).not.toContain("from the 21st");
    // Across a month boundary "yesterday" is a calendar step.
    const march = loadContextFiles(dir, { now: Date.parse("2026-03-01T12:00:00Z"), timeZone: "UTC" });
    expect(march.daily.map((d) => d.date)).toEqual(["2026-03-01", "2026-02-28"]);
  });

  it("the audit lists missing workspace files, and the context marks them", () => {
    dir = tempDir();
    initWorkspace(dir);
    rmSync(path.join(dir, "TOOLS.md"));
    rmSync(path.join(dir, "IDENTITY.md"));
    mkdirSync(path.join(dir, "USER.md.d"));
    const audit = auditWorkspace(dir);
    expect(audit.missing).toEqual(["TOOLS.md", "IDENTITY.md"]);
    expect(audit.messages[0]).toMatch(/^TOOLS.md is missing: restore it, or run `agent init /);
    const ctx = buildContext(dir, { now: Date.now(), session: "main", perFileChars: 4000, totalChars: 16000 });
    expect(ctx.text).toContain(`[MISSING] expected at ${path.join(dir, "TOOLS.md")}`);
    rmSync(path.join(dir, "memory"), { recursive: true });
    expect(auditWorkspace(dir).missing).toContain("memory/");
  });
});

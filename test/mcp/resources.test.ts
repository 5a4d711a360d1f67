import { symlinkSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { IndexConfigSchema } from "../../src/workspace/config.js";

const NO_LINKS = { allowHardLinks: false };
const LIMITS = { maxAppendBytes: IndexConfigSchema.parse({}).maxAppendBytes, maxFileBytes: IndexConfigSchema.parse({}).maxFileBytes };
import { Engine } from "../../src/index.js";
import { formatDailyList, formatDailyView, MISSING_DAY, viewDates } from "../../src/mcp/resources.js";
import { appendDailyNote, readDailyNote } from "../../src/workspace/daily.js";
import { numberLines, PathRefusedError, readLines, resolveWorkspaceFile } from "../../src/workspace/safe-read.js";
import { cleanup, read, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

describe("daily views (pure)", () => {
  it("one # YYYY-MM-DD section per day, --- between days, a placeholder for a missing day", () => {
    const text = formatDailyView([
      { date: "2026-11-19", text: "- bought bread\n" },
      { date: "2026-11-20", text: null },
      { date: "2026-11-21", text: "# 2026-11-21\n\n## 09:00\n\n- standup\n" },
    ]);
    expect(text).toBe(
      `# 2026-11-19\n\n- bought bread\n\n---\n\n# 2026-11-20\n\n${MISSING_DAY}\n\n---\n\n# 2026-11-21\n\n## 09:00\n\n- standup\n`,
    );
    expect(formatDailyView([{ date: "2026-11-21", text: "   \n" }])).toBe(`# 2026-11-21\n\n${MISSING_DAY}\n`);
    expect(formatDailyView([])).toBe("");
  });

  it("views end today and read oldest first; the list is JSON, newest first", () => {
    expect(viewDates("2026-03-01", 3)).toEqual(["2026-02-27", "2026-02-28", "2026-03-01"]);
    const list = JSON.parse(formatDailyList("2026-11-21", [{ date: "2026-11-21", path: "memory/2026-11-21.md", exists: true, bytes: 5 }]));
    expect(list).toEqual({ today: "2026-11-21", days: [{ date: "2026-11-21", path: "memory/2026-11-21.md", exists: true, bytes: 5 }] });
  });
});

describe("daily views and appends on disk", () => {
  let dir = "";
  afterEach(() => cleanup(dir));

  it("reads a week with missing days, and lists 30 days (through the engine, as the MCP resources do)", async () => {
    dir = tempDir();
    const ws = path.join(dir, "ws");
    write(ws, "memory/2026-11-21.md", "today\n");
    write(ws, "memory/2026-11-16.md", "six days ago\n");
    write(ws, "agent.config.json", JSON.stringify({ context: { timeZone: "UTC" } }));
    const engine = Engine.open({ workspace: ws, now: () => Date.parse("2026-11-21T12:00:00Z") });
    const week = formatDailyView((await (await engine.assist()).dailyNotes(7)).reverse());
    expect(week.match(/^# \d{4}-\d{2}-\d{2}$/gm)).toEqual(viewDates("2026-11-21", 7).map((d) => `# ${d}`));
    expect(week.split("\n---\n")).toHaveLength(7);
    expect(week.split(MISSING_DAY)).toHaveLength(6);
    const list = JSON.parse(formatDailyList(await (await engine.assist()).today(), await (await engine.assist()).dailyFiles(30))) as { days: { date: string; exists: boolean }[] };
    await engine.close();
    expect(list.days).toHaveLength(30);
    expect(list.days[0]).toMatchObject({ date: "2026-11-21", exists: true });
    expect(list.days.filter((d) => d.exists).map((d) => d.date)).toEqual(["2026-11-21", "2026-11-16"]);
  });

  it("appendDailyNote only appends, under a timestamped heading, creating the note if needed", () => {
    dir = tempDir();
    const now = Date.parse("2026-11-21T09:14:00Z");
    const first = appendDailyNote({ workspace: dir, text: "Ana prefers Thai food.", now, timeZone: "UTC", limits: LIMITS });
    expect(first).toEqual({ path: "memory/2026-11-21.md", date: "2026-11-21", chars: expect.any(Number), created: true });
    expect(read(dir, "memory/2026-11-21.md")).toBe("# 2026-11-21\n\n## 09:14 — note\n\nAna prefers Thai food.\n");
    write(dir, "memory/2026-11-21.md", read(dir, "memory/2026-11-21.md") + "hand edit without newline");
    appendDailyNote({ workspace: dir, text: "Second.\n\n", now: now + 60_000, timeZone: "UTC", title: "from Claude", limits: LIMITS });
    expect(read(dir, "memory/2026-11-21.md")).toBe(
      "# 2026-11-21\n\n## 09:14 — note\n\nAna prefers Thai food.\nhand edit without newline\n\n## 09:15 — from Claude\n\nSecond.\n",
    );
    expect(() => appendDailyNote({ workspace: dir, text: "  ", now, timeZone: "UTC", limits: LIMITS })).toThrow(/empty/);
  });

  it("refuses to append through a daily note that is a symlink", () => {
    dir = tempDir();
    const ws = path.join(dir, "ws");
    write(dir, "outside.md", "outside\n");
    write(ws, "memory/.keep", "");
    symlinkSync(path.join(dir, "outside.md"), path.join(ws, "memory/2026-11-21.md"));
    expect(() => appendDailyNote({ workspace: ws, text: "x", now: Date.parse("2026-11-21T09:00:00Z"), timeZone: "UTC", limits: LIMITS })).toThrow(/outside the workspace; nothing written/);
    expect(read(dir, "outside.md")).toBe("outside\n");
    expect(readDailyNote(ws, "2026-11-21", NO_LINKS)).toBeNull();
  });
});

describe("workspace path safety", () => {
  let dir = "";
  afterEach(() => cleanup(dir));

  it("reads numbered line ranges inside the workspace and refuses everything else", () => {
    dir = tempDir();
    const ws = path.join(dir, "ws");
    write(ws, "notes/a.md", "one\ntwo\nthree\n");
    write(agentDir(ws), "index.db", "secret");
    write(dir, "secret.md", "outside\n");
    symlinkSync(path.join(dir, "secret.md"), path.join(ws, "notes/link.md"));
    symlinkSync(path.join(ws, "notes/a.md"), path.join(ws, "notes/inner-link.md"));

    const r = readLines(ws, "notes/a.md", 2, 5, NO_LINKS);
    expect(r).toEqual({ rel: "notes/a.md", from: 2, to: 3, totalLines: 3, lines: ["two", "three"] });
    expect(numberLines(r)).toBe("2| two\n3| three");
    expect(readLines(ws, path.join(ws, "notes/a.md"), 1, 200, NO_LINKS).lines).toEqual(["one", "two", "three"]);
    expect(resolveWorkspaceFile(ws, "notes/inner-link.md", NO_LINKS).rel).toBe("notes/a.md");

    for (const bad of ["../secret.md", "notes/../../secret.md", "notes/..\\..\\secret.md", path.join(dir, "secret.md"), "/etc/passwd", "notes/link.md", ".agent/index.db", ""]) {
      expect(() => resolveWorkspaceFile(ws, bad, NO_LINKS), bad).toThrow(PathRefusedError);
    }
    expect(() => resolveWorkspaceFile(ws, "notes/missing.md", NO_LINKS)).toThrow(/no such file/);
    expect(() => resolveWorkspaceFile(ws, "notes", NO_LINKS)).toThrow(/not a regular file/);
  });
});

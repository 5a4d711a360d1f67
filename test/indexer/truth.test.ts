import { utimesSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { formatQuotedMemories } from "../../src/engine/inject-text.js";
import { extractStatements, findValues } from "../../src/indexer/statements.js";
import { linkStatements, type PlacedStatement } from "../../src/indexer/supersede.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const placed = (lines: string[]): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2026-11-${String(10 + i).padStart(2, "0")}.md`, order: i * 86_400_000, st })));

const updates = (lines: string[]) => linkStatements(placed(lines)).filter((l) => l.kind === "update").map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

describe("statements", () => {
  it("reads counts, amounts, shares, dates and times with what they are of", () => {
    const v = findValues("The kitchen budget is $4,500 and 3 quotes came in; start date April 5 at 4:30 PM, 78% done");
    expect(v.map((x) => [x.type, x.norm])).toEqual([
      ["money", "$4500"],
      ["count", "3"],
      ["date", "04-05"],
      ["time", "16:30"],
      ["percent", "78"],
    ]);
  });

  it("leaves code out: a number in a code block is not a fact", () => {
    expect(extractStatements("```\nconst retries = 5;\n```\nThe plumber quoted $300 for the sink.").map((s) => s.line)).toEqual([4]);
  });
});

describe("supersession", () => {
  it("links a later statement giving the same slot a new value", () => {
    expect(updates(["The kitchen renovation start date is 3 December.", "Heard from Marek: the kitchen renovation start date moved to 10 December."])).toEqual([[0, 1]]);
    expect(updates(["My Zotero library has 45 sources tagged by theme.", "My Zotero library now has 52 sources tagged by theme."])).toEqual([[0, 1]]);
  });

  it("is conservative: an added fact, another event's date or another thing's count replaces nothing", () => {
    // Still says the old value: an addition, not a change.
    expect(updates(["I have 2 cats at home.", "Now I have 2 cats and 1 dog at home."])).toEqual([]);
    // Another event on another day.
    expect(updates(["Dentist appointment on March 3 at the clinic.", "Haircut appointment on March 9 at the salon."])).toEqual([]);
    // Two different things counted.
    expect(updates(["Ran 5 km along the river on Sunday.", "Bought 3 kg of apples at the market."])).toEqual([]);
  });

  it("follows the person's marks: still-true:: keeps a line, supersedes:: links one", () => {
    expect(updates(["The kitchen renovation start date is 3 December. still-true::", "Heard from Marek: the kitchen renovation start date moved to 10 December."])).toEqual([]);
    const marked = linkStatements(placed(["Rescue home visit with Lena planned for the shelter.", "Lena rang back, all fine. supersedes:: rescue home visit"]));
    expect(marked.map((l) => [l.kind, l.by])).toEqual([["update", "person"]]);
  });

  it("pairs a denial with what says it happened", () => {
    const links = linkStatements(placed(["I downloaded Zotero on March 2 to manage my citations.", "I've never used Zotero or managed citations with any software."]));
    expect(links.filter((l) => l.kind === "contradiction").length).toBe(1);
  });
});

describe("newest first, end to end", () => {
  let ws = "";
  afterEach(() => cleanup(ws));

  it("ranks the replacement above what it replaced, says so, and health lists the stale MEMORY.md line", async () => {
    ws = tempDir();
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword" } }));
    write(ws, "MEMORY.md", "# Memory\n\n- The kitchen renovation start date is 3 December, Marek's crew.\n- Lena's rescue home visit: Thursday.\n");
    // MEMORY.md was last edited before the note that replaced its line.
    const old = Date.parse("2026-11-10T09:00:00Z") / 1000;
    utimesSync(path.join(ws, "MEMORY.md"), old, old);
    write(ws, "memory/2026-11-23.md", "# 2026-11-23\n\n- Marek called: the kitchen renovation start date moved to 10 December.\n");
    const engine = Engine.open({ workspace: ws, now: () => Date.parse("2026-11-25T12:00:00Z") });
    try {
      engine.indexing.index();
      const res = await engine.search("kitchen renovation start date", { recall: false });
      const paths = res.results.map((r) => r.path);
      expect(paths.indexOf("memory/2026-11-23.md")).toBeLessThan(paths.indexOf("MEMORY.md"));
      const stale = res.results.find((r) => r.path === "MEMORY.md");
      expect(stale?.supersededBy).toEqual({ path: "memory/2026-11-23.md", line: 3, date: "2026-11-23" });
      // As of a day before the change, nothing had replaced it yet.
      const then = await engine.search("kitchen renovation start date", { recall: false, filters: { dateTo: "2026-11-12" } });
      expect(then.results.find((r) => r.path === "MEMORY.md")?.supersededBy).toBeUndefined();
      const health = await engine.indexing.health();
      expect(health.stale.map((s) => [`${s.old.path}:${s.old.line}`, `${s.current.path}:${s.current.line}`])).toEqual([["MEMORY.md", "memory/2026-11-23.md"].map((p, i) => `${p}:${i === 0 ? 3 : 3}`)]);
      expect(health.memory).toMatchObject({ path: "MEMORY.md", over: false });
    } finally {
      await engine.close();
    }
  });
});

describe("injection", () => {
  it("hands a replaced memory on as replaced, and says how old a memory is past a day", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    const text = formatQuotedMemories(
      [
        { path: "memory/2026-11-23.md", startLine: 3, endLine: 3, date: "2026-11-23", text: "the kitchen start date moved to 10 December" },
        { path: "memory/2026-11-10.md", startLine: 3, endLine: 3, date: "2026-11-10", text: "the kitchen start date is 3 December", supersededBy: { path: "memory/2026-11-23.md", line: 3, date: "2026-11-23" } },
        { path: "memory/2026-11-25.md", startLine: 1, endLine: 1, date: "2026-11-25", text: "called Marek" },
      ],
      2000,
      now,
    );
    expect(text).toContain('cite="memory/2026-11-23.md:3" date="2026-11-23" age="2 days old" from=');
    expect(text).toContain('cite="memory/2026-11-10.md:3" date="2026-11-10" age="15 days old" newer="memory/2026-11-23.md:3 of 2026-11-23" from=');
    expect(text).toContain('cite="memory/2026-11-25.md:1" date="2026-11-25" from=');
    expect(text).toContain("prefer that one");
    // The newer one first, whatever order the memories came in.
    expect(text.indexOf("memory/2026-11-23.md:3\" date")).toBeLessThan(text.indexOf("memory/2026-11-10.md:3\" date"));
  });

  it("never hands a replaced memory without the one that replaced it", () => {
    const now = Date.parse("2026-11-25T12:00:00Z");
    const text = formatQuotedMemories(
      [
        { path: "memory/2026-11-10.md", startLine: 3, endLine: 3, date: "2026-11-10", text: "the kitchen start date is 3 December", supersededBy: { path: "memory/2026-11-23.md", line: 3, date: "2026-11-23" } },
        { path: "memory/2026-11-25.md", startLine: 1, endLine: 1, date: "2026-11-25", text: "called Marek about the kitchen" },
      ],
      2000,
      now,
    );
    expect(text).not.toContain("3 December");
    expect(text).toContain('<memory n="1" cite="memory/2026-11-25.md:1"');
  });
});

import { utimesSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { extractStatements, findValues } from "../../src/indexer/statements.js";
import { linkStatements, type PlacedStatement } from "../../src/indexer/supersede.js";
import { searchOptions } from "../../src/contract/options.js";
import { otherItemAsked } from "../../src/search/pipeline/current.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

// Rules found by the changes set (scripts/eval-changes/): terse personal notes, the way people
// write a changed fact down. Each would fail on the rules before it.

const typed = (text: string) => findValues(text).map((v) => `${v.type}:${v.norm}`);
const near = (text: string) => extractStatements(text)[0]!.values[0]!.near;
const placed = (lines: string[]): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2029-02-${String(10 + i).padStart(2, "0")}.md`, order: i * 86_400_000, st })));
const updates = (lines: string[]) => linkStatements(placed(lines)).filter((l) => l.kind === "update").map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

describe("reading values as notes write them", () => {
  it("a month before a clock time is the day, and the time is a time", () => {
    // Read before as "March 07", and the real day "1 March" lost under it.
    expect(typed("Dublin: FR 205, Thu 1 March 07:10")).toEqual(expect.arrayContaining(["date:03-01", "time:07:10"]));
    expect(typed("Dublin: FR 205, Thu 1 March 07:10")).not.toContain("date:03-07");
    expect(typed("the call is on March 7 at noon")).toContain("date:03-07");
  });

  it("a time written with a dot before am/pm (3.40pm)", () => {
    expect(typed("dentist booked thurs 8th, 3.40pm (Dr Haigh)")).toContain("time:15:40");
    expect(typed("bus at 7.05am")).toContain("time:07:05");
  });

  it("a weekday with an ordinal is a day of the month, compared only with another such day", () => {
    expect(typed("boiler service booked for Fri 16th, British Gas, am slot")).toEqual(["day:16"]);
    expect(typed("dentist booked thurs 8th, 3.40pm")).toEqual(["day:8", "time:15:40"]);
    // With its month it is a date; "I sat 3rd" is a verb.
    expect(typed("Fri 16th Feb")).toEqual(["date:02-16"]);
    expect(typed("I sat 3rd in the race")).toEqual([]);
  });

  it("a comma after a number ends it: the word after the comma is not what it counts", () => {
    expect(typed("passport's valid till Aug 2030, fine for Dublin")).toEqual([]);
    expect(typed("1,200 calls a day")).toEqual(["count:1200"]);
  });

  it("a value that opens its clause is named by the label before it", () => {
    expect(near("Day rate for freelance: £320.")).toEqual(expect.arrayContaining(["rate", "freelanc"]));
    expect(near("Gym: PureGym Kirkstall, £24.99 a month.")).toEqual(expect.arrayContaining(["puregym", "kirkstall", "month"]));
    // A thousands' comma cuts no label: the clause before "$2,000" is not borrowed.
    expect(extractStatements("I just reached my emergency fund goal of $2,000 on August 30, which is early.")[0]!.values.find((v) => v.type === "date")!.near).toEqual([]);
  });

  it("'going up to' and 'rebooked' say a fact changed", () => {
    expect(extractStatements("email from puregym: going up to £27.99/month from 1 March.")[0]!.change).toBe(true);
    expect(extractStatements("British Gas rebooked the boiler service for Mon 26 Feb.")[0]!.change).toBe(true);
    expect(extractStatements("We went up to the castle, 3 hours.")[0]!.change).toBe(false);
  });
});

describe("linking a MEMORY.md line to the daily note that changed it", () => {
  it("a price under a label, raised later", () => {
    // Among other notes, as in a real folder: the words' rarity comes from them.
    const others = ["Ferdi rolled in fox poo, 2 baths.", "Arlo scored 3 goals at football.", "ran 9 km by the beck.", "Sam on lates for 5 nights."];
    expect(updates(["Gym: PureGym Kirkstall, £24.99 a month.", ...others, "email from puregym: going up to £27.99/month from 1 March. grr"])).toEqual([[0, 5]]);
  });

  it("an added subscription replaces nothing", () => {
    expect(updates(["Netflix £10.99 on my card.", "signed up for Spotify family, £19.99/mo (Sam + Arlo on it too)"])).toEqual([]);
  });
});

describe("a list whose other item was replaced", () => {
  it("is no replaced result when the query shares no word with the replaced item", () => {
    const list = { text: "# Memory\n\n- Gym: PureGym Kirkstall, £24.99 a month.\n- Bins: recycling (green) every Tuesday.\n" };
    const gym = { text: "Gym: PureGym Kirkstall, £24.99 a month." };
    expect(otherItemAsked(list, gym, new Set(["green", "bin"]))).toBe(true);
    expect(otherItemAsked(list, gym, new Set(["gym", "month"]))).toBe(false);
    // Another item holds more of the query's words: that one was asked about, not the replaced one.
    const kids = { text: "- Arlo is 7, Year 2, teacher Mrs Patel.\n- Arlo swimming: Saturdays 9am, Scott Hall pool." };
    expect(otherItemAsked(kids, { text: "Arlo swimming: Saturdays 9am, Scott Hall pool." }, new Set(["arlo", "teacher"]))).toBe(true);
    expect(otherItemAsked(kids, { text: "Arlo swimming: Saturdays 9am, Scott Hall pool." }, new Set(["arlo", "swimm"]))).toBe(false);
    // One paragraph, not a list: the link speaks for it as before.
    expect(otherItemAsked({ text: "Gym: PureGym Kirkstall, £24.99 a month. Bins on Tuesday." }, gym, new Set(["bin"]))).toBe(false);
  });

  let ws = "";
  afterEach(() => cleanup(ws));

  it("end to end: the bins question gets MEMORY.md unmarked; the kitchen and gym questions get it marked below what replaced it", async () => {
    ws = tempDir();
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword", dates: { timeZone: "UTC" } } }));
    write(
      ws,
      "MEMORY.md",
      "# Memory\n\n- Gym: PureGym Kirkstall, £24.99 a month.\n- The kitchen renovation start date is 3 December, Marek's crew.\n- Bins: recycling (green) every Tuesday, black bin Fridays.\n",
    );
    const old = Date.parse("2029-01-28T20:00:00Z") / 1000;
    utimesSync(path.join(ws, "MEMORY.md"), old, old);
    write(ws, "memory/2029-02-21.md", "# 21 Feb\n\n- email from puregym: going up to £27.99/month from 1 March. grr\n- Mochi slept on Ferdi.\n");
    write(ws, "memory/2029-02-23.md", "# 23 Feb\n\n- Marek called: the kitchen renovation start date moved to 10 December.\n");
    const engine = Engine.open({ workspace: ws, now: () => Date.parse("2029-02-27T09:00:00Z") });
    try {
      engine.indexing.index();
      const bins = await engine.search("when does the green bin go out", { recall: false });
      expect(bins.results[0]?.path).toBe("MEMORY.md");
      expect(bins.results[0]?.supersededBy).toBeUndefined();
      expect(bins.results.map((r) => r.path)).toEqual(["MEMORY.md"]);
      const kitchen = await engine.search("kitchen renovation start date", { recall: false });
      expect(kitchen.results.map((r) => r.path)).toEqual(["memory/2029-02-23.md", "MEMORY.md"]);
      expect(kitchen.results[1]?.supersededBy).toEqual({ path: "memory/2029-02-23.md", line: 3, date: "2029-02-23" });
      const gym = await engine.search("how much is the gym a month", { recall: false });
      expect(gym.results.map((r) => r.path).slice(0, 2)).toEqual(["memory/2029-02-21.md", "MEMORY.md"]);
      expect(gym.results[1]?.supersededBy).toEqual({ path: "memory/2029-02-21.md", line: 3, date: "2029-02-21" });
    } finally {
      await engine.close();
    }
  });
});

describe("as of a day, MEMORY.md as it was then", () => {
  let ws = "";
  afterEach(() => cleanup(ws));

  it("keeps MEMORY.md unchanged since that day, without the later replacement; a plain date range still leaves it out", async () => {
    ws = tempDir();
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword", dates: { timeZone: "UTC" } } }));
    write(ws, "MEMORY.md", "# Memory\n\n- Dad's mobile number 07700 900412.\n- Gym: PureGym Kirkstall, £24.99 a month.\n");
    const jan28 = Date.parse("2029-01-28T20:00:00Z") / 1000;
    utimesSync(path.join(ws, "MEMORY.md"), jan28, jan28);
    write(ws, "memory/2029-02-09.md", "# fri 9th feb\n\n- dad has a new phone number 07700 900877, old one's dead\n");
    write(ws, "memory/2029-02-21.md", "# 21 Feb\n\n- email from puregym: going up to £27.99/month from 1 March. grr\n");
    const engine = Engine.open({ workspace: ws, now: () => Date.parse("2029-02-27T09:00:00Z") });
    try {
      engine.indexing.index();
      const asOf = (q: string, day: string) => engine.search(q, { ...searchOptions({ asOf: day }), recall: false });
      const then = await asOf("how much is the gym a month", "2029-02-10");
      expect(then.results.map((r) => r.path)).toEqual(["MEMORY.md"]);
      expect(then.results[0]?.supersededBy).toBeUndefined();
      const dad = await asOf("dad's phone number", "2029-02-05");
      expect(dad.results.map((r) => r.path)).toEqual(["MEMORY.md"]);
      // A plain date range still leaves undated files out.
      const range = await engine.search("how much is the gym a month", { ...searchOptions({ to: "2029-02-10" }), recall: false });
      expect(range.results.map((r) => r.path)).not.toContain("MEMORY.md");
    } finally {
      await engine.close();
    }
  });

  it("leaves MEMORY.md out when it changed after that day (it may say what was not yet so)", async () => {
    ws = tempDir();
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword", dates: { timeZone: "UTC" } } }));
    write(ws, "MEMORY.md", "# Memory\n\n- Dad's mobile number 07700 900877.\n");
    // A time in this machine's past, so the index trusts it.
    const feb20 = Date.parse("2025-02-20T10:00:00Z") / 1000;
    utimesSync(path.join(ws, "MEMORY.md"), feb20, feb20);
    const engine = Engine.open({ workspace: ws, now: () => Date.parse("2025-02-27T09:00:00Z") });
    try {
      engine.indexing.index();
      const search = (day: string) => engine.search("dad's phone number", { ...searchOptions({ asOf: day }), recall: false });
      expect((await search("2025-02-05")).results.map((r) => r.path)).toEqual([]);
      expect((await search("2025-02-21")).results.map((r) => r.path)).toEqual(["MEMORY.md"]);
    } finally {
      await engine.close();
    }
  });
});

describe("an appointment called off and rebooked, its old day said without a month", () => {
  let ws = "";
  afterEach(() => cleanup(ws));

  it("puts the note that rebooked it above the one that booked it", async () => {
    ws = tempDir();
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword", dates: { timeZone: "UTC" } } }));
    write(ws, "memory/2029-02-04.md", "# 4.2.29\n\n- boiler service booked for Fri 16th, British Gas, am slot\n- long run 9k, slow\n");
    write(ws, "memory/2029-02-15.md", "# Thurs 15th\n\n- British Gas cancelled the boiler service (engineer off sick). rebooked Mon 26 Feb, 8-12\n- green bin out tonight\n");
    const engine = Engine.open({ workspace: ws, now: () => Date.parse("2029-02-20T09:00:00Z") });
    try {
      engine.indexing.index();
      const res = await engine.search("when is the boiler service", { recall: false });
      expect(res.results.map((r) => r.path)).toEqual(["memory/2029-02-15.md", "memory/2029-02-04.md"]);
    } finally {
      await engine.close();
    }
  });
});

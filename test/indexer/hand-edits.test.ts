import { describe, expect, it } from "vitest";
import { extractStatements } from "../../src/indexer/statements.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import { dailyLines } from "../helpers/daily-lines.js";

// Rules found by the third changes set (scripts/eval-changes3/: hand corrections in daily notes,
// tables written again, a key: value line said anew). Each example is phrased apart from the set,
// and each would fail on the rules before it.

/** Update links among daily lines, every linker's rules included, as [older line, newer line]. */
const updates = (lines: string[]) =>
  linkWithClashes(dailyLines(lines))
    .filter((l) => l.kind === "update")
    .map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

/** Whole notes (several lines each), a day apart; statement j of note i has id i*100+j. */
const notes = (texts: string[]): PlacedStatement[] =>
  texts.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2030-05-${String(10 + i).padStart(2, "0")}.md`, order: i * 86_400_000 + st.line, st })));
const lineOf = (all: PlacedStatement[], id: number) => all.find((s) => s.id === id)!.st.line;

describe("a struck-out value", () => {
  it("replaces the earlier statement that said it about the same thing", () => {
    expect(updates(["Book club meets Tuesday evenings at the library, 7pm.", "Swim lesson Tuesday, 5pm.", "Book club meets ~~Tuesday~~ Wednesday evenings from now on, library as before."])).toEqual([[0, 2]]);
  });

  it("is no current value of its sentence, and the sentence says something changed", () => {
    const [st] = extractStatements("Dentist ~~Mon 14th~~ Thu 17th, same time");
    expect(st!.values.map((v) => v.norm)).toEqual(["17"]);
    expect(st!.change).toBe(true);
    expect(st!.struck).toEqual({ words: ["mon"], values: ["day:14"] });
  });

  it("of another thing links nothing", () => {
    expect(updates(["Swim lesson Tuesday 5pm at the leisure centre.", "Book club ~~Tuesday~~ Wednesday this week."])).toEqual([]);
  });
});

describe("a line labelled as a correction", () => {
  it("replaces the earlier statement it shares the most rare words with", () => {
    const lines = ["Spare car key is with Mum at number 12.", "Lunch with Jo at the cafe, lovely.", "update: Mum's away, the spare car key is with Tariq next door."];
    expect(updates(lines)).toEqual([[0, 2]]);
  });

  it("that shares little with anything earlier links nothing", () => {
    expect(updates(["Spare car key is with Mum at number 12.", "edit: bought milk and bread on the way home."])).toEqual([]);
  });

  it("an 'edit (Tue):' added under the same day's note corrects a line above it", () => {
    const all = notes(["# Monday\n- Ordered 3 crates of apples from Hill Farm for the fete.\n- Bunting up.\n- edit (Tue): Hill Farm can only do 2 crates of apples, so that's what we get."]);
    const links = linkWithClashes(all).filter((l) => l.kind === "update");
    expect(links.map((l) => [lineOf(all, l.older), lineOf(all, l.newer)])).toEqual([[2, 4]]);
  });
});

describe("a value named as what it was", () => {
  it("'(was 6pm)' says the time changed, so it replaces the earlier time", () => {
    expect(extractStatements("Pottery class Thursday 9th is at 7pm (was 6pm).")[0]!.change).toBe(true);
    expect(updates(["Pottery class is 6pm on Thursday 9th.", "Pottery class Thursday 9th is at 7pm (was 6pm)."])).toEqual([[0, 1]]);
  });
});

describe("a key: value line said anew", () => {
  it("with a word saying it changed, replaces the earlier line under the same key", () => {
    expect(updates(["Dentist's address: 4 Mill Lane, Otley", "Dentist's new address: 22 Bridge Street, Otley"])).toEqual([[0, 1]]);
  });

  it("without one, or with a 'new' thing in its value, is a log, not a change", () => {
    expect(updates(["Lunch: soup and bread", "Lunch: salad"])).toEqual([]);
    expect(updates(["Acme: kickoff call went fine", "Acme: new brief, packaging round 2"])).toEqual([]);
  });

  it("a speaker's name before a colon, or a colon opening one of several sentences, is no record", () => {
    expect(updates(["**Tim**: Cool!", "**Tim**: I'm learning the violin now."])).toEqual([]);
    expect(updates(["Tim: Cool! Great day at the lake.", "Tim: new job now."])).toEqual([]);
    expect(extractStatements("Gym: PureGym Kirkstall, £24.99 a month")[0]!.keyValue).toMatchObject({ key: ["gym"], changed: false });
  });
});

describe("a table written again", () => {
  const table = (rows: string[]) => ["| Locker | Holder | Paid |", "|---|---|---|", ...rows].join("\n");

  it("a row with the same key and other cells replaces the latest earlier one; rows said again link nothing", () => {
    const all = notes([table(["| 3 | Dawn Price | yes |", "| 4 | Ian Cole | yes |"]), "Note between.", table(["| 3 | Omar Farah | no |", "| 4 | Ian Cole | yes |"])]);
    const links = linkWithClashes(all).filter((l) => l.kind === "update");
    expect(links.map((l) => [Math.floor(l.older / 100), lineOf(all, l.older), Math.floor(l.newer / 100), lineOf(all, l.newer)])).toEqual([[0, 3, 2, 3]]);
  });

  it("rows keyed by a day are each their own occasion", () => {
    const plan = (rows: string[]) => ["| Day | Dinner |", "|---|---|", ...rows].join("\n");
    const all = notes([plan(["| Mon | pasta bake |", "| Tue | fish pie |"]), plan(["| Mon | curry night |", "| Tue | fish pie |"])]);
    expect(linkWithClashes(all).filter((l) => l.kind === "update")).toEqual([]);
  });
});

describe("two kinds of one thing", () => {
  it("'adult ticket' and 'child ticket' are two slots; the same kind changed is one", () => {
    expect(updates(["Adult ticket for the panto is £14 a head.", "Child ticket for the panto goes up to £9 a head now."])).toEqual([]);
    expect(updates(["Adult ticket for the panto is £14 a head.", "Adult ticket for the panto goes up to £16 a head now."])).toEqual([[0, 1]]);
  });
});

describe("a move that names its thing by one word", () => {
  it("replaces the earlier statement of when that thing was", () => {
    expect(updates(["Piano tuner booked for Tue 18th, 10am.", "Dentist on Wed 19th at 9am.", "The tuner's been moved to Thu 20th."])).toEqual([[0, 2]]);
  });

  it("a one-word move of something never given a day links nothing", () => {
    expect(updates(["Dentist on Wed 19th at 9am.", "The tuner's been moved to Thu 20th."])).toEqual([]);
  });
});

describe("a role passed to someone, named without a title", () => {
  it("replaces the latest earlier statement naming another holder of that role", () => {
    expect(updates(["Treasurer is Bob Hart, he does the banking.", "Rota for the tea urn sorted.", "Bob stood down at the AGM, Lena Ortiz is treasurer now."])).toEqual([[0, 2]]);
  });

  it("a second holder said without a word of handing over, a question, or a chair to sit on links nothing", () => {
    expect(updates(["Treasurer is Bob Hart, he does the banking.", "Lena Ortiz is treasurer of the choir."])).toEqual([]);
    expect(updates(["Treasurer is Bob Hart, he does the banking.", "Is Lena Ortiz treasurer now?"])).toEqual([]);
    expect(extractStatements("The chair is broken again, new one needed.")[0]?.holds).toBeUndefined();
  });
});

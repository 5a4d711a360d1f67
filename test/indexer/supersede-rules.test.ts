import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clauses, isListEntry, moodAt, unquoted } from "../../src/indexer/statement-mood.js";
import { oneOffEvent, planVersusDone, startVersusEnd } from "../../src/indexer/slot-guards.js";
import { extractStatements, type StatedValue } from "../../src/indexer/statements.js";
import { linkStatements, type PlacedStatement } from "../../src/indexer/supersede.js";

const DAY = 86_400_000;
const values = (line: string) => extractStatements(line).flatMap((s) => s.values.map((v) => `${v.norm}:${v.mood}`));
const value = (line: string): StatedValue => extractStatements(line)[0]!.values[0]!;
const moodOf = (sentence: string, valueText: string) => moodAt(sentence, sentence.indexOf(valueText));

describe("how a value is said", () => {
  it("a question asks: its values are no facts, except what it takes as given", () => {
    expect(moodOf("Would the roof repair quote drop to $2,800 if we wait?", "$2,800")).toBe("question");
    expect(moodOf("How should I adjust my plans since the sessions got extended to July 16?", "July 16")).toBe("fact");
    expect(values("Should I ask whether the renovation could take 4 weeks?")).toEqual([]);
  });

  it("a what-if, a denial and a plan", () => {
    expect(moodOf("If I switched carriers, my phone plan would cost $25.", "$25")).toBe("hypothetical");
    expect(moodOf("The parking permit does not cost $120 a year.", "$120")).toBe("denied");
    expect(moodOf("Going to write 2,000 words of the thesis this week.", "2,000")).toBe("plan");
    expect(moodOf("I want to save $500 this month.", "$500")).toBe("plan");
    expect(moodOf("I'll set up transfers to cover 6 months of expenses.", "6 months")).toBe("plan");
    // "might" alone is worry, not a what-if: the moved call is still a fact.
    expect(moodOf("I'm worried that moving the call to April 22 might clash with the team meeting.", "April 22")).toBe("fact");
  });

  it("one occasion: a simple past doing word or a day word", () => {
    expect(moodOf("Ran 7 km on Saturday morning with the club.", "7 km")).toBe("event");
    expect(moodOf("Walked 11,200 steps today with the dog.", "11,200")).toBe("event");
    // The perfect tense is a running total, which a later total does replace.
    expect(moodOf("I've completed 12 problems so far.", "12")).toBe("fact");
  });

  it("reads each clause on its own: the fact after a goal is still a fact", () => {
    const s = "I'm trying to reach 100% coverage, and I've currently reached 65% after the first run.";
    expect(clauses(s).length).toBe(2);
    expect(moodOf(s, "100%")).toBe("plan");
    expect(moodOf(s, "65%")).toBe("fact");
    expect(moodOf("I'm worried about how I'll budget for it, I've got $200 set aside for April 15.", "$200")).toBe("fact");
    expect(moodOf("The coverage for my module, which has recently improved to 78%, is fine.", "78%")).toBe("fact");
  });

  it("quoted words and list entries hold no values", () => {
    expect(unquoted('Anna texted "the venue holds 80 guests max" yesterday').includes("80")).toBe(false);
    expect(unquoted('We watched "Up" again').includes("Up")).toBe(true);
    expect(values("> The school trip costs $180 per child")).toEqual([]);
    expect(isListEntry("- 2 lbs chicken breast")).toBe(true);
    expect(isListEntry("- [ ] pay $80 water bill")).toBe(true);
    expect(isListEntry("- Kitchen renovation start date is 3 December.")).toBe(false);
    expect(values("- 6 eggs")).toEqual([]);
    expect(values("- Savings goal for the trip: $3,000.")).toEqual(["$3000:plan"]);
  });
});

describe("slot guards", () => {
  it("an occasion replaces nothing", () => {
    expect(oneOffEvent.apart(value("Spent $45 on groceries at the market today."), value("Spent $62 on groceries at the market today."))).toBe(true);
    expect(oneOffEvent.apart(value("Rent for the flat is $1,400 a month."), value("Rent for the flat is $1,475 a month."))).toBe(false);
  });

  it("a plan and what was done are both true; a plan replaces a plan", () => {
    expect(planVersusDone.apart(value("Hoping to read 4 books in January."), value("Read 3 books in January, not bad."))).toBe(true);
    expect(planVersusDone.apart(value("Savings goal for the trip: $3,000."), value("Bumped the savings goal for the trip to $3,500."))).toBe(false);
  });

  it("a start date and an end date are two dates", () => {
    expect(startVersusEnd.apart(value("Anna's new job starts on 2 September."), value("Anna's probation at the new job ends on 2 December."))).toBe(true);
    expect(startVersusEnd.apart(value("Kitchen start date is 3 December."), value("Kitchen start date moved to 10 December."))).toBe(false);
  });
});

interface Pair {
  older: string;
  newer: string;
  label: "update" | "contradiction" | "none";
  why: string;
}

describe("the hand-labelled pairs", () => {
  const pairs = (JSON.parse(readFileSync(path.join(__dirname, "..", "fixtures", "supersession", "pairs.json"), "utf8")) as { pairs: Pair[] }).pairs;
  const links = (p: Pair) => {
    const placed: PlacedStatement[] = [];
    [p.older, p.newer].forEach((text, side) => extractStatements(text).forEach((st, j) => placed.push({ id: side * 100 + j, path: `memory/2026-01-0${side + 1}.md`, order: side * DAY + st.line, st })));
    return linkStatements(placed).filter((l) => l.older < 100 && l.newer >= 100);
  };

  it("links no pair labelled as both still true (an added fact, a plan and what was done, a question, a list...)", () => {
    // The one known miss: a denial sharing two rare words with an unrelated visit (see scripts/eval-links.mjs).
    const wrong = pairs.filter((p) => p.label === "none" && links(p).length > 0).map((p) => `${p.why}: ${p.newer}`);
    expect(wrong).toEqual(["denial of another thing: Went to the old gym for leg day, then coffee downtown."]);
  });

  it("links most pairs labelled as a replacement, older to newer", () => {
    const wanted = pairs.filter((p) => p.label === "update");
    const found = wanted.filter((p) => links(p).some((l) => l.kind === "update"));
    expect(found.length / wanted.length).toBeGreaterThanOrEqual(0.8);
  });
});

describe("what states nothing of the person's", () => {
  it("an HTML comment and a conversation summary hold no statements", async () => {
    const { fileStatements } = await import("../../src/indexer/truth.js");
    expect(extractStatements("<!-- derived by the night job from 3 transcripts, safe to delete -->\nThe rent for the flat is $1,400 a month.").map((s) => s.line)).toEqual([2]);
    const summary = "# Summary\n\nThe person moved the kitchen start date to 10 December and set a $4,500 budget.\n";
    expect(fileStatements({ rel: "sessions/s1.summary.md", kind: "summary", date: "2026-11-20", text: summary, mtimeMs: 0 })).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { clauses, deniesValue, moodAt } from "../../src/indexer/statement-mood.js";
import { extractStatements, turnStatements } from "../../src/indexer/statements.js";

const values = (text: string) => turnStatements(text, 1).flatMap((s) => s.values.map((v) => `${v.type}:${v.norm}:${v.unit}:${v.mood}`));
const moodOf = (sentence: string, valueText: string) => moodAt(sentence, sentence.indexOf(valueText));

describe("a bare number a change word leads to", () => {
  it("counts the plural thing named before it", () => {
    expect(values("Considering the recent growth of commits merged into the main branch, which has now reached 165, I want to tighten reviews.")).toContain(
      "count:165:commit:fact",
    );
    expect(values("I noticed the number of mentees I've worked with has increased to 7, how can I show that?")).toContain("count:7:mente:fact");
  });

  it("is no value without a change word, or without a plural thing before it", () => {
    expect(values("We shipped version 2 of the app, which took the team a while.")).toEqual([]);
    expect(values("My score has now reached 9, which is great.")).toEqual([]);
    // A unit after the number is read by the ordinary patterns, once.
    expect(values("The waiting list has grown to 40 names this week.")).toEqual(["count:40:name:fact"]);
  });
});

describe("values inside a question that asks how", () => {
  it("takes the values of a how-question as given", () => {
    expect(moodOf("What's the best way to ensure the AI screening tool's 90% accuracy doesn't introduce bias?", "90%")).toBe("fact");
    expect(moodOf("How can I make the most of my grocery budget, which was increased to $550 monthly?", "$550")).toBe("fact");
  });

  it("still reads the value a how-question aims at as an aim, and a yes-or-no question as asking", () => {
    expect(moodOf("How can I cut my monthly spending down to $300?", "$300")).toBe("plan");
    expect(moodOf("Would the roof repair quote drop to $2,800 if we wait?", "$2,800")).toBe("question");
  });

  it("reads ', will it be enough' as a question of its own, leaving the fact before it", () => {
    const s = "I'm kinda worried about the $7,000 budget for prototype refinement, will it be enough to cover everything?";
    expect(clauses(s).length).toBe(2);
    expect(moodOf(s, "$7,000")).toBe("fact");
  });
});

describe("a denial reaches a value only when the value follows it closely", () => {
  it("denies the value right after the denied verb", () => {
    expect(deniesValue("The parking permit does not cost ")).toBe(true);
    expect(deniesValue("The fee is not ")).toBe(true);
    expect(moodOf("The parking permit does not cost $120 a year.", "$120")).toBe("denied");
  });

  it("leaves the thing a denied verb names a fact", () => {
    expect(moodOf("I'm kinda worried that I won't meet the new April 25 deadline for the draft.", "April 25")).toBe("fact");
  });
});

describe("doubt is no denial", () => {
  it("a sentence that is only unsure denies nothing; a never still does", () => {
    expect(extractStatements("I'm not sure if the course helped, but I completed 40% of the ATS course by March 15.")[0]?.negated).toBe(false);
    expect(extractStatements("I've never enrolled in any ATS optimization courses or training programs.")[0]?.negated).toBe(true);
  });
});

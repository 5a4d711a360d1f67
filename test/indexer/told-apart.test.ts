import { describe, expect, it } from "vitest";
import { numberedOf, ownedOf, withToldApart } from "../../src/indexer/told-apart.js";
import { noteUpdates } from "../helpers/note-links.js";

// Two things of one name told apart by whose each is or by its number, found by the fifth
// changes set (scripts/eval-changes5/). Phrased apart from the set; each fails on the rules before it.

const updates = (notes: string[]) => noteUpdates(notes, withToldApart);

describe("another holder's thing", () => {
  it("is added beside the person's own, it replaces nothing", () => {
    expect(updates(["My gym membership is £32 a month at PureGym.", "Tom's gym membership is £27 a month at PureGym."])).toEqual([]);
    expect(updates(["Aisha's piano lessons are 45 minutes long.", "Our piano lessons are 30 minutes long."])).toEqual([]);
  });

  it("the same holder's thing still changes, and a chain belongs to its last holder", () => {
    expect(updates(["My gym membership is £32 a month at PureGym.", "Our gym membership at PureGym went up, now £35 a month."])).toEqual([[0, 1]]);
    expect(ownedOf("my mum's birthday lunch")).toEqual([{ owner: "mum", words: ["birthday", "lunch"] }]);
    expect(ownedOf("It's booked, that's the lot, today's list")).toEqual([]);
    expect(ownedOf("the kids' dentist")).toEqual([{ owner: "kids", words: ["dentist"] }]);
  });
});

describe("another of a numbered series", () => {
  it("is another thing unless a change is said", () => {
    expect(updates(["Chapter 2 runs to 9,000 words.", "Chapter 3 runs to 7,500 words."])).toEqual([]);
    expect(updates(["Chapter 3 runs to 9,000 words.", "Chapter 3 runs to 7,500 words after the cuts, down from 9,000."])).toEqual([[0, 1]]);
  });

  it("reads the series' word and its number, not places", () => {
    expect(numberedOf("Lesson 12 and part II, then Room 4 and Gate 9")).toEqual(["lesson 12", "part ii"]);
  });
});

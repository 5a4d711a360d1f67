import { describe, expect, it } from "vitest";
import { heightAt, swappedDigits } from "../../src/indexer/held-numbers.js";
import { derivedLinksOf } from "../helpers/derived-links.js";

// What the sixth changes set (scripts/eval-changes6/) still missed, as rules in general words:
// numbers a person holds said twice without a change word (a height in two units, a number with
// two digits swapped, a vehicle's year), a to-do ticked off with another count, a quote replaced
// by what was taken. Each example is phrased apart from the set, and each positive one fails on
// the rules before it.

const linksOf = derivedLinksOf;
const contradictions = (notes: string[]) => linksOf(notes, "contradiction");
const updates = (notes: string[]) => linksOf(notes, "update");

describe("a height in two units", () => {
  it("5 ft 4 and 171 cm of the same person disagree", () => {
    expect(contradictions(["- Height: 5'4\"", "Filled in the club kit form, my height 171 cm and shoe size 6."])).toEqual([[0, 1]]);
    expect(heightAt("5 ft 4")?.norm).toBe("163");
    expect(heightAt("1.71 m tall")?.norm).toBe("171");
  });

  it("the same height in the other unit, or a room's, is no disagreement", () => {
    expect(contradictions(["- Height: 5'4\"", "Filled in the club kit form, my height 163 cm and shoe size 6."])).toEqual([]);
    expect(contradictions(["- Height: 5'4\"", "The loft's ceiling height is 240 cm, so no bunk beds."])).toEqual([]);
    expect(contradictions(["- Height: 5'4\"", "My son's height is 150 cm now, he wants the big bike."])).toEqual([]);
  });
});

describe("a number with two neighbouring digits swapped", () => {
  it("a membership number written twice, once misspelt, disagrees", () => {
    expect(contradictions(["- RYA membership number: 4471902", "Renewal form needs my RYA membership number 4479102, done online."])).toEqual([[0, 1]]);
    expect(swappedDigits("4471902", "4479102")).toBe(true);
    expect(swappedDigits("4471902", "4071942")).toBe(false);
  });

  it("only a swap of neighbours: two other numbers of one label are two accounts or orders", () => {
    expect(contradictions(["- RYA membership number: 4471902", "Renewal form needs my RYA membership number 4417902, done online."])).toEqual([[0, 1]]);
    expect(contradictions(["- RYA membership number: 4471902", "Renewal form needs my RYA membership number 4471930, done online."])).toEqual([]);
    expect(contradictions(["- Screwfix order number 5581204", "Toolstation order number 5518204 came today"])).toEqual([]);
  });
});

describe("a vehicle's model year", () => {
  it("the car said to be of two years disagrees", () => {
    expect(contradictions(["- Car: 2015 Skoda Octavia estate, silver", "The car's a 2013 Octavia, so the timing belt is overdue."])).toEqual([[0, 1]]);
  });

  it("a year before a name that is no vehicle's, or another vehicle, is none", () => {
    expect(contradictions(["- Favourite tournament: 2015 Rugby World Cup", "Watched the 2013 Lions Tour highlights again."])).toEqual([]);
    expect(contradictions(["- Car: 2015 Skoda Octavia estate, silver", "My brother's car is a 2013 Ford Fiesta."])).toEqual([]);
  });
});

describe("a to-do ticked off with another count", () => {
  it("the ticked line replaces the open one's count", () => {
    expect(updates(["- [ ] Book 6 seats at the Crown for the pub quiz", "- [x] Booked 8 seats at the Crown for the pub quiz (Dev and Ana joined)"])).toEqual([[0, 1]]);
  });

  it("the same count ticked, another task, or a plan said in prose, is no change", () => {
    expect(updates(["- [ ] Book 6 seats at the Crown for the pub quiz", "- [x] Booked 6 seats at the Crown for the pub quiz"])).toEqual([]);
    expect(updates(["- [ ] Book 6 seats at the Crown for the pub quiz", "- [x] Booked 8 tickets for the Leeds gig"])).toEqual([]);
    expect(updates(["Going to write 2,000 words of the report", "Wrote 1,300 words of the report"])).toEqual([]);
  });

  it("a ticked line before the open one replaces nothing", () => {
    expect(updates(["- [x] Booked 8 seats at the Crown for the pub quiz", "- [ ] Book 6 seats at the Crown for the pub quiz"])).toEqual([]);
  });
});

describe("a quote replaced by what was taken", () => {
  it("the settled price of the same thing replaces the quote", () => {
    expect(updates(["Home contents insurance quote from Aviva: £420 a year.", "Home contents insurance sorted with LV in the end, £389 for the year."])).toEqual([[0, 1]]);
  });

  it("another thing settled, or nothing settled, replaces nothing", () => {
    expect(updates(["Home contents insurance quote from Aviva: £420 a year.", "Pet insurance sorted with Petplan, £389 for the year."])).toEqual([]);
    expect(updates(["Home contents insurance quote from Aviva: £420 a year.", "Took the dog to the vet for her jabs, paid £389 in the end."])).toEqual([]);
  });
});

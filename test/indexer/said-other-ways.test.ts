import { describe, expect, it } from "vitest";
import { extractStatements } from "../../src/indexer/statements.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import { withSaidApart } from "../../src/indexer/said-apart.js";
import { withInsteadOf, insteadOf } from "../../src/indexer/named-old.js";
import { impliedSlot } from "../../src/indexer/slot-synonyms.js";
import { movedDate, shiftOf } from "../../src/indexer/moved-by.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";

// What the fourth changes set (scripts/eval-changes4/) still missed, as rules in general words:
// a unit written two ways, a size said twice, a consequence clause, a new value naming the old one,
// contact values, slot synonyms and a date moved by how much (a question pointing back: replies.test.ts).
// Each example is phrased apart from the set, and each positive one fails on the rules before it.

/** Each line a daily note of its own, a day apart, its statements as the index stores them. */
const stored = (lines: string[]): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2030-06-${String(10 + i).padStart(2, "0")}.md`, order: Date.UTC(2030, 5, 10 + i, 12), st: withInsteadOf(withSaidApart(st)) })));
const linksOf = (lines: string[], kind: "update" | "contradiction") =>
  linkWithClashes(stored(lines))
    .filter((l) => l.kind === kind)
    .map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

describe("a size written two ways, said twice", () => {
  it("'sq ft' and 'square feet' are one unit; two sizes with no change said are a contradiction, not an update", () => {
    const lines = ["- The allotment shed is 60 sq ft, room for the mower.", "- The allotment shed is 48 square feet, the mower barely fits."];
    expect(linksOf(lines, "contradiction")).toEqual([[0, 1]]);
    expect(linksOf(lines, "update")).toEqual([]);
  });

  it("a size said as what it 'was' still disagrees with an earlier 'is'", () => {
    expect(linksOf(["- The village hall heater is a 9 kW unit.", "- The village hall heater was a 6 kilowatt unit, far too weak for the room."], "contradiction")).toEqual([[0, 1]]);
  });

  it("a size said to have changed is an update, and two things' sizes are nothing", () => {
    expect(linksOf(["- The allotment shed is 60 sq ft.", "- The allotment shed is 48 square feet now, after the partition went in."], "update")).toEqual([[0, 1]]);
    expect(linksOf(["- The allotment shed is 60 sq ft.", "- Mum's greenhouse is 48 square feet."], "contradiction")).toEqual([]);
  });
});

describe("a new value with its consequence and the old value it replaces", () => {
  it("'so I'll …' after the value does not make the value a plan", () => {
    expect(linksOf(["- Dentist appointment at the surgery: 11am.", "Rang the surgery, the dentist appointment is 10am instead of 11 so I'll drop the kids at school first."], "update")).toEqual([[0, 1]]);
  });

  it("'instead of 11' replaces only the statement that said 11, not another time at the same place", () => {
    const lines = ["- Parking at the surgery opens 8am.", "- Dentist appointment at the surgery: 11am.", "Rang the surgery, the dentist appointment at the surgery is 10am instead of 11 so I'll park there first."];
    expect(linksOf(lines, "update")).toEqual([[1, 2]]);
    expect(insteadOf("10am instead of 11")).toEqual([{ from: "11", to: "10" }]);
  });
});

describe("contact values", () => {
  it("an IP address said anew for the same machine replaces the old one; another machine's does not", () => {
    expect(linksOf(["- NAS (Plex box): 10.0.0.20, admin user.", "- New router in; the NAS is on 10.0.0.35 now."], "update")).toEqual([[0, 1]]);
    expect(linksOf(["- NAS (Plex box): 10.0.0.20, admin user.", "- The printer is on 10.0.0.35 now."], "update")).toEqual([]);
  });

  it("a street address named by its kind replaces the one of the same name, with no change word", () => {
    expect(linksOf(["- Work address: 14 Park Row, Bristol BS1 5LJ.", "- The work address is Unit 2, Temple Quay, Bristol BS1 6DG."], "update")).toEqual([[0, 1]]);
    expect(linksOf(["- Work address: 14 Park Row, Bristol BS1 5LJ.", "- Left the parcel at 8 Queen Square for Gran."], "update")).toEqual([]);
  });

  it("the address one moved into is the home address", () => {
    expect(impliedSlot("We moved into 17 Station Road", "address", 14, 30)).toEqual(["home", "address"]);
    expect(linksOf(["- Home address: 5 Birch Grove, York YO10 3AB.", "- We moved into 17 Station Road, York YO24 1AA at the weekend."], "update")).toEqual([[0, 1]]);
    // Someone else's move is theirs.
    expect(linksOf(["- Home address: 5 Birch Grove, York YO10 3AB.", "- Auntie Jo moved into 17 Station Road, York YO24 1AA at the weekend."], "update")).toEqual([]);
  });
});

describe("the same slot in other words", () => {
  it("an amount 'an hour' is an hourly rate", () => {
    expect(linksOf(["- Hourly rate for tutoring Sam: £30.", "- Sam's parents pay me £35 an hour now."], "update")).toEqual([[0, 1]]);
  });

  it("what a place costs a month is its rent; a gym's monthly fee is not", () => {
    expect(linksOf(["- Riverside storage unit costs £70 a month.", "- Riverside raised the rent to £76 a month."], "update")).toEqual([[0, 1]]);
    expect(impliedSlot("The gym costs £30 a month", "money", 14, 17)).toEqual([]);
  });

  it("two amounts 'a day' of two things share no slot by it", () => {
    expect(linksOf(["- Lunch at the site canteen costs £9 a day.", "- Parking by the office is £12 a day now."], "update")).toEqual([]);
  });
});

describe("a date moved by how much", () => {
  const said = Date.UTC(2030, 2, 1, 12);
  it("is the old date shifted", () => {
    expect(shiftOf("book club's been pushed back a week")).toBe(7);
    expect(movedDate("- Book club at Rosa's on Tuesday 12 March.", said, "Book club's been pushed back a week, Rosa's away.")).toBe("Tuesday 19 March");
    expect(movedDate("- Book club at Rosa's on Tuesday 12 March.", said, "Book club brought forward two days.")).toBe("Sunday 10 March");
  });

  it("is nothing when the newer gives its own date or no shift", () => {
    expect(movedDate("- Book club at Rosa's on Tuesday 12 March.", said, "Book club pushed back a week, to 20 March.")).toBeNull();
    expect(movedDate("- Book club at Rosa's on Tuesday 12 March.", said, "Book club's been moved.")).toBeNull();
  });
});

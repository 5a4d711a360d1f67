import { describe, expect, it } from "vitest";
import { correctionsOf, extractStatements, findValues, givenUp } from "../../src/indexer/statements.js";
import { linkStatements, type PlacedStatement } from "../../src/indexer/supersede.js";

// A phone number replaced, and a number corrected in so many words ("it's 38 not 32"), as a
// person writes them in their own notes. Each fails on the rules before it.

const typed = (text: string) => findValues(text).map((v) => `${v.type}:${v.norm}`);
const placed = (lines: string[]): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2031-05-${String(10 + i).padStart(2, "0")}.md`, order: i * 86_400_000, st })));
const updates = (lines: string[]) => linkStatements(placed(lines)).filter((l) => l.kind === "update").map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

describe("a phone number is a value", () => {
  it("reads phone numbers as they are written, digits only", () => {
    expect(typed("Gran's landline 0113 496 0123")).toEqual(["phone:01134960123"]);
    expect(typed("+44 7700 900123 is her work mobile")).toEqual(["phone:447700900123"]);
    expect(typed("the plumber: (555) 123-4567")).toEqual(["phone:5551234567"]);
    expect(typed("ring 555-123-4567 after 5pm")).toEqual(["phone:5551234567", "time:17:00"]);
    // No phone: a date, a time, a count.
    expect(typed("2026-11-23 at 10:30, 1,200 calls")).toEqual(["date:11-23", "time:10:30", "count:1200"]);
  });

  it("a new number for the same person replaces the old; its kind names the slot", () => {
    expect(updates(["- Gran's mobile 07700 900123.", "- gran got a new phone, number is 07700 900456 now"])).toEqual([[0, 1]]);
  });

  it("another person's number, or a second number with no word of change, replaces nothing", () => {
    expect(updates(["- Gran's mobile 07700 900123.", "- Uncle Ray's new mobile 07700 900456"])).toEqual([]);
    expect(updates(["- Gran's mobile 07700 900123.", "- Gran's landline 0113 496 0123"])).toEqual([]);
  });
});

describe("a number corrected in so many words", () => {
  it("reads 'X not Y' where it is stated", () => {
    expect(correctionsOf("recount for the quiz night: it's 24 not 20")).toEqual([{ from: "20", to: "24" }]);
    expect(correctionsOf("the deposit is £450, not £400")).toEqual([{ from: "400", to: "450" }]);
    expect(correctionsOf("is it 24 not 20?")).toEqual([]);
    expect(correctionsOf("not 20 of them, maybe")).toEqual([]);
  });

  it("replaces the latest earlier statement that gave the old number", () => {
    expect(
      updates([
        "- quiz night team: 20 signed up, room booked at the Crown",
        "- quiz night: 20 tables of four, £5 entry",
        "- recount for the quiz night: it's 24 not 20, forgot the Shaws",
      ]),
    ).toEqual([[1, 2]]);
  });

  it("a correction sharing no word with the earlier number replaces nothing", () => {
    expect(updates(["- ran 20 laps at the track", "- recount for the quiz night: it's 24 not 20"])).toEqual([]);
  });
});

describe("an appointment moved to a full date", () => {
  it("a day said with its weekday is replaced by a date on another day when the move is announced", () => {
    expect(updates(["- vet booked for Wed 12th, Meanwood Vets, Ferdi's jab", "- Meanwood Vets rang, rebooked Ferdi's jab for Mon 24 March"])).toEqual([[0, 1]]);
  });

  it("next to the moved value stand the move and the day; the rest of the sentence says what moved", () => {
    expect(updates(["- physio with Dr Lane booked 2.30pm", "- Dr Lane's physio appt moved to Fri 9am (she's on a course)"])).toEqual([[0, 1]]);
  });

  it("the same day said again, or a date with no move announced, is no replacement", () => {
    expect(updates(["- vet booked for Wed 12th, Meanwood Vets, Ferdi's jab", "- Meanwood Vets moved Ferdi's jab paperwork to 12 March"])).toEqual([]);
    expect(updates(["- vet booked for Wed 12th, Meanwood Vets, Ferdi's jab", "- Meanwood Vets new opening hours from Mon 24 March"])).toEqual([]);
  });
});

describe("a role given a new holder", () => {
  it("a titled name is a value only as the holder of a role named before it", () => {
    const values = (t: string) => extractStatements(t)[0]!.values.filter((v) => v.type === "name").map((v) => `${v.norm}:${v.near.join(",")}`);
    expect(values("- Mia's in Reception, teacher Miss Hughes.")).toEqual(["hughes:teacher"]);
    expect(values("- Mia has a new teacher from Monday, Mr Begum (Miss Hughes is off on leave)")).toEqual(["begum:teacher"]);
    expect(values("- bumped into Mrs Hughes at the shop")).toEqual([]);
  });

  it("'a new teacher, Mr X' replaces the latest earlier holder of that role for the same child", () => {
    expect(updates(["- Mia's in Reception, teacher Miss Hughes.", "- Mia has a new teacher from Monday, Mr Begum (Miss Hughes is off on leave)"])).toEqual([[0, 1]]);
  });

  it("another child's teacher, another role, or no word of change replaces nothing", () => {
    expect(updates(["- Mia's in Reception, teacher Miss Hughes.", "- Leo has a new teacher, Mrs Khan"])).toEqual([]);
    expect(updates(["- Mia's in Reception, teacher Miss Hughes.", "- Mia has a new dentist, Dr Price"])).toEqual([]);
    expect(updates(["- Mia's in Reception, teacher Miss Hughes.", "- Mia's piano teacher Mrs Cole, Thursdays"])).toEqual([]);
  });
});

describe("a choice given up", () => {
  it("reads the names after 'not' only where the sentence says the choice changed", () => {
    expect(givenUp("scratch that, not the Dyson (out of stock). got the Shark instead, £199")).toEqual(["dyson"]);
    expect(givenUp("the Shark is not the Dyson, but fine")).toEqual([]);
    expect(givenUp("should I get the Shark instead, not the Dyson?")).toEqual([]);
  });

  it("replaces the latest earlier statement that named the choice with a value", () => {
    expect(
      updates([
        "- Dyson V8 reviews look good, Currys has it",
        "- hoover died. going with the Dyson V8 from Argos, £249",
        "- scratch that, not the Dyson (out of stock). got the Shark from Currys instead, £199",
      ]),
    ).toEqual([[1, 2]]);
  });

  it("a choice never named before, or named only without a value, replaces nothing", () => {
    expect(updates(["- hoover died, need a new one", "- scratch that, not the Dyson. got the Shark instead, £199"])).toEqual([]);
    expect(updates(["- Dyson V8 reviews look good", "- scratch that, not the Dyson. got the Shark instead, £199"])).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { contentWords, extractStatements, findValues } from "../../src/indexer/statements.js";
import { linkStatements, type PlacedStatement } from "../../src/indexer/supersede.js";

// More ways a person writes a changed fact in their own notes: a weekly schedule, the value
// given up ("instead of …"), a label whose head word is otherwise a common one ("day rate").
// Each fails on the rules before it.

const typed = (text: string) => findValues(text).map((v) => `${v.type}:${v.norm}`);
const placed = (lines: string[]): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2031-05-${String(10 + i).padStart(2, "0")}.md`, order: i * 86_400_000, st })));
const updates = (lines: string[]) => linkStatements(placed(lines)).filter((l) => l.kind === "update").map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

describe("a weekly schedule is a value", () => {
  it("reads every/each weekday, plural weekdays and weekday runs", () => {
    expect(typed("choir every Wednesday, 7pm")).toEqual(["weekly:wed", "time:19:00"]);
    expect(typed("the cleaner comes every other Monday")).toEqual(["weekly:mon"]);
    expect(typed("Piano: Thursdays at the church hall")).toEqual(["weekly:thu"]);
    expect(typed("in the office Tue-Fri")).toEqual(["weekly:tue,wed,thu,fri"]);
  });

  it("a lone weekday, a move from one day to another and a day of the month are no schedule", () => {
    expect(typed("lunch with Kim on Tuesday")).toEqual([]);
    expect(typed("moved the meeting from Tuesday to Thursday")).toEqual([]);
    expect(typed("vet booked Fri 16th")).toEqual(["day:16"]);
  });

  it("a schedule moved to other days replaces the old one", () => {
    expect(updates(["- Choir: Wednesdays 7pm, St Anne's church hall.", "- choir moving to thursdays from next month, same church hall"])).toEqual([[0, 1]]);
    expect(updates(["- Office days Mon-Wed at the Harbour studio.", "- Harbour studio office days now Wed-Fri"])).toEqual([[0, 1]]);
  });

  it("another schedule, or the same one said again without a change, is no replacement", () => {
    // Two clubs on two days are two facts.
    expect(updates(["- Choir: Wednesdays 7pm, St Anne's church hall.", "- Mia's ballet: Saturdays 10am at the leisure centre"])).toEqual([]);
    // No word says it moved: another weekly thing, not a move.
    expect(updates(["- Choir: Wednesdays 7pm, St Anne's church hall.", "- extra choir rehearsal Sundays at St Anne's church hall"])).toEqual([]);
  });
});

describe("the value given up", () => {
  it("a value after 'instead of' or 'rather than' is not what is", () => {
    expect(typed("Tue-Thu now instead of Mon-Wed")).toEqual(["weekly:tue,wed,thu", "weekly:mon,tue,wed"]);
    const st = extractStatements("- the studio wants me Tue-Thu now instead of Mon-Wed")[0]!;
    expect(st.values.map((v) => v.norm)).toEqual(["tue,wed,thu"]);
    expect(extractStatements("- went with the £45 plan rather than the £60 one")[0]!.values.map((v) => v.norm)).toEqual(["£45"]);
  });

  it("so a note naming the old days it replaces still replaces them", () => {
    expect(updates(["- Office days Mon-Wed at the Harbour studio.", "- Harbour studio office days: Tue-Thu now instead of Mon-Wed"])).toEqual([[0, 1]]);
  });
});

describe("a label whose head word is otherwise a common one", () => {
  it("'day' naming the kind of the noun after it is a slot word; alone, or for a search, it is not", () => {
    expect(contentWords("my day rate for editing", true)).toEqual(["day", "rate", "edit"]);
    expect(contentWords("3 calls a day", true)).toEqual(["call"]);
    expect(contentWords("my day rate for editing")).toEqual(["rate", "edit"]);
    expect(extractStatements("- Day rate for editing: £280.")[0]!.values[0]!.near).toEqual(["day", "rate", "edit"]);
  });

  it("so a day rate raised links to the old day rate", () => {
    expect(updates(["- Day rate for editing: £280.", "- put my day rate up to £300 for new clients (Harbour first)"])).toEqual([[0, 1]]);
  });
});

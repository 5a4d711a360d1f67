import { describe, expect, it } from "vitest";
import { fileStatements, type TruthFile } from "../../src/indexer/truth.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import { labelledBy, ownContext } from "../../src/indexer/own-context.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";
import { extractStatements } from "../../src/indexer/statements.js";

// A value's own words: another kind of value's neighbours in the same sentence are not what it is of.
// Worded apart from the eleventh changes set (scripts/eval-changes11/).

const note = (date: string, text: string): TruthFile => ({ rel: `memory/${date}.md`, kind: "daily", date, text, mtimeMs: 0 });

function updates(files: TruthFile[]): string[] {
  let id = 0;
  const placed: PlacedStatement[] = files.flatMap((f) => fileStatements(f).map((s) => ({ id: ++id, path: f.rel, order: s.ord, st: { line: s.line, text: s.text, ...JSON.parse(s.data) } })));
  const at = new Map(placed.map((p) => [p.id, `${p.path}:${p.st.line}`]));
  return linkWithClashes(placed)
    .filter((l) => l.kind === "update")
    .map((l) => `${at.get(l.older)} → ${at.get(l.newer)}`);
}

describe("the words that are a value's own", () => {
  it("leaves out the words only a value of another kind stands next to", () => {
    const st = extractStatements("- Allotment rent: £35 a year, due on the 5th.")[0]!;
    const money = st.values.find((v) => v.type === "money")!;
    const own = ownContext(money, st.values);
    expect(own).toContain("rent");
    expect(own).not.toContain("due");
  });

  it("keeps the words of a second value of the same kind: they tell the two apart", () => {
    const st = extractStatements("got the letter, weekend rate £14.10/hr from May, weekday stays £12.60")[0]!;
    const [a, b] = st.values.filter((v) => v.type === "money");
    expect(ownContext(a!, st.values)).toEqual(a!.context);
    expect(ownContext(b!, st.values)).toEqual(b!.context);
  });

  it("reads a value as named by its label only right after a label", () => {
    const labelled = extractStatements("- Allotment rent: £35 a year, due on the 5th.")[0]!;
    expect(labelledBy(labelled, labelled.values.find((v) => v.type === "money")!)).toBe(true);
    const told = extractStatements("paid the treasurer £35 for the allotment on the 5th")[0]!;
    expect(told.values.some((v) => labelledBy(told, v))).toBe(false);
  });

  it("links an amount said anew when the older line also said how it is paid", () => {
    const got = updates([
      note("2031-01-05", "# Sun\n- Allotment rent: £35 a year, due on the 5th."),
      note("2031-02-11", "# Tue\n- society AGM raised the allotment rent, forty quid a year from spring"),
    ]);
    expect(got).toContain("memory/2031-01-05.md:2 → memory/2031-02-11.md:2");
  });
});

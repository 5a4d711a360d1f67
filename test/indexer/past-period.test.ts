import { describe, expect, it } from "vitest";
import { fileStatements, type TruthFile } from "../../src/indexer/truth.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import { pastMonths, samePastMonth } from "../../src/indexer/past-period.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";
import { extractStatements } from "../../src/indexer/statements.js";

// Two values tied to one month gone by disagree; the later is no newer word on that month.
// Worded apart from the eleventh changes set (scripts/eval-changes11/).

const note = (date: string, text: string): TruthFile => ({ rel: `memory/${date}.md`, kind: "daily", date, text, mtimeMs: 0 });

/** The links among the files' statements, as "kind path:line → path:line". */
function links(files: TruthFile[]): string[] {
  let id = 0;
  const placed: PlacedStatement[] = files.flatMap((f) => fileStatements(f).map((s) => ({ id: ++id, path: f.rel, order: s.ord, st: { line: s.line, text: s.text, ...JSON.parse(s.data) } })));
  const at = new Map(placed.map((p) => [p.id, `${p.path}:${p.st.line}`]));
  return linkWithClashes(placed).map((l) => `${l.kind} ${at.get(l.older)} → ${at.get(l.newer)}`);
}

const said = (text: string) => extractStatements(text)[0]!;
const DAY = (d: string) => Date.parse(`${d}T12:00:00Z`);

describe("a value tied to a month gone by", () => {
  it("reads a bare month before the month it was said in, in the nearest year", () => {
    expect(pastMonths(said("Shop takings in November: £4,210."), DAY("2031-02-10"))).toEqual(["2030-11"]);
    expect(pastMonths(said("Shop takings in November: £4,210."), DAY("2031-10-10"))).toEqual([]);
  });

  it("leaves a month that is part of a day, and a month still to come", () => {
    expect(pastMonths(said("Renewal premium £318, due 2 January."), DAY("2031-02-10"))).toEqual([]);
    expect(pastMonths(said("rent goes to £900 a month from april"), DAY("2031-03-10"))).toEqual([]);
  });

  it("two values of one past month, nothing said to change: a contradiction, no update", () => {
    const got = links([
      note("2031-02-03", "# Mon\n- Shop takings, November: £4,210.\n- van insurance renewed, £640 a year\n- window cleaner £12 a month"),
      note("2031-02-20", "# Thu\n- shop takings november £4,480 on the accountant's sheet\n- 14 boxes of stock in the back room"),
    ]);
    expect(got.filter((l) => l.startsWith("update"))).toEqual([]);
    expect(got).toContain("contradiction memory/2031-02-03.md:2 → memory/2031-02-20.md:2");
  });

  it("a later word that says it was revised is still an update", () => {
    const o = { st: said("Shop takings for November: £4,210 says the till report"), order: DAY("2031-02-03") };
    const n = { st: said("accountant revised the shop takings for november to £4,480"), order: DAY("2031-02-20") };
    expect(samePastMonth(o, n)).toBe(false);
  });

  it("values of two different past months are no pair of this rule", () => {
    const o = { st: said("Shop takings for November: £4,210"), order: DAY("2031-02-03") };
    const n = { st: said("shop takings for december £5,020"), order: DAY("2031-02-20") };
    expect(samePastMonth(o, n)).toBe(false);
  });
});

describe("a thing back on for a day", () => {
  it("says a change, as 'back to' before a value does", () => {
    expect(said("the signing is back on for 12 June, their lawyer sorted it").change).toBe(true);
    expect(said("back on the bike for 20 minutes this morning").change).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { asksAmount, statesAmount, statesAmountWhereItMatches } from "../../src/search/text/amounts.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("asksAmount", () => {
  it.each([
    "how much did the laptop repair cost",
    "How much is my rent",
    "whats the price of the van",
    "what did the plumber charge",
    "how much did I pay the creche",
    "what was the fee for the course",
  ])("%s → asks an amount", (q) => expect(asksAmount(q)).toBe(true));

  it.each(["how much time is left on the lease", "how much longer is the course", "when is the dentist", "what did Sofia say about the pension", "how many boxes are packed"])(
    "%s → does not",
    (q) => expect(asksAmount(q)).toBe(false),
  );
});

describe("statesAmount: money as people write it in a note", () => {
  it.each(["Repair shop called. 85 euro, ready thursday.", "My share is £180 + train", "Invoice for 1,386 euro sent.", "Band 2 so 306.80 ugh", "86 quid just for that", "2 bed, 980, top floor no lift", "cost 12€", "about 2.5k in the end", "$40 for the lot"])(
    "%s → an amount",
    (line) => expect(statesAmount(line)).toBe(true),
  );

  it.each(["we moved in 2019", "the test is on 9 October", "a 40 page lease contract", "dentist at 8.40 on tuesday", "200 pages to translate", "6 boxes already", "call at 9:40", "on 14-16 april", "room 12"])(
    "%s → none",
    (line) => expect(statesAmount(line)).toBe(false),
  );
});

describe("statesAmountWhereItMatches: an amount on a line holding one of the question's words", () => {
  it("the line, not the sentence: the price may follow the thing's name", () => {
    expect(statesAmountWhereItMatches("# Tue\n\nRepair shop called: the fan, not the motherboard. 85 euro, ready thursday.", [["repair"]])).toBe(true);
  });

  it("an amount on another line, or no line with the words, does not count", () => {
    const text = "# Tue\n\nThe laptop went in for repair.\nBought a kettle, 25 euro.";
    expect(statesAmountWhereItMatches(text, [["laptop"], ["repair"]])).toBe(false);
    expect(statesAmountWhereItMatches(text, [["kettle"]])).toBe(true);
    expect(statesAmountWhereItMatches(text, [])).toBe(false);
  });
});

describe("a question asking how much, on a real index", () => {
  const workspace = indexedWorkspaces("agent-amount-");
  const notes = {
    // The day the boiler went in for a service names it twice; the priced note once.
    "memory/2026-11-02.md": "# 2026-11-02\n\nBoiler service booked, the boiler man comes thursday to look at the boiler pressure.\n",
    "memory/2026-11-05.md": "# 2026-11-05\n\nBoiler man came. Service done, new valve too: 140 euro.\n",
  };

  it("ranks the note whose line with the question's words states an amount first, and explains the factor", async () => {
    const res = await workspace(notes, { recency: { enabled: false } }).search("how much was the boiler service");
    expect(res.results[0]!.path).toBe("memory/2026-11-05.md");
    const e = res.results[0]!.explain!;
    expect(e.amountBoost).toBe(1.25);
    expect(e.final).toBeCloseTo(e.fused * e.decay * e.dateBoost * e.whenBoost * e.amountBoost! * e.coverageFactor, 5);
    // The note stating no price is no answer to "how much" at all: the floor leaves it out (amount-stated.ts).
    expect(res.results.find((r) => r.path === "memory/2026-11-02.md")).toBeUndefined();
  });

  it("off (amountBoost 1) the note naming the boiler more often wins; a question not asking how much is unchanged", async () => {
    // The floor off, so the factor alone is seen: the floor would leave the unpriced note out.
    expect((await workspace(notes, { recency: { enabled: false }, keyword: { amountBoost: 1 }, floor: { enabled: false } }).search("how much was the boiler service")).results[0]!.path).toBe("memory/2026-11-02.md");
    const res = await workspace(notes, { recency: { enabled: false } }).search("boiler service");
    expect(res.results.every((r) => r.explain!.amountBoost === undefined)).toBe(true);
  });
});

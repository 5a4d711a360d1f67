import { describe, expect, it } from "vitest";
import { asksMeasure, statesMeasure, statesMeasureWhereItMatches } from "../../src/search/text/measures.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("asksMeasure: the dimension a question asks the measure of", () => {
  it.each([
    ["how heavy is sooty", "mass"],
    ["how much does the dog weigh", "mass"],
    ["whats his weight now", "mass"],
    ["how tall is the hedge", "length"],
    ["how far is the campsite", "length"],
    ["whats the height of the shed door", "length"],
  ] as const)("%s → %s", (q, d) => expect(asksMeasure(q)).toBe(d));

  it.each(["how long is the waiting list", "how much was the vet", "when is the booster", "how many boxes"])("%s → none", (q) => expect(asksMeasure(q)).toBeNull());
});

describe("statesMeasure: a number and a unit of the dimension, as people write them", () => {
  it.each(["he's 5.1kg", "weighed 11 lb", "she's 9st 4 now", "bag of compost 25 kg"])("%s → a mass", (line) => expect(statesMeasure(line, "mass")).toBe(true));
  it.each(["£58 at the vets", "5 boxes", "2 kids", "at 5pm", "1946 birth yr", "party on the 21st", "the 1st of May"])("%s → no mass", (line) => expect(statesMeasure(line, "mass")).toBe(false));
  it.each(["hedge is 1.8m now", "12 miles from home", "door 6ft 2", "she's 5'4"])("%s → a length", (line) => expect(statesMeasure(line, "length")).toBe(true));
  it.each(["2 mins walk", "£120 for the lot", "at 9 in the morning"])("%s → no length", (line) => expect(statesMeasure(line, "length")).toBe(false));

  it("only on a line holding one of the question's words", () => {
    const text = "Fri\n\nSooty to the vets, booster. he's 5.1kg\nbag of compost 25kg";
    expect(statesMeasureWhereItMatches(text, [["sooty"]], "mass")).toBe(true);
    expect(statesMeasureWhereItMatches("Tue\n\nwormed Sooty\nbag of compost 25kg", [["sooty"]], "mass")).toBe(false);
  });
});

describe("a question asking how heavy, on a real index", () => {
  const workspace = indexedWorkspaces("agent-measure-");
  // The worming note is shorter and as much about the cat; the vet's note states his weight.
  const notes = {
    "memory/2026-11-02.md": "# Mon\n\nSooty to the vets, booster £58. he's 5.1kg\n",
    "memory/2026-11-13.md": "# Fri\n\nwormed Sooty, he fought me like a tiger\n",
    "memory/2026-11-14.md": "# Sat\n\nallotment, lifted the last potatoes\n",
    "memory/2026-11-15.md": "# Sun\n\nroast at Ben's\n",
  };

  it("ranks the note whose line with the question's words states a weight first, and explains the factor", async () => {
    const res = await workspace(notes, { recency: { enabled: false } }).search("how heavy is sooty");
    expect(res.results[0]!.path).toBe("memory/2026-11-02.md");
    const e = res.results[0]!.explain!;
    expect(e.measureBoost).toBe(1.25);
    expect(res.results.find((r) => r.path === "memory/2026-11-13.md")!.explain!.measureBoost).toBeUndefined();
  });

  it("off (amountBoost 1) the shorter note wins", async () => {
    const res = await workspace(notes, { recency: { enabled: false }, keyword: { amountBoost: 1 } }).search("how heavy is sooty");
    expect(res.results[0]!.path).toBe("memory/2026-11-13.md");
  });

  it("a question asking no measure is unchanged", async () => {
    const res = await workspace(notes, { recency: { enabled: false } }).search("sooty");
    expect(res.results.every((r) => r.explain!.measureBoost === undefined)).toBe(true);
  });
});

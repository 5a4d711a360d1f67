import { describe, expect, it } from "vitest";
import { asksHowMuch, statesAmountBesideMatch } from "../../src/search/pipeline/amount-stated.js";

describe("asksHowMuch: a question that asks an amount", () => {
  it("how much, not how many nor anything else", () => {
    expect(asksHowMuch("how much was finns dentist")).toBe(true);
    expect(asksHowMuch("How much do I owe Hannah")).toBe(true);
    expect(asksHowMuch("how many jars of honey did we get")).toBe(false);
    expect(asksHowMuch("when is the dentist")).toBe(false);
  });
});

describe("statesAmountBesideMatch: money or a measure on a line holding a matched word", () => {
  it("a price beside the word is an answer; a time and a count are not", () => {
    expect(statesAmountBesideMatch("Fri\nFinn dentist 4.15 - 2 fillings needed!!", ["dentist"])).toBe(false);
    expect(statesAmountBesideMatch("kwik fit: brake pads + front discs £310. ouch", ["brakes"])).toBe(true);
    expect(statesAmountBesideMatch("dentist: one small cavity, filled, 60€", ["filling"])).toBe(true);
    expect(statesAmountBesideMatch("fuel: 380 L diesel at the depot pump", ["diesel"])).toBe(true);
    // "how much leave have I left" is answered in days.
    expect(statesAmountBesideMatch("- Annual leave left this year: 18 days.", ["leav"])).toBe(true);
    expect(statesAmountBesideMatch("- booked annual leave 11-15 Aug", ["leav"])).toBe(false);
  });

  it("the amount must be on the word's line, by any written form of it", () => {
    expect(statesAmountBesideMatch("Irish Ferries boat at Holyhead\ntruckstop £28.50", ["ferry"], (t) => [t, "ferries"])).toBe(false);
    expect(statesAmountBesideMatch("Kez pay rise - £11/hr from June", ["kieran"], (t) => [t, "kez"])).toBe(true);
    expect(statesAmountBesideMatch("Kez pay rise - £11/hr from June", [])).toBe(false);
  });
});

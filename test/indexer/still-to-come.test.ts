import { describe, expect, it } from "vitest";
import { aheadWhenSaid, nearestDay } from "../../src/indexer/still-to-come.js";
import { stem, turnStatements } from "../../src/indexer/statements.js";

const at = (iso: string) => Date.parse(`${iso}T09:00:00Z`);
const st = (text: string) => {
  const s = turnStatements(text, 1)[0];
  if (!s) throw new Error(`no statement in: ${text}`);
  return s;
};

describe("nearestDay: a month and day in the year nearest to when it was said", () => {
  it("puts April 5 said in March ahead, December 20 said in January behind", () => {
    expect(new Date(nearestDay("04-05", at("2024-03-15"))!).toISOString().slice(0, 10)).toBe("2024-04-05");
    expect(new Date(nearestDay("12-20", at("2024-01-05"))!).toISOString().slice(0, 10)).toBe("2023-12-20");
    expect(nearestDay("16:30", at("2024-01-05"))).toBeNull();
  });
});

describe("aheadWhenSaid: a saying that puts the thing on a day still to come", () => {
  const words = ["webinar", "patent"].map(stem);

  it("is the registration in March for an April webinar", () => {
    expect(aheadWhenSaid(st("I've registered for the patent webinar on April 5."), at("2024-03-15"), words)).toBe(true);
  });

  it("is not the same saying after the day, nor one said on the day", () => {
    expect(aheadWhenSaid(st("I learned a lot from the April 5 patent webinar."), at("2024-05-01"), words)).toBe(false);
    expect(aheadWhenSaid(st("The patent webinar is on April 5 at the institute."), at("2024-04-05"), words)).toBe(false);
  });

  it("reads only the dates of the thing in question, and a saying without one is not ahead", () => {
    expect(aheadWhenSaid(st("I attended the patent webinar, and my dentist visit is on April 20."), at("2024-04-01"), words)).toBe(false);
    expect(aheadWhenSaid(st("I attended a patent webinar with my mentor last week."), at("2024-04-01"), words)).toBe(false);
  });
});

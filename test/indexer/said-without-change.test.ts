import { describe, expect, it } from "vitest";
import { derivedLinksOf } from "../helpers/derived-links.js";

// Two values of one thing that cannot both be so, said with no change word: a couple's wedding
// given two dates, a firm's founding year given two ways, the person's own premises given two unit
// numbers on one street. Each is a contradiction (reported, neither replaced). Examples are in
// other words than any evaluation set; each positive one fails on the rules before these.

const clashes = (lines: string[]) => derivedLinksOf(lines, "contradiction");

describe("an occasion that happens once has one date", () => {
  it("a couple's wedding on two Fridays, the second with a place and a deadline in its sentence", () => {
    expect(clashes(["- Priya and Tom's wedding: Friday 12 September at Kew, 90 guests.", "- Priya and Tom's wedding in Richmond, Friday 19 September: confirm the cake by the 1st."])).toEqual([[0, 1]]);
  });

  it("a funeral said with two dates", () => {
    expect(clashes(["Grandad's funeral is on 3 March at St Anne's.", "Grandad's funeral, 5 March: I'm doing a reading."])).toEqual([[0, 1]]);
  });

  it("two couples' weddings, a wedding and its anniversary, or a date later in the sentence are not one occasion's", () => {
    expect(clashes(["- Priya and Tom's wedding: Friday 12 September at Kew.", "- Ellie and Sam's wedding: Friday 19 September at Kew."])).toEqual([]);
    expect(clashes(["- Priya and Tom's wedding: Friday 12 September at Kew.", "- Priya and Tom's wedding anniversary dinner, 19 September."])).toEqual([]);
    expect(clashes(["- Priya and Tom's wedding: Friday 12 September at Kew.", "- Priya and Tom's wedding cake order goes in on 19 August."])).toEqual([]);
  });

  it("a wedding moved with a change word is an update, not a contradiction", () => {
    expect(clashes(["- Priya and Tom's wedding: Friday 12 September at Kew.", "- Priya and Tom's wedding moved to Friday 19 September."])).toEqual([]);
  });
});

describe("a business's line about itself says when it was founded", () => {
  it("'started X in 2019' and 'X, baking in Leeds since 2017'", () => {
    expect(clashes(["- Started Hollow Oak Bakery in 2019 after leaving the hotel.", "Put on the sign: Hollow Oak Bakery, baking in Leeds since 2017."])).toEqual([[0, 1]]);
    expect(clashes(["- Started Hollow Oak Bakery in 2019 after leaving the hotel.", "The van says Hollow Oak Bakery, established 2016."])).toEqual([[0, 1]]);
  });

  it("the same year, another name, or a person living somewhere since a year is no clash", () => {
    expect(clashes(["- Started Hollow Oak Bakery in 2019 after leaving the hotel.", "Put on the sign: Hollow Oak Bakery, baking in Leeds since 2019."])).toEqual([]);
    expect(clashes(["- Started Hollow Oak Bakery in 2019 after leaving the hotel.", "Put on the sign: Riverside Deli, serving Leeds since 2017."])).toEqual([]);
    expect(clashes(["- Started Hollow Oak Bakery in 2019 after leaving the hotel.", "I've been living near the Hollow Oak Bakery since 2017."])).toEqual([]);
  });
});

describe("the person's own premises have one number on their street", () => {
  it("a labelled workshop at Unit 9 and a delivery to Unit 11 of the same road", () => {
    expect(clashes(["- Workshop: Unit 9, Riverside Road, Leeds LS10.", "- Screwfix delivery to Unit 11, Riverside Road, before noon."])).toEqual([[0, 1]]);
  });

  it("a supplier's unit, another street, or an unnamed house on the street is no clash", () => {
    expect(clashes(["- Supplier: Unit 9, Riverside Road, Leeds LS10.", "- Screwfix delivery to Unit 11, Riverside Road, before noon."])).toEqual([]);
    expect(clashes(["- Workshop: Unit 9, Riverside Road, Leeds LS10.", "- Screwfix delivery to Unit 11, Canal Road, before noon."])).toEqual([]);
    expect(clashes(["- Workshop: Unit 9, Riverside Road, Leeds LS10.", "- Dropped the quote at 11 Riverside Road for the Patels."])).toEqual([]);
    expect(clashes(["- I live at 9 Riverside Road.", "- Screwfix delivery to 11 Riverside Road, before noon."])).toEqual([]);
  });
});

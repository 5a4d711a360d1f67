import { describe, expect, it } from "vitest";
import { affirms, stem, turnStatements } from "../../src/indexer/statements.js";
import { linkStatements, type PlacedStatement } from "../../src/indexer/supersede.js";

const DAY = 86_400_000;
const first = (text: string) => {
  const st = turnStatements(text, 1)[0];
  if (!st) throw new Error(`no statement in: ${text}`);
  return st;
};
/** Statements said a day apart, in order, in one transcript, plus unrelated ones so the rarity weights come from a corpus. */
function placed(texts: string[]): PlacedStatement[] {
  const filler = [
    "Lunch with Ana at the harbour, pasta and a long walk after.",
    "The boiler man comes on Tuesday to look at the pressure valve.",
    "Booked the train to Porto for the long weekend with Sam.",
    "Finished the chapter on soil science for the garden club reading.",
    "Paid the council tax for the year and sorted the recycling bins.",
    "My sister called about the birthday plans for our dad.",
  ];
  return [...texts, ...filler].map((t, i) => ({ id: i + 1, path: `sessions/s${i}.jsonl`, order: i * DAY, st: first(t) }));
}
const contradictions = (all: PlacedStatement[]) =>
  linkStatements(all)
    .filter((l) => l.kind === "contradiction")
    .map((l) => [l.older, l.newer]);

describe("a denial's alternatives joined by 'or'", () => {
  it("are read with the denial", () => {
    expect(first("I've never attended any patent webinars or workshops, oddly.").deniedOr).toEqual([[["webinar"], ["workshop"]]]);
    expect(first("I've never attended any patent webinars, oddly.").deniedOr).toBeUndefined();
  });

  it("let the linker pair 'never any webinars or workshops' with a webinar attended", () => {
    const all = placed([
      "I learned a lot from the patent webinar about claim drafting with the examiner.",
      "I've never attended any patent webinars or workshops, can you tell me what to expect?",
    ]);
    expect(contradictions(all)).toContainEqual([1, 2]);
  });
});

describe("an 'or' read the other way", () => {
  it("never weakens a pair every word carries: 'used Zotero or managed citations' joins two doings", () => {
    const all = placed(["I downloaded Zotero on March 2 to manage my citations.", "I've never used Zotero or managed citations with any software."]);
    expect(contradictions(all)).toContainEqual([1, 2]);
  });
});

describe("examples named after a denial", () => {
  it("are part of what is denied", () => {
    expect(first("I've never used any citation management software, like Zotero, so how do I start?").denied).toEqual(expect.arrayContaining(["citation", "softwar", "zotero"]));
    expect(first("I've never used any citation software, so Zotero is new to me.").denied).not.toContain("zotero");
  });
});

describe("affirms: a sentence whose denial is about something else still says its other part", () => {
  const metKyle = first("I met Kyle back in 2018 at a sneaker expo in Bridgetown, but I've never tried Nike Air Max before.");

  it("says what its denial does not cover", () => {
    expect(metKyle.negated).toBe(true);
    expect(affirms(metKyle, ["kyle", "sneaker", "expo"])).toBe(true);
    expect(affirms(metKyle, ["nike", "air"])).toBe(false);
  });

  it("a negation it cannot place says nothing", () => {
    expect(affirms(first("I don't think the sneaker expo with Kyle happened in 2018."), ["kyle", "sneaker"])).toBe(false);
  });

  it("lets the linker pair a later denial with it", () => {
    const all = placed([metKyle.text, "I've never met Kyle or been to sneaker expos, can you help me find sneakers for daily wear?"]);
    expect(contradictions(all)).toContainEqual([1, 2]);
  });
});

describe("stem: a thing done and the doing are one word", () => {
  it("joins -ization and -ize", () => {
    expect(stem("optimization")).toBe(stem("optimize"));
    expect(stem("organization")).toBe(stem("organized"));
    expect(stem("analyzation")).toBe(stem("analyze"));
    expect(stem("station")).toBe("station");
  });

  it("lets the linker pair a denial of 'ATS optimization courses' with a course to optimize for ATS", () => {
    const all = placed([
      "I'm stuck on this LinkedIn Learning course, I want to optimize my resume for ATS.",
      "I've never enrolled in any ATS optimization courses, what should I learn first?",
    ]);
    expect(contradictions(all)).toContainEqual([1, 2]);
  });
});

describe("words of a denied clause that say when or how, not what", () => {
  it("are not denied: 'before', '-related'", () => {
    expect(first("I've never completed any coin toss problems before, so where do I start?").denied).not.toContain("befor");
    expect(first("I've never attended any patent-related webinars, can you tell me what to expect?").denied).toEqual(["attend", "patent", "webinar"]);
  });

  it("let a saying of the thing pass the bar though it does not say 'before'", () => {
    const all = placed([
      "My score was 4 of 5 on the coin toss problems from the worksheet.",
      "I've never completed any coin toss problems before, so where do I start?",
    ]);
    expect(contradictions(all)).toContainEqual([1, 2]);
  });
});

describe("a denial's partners said before it come first", () => {
  it("pairs 'never used Zotero' with the download before it, not with the sayings after it", () => {
    const all = placed([
      "I downloaded the Zotero app in March for my citations.",
      "I've never used the Zotero citation manager, so how do I start?",
      "I used the Zotero citation manager to fix 15 errors in my draft today.",
      "I used the Zotero citation manager to export my library to the shared drive.",
    ]);
    const pairs = contradictions(all);
    expect(pairs).toContainEqual([1, 2]);
    // Two partners per denial: the one before it, then the best of those after.
    expect(pairs.filter(([a, b]) => a === 2 || b === 2)).toHaveLength(2);
  });
});

describe("the statements' stem", () => {
  it("joins the forms of a three-letter verb and a '-ment' noun with its verb", () => {
    expect(new Set(["use", "used", "using", "uses"].map(stem)).size).toBe(1);
    expect(stem("management")).toBe(stem("manage"));
    expect(stem("improvement")).toBe(stem("improved"));
    expect(stem("statement")).not.toBe(stem("state"));
  });
});

describe("a 'never' that denies nothing the person did", () => {
  it("is no denial: a what-if, someone else's doing, a resolve about the time to come", () => {
    expect(first("I highly recommend the game if you've never played it before.").denied).toEqual([]);
    expect(first("You never know when those special moments might occur.").denied).toEqual([]);
    expect(first("That's a trip I'll never forget, the stars over the lake.").denied).toEqual([]);
    expect(first("I'm gonna keep on going with the pottery classes and never quit.").denied).toEqual([]);
    expect(first("I've never played the Zelda game, so where do I start?").denied).toEqual(["play", "zelda", "game"]);
  });

  it("links nothing", () => {
    const all = placed(["I played the Zelda game with my cousins at the cabin.", "I highly recommend the Zelda game if you've never played it."]);
    expect(contradictions(all)).toEqual([]);
  });
});

describe("a question", () => {
  it("says nothing happened, so no denial goes against it", () => {
    const all = placed(["Have you ever gone camping or mountain climbing before?", "I've gone camping a few times but never tried mountain climbing."]);
    expect(first("Have you ever gone camping or mountain climbing before?").asks).toBe(true);
    expect(contradictions(all)).toEqual([]);
  });
});

describe("a question asking how to do a thing it takes as given", () => {
  it("still says that thing: it can go against a later denial", () => {
    const asked = first("How can I handle the 60 calls a minute for my OpenWeather API key obtained on March 10?");
    expect(asked.asks).toBeUndefined();
    expect(first("How does upgrading the internet to 200 Mbps impact our movie nights?").asks).toBeUndefined();
    expect(first("Do you have any special stories with your grandkids?").asks).toBe(true);
    const all = placed([
      "How can I handle the 60 calls a minute for my OpenWeather API key obtained on March 10?",
      "I've never actually obtained an OpenWeather API key, so where do I start?",
    ]);
    expect(contradictions(all)).toContainEqual([1, 2]);
  });
});

describe("among equally good sayings, one about a day still to come goes last", () => {
  const at = (iso: string) => Date.parse(`${iso}T09:00:00Z`);
  const said = (texts: [string, string][]): PlacedStatement[] => {
    const filler = placed([]).map((p, i) => ({ ...p, id: 100 + i, order: at("2024-01-02") + i * DAY }));
    return [...texts.map(([iso, t], i) => ({ id: i + 1, path: `sessions/s${i}.jsonl`, order: at(iso), st: first(t) })), ...filler];
  };

  it("pairs 'never attended a patent webinar' with the webinar learned from, not the two still planned", () => {
    const all = said([
      ["2024-03-15", "I've registered for the patent webinar on April 5, hosted by the property institute."],
      ["2024-03-16", "I've got the patent webinar on April 5 and the production meeting the same day."],
      ["2024-05-01", "I learned a lot from the April 5 patent webinar about claim drafting."],
      ["2024-05-02", "I've never attended any patent webinars or workshops, can you tell me what to expect?"],
    ]);
    const pairs = contradictions(all);
    expect(pairs).toContainEqual([3, 4]);
    expect(pairs).toHaveLength(2);
  });

  it("still pairs a plan when nothing better is said", () => {
    const all = said([
      ["2024-03-15", "I've got a meeting with attorney Stephanie on March 22 to finalize my will."],
      ["2024-03-30", "I've never met attorney Stephanie, so can you help me find an estate lawyer?"],
    ]);
    expect(contradictions(all)).toEqual([[1, 2]]);
  });
});

import { describe, expect, it } from "vitest";
import { stem } from "../../src/indexer/statements.js";
import { atAnotherPlace, placesAsked } from "../../src/search/pipeline/other-place.js";
import { keywordEngines } from "../helpers/keyword-engine.js";

describe("placesAsked: where the question says the value is", () => {
  it("the word after 'at' or 'in', stemmed as statements' words are; a month or a holiday is no place", () => {
    expect(placesAsked("how much was diesel at ellesmere")).toEqual([stem("ellesmere")]);
    expect(placesAsked("what did the room cost in Leeds")).toEqual([stem("leeds")]);
    expect(placesAsked("how much was the ferry in May")).toEqual([]);
    expect(placesAsked("what did we pay at Christmas")).toEqual([]);
    expect(placesAsked("how many sources are in my Zotero library")).toEqual([stem("zotero")]);
  });
});

describe("atAnotherPlace: a newer value said at another place", () => {
  const older = { words: ["diesel", stem("ellesmere"), "litre"] };
  it("the newer lacks the place asked and names another one after 'at'", () => {
    expect(atAnotherPlace([stem("ellesmere")], older, { words: ["diesel", "whitchurch", "litre"] }, "Filled up at Whitchurch, diesel 1.61 a litre")).toBe(true);
  });

  it("a newer value naming no place, or the same place, or a month, may still be the change", () => {
    expect(atAnotherPlace([stem("ellesmere")], older, { words: ["diesel", "litre"] }, "diesel up to 1.58 a litre")).toBe(false);
    expect(atAnotherPlace([stem("ellesmere")], older, { words: ["diesel", stem("ellesmere"), "litre"] }, "at Ellesmere again, diesel 1.58")).toBe(false);
    expect(atAnotherPlace([stem("ellesmere")], older, { words: ["diesel", "march", "litre"] }, "diesel 1.58 a litre in March")).toBe(false);
  });

  it("the older must hold the place asked: otherwise the question's place says nothing of the pair", () => {
    expect(atAnotherPlace([stem("ellesmere")], { words: ["diesel", "litre"] }, { words: ["diesel", "whitchurch", "litre"] }, "at Whitchurch, diesel 1.61")).toBe(false);
  });
});

// Diesel bought at two marinas a week apart: the later price at the other one shares the
// slot's words (diesel, litre) and gives another value, so the newer-twin stage put it above
// the price the question names the place of.
describe("the newer-twin stage: the value at another place is no newer twin", () => {
  const open = keywordEngines();
  const FILES: Record<string, string> = {
    "memory/2026-11-02.md": "# Monday\n\nWalk along the canal. Counted 42 swans at Ellesmere, more than last year.\n",
    "memory/2026-11-06.md": "# Friday\n\nRain all day. Fixed the cabin light and read.\n",
    "memory/2026-11-10.md": "# Tuesday\n\nCounted 57 swans at Whitchurch on the way back.\n",
  };

  it("the count at the place asked stays first", async () => {
    const e = open(FILES);
    const paths = (await e.search("how many swans did we count at ellesmere")).results.map((r) => r.path);
    expect(paths[0]).toBe("memory/2026-11-02.md");
  });

  it("a later count naming no place still goes above it", async () => {
    const e = open({ ...FILES, "memory/2026-11-10.md": "# Tuesday\n\nCounted the swans again: 57 swans now.\n" });
    const paths = (await e.search("how many swans did we count at ellesmere")).results.map((r) => r.path);
    expect(paths.slice(0, 2)).toEqual(["memory/2026-11-10.md", "memory/2026-11-02.md"]);
  });
});

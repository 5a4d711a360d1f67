import { describe, expect, it } from "vitest";
import { asksForNext, withoutAheadFrame } from "../../src/search/query/date-tense.js";
import { statesTimeWhereItMatches } from "../../src/search/dates/when.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("withoutAheadFrame: the words asking for the time to come leave a when-question's keywords", () => {
  it.each([
    ["when is my next crit", "when is my crit"],
    ["When's the upcoming review?", "When's the review?"],
    ["when is the next dentist appointment", "when is the dentist appointment"],
    // "coming up" asks for the time to come; the span asked for is the answer's form, not its topic.
    ["which weekend is sian coming up", "which is sian"],
    ["what day is my next physio", "what is my physio"],
  ])("%s → %s", (q, text) => expect(withoutAheadFrame(q, q, true)).toBe(text));

  it("keeps them in a question that does not ask when, or looks behind, in a quoted phrase, and when nothing else is left", () => {
    expect(withoutAheadFrame("what is Caroline planning next", "what is Caroline planning next", false)).toBe("what is Caroline planning next");
    expect(withoutAheadFrame("when did the next tenant move in", "when did the next tenant move in", true)).toBe("when did the next tenant move in");
    expect(withoutAheadFrame('when is "the next big thing" on', 'when is "the next big thing" on', true)).toBe('when is "the next big thing" on');
    expect(withoutAheadFrame("next", "when next", true)).toBe("next");
  });

  it("asks for the next one only by its words: a question merely in the future tense does not", () => {
    expect(asksForNext("when is my next crit", true)).toBe(true);
    expect(asksForNext("when's the upcoming review", true)).toBe(true);
    // Asked of a transcript read later, the time set may have passed: still the answer.
    expect(asksForNext("When is my final decision meeting scheduled to take place?", true)).toBe(false);
    expect(asksForNext("what is Caroline doing next", false)).toBe(false);
    // A span's end named "upcoming" is its topic: both ends answer it.
    expect(asksForNext("How many days are there between Carla's lunch and my upcoming webinar on AI ethics?", true)).toBe(false);
    expect(asksForNext("what day is my next physio", true)).toBe(true);
    expect(withoutAheadFrame("when is the meeting scheduled", "when is the meeting scheduled", true)).toBe("when is the meeting scheduled");
  });
});

describe("statesTimeWhereItMatches with notBefore: only a time still to come", () => {
  const terms = [{ term: "crit", weight: 2 }];
  const now = new Date("2026-11-21T12:00:00Z");
  it("a line dating the last one is not the answer to when the next one is; the line dating the next one is", () => {
    expect(statesTimeWhereItMatches("- crit fixed for Fri 20 Nov", terms, "2026-11-09", now, "UTC")).toBe(true);
    expect(statesTimeWhereItMatches("- crit fixed for Fri 20 Nov", terms, "2026-11-09", now, "UTC", "2026-11-21")).toBe(false);
    expect(statesTimeWhereItMatches("the crit is on Monday 30 November now", terms, "2026-11-18", now, "UTC", "2026-11-21")).toBe(true);
    expect(statesTimeWhereItMatches("crit today at 10", terms, "2026-11-21", now, "UTC", "2026-11-21")).toBe(true);
  });
});

describe("when is my next …, on a real index", () => {
  const workspace = indexedWorkspaces("agent-ahead-when-");
  // Saturday 21 November 2026 is "now": the crit of the 20th is past, the one of the 30th to come.
  const notes = {
    "memory/2026-11-02.md": "# Mon 2 Nov\n\n- first crit of the term with Duarte, he hated the model\n- redo the site plan by next mon\n",
    "memory/2026-11-09.md": "# 9 Nov\n\n- crit fixed for Fri 20 Nov, model and two boards\n",
    "memory/2026-11-18.md": "# 18 Nov\n\nThe jury could not make it on friday: the crit is on Monday 30 November now, room 2.14, so a week more for the model.\n",
  };

  it("puts the note dating the crit still to come first, above the old note saying 'next' and the one dating the last crit", async () => {
    const res = await workspace(notes).search("when is my next crit");
    expect(res.results.map((r) => r.path)[0]).toBe("memory/2026-11-18.md");
    const byPath = new Map(res.results.map((r) => [r.path, r.explain!]));
    expect(byPath.get("memory/2026-11-18.md")!.whenBoost).toBe(1.25);
    expect(byPath.get("memory/2026-11-09.md")!.whenBoost).toBe(1);
    expect(byPath.get("memory/2026-11-02.md")!.matched).toEqual(["crit"]);
  });

  it("a question in the future tense without 'next' still boosts the line dating a time that has passed", async () => {
    const res = await workspace(notes).search("when is the crit with the two boards scheduled");
    expect(res.results[0]!.path).toBe("memory/2026-11-09.md");
    expect(res.results[0]!.explain!.whenBoost).toBe(1.25);
  });

  it("a question looking behind still boosts the line dating the last one", async () => {
    const res = await workspace(notes).search("when was the crit with the two boards");
    expect(res.results[0]!.path).toBe("memory/2026-11-09.md");
    expect(res.results[0]!.explain!.whenBoost).toBe(1.25);
  });
});

describe("which weekend is … coming up, on a real index", () => {
  const workspace = indexedWorkspaces("agent-ahead-weekend-");
  // Saturday 21 November 2026 is "now": the weekend of the 7th is past, the one of the 27th to come.
  const notes = {
    "memory/2026-11-05.md": "# thurs 5/11\n\nSian rang, cant come this wknd, kids have covid\n",
    "memory/2026-11-19.md": "# thu 19th\n\nSian texted - she's coming fri 27th till sun 29th so I can have a break. she'll do mum's meds\n",
  };

  it("puts the note dating the visit still to come above the one that says 'weekend' of a visit called off", async () => {
    const res = await workspace(notes).search("which weekend is sian coming up");
    expect(res.results.map((r) => r.path)).toEqual(["memory/2026-11-19.md", "memory/2026-11-05.md"]);
    expect(res.results[0]!.explain!.whenBoost).toBe(1.25);
  });
});

import { describe, expect, it } from "vitest";
import { asksWhenItIs, statesTimeBesideMatch } from "../../src/search/pipeline/time-stated.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

const NOW = Date.parse("2028-03-27T08:00:00Z");

describe("statesTimeBesideMatch: a line holding a matched word states a time", () => {
  it("the sentence with the word states one", () => {
    expect(statesTimeBesideMatch({ text: "- Grandma Ileana in Cluj turns 90 on 12 October. Whole family going.", date: null, matched: ["grandma"] }, NOW)).toBe(true);
  });

  it("a time in another sentence of the line dates that sentence's subject, not the word", () => {
    const text = "Dad's consultant letter came!! Hip replacement at Chapel Allerton, thurs 30 March. Mum panicking already.";
    expect(statesTimeBesideMatch({ text, date: "2028-03-10", matched: ["mum"] }, NOW)).toBe(false);
    expect(statesTimeBesideMatch({ text, date: "2028-03-10", matched: ["hip"] }, NOW)).toBe(true);
  });

  it("an exclamation naming the thing is dated by the next sentence of its line", () => {
    const text = "Mum forwarded a letter - Jo's knee scan! Royal Infirmary, Weds 12 April, 9.15. Bring the letter.";
    expect(statesTimeBesideMatch({ text, date: "2028-03-22", matched: ["knee", "scan"] }, NOW)).toBe(true);
    // An exclamation telling an event is a sentence of its own: the date is the flight's.
    expect(statesTimeBesideMatch({ text: "Gran rang. She and Jo booked the ferry!! Stena, Sat 15 April 08:40.", date: "2028-03-22", matched: ["jo"] }, NOW)).toBe(false);
    // What the event was done to is named by it: the next sentence dates the exam, as for the ferry.
    const booked = "booked MRCP part 1!!! Thu 16 Aug, Pearson centre in town, 9am. £419 (!!) no going back now";
    expect(statesTimeBesideMatch({ text: booked, date: "2035-05-03", matched: ["mrcp"] }, NOW)).toBe(true);
    expect(statesTimeBesideMatch({ text: "Gran rang. She and Jo booked the ferry!! Stena, Sat 15 April 08:40.", date: "2028-03-22", matched: ["ferry"] }, NOW)).toBe(true);
    // After a full stop the next sentence has its own subject.
    expect(statesTimeBesideMatch({ text: "Text from the surgery about Jo's knee. Royal Infirmary, Weds 12 April, 9.15.", date: "2028-03-22", matched: ["knee"] }, NOW)).toBe(false);
  });

  it("a line that opens with the word is about it: its every sentence counts", () => {
    const text = "Dentist - crown on back tooth cracked. Temporary one for now, proper crown fitting tues 4 april 8.40.";
    expect(statesTimeBesideMatch({ text, date: "2028-03-22", matched: ["dentist"] }, NOW)).toBe(true);
  });

  it("a line announcing the thing moved or was called off says when: the old date is gone", () => {
    expect(statesTimeBesideMatch({ text: "- Heard the AI ethics webinar got rescheduled, no new date yet.", date: "2026-11-10", matched: ["webinar"] }, NOW)).toBe(true);
    expect(statesTimeBesideMatch({ text: "- Book club called off this month, Ana is away.", date: "2026-11-10", matched: ["book", "club"] }, NOW)).toBe(true);
    // Naming the thing is not enough.
    expect(statesTimeBesideMatch({ text: "- Ana keeps talking about the webinar.", date: "2026-11-10", matched: ["webinar"] }, NOW)).toBe(false);
  });

  it("a word matches at a word's start only: 'dad' is not in 'cidade'", () => {
    const text = '- portuguese: the oral exam is 14 Dec. topic: "a minha cidade".\n- airbnb for mum+dad booked, 4 nights.';
    expect(statesTimeBesideMatch({ text, date: "2028-10-17", matched: ["dad"] }, NOW)).toBe(false);
  });

  it("a time said relative to the line's day counts: 'two weekends later', 'in three weeks'", () => {
    expect(statesTimeBesideMatch({ text: "**Nate**: I'm organizing a gaming party two weekends later - it'll be hectic!", date: "2022-06-03", matched: ["gaming", "party"] }, NOW)).toBe(true);
    expect(statesTimeBesideMatch({ text: "The choir concert is in three weeks.", date: "2022-06-03", matched: ["concert"] }, NOW)).toBe(true);
    expect(statesTimeBesideMatch({ text: "- airbnb for mum+dad booked, 4 nights, host Paulo.", date: "2028-10-17", matched: ["dad"] }, NOW)).toBe(false);
  });

  it("no matched word, or no date at all: false", () => {
    expect(statesTimeBesideMatch({ text: "Looking at used cars, want something small.", date: "2028-03-15", matched: ["car"] }, NOW)).toBe(false);
    expect(statesTimeBesideMatch({ text: "Dentist on 4 April.", date: null, matched: [] }, NOW)).toBe(false);
  });
});

// "Now" is Saturday 21 November 2026 (the helper's SEARCH_NOW).
const NOTES: Record<string, string> = {
  "MEMORY.md": "# Memory\n\n- Grandma Rosa turns 90 on 12 December. Whole family going.\n- Mum does the garden, worries about the hedge.\n",
  "memory/2026-11-10.md": "# Tuesday\n\nDad's hip replacement is on thursday 3 December. Mum panicking already.\n",
  "memory/2026-11-12.md": "# Thursday\n\nDentist - crown cracked. Fitting on 2 December at 8:40.\n",
  "memory/2026-11-15.md": "# Sunday\n\nLooking at used cars online, want something small and cheap to insure.\n",
};

describe("the floor: a 'when' question's partial match must state a time beside what it matched", () => {
  const workspace = indexedWorkspaces("agent-time-stated-");

  it("never-written: a known person or thing, the asked-about slot in no note, and no time beside it", async () => {
    const w = workspace(NOTES);
    for (const q of ["when is mum's birthday", "when is the car's MOT due"]) {
      const res = await w.search(q);
      expect(res.results, q).toEqual([]);
      expect(res.explain!.floor.candidates, q).toBeGreaterThan(0);
    }
  });

  it("answerable paraphrases keep their note first: the line says when", async () => {
    const w = workspace(NOTES);
    expect((await w.search("when is grandma's birthday")).results[0]?.path).toBe("MEMORY.md");
    expect((await w.search("when is my dentist appointment")).results[0]?.path).toBe("memory/2026-11-12.md");
    expect((await w.search("when is dads hip surgery")).results[0]?.path).toBe("memory/2026-11-10.md");
  });

  it("a question about the past is answered by the note's date: the test does not apply", async () => {
    const w = workspace(NOTES);
    expect((await w.search("when did I look at cars for sale")).results[0]?.path).toBe("memory/2026-11-15.md");
  });
});

describe("asksWhenItIs: the questions the time test is for", () => {
  it("when a thing is or happens, not when it was nor how long", () => {
    for (const q of ["when is mum's birthday", "when's the half marathon", "whens the half marathon", "When does the course start", "When will Tim leave for Ireland?", "when are the bins collected"]) expect(asksWhenItIs(q), q).toBe(true);
    for (const q of ["when did I last see Dad", "When Jon has lost his job as a banker?", "How long has John been surfing?", "what is on the 3rd", "whenever"]) expect(asksWhenItIs(q), q).toBe(false);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { asksWhen, mentionsTimeIn, statesTimeWhereItMatches } from "../../src/search/dates/when.js";
import { indexedWorkspace, type IndexedWorkspace } from "../helpers/search-workspace.js";

describe("asksWhen", () => {
  it.each([
    "When did we move the backups?",
    "when is the dentist",
    "  When was Jon in Rome?",
    "How long has Nate had his turtles?",
    "how many years has she lived in Sweden",
    "What year did Caroline move?",
    "which month was the launch",
    "Since when do we use Postgres?",
    "and when did that happen",
    "whens Isla's birthday", // "when's" typed without its apostrophe
    "when's the half marathon",
    "which weekend is sian coming up",
    "what week is the course",
  ])("%s → asks when", (q) => expect(asksWhen(q)).toBe(true));

  it.each([
    "what did we decide about the database",
    "Where did Caroline move from?",
    "whenever the build breaks",
    "How did the launch go?",
    "What is Caroline's identity?",
    "backup schedule when offline", // "when" not at the start: a condition, not a question about time
    "",
  ])("%s → does not", (q) => expect(asksWhen(q)).toBe(false));
});

describe("statesTimeWhereItMatches", () => {
  const terms = [
    { term: "charity", weight: 3 },
    { term: "race", weight: 2 },
    { term: "melanie", weight: 0.2 },
  ];
  const now = new Date("2026-11-21T12:00:00Z");

  it("looks at the line that matches best, and reads relative times against the note's date", async () => {
    const text = [
      "**Melanie**: Hey! Guess what, I ran a charity race last Sunday.",
      "**Caroline**: Wow, that's great. What did you do next week?",
    ].join("\n\n");
    expect(statesTimeWhereItMatches(text, terms, "2023-05-25", now)).toBe(true);
  });

  it("a retelling that names no time does not count, even when another line does", async () => {
    const text = [
      "**Melanie**: The charity race was such a good memory, running for a cause.",
      "**Caroline**: I went to a support group yesterday.",
    ].join("\n\n");
    expect(statesTimeWhereItMatches(text, terms, "2023-07-20", now)).toBe(false);
  });

  it("explicit dates and years count; a number that is no date does not", async () => {
    expect(statesTimeWhereItMatches("We ran the charity race in 2019 with the team.", terms, null, now)).toBe(true);
    expect(statesTimeWhereItMatches("The charity race is on 8 May 2023.", terms, null, now)).toBe(true);
    expect(statesTimeWhereItMatches("The charity race had 300 runners and 12 stations.", terms, null, now)).toBe(false);
  });

  it("an exclamation naming what an event was done to is dated by the next sentence of its line", async () => {
    const exam = [{ term: "mrcp", weight: 3 }];
    expect(statesTimeWhereItMatches("booked MRCP part 1!!! Thu 16 Aug, Pearson centre in town, 9am.", exam, "2035-05-03", now)).toBe(true);
    // Who did it is not what is dated: the date is the ferry's.
    const jo = [{ term: "jo", weight: 3 }];
    expect(statesTimeWhereItMatches("She and Jo booked the ferry!! Stena, Sat 15 April 08:40.", jo, "2028-03-22", now)).toBe(false);
    // A full stop ends it: the next sentence has its own subject; and only the same line counts.
    expect(statesTimeWhereItMatches("booked MRCP part 1. Thu 16 Aug, the dentist.", exam, "2035-05-03", now)).toBe(false);
    expect(statesTimeWhereItMatches("booked MRCP part 1!!!\nThu 16 Aug, the dentist.", exam, "2035-05-03", now)).toBe(false);
  });

  it("no terms or no matching line: false", async () => {
    expect(statesTimeWhereItMatches("yesterday we ran", [], "2023-05-25", now)).toBe(false);
    expect(statesTimeWhereItMatches("Nothing about it yesterday.", terms, "2023-05-25", now)).toBe(false);
  });
});

let opened: IndexedWorkspace | null = null;
afterEach(() => {
  opened?.close();
  opened = null;
});

describe("a question asking when, on a real index", () => {
  const notes = {
    // The first mention says when; the later retelling, which matches the words better, does not.
    "memory/2026-10-02.md": "# 2026-10-02\n\nI moved the backups to the NAS yesterday; the old drive is retired.\n",
    "memory/2026-11-18.md": "# 2026-11-18\n\n## Backups\n\nThe backups on the NAS run fine; moving the backups was worth it. Backups are checked weekly by the NAS itself.\n",
  };

  function search(whenBoost?: number) {
    opened = indexedWorkspace("agent-when-", notes, { dates: { timeZone: "UTC", ...(whenBoost !== undefined ? { whenBoost } : {}) }, recency: { enabled: false } });
    return opened.search;
  }

  it("ranks the note that says when first, and explains the factor", async () => {
    const res = await search()("When did I move the backups to the NAS?");
    expect(res.results[0]!.path).toBe("memory/2026-10-02.md");
    const e = res.results[0]!.explain!;
    expect(e.whenBoost).toBe(1.25);
    expect(e.final).toBeCloseTo(e.fused * e.decay * e.dateBoost * e.whenBoost * e.coverageFactor, 5);
    expect(res.results.find((r) => r.path === "memory/2026-11-18.md")!.explain!.whenBoost).toBe(1);
  });

  it("without the factor (whenBoost 1) the retelling wins on words alone; a question not asking when is unchanged", async () => {
    expect((await search(1)("When did I move the backups to the NAS?")).results[0]!.path).toBe("memory/2026-11-18.md");
    opened!.close();
    const res = await search()("moving the backups to the NAS");
    expect(res.results.every((r) => r.explain!.whenBoost === 1)).toBe(true);
  });
});

describe("a question asking when, against an undated list that only names the topic", () => {
  const notes = {
    // MEMORY.md's short item names both words; BM25's length normalization alone puts it first.
    "MEMORY.md": "# Memory\n\n- Grandma Rose in Whitby, bad knee for ages, finally on the waiting list.\n- Pepper the cat, 9, hates the vet.\n- Brother Tom moving to Cork in the spring.\n",
    "memory/2026-11-10.md": "# Tuesday 10th\n\nLetter came at last! Grandma's knee replacement at Scarborough General is fri 4 December, she has to be there by 7am. I'll drive her up the night before.\nNeed to swap my shift that week.\n",
  };

  function search(whenBoost?: number, floor = true) {
    opened = indexedWorkspace("agent-when-list-", notes, { dates: { timeZone: "UTC", ...(whenBoost !== undefined ? { whenBoost } : {}) }, recency: { enabled: false }, ...(floor ? {} : { floor: { enabled: false } }) });
    return opened.search;
  }

  it("ranks the dated note that says when above the undated line that cannot, and explains both", async () => {
    // With the floor, the list item is no answer at all: it lacks "surgery" and its line says
    // no time (the floor's time test, time-stated.ts).
    const floored = await search()("when is grandmas knee surgery");
    expect(floored.results.map((r) => r.path)).toEqual(["memory/2026-11-10.md"]);
    expect(floored.explain!.floor.nearMisses.map((m) => m.path)).toContain("MEMORY.md");
    opened!.close();
    const res = await search(undefined, false)("when is grandmas knee surgery");
    expect(res.results.map((r) => r.path)).toEqual(["memory/2026-11-10.md", "MEMORY.md"]);
    expect(res.results[0]!.explain!.whenBoost).toBe(1.25);
    const list = res.results[1]!.explain!;
    expect(list.whenBoost).toBe(0.8);
    expect(list.final).toBeCloseTo(list.fused * list.decay * list.dateBoost * list.whenBoost * list.coverageFactor, 5);
  });

  it("off (whenBoost 1) the list item wins on words alone; a question not asking when leaves the undated file alone", async () => {
    expect((await search(1)("when is grandmas knee surgery")).results[0]!.path).toBe("MEMORY.md");
    opened!.close();
    const res = await search()("grandmas knee");
    expect(res.results.every((r) => r.explain!.whenBoost === 1)).toBe(true);
  });

  it("an undated line that states a time is boosted like any other", async () => {
    opened = indexedWorkspace("agent-when-list-", { "MEMORY.md": "# Memory\n\n- Pepper the cat, vet check every March.\n" }, { dates: { timeZone: "UTC" }, recency: { enabled: false } });
    const res = await opened.search("when is Pepper's vet check");
    expect(res.results[0]!.explain!.whenBoost).toBe(1.25);
  });
});

describe("mentionsTimeIn: a note reports the days before it", () => {
  it("reads relative times against the note's date", async () => {
    const june3 = { from: "2023-06-03", to: "2023-06-03" };
    expect(mentionsTimeIn("**Maria**: I started volunteering at the shelter yesterday!", "2023-06-04", june3)).toBe(true);
    // Weeks start on Monday: from Thursday June 8, "last week" is May 29 – June 4.
    expect(mentionsTimeIn("**Maria**: I started volunteering at the shelter last week.", "2023-06-08", june3)).toBe(true);
    expect(mentionsTimeIn("**Maria**: I started volunteering at the shelter last week.", "2023-06-04", june3)).toBe(false);
    expect(mentionsTimeIn("**Maria**: I started volunteering at the shelter today.", "2023-06-04", june3)).toBe(false);
    expect(mentionsTimeIn("**Maria**: I volunteer at the shelter.", "2023-06-04", june3)).toBe(false);
  });

  it("a mention longer than a month places nothing", async () => {
    expect(mentionsTimeIn("We went camping last year.", "2023-06-04", { from: "2022-07-01", to: "2022-07-31" })).toBe(false);
    expect(mentionsTimeIn("We went camping last month.", "2023-06-04", { from: "2023-05-10", to: "2023-05-12" })).toBe(true);
  });
});

describe("a question naming a date finds the note written after it that reports it", () => {
  it("the note of the next day saying 'yesterday' gets the date boost", async () => {
    opened = indexedWorkspace(
      "agent-when-",
      {
        "memory/2023-06-04.md": "# 2023-06-04\n\nMade coconut ice cream yesterday, it was a hit.\n",
        "memory/2023-02-10.md": "# 2023-02-10\n\nIce cream recipe ideas: coconut, mango. Ice cream maker on sale.\n",
      },
      { dates: { timeZone: "UTC" }, recency: { enabled: false } },
    );
    const res = await opened.search("What ice cream did I make on 3 June 2023?");
    expect(res.results[0]!.path).toBe("memory/2023-06-04.md");
    expect(res.results[0]!.explain).toMatchObject({ dateMatch: true, dateBoost: 2 });
    expect(res.results.find((r) => r.path === "memory/2023-02-10.md")!.explain!.dateMatch).toBe(false);
  });
});

describe("the date phrase as a query term (search.dates.asTerm)", () => {
  let w: IndexedWorkspace | null = null;
  afterEach(() => w?.close());

  const FILES = {
    "memory/2026-03-10.md": "# 2026-03-10\n\nVienna was lovely; we walked along the canal all afternoon.\n",
    "memory/2026-06-02.md": "# 2026-06-02\n\nBooked the conference hotel in Vienna for the keynote.\n",
    "memory/2026-06-20.md": "# 2026-06-20\n\nGarden: planted beans and watered the tomatoes.\n",
    "memory/2026-07-04.md": "# 2026-07-04\n\nFixed the bike's chain before the ride.\n",
  };

  it("a note of the named month that shares fewer words outranks another month's that shares more", async () => {
    w = indexedWorkspace("agent-date-term-", FILES, { dates: { timeZone: "UTC" }, recency: { enabled: false } });
    const res = await w.search("conference hotel Vienna in March");
    expect(res.dateRange).toMatchObject({ from: "2026-03-01", to: "2026-03-31" });
    expect(res.results.map((r) => r.path)).toEqual(["memory/2026-03-10.md", "memory/2026-06-02.md"]);
    // One chunk of the index is dated in March: the phrase weighs like a word that rare.
    expect(res.explain!.dateTerm!.df).toBe(1);
    const [march, june] = res.results.map((r) => r.explain!);
    expect(march!.dateTerm).toBe(res.explain!.dateTerm!.idf);
    expect(march!.dateTerm).toBeGreaterThan(0);
    expect(june!.dateTerm).toBe(0);
    expect(march!.dateBoost).toBe(2);
  });

  it("without it, the date boost alone multiplies a small score and the other month wins", async () => {
    w = indexedWorkspace("agent-date-term-", FILES, { dates: { timeZone: "UTC", asTerm: false }, recency: { enabled: false } });
    const res = await w.search("conference hotel Vienna in March");
    expect(res.results.map((r) => r.path)).toEqual(["memory/2026-06-02.md", "memory/2026-03-10.md"]);
    expect(res.explain!.dateTerm).toBeUndefined();
    expect(res.results[1]!.explain!.dateTerm).toBe(0);
  });
});

import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { contentWords, extractStatements } from "../../src/indexer/statements.js";
import { typedValues as typed, updatesAmong as updates } from "../helpers/daily-lines.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

// Rules found by the second changes set (scripts/eval-changes2/: notes and captured
// conversations). Each example is phrased apart from the set, and each would fail on the rules before it.

describe("reading what a changed fact says", () => {
  it("'to the 22nd', 'on the 1st': a day of the month said with 'the'", () => {
    expect(typed("the optician rang and moved me to the 22nd, same time")).toEqual(["day:22"]);
    expect(typed("she's back on the 1st.")).toEqual(["day:1"]);
    // A count of times, not a day.
    expect(typed("failed the test for the 3rd time")).toEqual([]);
  });

  it("a value said as what it was before, beside what it is now, is history, not a current value", () => {
    expect(typed("landlord's putting the rent up to £950 a month, it's been £900 since we moved in")).toContain("money:£900");
    const st = extractStatements("landlord's putting the rent up to £950 a month, it's been £900 since we moved in")[0]!;
    expect(st.values.map((v) => v.norm)).toEqual(["£950"]);
    expect(extractStatements("train fare now £42, up from £38")[0]!.values.map((v) => v.norm)).toEqual(["£42"]);
    // Alone, what it was is all that is said of it: kept.
    expect(extractStatements("the rent was £800 when we moved in")[0]!.values.map((v) => v.norm)).toEqual(["£800"]);
  });

  it("a rate's period written short is the word written out; a stop word with its verb is no content word", () => {
    expect(extractStatements("Cleaner: Maria, Fridays, £14/hr.")[0]!.values.find((v) => v.type === "money")!.near).toContain("hour");
    // "HR" alone is human resources, not an hour.
    expect(contentWords("our HR team")).not.toContain("hour");
    expect(contentWords("they've moved it, we're told")).toEqual(["mov", "told"]);
  });

  it("what a move is of: the words before its announcement, and after it within its clause", () => {
    expect(extractStatements("the optician rang, they've moved her to the 22nd, bring the old glasses")[0]!.moved).toEqual(["optician", "rang"]);
    expect(extractStatements("quiz night pushed back a week, the Crown's shut")[0]!.moved).toEqual(["quiz", "night", "week"]);
  });
});

describe("linking a change said in so many words", () => {
  it("a price raised, with the old price said beside it", () => {
    expect(updates(["Rent: £900 a month to Harlow Lettings.", "Harlow Lettings putting the rent up to £950 a month from July, it's been £900 for three years"])).toEqual([[0, 1]]);
  });

  it("an appointment moved with only the move next to the new day", () => {
    expect(updates(["optician for my eye test Wed 15th 10am, Specsavers Broadmead", "Specsavers rang about the eye test, they've moved me to the 22nd"])).toEqual([[0, 1]]);
  });

  it("a move announced without the new value replaces when the thing was; moved again, the announcement", () => {
    const lines = [
      "book club at Nadia's Thurs 14th 7pm, reading Piranesi",
      "gym induction Thurs 14th 6pm",
      "Nadia's book club pushed back a week, she's away",
      "Nadia's book club moved again, now Mon 25th 7.30pm",
    ];
    const links = updates(lines);
    expect(links).toContainEqual([0, 2]);
    expect(links).toContainEqual([2, 3]);
    // The gym induction on the same day is another thing.
    expect(links.filter(([o]) => o === 1)).toEqual([]);
  });

  it("a trip pulled out of replaces its booking; a move of something else replaces nothing", () => {
    expect(updates(["Snowdonia cottage booked for 3-6 May, £300 deposit paid", "we've pulled out of the Snowdonia cottage, lost the deposit"])).toEqual([[0, 1]]);
    expect(updates(["Snowdonia cottage booked for 3-6 May, £300 deposit paid", "the school trip was cancelled, refund coming"])).toEqual([]);
    // Saying the same day again is no move of it.
    expect(updates(["quiz night at the Crown, Tues 12th", "quiz night moved to the back room, still Tues 12th"])).toEqual([]);
  });
});

describe("the person's own phone number", () => {
  it("'My mobile: …' is replaced by 'my new number is …'; a relative's or a work line is another number", () => {
    expect(updates(["My mobile: 07700 900123 (Vodafone).", "my new number is 07700 900456, can you tell the nursery"])).toEqual([[0, 1]]);
    expect(updates(["My mobile: 07700 900123 (Vodafone).", "my dad's number is now 07700 900789"])).toEqual([]);
    expect(updates(["My mobile: 07700 900123 (Vodafone).", "got my work phone today, 07700 900321, new job"])).toEqual([]);
  });
});

describe("a change said in a captured conversation", () => {
  let ws = "";
  afterEach(() => cleanup(ws));

  it("puts the person's turn that moved an appointment above the note that booked it, the note marked replaced", async () => {
    ws = tempDir();
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword", dates: { timeZone: "UTC" } } }));
    write(ws, "memory/2030-05-10.md", "# Friday 10 May\n\n- optician for my eye test Wed 15th 10am, Specsavers Broadmead\n- long day on the ward\n");
    const turn = (role: string, content: string, ts: string) => JSON.stringify({ role, content, ts, speaker: role === "user" ? "person" : "assistant", harness: "openclaw", kind: "main", via: "capture" });
    write(
      ws,
      "sessions/openclaw-abc123.jsonl",
      [
        turn("user", "ugh, Specsavers rang about my eye test, they've moved me to the 22nd, same time. can you remind me the day before?", "2030-05-13T19:00:00Z"),
        turn("assistant", "Will do: a reminder on the evening before.", "2030-05-13T19:00:05Z"),
      ].join("\n") + "\n",
    );
    const engine = Engine.open({ workspace: ws, now: () => Date.parse("2030-05-14T09:00:00Z") });
    try {
      engine.indexing.index();
      const res = await engine.search("when is my eye test", { recall: false });
      expect(res.results.map((r) => r.path)).toEqual(["sessions/openclaw-abc123.jsonl", "memory/2030-05-10.md"]);
      expect(res.results[1]!.supersededBy?.path).toBe("sessions/openclaw-abc123.jsonl");
    } finally {
      await engine.close();
    }
  });
});

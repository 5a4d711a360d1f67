import { describe, expect, it } from "vitest";
import { derivedLinksOf } from "../helpers/derived-links.js";
import { updateLinksOf } from "../helpers/update-links.js";
import { confirmedText } from "../../src/indexer/confirmed.js";
import { takenBack } from "../../src/indexer/taken-back.js";
import { extractStatements } from "../../src/indexer/statements.js";

// Changes the rules missed, as rules in general words: a venue moved, a yes in a person's own
// words, a weekday said instead of another, counts in words. Each example is phrased apart from
// any evaluation set, and each positive one fails on the rules before it.

/** A month of other notes after the lines, none holding a value: how rare a word is, as in a real workspace. */
const TOPICS = "canal towpath, allotment shed, choir rehearsal, library books, bathroom tiles, garden hedge, bike puncture, kitchen drawer, piano tuner, attic boxes, compost heap, window cleaner, charity shop, running club, quiz night".split(", ");
const month = TOPICS.map((t) => `Spent the evening sorting out the ${t} with Sam.`);
const updates = (lines: string[]) => derivedLinksOf([...lines, ...month], "update");

describe("a thing moved to another named place", () => {
  it("'the leaving do moved to the Crown and Anchor' replaces 'leaving do at the Old Swan, Fri 9 Oct'", () => {
    expect(updates(["- Priya's leaving do at the Old Swan, Fri 9 Oct 6pm.", "- Priya's leaving do moved to the Crown and Anchor, same time."])).toEqual([[0, 1]]);
  });

  it("'now at' and 'instead' say the move too", () => {
    expect(updates(["- Book group meets at the Corn Exchange café, Tue 13 Oct 7pm.", "- Book group is now at the Quaker Meeting House, Tue 13 Oct 7pm."])).toEqual([[0, 1]]);
    expect(updates(["- Team lunch for Omar's birthday at Pizza Express, Thu 15 Oct.", "- Omar's birthday team lunch at Wagamama instead."])).toEqual([[0, 1]]);
  });

  it("another thing moved to a place replaces nothing of the first", () => {
    expect(updates(["- Priya's leaving do at the Old Swan, Fri 9 Oct 6pm.", "- Choir concert moved to the Crown and Anchor, Sat 10 Oct."])).toEqual([]);
  });

  it("a note already at the new place is no old place", () => {
    expect(updates(["- Priya's leaving do at the Crown and Anchor, Fri 9 Oct 6pm.", "- Priya's leaving do is now at the Crown and Anchor, upstairs."])).toEqual([]);
  });
});

describe("a yes in a person's own words", () => {
  const asked = "I've updated the rota page. Should the deposit go up to £60 instead of £50? That's DEPOSIT in settings.py.";

  it("'go on then', 'sure', 'fine' accept the question, past an aside with no figure", () => {
    for (const yes of ["go on then", "sure", "fine", "ok", "sounds good", "yeah go on"]) expect(confirmedText(asked, yes)).toContain("£60 instead of £50");
  });

  it("a no, or more said than a yes, accepts nothing; nor does a question followed by another figure", () => {
    expect(confirmedText(asked, "no, leave it")).toBeNull();
    expect(confirmedText(asked, "go on then, but only for new bookings")).toBeNull();
    expect(confirmedText("Should the deposit go up to £60? The old one was £50 for three years.", "go on then")).toBeNull();
  });
});

describe("a weekday said instead of another", () => {
  it("reads 'Thursday 6pm instead of Wednesday 6pm' and 'Friday, not Thursday' as the first weekday replacing the second", () => {
    expect(takenBack("Swim club closes sign-ups Thursday 6pm instead of Wednesday 6pm.")).toEqual([{ from: "wed", to: "thu" }]);
    expect(takenBack("Bins go out Friday, not Thursday.")).toEqual([{ from: "thu", to: "fri" }]);
  });

  it("replaces the earlier note giving the weekday as when the thing is", () => {
    expect(updates(["- Swim club sign-ups close Wednesday 6pm on the club site.", "- Swim club sign-ups close Thursday 6pm instead of Wednesday 6pm."])).toEqual([[0, 1]]);
  });

  it("an accepted proposal of another weekday replaces the person's note", () => {
    const turn = (role: "user" | "assistant", content: string, ts: string) => JSON.stringify({ role, content, ts, speaker: role === "user" ? "person" : "assistant", harness: "claude-code", kind: "main", via: "capture" });
    const session = [
      turn("user", "Update the booking form for the new term.", "2030-09-20T18:00:00Z"),
      turn("assistant", "Done. With the new term, should bookings close Friday 5pm instead of Thursday 5pm? That's CLOSES_AT in config.", "2030-09-20T18:00:30Z"),
      turn("user", "go on then", "2030-09-20T18:01:00Z"),
    ].join("\n") + "\n";
    expect(updateLinksOf({ "memory/2030-09-10.md": "# 10 Sep\n\n- Pottery bookings close Thursday 5pm each week, via the form.\n", "sessions/claude-code-p1.jsonl": session })).toEqual(["memory/2030-09-10.md:3 > sessions/claude-code-p1.jsonl:2"]);
  });
});

describe("counts in words", () => {
  const count = (s: string) => extractStatements(s)[0]?.values.filter((v) => v.type === "count").map((v) => `${v.norm} ${v.unit}`);

  it("reads thirteen to nineteen and the tens as numbers", () => {
    expect(count("They can send fifteen chairs on Friday.")).toEqual(["15 chair"]);
    expect(count("We need forty programmes printed.")).toEqual(["40 programm"]);
  });

  it("counts the noun after a compound modifier, not the modifier", () => {
    expect(count("Ordered a dozen free-to-air aerials for the hall.")).toEqual(["12 aerial"]);
    expect(count("Bought 3 ready-to-wear dresses.")).toEqual(["3 dress"]);
  });
});

describe("a role told by its work", () => {
  it("'Bronwen Hughes is shearing this year' names the shearer, and replaces 'Shearer: Tom Price' when the old one retired", () => {
    expect(updates(["- Shearer: Tom Price, early June, £2 a ewe.", "- Tom Price has retired, so Bronwen Hughes is shearing this year."])).toEqual([[0, 1]]);
  });

  it("a second person doing the work with no word of a handover replaces no one", () => {
    expect(updates(["- Shearer: Tom Price, early June, £2 a ewe.", "- Bronwen Hughes is shearing the Jones flock at Llanigon."])).toEqual([]);
  });
});

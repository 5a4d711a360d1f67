import { describe, expect, it } from "vitest";
import { derivedLinksOf } from "../helpers/derived-links.js";
import { keywordEngines } from "../helpers/keyword-engine.js";

// A thing moved by the person's own short word, and news copied in from someone: an appointment
// given by its weekday moved to another weekday, a time in a message the person was sent, an
// arrangement that "will now be" at another time. Examples are in other words than any evaluation
// set; each positive one fails on the rules before these.

const updates = (lines: string[]) => derivedLinksOf(lines, "update");

describe("a weekday given as when a thing is can be moved", () => {
  const engines = keywordEngines();

  it("'Physio: Thursday at 9:15' then 'Physio moved to Friday' (no shared 'appointment')", () => {
    expect(updates(["Physio appointment: Thursday at 9:15.", "Physio moved to Friday."])).toEqual([[0, 1]]);
    expect(updates(["Haircut on Monday at 4pm.", "Haircut's been moved to Tuesday."])).toEqual([[0, 1]]);
  });

  it("in a real index, whose linker reads no sentence, the moved appointment is marked replaced", async () => {
    const engine = engines({ "memory/2026-11-14.md": "- Physio appointment: Thursday at 9:15.\n- Bought a foam roller.\n", "memory/2026-11-17.md": "- Physio moved to Friday.\n" });
    const res = await engine.search("physio appointment", { recall: false });
    expect(res.results.find((r) => r.path === "memory/2026-11-14.md")?.supersededBy).toBeDefined();
  });

  it("a weekday in the run of talk, with no hour and no record's label, is no booking to move", () => {
    expect(updates(["Going to the physio on Thursday, hoping the knee settles.", "Physio moved to Friday."])).toEqual([]);
  });

  it("a weekday of what already happened, or of a habit, is no day ahead to move", () => {
    expect(updates(["Went to the physio on Thursday, knee a bit better.", "Physio moved to Friday."])).toEqual([]);
    expect(updates(["Physio every Thursday at 9:15.", "Physio moved to Friday."])).toEqual([]);
  });
});

describe("a message the person was sent, copied into a note", () => {
  it("a new time quoted from an e-mail replaces the time written before", () => {
    expect(updates(["- The Old Mill confirmed doors open at 7pm for Jess's party.", "- Email from Marco at The Old Mill: \"Doors for Jess's party will now be open at 7:30pm.\""])).toEqual([[0, 1]]);
  });

  it("a quote that is no message sent to the person stays somebody's saying", () => {
    expect(updates(["- The Old Mill confirmed doors open at 7pm for Jess's party.", "- The flyer at The Old Mill says \"Doors for Jess's party will now be open at 7:30pm.\""])).toEqual([]);
  });
});

describe("an arrangement that will now be another way", () => {
  it("'X will now be at …' is how it stands, replacing the time given before", () => {
    expect(updates(["- Quiz night at the Crown: teams arrive at 8pm.", "- Quiz night at the Crown: teams will now be arriving at 7:45."])).toEqual([[0, 1]]);
  });

  it("the person's own 'I'll now be …' stays a plan beside what was so", () => {
    expect(updates(["- Quiz night at the Crown: teams arrive at 8pm.", "- Quiz night at the Crown: I'll now be arriving at 7:45 to set up."])).toEqual([]);
  });
});

describe("a reason told beside a value is not what it is of", () => {
  const filler = ["Walked the dog round the park.", "Paid the gas bill online.", "Bought bread and eggs at the market.", "Called mum about Sunday lunch."];

  it("a message's new arrival time after ', so' replaces the arrival confirmed before ('arrival' and 'arriving' one word)", () => {
    expect(updates(["- Ashby Hall confirmed band arrival at 6pm for the Lowe wedding.", ...filler, "- Email from Priti at Ashby Hall: \"The registrar has moved the ceremony, so the band will now be arriving at 5:30 on the day.\""])).toEqual([[0, 5]]);
  });
});

describe("a deadline and another date of one thing are two dates", () => {
  it("the application deadline and the day of the offer for one role", () => {
    expect(updates(["I'm kinda worried I won't make the March 3 deadline for the head chef role at Larder Kitchen Group, can you help me write a cover letter??", "I'm excited about the job offer from Larder Kitchen Group on March 28 for the head chef role, but I want to make sure I negotiate well, so can you help me see how a $3,000 signing bonus starting May 1 will change my package?"])).toEqual([]);
  });

  it("a deadline said again with a new date still replaces it", () => {
    expect(updates(["Deadline for the Henley quote: 15 April.", "The Henley quote deadline has moved to 22 April."])).toEqual([[0, 1]]);
  });
});

import { describe, expect, it } from "vitest";
import { derivedLinksOf } from "../helpers/derived-links.js";
import { updateLinksOf } from "../helpers/update-links.js";

// What the ninth changes set (scripts/eval-changes9/) missed or got wrong on its first, unseen
// run, as rules in general words. Each example is phrased apart from the set, and each positive
// one fails on the rules before it.

/** A month of other notes after the lines, none holding a value: how rare a word is, as in a real workspace. */
const TOPICS = "canal towpath, allotment shed, choir rehearsal, library books, bathroom tiles, garden hedge, cousin's wedding, bike puncture, kitchen drawer, piano tuner, attic boxes, compost heap, window cleaner, charity shop, running club, quiz night, bread maker, car wash, dentist leaflet, seed catalogue, jigsaw puzzle, bird feeder, recycling bins, sewing machine, paint samples, holiday photos, swimming pool, pottery class, birthday cards, laptop charger".split(", ");
const month = TOPICS.map((t) => `Spent the evening sorting out the ${t} with Sam.`);
const linksOf = (lines: string[], kind: "update" | "contradiction") => derivedLinksOf([...lines, ...month], kind);

describe("a price with VAT and the same price without", () => {
  const quote = "- Kowalski Roofing's revised quote for the porch roof: £2,400 + VAT.";
  it("'paid Kowalski for the porch roof, £2,880 including VAT' is the quote on another basis, no new price", () => {
    expect(linksOf([quote, "- Paid Kowalski Roofing for the porch roof, £2,880 including VAT."], "update")).toEqual([]);
    expect(linksOf(["- Kowalski Roofing quoted £2,880 inc. VAT for the porch roof.", "- Kowalski Roofing's final porch roof invoice: £2,400 ex VAT."], "update")).toEqual([]);
  });

  it("a new price on the same basis still replaces the old one", () => {
    expect(linksOf([quote, "- Kowalski Roofing's porch roof quote went up to £2,650 + VAT (extra flashing)."], "update")).toEqual([[0, 1]]);
    expect(linksOf(["- Kowalski Roofing quoted £2,880 inc VAT for the porch roof.", "- Kowalski Roofing's porch roof quote is now £3,180 including VAT."], "update")).toEqual([[0, 1]]);
  });
});

/** One transcript line of a person's or an assistant's turn. */
const turn = (role: "user" | "assistant", content: string, ts: string) => JSON.stringify({ role, content, ts, speaker: role === "user" ? "person" : "assistant", harness: "codex", kind: "main", via: "capture" });

describe("a value given outright to the assistant's 'is that still …?'", () => {
  const note = { "memory/2030-05-10.md": "# Fri 10 May\n\n- Climbing wall membership at Boulder Barn: £41 a month.\n" };
  const asked = (question: string, answer: string) =>
    [
      turn("user", "Add my memberships to the budget sheet.", "2030-05-20T19:00:00Z"),
      turn("assistant", `Your notes have the Boulder Barn climbing membership at £41 a month. ${question}`, "2030-05-20T19:00:06Z"),
      turn("user", answer, "2030-05-20T19:01:00Z"),
    ].join("\n") + "\n";

  it("'£44 from the spring price list' replaces the person's earlier amount", () => {
    expect(updateLinksOf({ ...note, "sessions/codex-m1.jsonl": asked("Is that still the price?", "£44 from the spring price list") })).toEqual(["memory/2030-05-10.md:3 > sessions/codex-m1.jsonl:3"]);
  });

  it("the same value given back, an answer opening with words, or a question that checks nothing 'still', replaces nothing", () => {
    expect(updateLinksOf({ ...note, "sessions/codex-m1.jsonl": asked("Is that still the price?", "£41, same as ever") })).toEqual([]);
    expect(updateLinksOf({ ...note, "sessions/codex-m1.jsonl": asked("Is that still the price?", "put the 2 memberships in separate rows") })).toEqual([]);
    expect(updateLinksOf({ ...note, "sessions/codex-m1.jsonl": asked("How many rows should I add?", "2 rows, one each") })).toEqual([]);
  });
});

describe("a table written again under other headings", () => {
  const first = "# Mon 3 Mar\n\nAllotment plots for the season:\n\n| Plot | Holder | Rent |\n|---|---|---|\n| 7 (half plot) | Joan Abbott | £38/year |\n| 9 (full plot) | Ravi Mehta | £60/year |\n";
  const again = (joan: string, ravi: string) => `# Thu 20 Mar\n\nPlots after the committee:\n\n| Plot | Plot holder | £ a year |\n|---|---|---|\n| 7 | Joan Abbott | ${joan} |\n| 9 | Ravi Mehta | ${ravi} |\n`;
  it("a row whose figure differs replaces the earlier row of its key; the row said the same again replaces nothing", () => {
    expect(updateLinksOf({ "memory/2030-03-03.md": first, "memory/2030-03-20.md": again("42", "60") })).toEqual(["memory/2030-03-03.md:7 > memory/2030-03-20.md:7"]);
  });

  it("rows of another first column, or the same figures, replace nothing", () => {
    expect(updateLinksOf({ "memory/2030-03-03.md": first, "memory/2030-03-20.md": again("38", "60") })).toEqual([]);
    expect(updateLinksOf({ "memory/2030-03-03.md": first, "memory/2030-03-20.md": "# Thu 20 Mar\n\n| Bed | Crop | Rows |\n|---|---|---|\n| 7 | Leeks | 4 |\n" })).toEqual([]);
  });
});

describe("a question the person asks and answers herself", () => {
  const fixed = "- The swim gala starts on 21 June (heats in the morning).";
  it("'so when does the swim gala start? 14 June by the coach's letter' replaces the earlier day", () => {
    expect(linksOf([fixed, "- so when does the swim gala start? 14 June by the coach's letter, the juniors first."], "update")).toEqual([[0, 1]]);
  });

  it("an answer of another kind, an unanswered question, or another thing's day replaces nothing", () => {
    expect(linksOf([fixed, "- so how many lanes does the swim gala use? 6 lanes, the coach says."], "update")).toEqual([]);
    expect(linksOf([fixed, "- so when does the swim gala start? no idea, ask the coach."], "update")).toEqual([]);
    expect(linksOf([fixed, "- so when does the bake sale start? 14 June, the head says."], "update")).toEqual([]);
  });
});

describe("a 'no' to a value the assistant proposed", () => {
  const note = { "memory/2030-05-10.md": "# Fri 10 May\n\n- Junior swim coaching: £9 a session.\n- Adult swim coaching: £14 a session.\n" };
  const proposed = (answer: string) =>
    [
      turn("user", "the junior session fee has to rise, pool hire went up", "2030-05-20T19:00:00Z"),
      turn("assistant", "I'll set the junior session fee to £12 in fees.csv and leave the adult one alone. OK?", "2030-05-20T19:00:06Z"),
      turn("user", answer, "2030-05-20T19:01:00Z"),
    ].join("\n") + "\n";

  it("'no, £11 not 12' replaces the person's earlier fee of the thing the proposal was setting, not the other one", () => {
    expect(updateLinksOf({ ...note, "sessions/codex-p1.jsonl": proposed("no, £11 not 12. adult stays £14") })).toEqual(["memory/2030-05-10.md:3 > sessions/codex-p1.jsonl:3"]);
  });

  it("a turn asking for the change ('needs to go up from £9') is not what the reply replaces: the plain fee is", () => {
    const files = {
      ...note,
      "sessions/codex-p2.jsonl": [
        turn("user", "the junior session fee needs to go up from £9, pool hire went up", "2030-05-20T19:00:00Z"),
        turn("assistant", "I'll set the junior session fee to £12 in fees.csv and leave the adult one alone. OK?", "2030-05-20T19:00:06Z"),
        turn("user", "no, £11 not 12", "2030-05-20T19:01:00Z"),
      ].join("\n") + "\n",
    };
    expect(updateLinksOf(files)).toEqual(["memory/2030-05-10.md:3 > sessions/codex-p2.jsonl:3"]);
  });

  it("a yes, or a 'no' giving no other value, replaces nothing", () => {
    expect(updateLinksOf({ ...note, "sessions/codex-p1.jsonl": proposed("yes, do it") })).toEqual([]);
    expect(updateLinksOf({ ...note, "sessions/codex-p1.jsonl": proposed("no, not 12, leave it for now") })).toEqual([]);
  });
});

describe("a record's value given up by name", () => {
  const record = "- Pickup point for the Leeds orders: the Corn Exchange steps.";
  it("'Leeds orders are picked up at the Kirkgate Market now, not the Corn Exchange' replaces the record", () => {
    expect(linksOf([record, "- Leeds orders are picked up at Kirkgate Market now, not the Corn Exchange."], "update")).toEqual([[0, 1]]);
  });

  it("another place's record, or a name given up with no change said, replaces nothing", () => {
    expect(linksOf([record, "- York orders are dropped at the station now, not the Corn Exchange."], "update")).toEqual([]);
    expect(linksOf([record, "- Leeds orders: met Sam at Kirkgate Market, not the Corn Exchange."], "update")).toEqual([]);
  });
});

describe("a value said as what holds 'these days'", () => {
  const before = "- Gym opening on weekdays: 6:30am at the Kirkstall branch.";
  it("'the gym's 7am these days' replaces the earlier opening time of the thing it names", () => {
    expect(linksOf([before, "- the gym's 7am these days, staff shortages"], "update")).toEqual([[0, 1]]);
  });

  it("another thing's time these days, the same time again, or a time with no 'these days', replaces nothing", () => {
    expect(linksOf([before, "- the pool's 7am these days, staff shortages"], "update")).toEqual([]);
    expect(linksOf([before, "- the gym's 6:30am these days, as ever"], "update")).toEqual([]);
    expect(linksOf([before, "- the gym's 7am, staff shortages"], "update")).toEqual([]);
  });
});

describe("a thing held since a year was got that year", () => {
  const bought = "- The Volvo estate was bought in 2015 from a dealer in York.";
  it("'the Volvo estate's been ours since 2018 and never broken down' contradicts the year it was bought", () => {
    expect(linksOf([bought, "- The Volvo estate's been ours since 2018 and never broken down."], "contradiction")).toEqual([[0, 1]]);
    expect(linksOf([bought, "- We've had the Volvo estate since 2018, best car we've owned."], "contradiction")).toEqual([[0, 1]]);
  });

  it("the same year, another thing, or living somewhere since a year, contradicts nothing", () => {
    expect(linksOf([bought, "- The Volvo estate's been ours since 2015 and never broken down."], "contradiction")).toEqual([]);
    expect(linksOf([bought, "- The caravan's been ours since 2018."], "contradiction")).toEqual([]);
    expect(linksOf([bought, "- We've lived in York since 2018."], "contradiction")).toEqual([]);
  });
});

describe("an id number written as its issuer prints it", () => {
  const herd = "- Herd number UK 3 204518 (on the cattle passports).";
  it("'herd no. UK 3 204158 on them' clashes with the number it misspells", () => {
    expect(linksOf([herd, "- passports came from BCMS, herd no. UK 3 204158 on them"], "contradiction")).toEqual([[0, 1]]);
  });

  it("the same number, or another label's number, clashes with nothing", () => {
    expect(linksOf([herd, "- passports came from BCMS, herd no. UK 3 204518 on them"], "contradiction")).toEqual([]);
    expect(linksOf([herd, "- passports came from BCMS, holding no. UK 3 204158 on them"], "contradiction")).toEqual([]);
  });
});

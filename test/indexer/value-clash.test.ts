import { utimesSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { extractStatements } from "../../src/indexer/statements.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";
import { fixedValues, linkWithClashes, withFixedValues } from "../../src/indexer/value-clash.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

// Two values for a slot that holds one (a birthday, a car's registration, an expiry date, a
// house number), said as plain facts with nothing saying the value changed: a contradiction.

const read = (s: string) => fixedValues(s).map((v) => `${v.slot}:${v.norm}`);
const DAY = 86_400_000;
const placed = (lines: string[]): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2027-03-${String(10 + i).padStart(2, "0")}.md`, order: i * DAY, st: withFixedValues(st) })));
const links = (lines: string[]) => linkWithClashes(placed(lines)).map((l) => [l.kind, Math.floor(l.older / 100), Math.floor(l.newer / 100)]);
const clashes = (lines: string[]) => links(lines).filter(([k]) => k === "contradiction");

describe("values of a slot that holds one value", () => {
  it("reads a birthday, an expiry with its year, a registration, a postcode and a house number right after their cue", () => {
    expect(read("Kit (my sister) bday 3 June.")).toEqual(["birthday:06-03"]);
    expect(read("Nadia's birthday is June 30th")).toEqual(["birthday:06-30"]);
    expect(read("I was born on 9 October 1988")).toEqual(["birthday:10-09"]);
    expect(read("driving licence expires March 2033")).toEqual(["expiry:2033-03"]);
    expect(read("the van's registration is KP19 XTR")).toEqual(["registration:KP19XTR"]);
    expect(read("office postcode: M4 6BF")).toEqual(["postcode:M46BF"]);
    expect(read("Gran lives at 17 Elm Grove with the cat")).toEqual(["house number elm grove:17"]);
  });

  it("reads no such value where the cue is not next to it, or the value is no standing fact", () => {
    // A party on a day is not the birthday; a 40th is one occasion.
    expect(read("Nadia's birthday party is on 2 July")).toEqual([]);
    expect(read("her 40th birthday is on 12 April")).toEqual([]);
    // Past, asked, planned.
    expect(read("my old reg was KP19 XTR")).toEqual([]);
    expect(read("is Nadia's birthday 30 June?")).toEqual([]);
    expect(read("the new licence will expire in March 2043")).toEqual([]);
    // An expiry without its year, a registration in lower case or without a digit.
    expect(read("railcard expires 3 March")).toEqual([]);
    expect(read("reg form sent, reg desk opens at 10")).toEqual([]);
  });
});

describe("value clashes", () => {
  it("reports the same slot of the same holder given two values, nothing saying it changed", () => {
    expect(clashes(["Kit (my sister) bday 3 June.", "bought flowers", "Kit's birthday is 8 June, need a card"])).toEqual([["contradiction", 0, 2]]);
    expect(clashes(["Van: white Transit, reg KP19 XTR.", "van insurance renewal sent, van reg KP91 XTR, £310"])).toEqual([["contradiction", 0, 1]]);
    expect(clashes(["driving licence expires March 2033, plenty of time", "driving licence valid until March 2032, all fine"])).toEqual([["contradiction", 0, 1]]);
    expect(clashes(["Gran's house: 17 Elm Grove, green gate.", "took the shopping round to gran at 71 Elm Grove"])).toEqual([["contradiction", 0, 1]]);
  });

  it("is no clash when another holder's value it is", () => {
    // Two people's birthdays; my birthday and my sister's.
    expect(clashes(["Nadia's birthday is 30 June.", "Omar's birthday is 4 June."])).toEqual([]);
    expect(clashes(["my birthday is 9 October.", "my sister's birthday is 3 October."])).toEqual([]);
    // Another person's van; the neighbours' house on the same street.
    expect(clashes(["Van: white Transit, reg KP19 XTR.", "Omar's van reg KP91 XTR, parked outside"])).toEqual([]);
    expect(clashes(["Gran's house: 17 Elm Grove.", "met gran's neighbours at 19 Elm Grove"])).toEqual([]);
    // Two different things that expire.
    expect(clashes(["driving licence expires March 2033.", "passport expires March 2032."])).toEqual([]);
  });

  it("is no clash when the newer one says it changed, or a note between says so", () => {
    expect(clashes(["Van: white Transit, reg KP19 XTR.", "new van arrived, reg KP91 XTR"])).toEqual([]);
    expect(clashes(["driving licence expires March 2033.", "renewed the driving licence, valid until March 2043"])).toEqual([]);
    expect(clashes(["Gran's house: 17 Elm Grove.", "gran is moving house next month!", "took the shopping round to gran at 71 Elm Grove"])).toEqual([]);
    // A change to another of the holder's facts in between is no move.
    expect(clashes(["Gran's house: 17 Elm Grove.", "gran's party: it's 20 not 15 coming", "took the shopping round to gran at 71 Elm Grove"])).toEqual([["contradiction", 0, 2]]);
  });

  it("says what it is about as the slot and whose, told apart from a denial's shared words", () => {
    const [clash] = linkWithClashes(placed(["Kit (my sister) bday 3 June.", "Kit's birthday is 8 June, need a card"]));
    expect(clash?.slot).toBe("birthday: kit");
    // Which rule made it is kept on the link, not read back from its slot's text.
    expect(clash?.rule).toBe("value-clash");
    const denial = linkWithClashes(placed(["I've never been to a birthday party at Laser Quest", "went to Sam's birthday party at Laser Quest"])).find((l) => l.kind === "contradiction");
    expect(denial?.rule).toBe("denial");
  });

  it("is no clash for the same value said again, a line the person keeps, or a pair the linker made an update", () => {
    expect(clashes(["Kit (my sister) bday 3 June.", "Kit's birthday is 3 June, need a card"])).toEqual([]);
    expect(clashes(["Kit (my sister) bday 3 June. still-true::", "Kit's birthday is 8 June, need a card"])).toEqual([]);
    const marked = links(["Kit (my sister) bday 3 June.", "Kit's birthday is 8 June. supersedes:: Kit sister bday"]);
    expect(marked).toEqual([["update", 0, 1]]);
  });
});

/** A keyword-mode workspace with MEMORY.md dated 1 Mar 2027 and these daily notes, indexed; `check` runs against its engine. */
async function withNotes(memory: string, notes: Record<string, string>, check: (engine: Engine) => Promise<void>): Promise<void> {
  const ws = tempDir();
  try {
    write(ws, "agent.config.json", JSON.stringify({ search: { mode: "keyword", dates: { timeZone: "UTC" } } }));
    write(ws, "MEMORY.md", memory);
    const old = Date.parse("2027-03-01T20:00:00Z") / 1000;
    utimesSync(path.join(ws, "MEMORY.md"), old, old);
    for (const [rel, text] of Object.entries(notes)) write(ws, rel, text);
    const engine = Engine.open({ workspace: ws, now: () => Date.parse("2027-03-20T09:00:00Z") });
    try {
      engine.indexing.index();
      await check(engine);
    } finally {
      await engine.close();
    }
  } finally {
    cleanup(ws);
  }
}

describe("agent health reports a value clash", () => {
  it("with both sides' path:line and dates, and search marks neither as replaced", async () => {
    const memory = "# Memory\n\n- Van: white Transit, reg KP19 XTR.\n- Kit (my sister) bday 3 June.\n";
    await withNotes(memory, { "memory/2027-03-12.md": "# 12 Mar\n\n- long walk with the dog\n- Kit's birthday is 8 June, need a card\n" }, async (engine) => {
      const report = await engine.indexing.health();
      expect(report.contradictions.map((c) => [`${c.a.path}:${c.a.line}`, c.a.date, `${c.b.path}:${c.b.line}`, c.b.date])).toEqual([
        ["MEMORY.md:4", "2027-03-01", "memory/2027-03-12.md:4", "2027-03-12"],
      ]);
      expect(report.stale).toEqual([]);
      const res = await engine.search("when is Kit's birthday", { recall: false });
      expect(res.results.map((r) => r.path).sort()).toEqual(["MEMORY.md", "memory/2027-03-12.md"]);
      expect(res.results.every((r) => r.supersededBy === undefined)).toBe(true);
    });
  });
});

describe("a value clash in search", () => {
  it("brings the other side in for a question about the clashing value, not for one that meets a side in passing", async () => {
    const notes = {
      "memory/2027-03-05.md": "# 5 Mar\n\n- Porto trip: flights booked for 3 May\n",
      "memory/2027-03-12.md": "# 12 Mar\n\n- passport's valid till Aug 2032, fine for the Porto trip in May\n",
    };
    await withNotes("# Memory\n\n- Passport expires Aug 2033, any trip is fine.\n", notes, async (engine) => {
      expect((await engine.indexing.health()).contradictions.length).toBe(1);
      const trip = await engine.search("Porto trip in May", { recall: false, limit: 2 });
      expect(trip.results.map((r) => r.path)).toEqual(["memory/2027-03-12.md", "memory/2027-03-05.md"]);
      const passport = await engine.search("when does the passport expire", { recall: false, limit: 2 });
      expect(passport.results.map((r) => r.path).sort()).toEqual(["MEMORY.md", "memory/2027-03-12.md"]);
      expect(passport.results.every((r) => r.contradicts !== undefined)).toBe(true);
    });
  });
});

describe("clash guards", () => {
  it("keeps apart another one of the kind, another thing that expires, and a house number nobody holds", () => {
    expect(clashes(["Van: white Transit, reg KP19 XTR.", "hire van reg KP91 XTR for the move, £80 a day"])).toEqual([]);
    expect(clashes(["car insurance expires January 2030.", "home insurance expires March 2030."])).toEqual([]);
    expect(clashes(["parcel left at 24 Elm Grove by mistake", "parcel picked up from 26 Elm Grove"])).toEqual([]);
    // The same kind of thing, its holder said on one side: a clash.
    expect(clashes(["car insurance expires January 2030.", "the car insurance is valid until June 2030."])).toEqual([["contradiction", 0, 1]]);
  });
});

describe("clashes found by the third reading of the second changes set", () => {
  it("a renewal of something nobody is named for between the two does not hide a clash of the person's own value", () => {
    const lines = ["- Our anniversary: 2 Sept.", "- renewed the car insurance with Aviva, £540", "- our anniversary's 12 September, need to book somewhere"];
    expect(clashes(lines)).toEqual([["contradiction", 0, 2]]);
    // Said of the slot itself, a change between still explains the two.
    expect(clashes(["- Our anniversary: 2 Sept.", "- turns out our anniversary is later than I had written", "- our anniversary's 12 September"])).toEqual([]);
  });

  it("a day said with 'the' after the cue is read", () => {
    expect(read("Tom's birthday's the 3rd of May, party in the park")).toEqual(["birthday:05-03"]);
  });

  it("the home's wifi password given two values is a clash; another's network, or one said changed, is not", () => {
    expect(read("the wifi password is Maple77, on the router")).toEqual(["wifi password:Maple77"]);
    expect(clashes(["- Wifi password: Maple77", "- wifi password is Maple71, stuck it on the fridge for the sitter"])).toEqual([["contradiction", 0, 1]]);
    expect(clashes(["- Wifi password: Maple77", "- mum's wifi password is Tulip39, for when we visit"])).toEqual([]);
    expect(clashes(["- Wifi password: Maple77", "- changed the wifi password to Maple71 after the sitter left"])).toEqual([]);
  });
});

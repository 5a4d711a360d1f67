import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { extractStatements } from "../../src/indexer/statements.js";
import { placeNow, placesOf, withPlaces } from "../../src/indexer/places.js";
import { derivedLinksOf } from "../helpers/derived-links.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

// Where a thing is, said anew. A party moved to another place, its day and time kept: the note
// naming the new place is the current one for "where" and for "when", and the old one is marked
// as replaced by it. A thing that meets somewhere else "now": its record replaced.

let ws = "";
afterEach(() => cleanup(ws));

const NOW = Date.parse("2026-12-05T09:00:00Z");

async function withNotes(files: Record<string, string>, mode: "keyword" | "hybrid", check: (engine: Engine) => Promise<void>): Promise<void> {
  ws = tempDir();
  const embed = mode === "hybrid" ? { embed: { provider: "use-lite" } } : {};
  write(ws, "agent.config.json", JSON.stringify({ ...embed, search: { mode, dates: { timeZone: "UTC" } } }));
  for (const [rel, text] of Object.entries(files)) write(ws, rel, text);
  const engine = await Engine.load({ workspace: ws, now: () => NOW });
  try {
    engine.indexing.index();
    if (mode === "hybrid") await engine.indexing.embed();
    await check(engine);
  } finally {
    await engine.close();
  }
}

const NOTES = {
  "USER.md": "# About me\n\n- Leah Price. My mum is Carol.\n",
  "memory/2026-11-20.md": "# 20 Nov\n\n- Carol's 60th: party at the Magpie Café, Sat 12 Dec 7pm.\n- Need to order the cake by 5 Dec.\n",
  "memory/2026-11-27.md": "# 27 Nov\n\n- Carol's party moved to the Fisherman's Arms. Still Sat 12 Dec 7pm.\n",
};

describe("placesOf: the places a sentence names and the one a thing moved to", () => {
  it("reads a venue after at/to, and a move said by 'moved to', 'now at' or 'instead'", () => {
    expect(placesOf("Carol's 60th: party at the Magpie Café, Sat 12 Dec 7pm.")).toEqual({ places: ["magpi", "café"], movedTo: [] });
    expect(placesOf("Carol's party moved to the Fisherman's Arms.").movedTo).toEqual(["fisherman", "arm"]);
    expect(placesOf("Book club is now at the Old Bell.").movedTo).toEqual(["bell"]);
    expect(placesOf("Quiz night at the Red Lion instead.").movedTo).toEqual(["red", "lion"]);
  });

  it("takes no month, weekday or season for a place", () => {
    expect(placesOf("Moved to Tuesday, back in March.")).toEqual({ places: [], movedTo: [] });
    expect(placesOf("Parents' evening moved to Thursday 4 Dec at 6pm.").movedTo).toEqual([]);
  });

  it("leaves a statement that names no place as it was", () => {
    const [st] = extractStatements("- Dentist on Tue 3 Dec at 9am.");
    expect(withPlaces(st!)).toBe(st);
  });
});

describe("a party moved to another venue", () => {
  it("links the old note to the new one, and puts the new one first for where and when", async () => {
    await withNotes(NOTES, "keyword", async (engine) => {
      for (const q of ["where is Carol's party", "when is Carol's party"]) {
        const res = await engine.search(q, { recall: false });
        expect(res.results[0]?.path).toBe("memory/2026-11-27.md");
        expect(res.results.find((r) => r.path === "memory/2026-11-20.md")?.supersededBy?.path).toBe("memory/2026-11-27.md");
      }
    });
  });

  it("does not link a place named for another thing", async () => {
    const notes = {
      "memory/2026-11-20.md": "# 20 Nov\n\n- Book club at the Magpie Café, Thu 3 Dec 7pm.\n",
      "memory/2026-11-27.md": "# 27 Nov\n\n- Carol's party moved to the Fisherman's Arms, Sat 12 Dec 7pm.\n",
    };
    await withNotes(notes, "keyword", async (engine) => {
      const res = await engine.search("book club Magpie Café", { recall: false });
      expect(res.results.find((r) => r.path === "memory/2026-11-20.md")?.supersededBy).toBeUndefined();
    });
  });

  it("answers a question in other words with the new venue first (hybrid)", async () => {
    await withNotes(NOTES, "hybrid", async (engine) => {
      for (const q of ["where is my mum Carol having her party", "when is Carol's 60th"]) {
        const res = await engine.search(q, { recall: false });
        const at = (p: string) => res.results.findIndex((r) => r.path === p);
        expect(at("memory/2026-11-27.md")).toBeGreaterThanOrEqual(0);
        expect(at("memory/2026-11-27.md")).toBeLessThan(at("memory/2026-11-20.md") < 0 ? Infinity : at("memory/2026-11-20.md"));
      }
    });
  }, 120_000);
});

/** A month of other notes after the lines, none holding a value: how rare a word is, as in a real workspace. */
const TOPICS = "canal towpath, allotment shed, choir rehearsal, library books, bathroom tiles, garden hedge, cousin's wedding, bike puncture, kitchen drawer, piano tuner, attic boxes, compost heap, window cleaner, charity shop, running club, quiz night, bread maker, car wash, dentist leaflet, seed catalogue, jigsaw puzzle, bird feeder, recycling bins, sewing machine, paint samples, holiday photos, swimming pool, pottery class, birthday cards, laptop charger".split(", ");
const month = TOPICS.map((t) => `Spent the evening sorting out the ${t} with Sam.`);
const linksOf = (lines: string[], kind: "update" | "contradiction") => derivedLinksOf([...lines, ...month], kind);

describe("a thing that meets somewhere else now", () => {
  it("reads the thing and the place said with 'now'", () => {
    expect(placeNow("- book club meets at the Crown Inn now, the Red Lion shut")).toEqual({ thing: ["book", "club"], place: ["crown", "inn"] });
    expect(placeNow("- book club meets at the Crown Inn")).toBeUndefined();
    expect(placeNow("- club meets at the Crown now")).toBeUndefined();
  });

  it("replaces the record kept under the thing's name", () => {
    expect(linksOf(["- Book club: the Red Lion, room 2, first Tuesday.", "- book club meets at the Crown Inn now, the Red Lion shut"], "update")).toEqual([[0, 1]]);
  });

  it("another thing's record, or one already naming the place, stays", () => {
    expect(linksOf(["- Chess club: the Red Lion, room 2, first Tuesday.", "- book club meets at the Crown Inn now, the Red Lion shut"], "update")).toEqual([]);
    expect(linksOf(["- Book club: the Crown Inn, room 2, first Tuesday.", "- book club meets at the Crown Inn now, the Red Lion shut"], "update")).toEqual([]);
  });
});

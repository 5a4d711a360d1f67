import { describe, expect, it } from "vitest";
import { headElsewhere, possessivesIn, verbSubjectsIn } from "../../src/search/pipeline/half-compound.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

const none: ReadonlySet<string> = new Set();
const all: ReadonlySet<string> = new Set(["fiesta", "service", "dentist", "appointment", "mrs", "k", "maya", "birthday", "cost"]);

describe("headElsewhere: the modifier of a compound held without its head", () => {
  const fiestaService = [{ modifier: "fiesta", head: "service" }];

  it("the modifier alone, the head written in another note: another thing", () => {
    expect(headElsewhere(["fiesta"], { compounds: fiestaService, absent: none, owners: none, distinctive: all })).toBe(true);
    expect(headElsewhere(["fiesta", "service"], { compounds: fiestaService, absent: none, owners: none, distinctive: all })).toBe(false);
    // Another of the question's words held: the result is on its matter and may say the head otherwise.
    expect(headElsewhere(["fiesta", "cost"], { compounds: fiestaService, absent: none, owners: none, distinctive: all })).toBe(false);
    // The head without the modifier is the other compound test's business (other-compound.ts).
    expect(headElsewhere(["service"], { compounds: fiestaService, absent: none, owners: none, distinctive: all })).toBe(false);
  });

  it("a head no note has, an occasion, an initial or an owner's thing says nothing", () => {
    expect(headElsewhere(["fiesta"], { compounds: fiestaService, absent: new Set(["service"]), owners: none, distinctive: all })).toBe(false);
    expect(headElsewhere(["dentist"], { compounds: [{ modifier: "dentist", head: "appointment" }], absent: none, owners: none, distinctive: all })).toBe(false);
    expect(headElsewhere(["mrs"], { compounds: [{ modifier: "mrs", head: "k" }], absent: none, owners: none, distinctive: all })).toBe(false);
    expect(headElsewhere(["maya"], { compounds: [{ modifier: "maya", head: "birthday" }], absent: none, owners: new Set(["maya"]), distinctive: all })).toBe(false);
  });

  it("the subject of the question's verb is no modifier: 'what does alice drink'", () => {
    expect([...verbSubjectsIn("what does alice drink")]).toEqual(["alice"]);
  });

  it("possessives as written, whatever the apostrophe", () => {
    expect([...possessivesIn("whens Maya's birthday and dad’s op")]).toEqual(["maya", "dad"]);
    expect(possessivesIn("whats the fiesta service").size).toBe(0);
  });
});

const NOTES: Record<string, string> = {
  "memory/2031-07-01.md": "# Tue\n\npicked up the Fiesta from the garage, new clutch cable £140. runs sweet\n",
  "memory/2031-07-02.md": "# Wed\n\nboiler service done, £90, engineer says fine for another year\n",
  "memory/2031-07-03.md": "# Thu\n\nMaya born 3 June 2019, she wants a scooter this year\n",
  "memory/2031-07-04.md": "# Fri\n\nTom birthday drinks at the Crown, good night\n",
  "memory/2031-07-05.md": "# Sat\n\nswimming with Joe at the leisure centre, Tues 5pm from next week\n",
  "memory/2031-07-06.md": "# Sun\n\npiano lesson moved to Fri 4pm\n",
};

describe("search: a compound of the question held by half is no evidence", () => {
  const workspace = indexedWorkspaces("agent-half-compound-");

  it("how much was the fiesta service: nothing, though the Fiesta's repair and a boiler service are written", async () => {
    const w = workspace(NOTES);
    expect((await w.search("how much was the fiesta service")).results).toEqual([]);
  });

  it("an owner's thing and an occasion are still found in the owner's or the occasion's own words", async () => {
    const w = workspace(NOTES);
    expect((await w.search("whens Maya's birthday")).results[0]?.path).toBe("memory/2031-07-03.md");
    expect((await w.search("when is the swimming lesson")).results[0]?.path).toBe("memory/2031-07-05.md");
    // "tom" is the subject of "drink" here, no modifier of it; the drinks are written elsewhere.
    expect((await w.search("what does tom drink")).results.map((r) => r.path)).toContain("memory/2031-07-04.md");
  });
});

describe("search: keywords typed side by side are no compound", () => {
  const workspace = indexedWorkspaces("agent-half-compound-keywords-");

  it("fiesta service typed as keywords still finds the Fiesta's note", async () => {
    const w = workspace(NOTES);
    expect((await w.search("fiesta service")).results.map((r) => r.path)).toContain("memory/2031-07-01.md");
  });
});

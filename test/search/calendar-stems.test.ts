import { describe, expect, it } from "vitest";
import { calendarCollisions, withoutShortFormMatches, writesStemInFull } from "../../src/search/pipeline/calendar-stems.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("calendarCollisions: a query word whose stem is a weekday's or month's short form", () => {
  it("'wedding' and 'fries' collide; the short forms themselves and other words do not", () => {
    const c = calendarCollisions([{ term: "wedding" }, { term: "fries" }, { term: "wed" }, { term: "cake" }, { term: "sunday" }]);
    expect([...c.keys()]).toEqual(["wedding", "fries"]);
    expect(c.get("wedding")!.stem).toBe("wed");
    expect(c.get("fries")!.stem).toBe("fri");
  });

  it("a term's other forms are kept, so a chunk writing one of them still matches", () => {
    const c = calendarCollisions([{ term: "wedding", forms: [{ term: "wedding" }, { term: "marry" }] }]).get("wedding")!;
    expect(c.others).toEqual(["marri"]);
    expect(writesStemInFull("Niamh is getting married in August.", c)).toBe(true);
  });
});

describe("writesStemInFull", () => {
  const wed = { stem: "wed", others: [] };
  it("a word of the stem written in full counts; the short form alone does not", () => {
    expect(writesStemInFull("Creche Mon/Wed/Fri. Weds 8 Mar: dentist.", wed)).toBe(false);
    expect(writesStemInFull("The wedding is in Kinsale.", wed)).toBe(true);
    expect(writesStemInFull("They wedded in June.", wed)).toBe(true);
  });

  it("withoutShortFormMatches drops only the colliding term", () => {
    const c = calendarCollisions([{ term: "wedding" }, { term: "creche" }]);
    expect([...withoutShortFormMatches(new Set(["wedding", "creche"]), "Creche Mon/Wed/Fri.", c)]).toEqual(["creche"]);
  });
});

describe("through a real index", () => {
  const workspace = indexedWorkspaces("agent-calendar-");
  const files = {
    "MEMORY.md": "# Memory\n\n- Son goes to the creche Mon/Wed/Fri.\n- Partner works for the council.\n- Allergic to kiwi.\n",
    "memory/2026-11-18.md": "# Wed 18 Nov\n\nLong day. Dinner with Anna, she got the job.\n",
  };

  it("a question about a wedding the notes never mention is empty, not the schedule that says Wed", async () => {
    const res = await workspace(files).search("when is the wedding");
    expect(res.results).toEqual([]);
  });

  it("a note about the wedding still matches it", async () => {
    const res = await workspace({ ...files, "memory/2026-11-19.md": "# 2026-11-19\n\nThe wedding is on 14 August in Kinsale.\n" }).search("when is the wedding");
    expect(res.results[0]!.path).toBe("memory/2026-11-19.md");
    expect(res.results.map((r) => r.path)).not.toContain("MEMORY.md");
  });
});

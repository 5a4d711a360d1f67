import { describe, expect, it } from "vitest";
import { apartInList, compoundApartInList } from "../../src/search/pipeline/list-apart.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

const forms = (t: string): string[] => (t === "anniversary" ? ["anniversary", "anniv"] : t === "wedding" ? ["wedding", "marry"] : [t]);
const priya = { modifier: "priya", head: "anniversary" };

describe("apartInList: the two words of a compound in separate items of one list", () => {
  it("a name in one bullet and the head in a sibling bullet (by a short form too) are apart", () => {
    expect(apartInList("# Memory\n\n- Neighbours: Priya at 12, Colin opposite\n- Mum + Dad: anniv 9 June\n", priya, forms)).toBe(true);
    expect(apartInList("1. Priya at 12\n2. Mum and Dad's anniversary 9 June\n", priya, forms)).toBe(true);
  });

  it("one item holding both, a heading or an item ending in ':' above the other, or another depth is one fact told over lines", () => {
    expect(apartInList("- Priya's anniversary 3 May\n- Colin opposite\n", priya, forms)).toBe(false);
    expect(apartInList("## Priya\n- anniversary 3 May\n", priya, forms)).toBe(false);
    expect(apartInList("- Priya:\n- anniversary 3 May\n", priya, forms)).toBe(false);
    expect(apartInList("- Priya at 12\n  - anniversary 3 May\n", priya, forms)).toBe(false);
    expect(apartInList("Priya came round. Mum's anniversary soon.\n", priya, forms)).toBe(false);
  });

  it("a word the index matched by its stem only ('dads' typed, 'dad' written) is not found apart: one item holding the other word is no two facts", () => {
    const dads = { modifier: "dads", head: "carer" };
    expect(apartInList("# 24 Nov\n- new carer at 7:30 for dad mornings from monday\n", dads, forms)).toBe(false);
    expect(apartInList("- carer booked\n- the boiler man came\n", dads, forms)).toBe(false);
  });

  it("a form the matcher used counts as the word: 'married' is the wedding", () => {
    expect(apartInList("- Sister Niamh is getting married 14 August\n- Niamh's friends: hen do\n", { modifier: "niamh", head: "wedding" }, forms)).toBe(false);
  });
});

describe("compoundApartInList: only when the result holds nothing more of the question", () => {
  const text = "- Neighbours: Priya at 12\n- Mum + Dad: anniv 9 June, dinner at the Swan\n";
  it("the compound's two words alone are two facts; a third distinctive word held is more of the question", () => {
    expect(compoundApartInList(["priya", "anniversary"], ["priya", "anniversary"], text, [priya], forms)).toBe(true);
    expect(compoundApartInList(["priya", "anniversary", "swan"], ["priya", "anniversary", "swan"], text, [priya], forms)).toBe(false);
    expect(compoundApartInList(["anniversary"], ["priya", "anniversary"], text, [priya], forms)).toBe(false);
  });
});

const NOTES: Record<string, string> = {
  "MEMORY.md": "# Memory\n\n- Neighbours: Priya at no 12 (has our spare key), Colin opposite\n- Mum + Dad: anniversary 9 June, always the Swan\n- Allotment plot 14, rent due Oct\n- Bins: green wk 1, black wk 2\n",
  "memory/2026-11-02.md": "# Monday\n\nDug over the top bed at the allotment. Leeks still fine.\n",
  "memory/2026-11-04.md": "# Wednesday\n\nPriya popped round with a casserole, her knee is better.\n",
  "memory/2026-11-06.md": "# Friday\n\nBooked the Swan for Mum and Dad, table for 4.\n",
  "memory/2026-11-09.md": "# Monday\n\nColin's hedge is over our side again.\n",
  "memory/2026-11-12.md": "# Thursday\n\nSeed catalogue came. Want the purple sprouting broccoli.\n",
};

describe("the floor: a compound's words in two separate bullets are no evidence", () => {
  const workspace = indexedWorkspaces("agent-list-apart-");

  it("never-written: Priya's anniversary is not Mum and Dad's, two bullets apart", async () => {
    const w = workspace(NOTES);
    const res = await w.search("when is priyas anniversary");
    expect([res.results.map((r) => r.path), res.explain!.floor.candidates > 0]).toEqual([[], true]);
  });

  it("answerable: a possessive typed bare that the notes write shorter ('dads' for 'dad') in one bullet with the thing", async () => {
    const w = workspace({ ...NOTES, "memory/2026-11-24.md": "# 24 Nov\n- new carer at 7:30 for dad mornings from monday\n" });
    expect((await w.search("what time does dads carer come")).results[0]?.path).toBe("memory/2026-11-24.md");
  });

  it("answerable: the anniversary asked without the other name, or Priya asked about her own bullet, still finds it", async () => {
    const w = workspace(NOTES);
    expect((await w.search("when is mum and dads anniversary")).results[0]?.path).toBe("MEMORY.md");
    expect((await w.search("who has our spare key")).results[0]?.path).toBe("MEMORY.md");
    expect((await w.search("when is the anniversary")).results[0]?.path).toBe("MEMORY.md");
  });

  it("keywords typed side by side are no question's compound: both bullets are what was asked for", async () => {
    const w = workspace(NOTES);
    expect((await w.search("priya anniversary")).results[0]?.path).toBe("MEMORY.md");
  });
});

import { describe, expect, it } from "vitest";
import { textForms, wordForms } from "../../src/search/query/forms.js";
import { parseQuery } from "../../src/search/query/query.js";
import { spellingVariants } from "../../src/search/query/spellings.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("words written more than one way", () => {
  it("each word of a group stands for all of them; other words for themselves", async () => {
    expect(spellingVariants("favorite")).toEqual(["favorite", "favourite", "fave", "fav"]);
    expect(spellingVariants("fave")).toEqual(["fave", "favorite", "favourite", "fav"]);
    expect(spellingVariants("tumour")).toEqual(["tumour", "tumor"]);
    expect(spellingVariants("organize")).toEqual(["organize", "organise"]);
    // Synonyms are not variants, and a clipping that is more often another word is left out.
    expect(spellingVariants("children")).toEqual(["children"]);
    expect(spellingVariants("ad")).toEqual(["ad"]);
    expect(spellingVariants("lab")).toEqual(["lab"]);
    // The short forms people jot in their own notes.
    expect(spellingVariants("hour")).toEqual(["hour", "hr"]);
    expect(spellingVariants("appointment")).toEqual(["appointment", "appt"]);
    expect(spellingVariants("tomorrow")).toEqual(["tomorrow", "tmrw", "tmw"]);
    // "min" is as often a minimum ("min 45 min visit"): only the plural is listed.
    expect(spellingVariants("minute")).toEqual(["minute"]);
  });

  it("an irregular verb keeps its forms; text matching leaves short forms to the index", async () => {
    expect(wordForms("go")).toEqual(["go", "went", "gone"]);
    expect(wordForms("biz")).toEqual(["biz", "business"]);
    expect(textForms("favorite")).toEqual(["favorite", "favourite", "fave"]);
    // The query's own word stays, however short.
    expect(textForms("fav")).toEqual(["fav", "favorite", "favourite", "fave"]);
  });

  it("the query searches every spelling as one term", async () => {
    const q = parseQuery("What is Gina's favorite style of dance?");
    expect(q.terms).toEqual(["gina", "favorite", "style", "dance"]);
    expect(q.ftsOf("favorite")).toBe('("favorite" OR "favourite" OR "fave" OR "fav")');
    expect(q.formsOf("favorite")).toEqual(["favorite", "favourite", "fave", "fav"]);
  });
});

describe("through a real index", () => {
  const indexedWorkspace = indexedWorkspaces("agent-spellings-");

  it("'favorite' finds the note that says 'fave', and 'tumor' the one that says 'tumour'", async () => {
    const w = indexedWorkspace({
      "memory/2026-11-10.md": "# 2026-11-10\n\nThe dance studio opens at nine; the dance classes are full, dance dance dance.\n",
      "memory/2026-11-12.md": "# 2026-11-12\n\nContemporary dance is my fave, so expressive.\n",
      "notes/paper.md": "# Paper\n\nThe tumour shrank after the second dose.\n",
    });
    const res = await w.search("what is my favorite dance");
    expect(res.results[0]!.path).toBe("memory/2026-11-12.md");
    expect(res.results[0]!.explain!.matched).toEqual(["favorite", "dance"]);
    expect(res.explain!.floor.terms.find((t) => t.term === "favorite")).toMatchObject({ df: 1, forms: ["favourite", "fave", "fav"] });
    // The snippet shows the line with the note's own spelling.
    expect(res.results[0]!.snippet).toContain("fave");
    expect((await w.search("tumor")).results.map((r) => r.path)).toEqual(["notes/paper.md"]);
    // The British spelling finds the clipping too.
    expect((await w.search("favourite")).results.map((r) => r.path)).toEqual(["memory/2026-11-12.md"]);
  });

  it("a question in full words finds the note that jots them short: 'an hour' is '£24.50 an hr'", async () => {
    const w = indexedWorkspace({
      "memory/2030-06-03.md": "# mon 3 june\n\n- need to sort carers properly, cant do 4 visits a day + work\n",
      "memory/2030-06-05.md": "# wed 5 jun\n\nrang Crossroads about carers. they can do mornings + teatime, £24.50 an hr, min 45 min visit.\n",
      "memory/2030-06-10.md": "# Mon 10th\n\nCarers started today. Bethan does mornings, mum likes her.\n",
      "memory/2030-06-12.md": "# wed 12\n\nbike shop busy, two wheel builds and a brompton hub\n",
      "memory/2030-06-14.md": "# fri 14\n\nlong ride out to Cowbridge, legs dead\n",
    });
    const res = await w.search("how much do the carers charge an hour");
    expect(res.results[0]?.path).toBe("memory/2030-06-05.md");
    expect(res.results[0]!.explain!.matched).toContain("hour");
  });
});

import { describe, expect, it } from "vitest";
import type { Engine } from "../../src/index.js";
import { queryStems } from "../../src/search/pipeline/newer-twin.js";
import { asksSlot } from "../../src/search/pipeline/slot-lookup.js";
import { twinSlot } from "../../src/search/pipeline/twin-values.js";
import { keywordEngines } from "../helpers/keyword-engine.js";
import { said } from "../helpers/said.js";


const ask = (q: string, idf: Record<string, number> = {}) =>
  queryStems(
    q
      .toLowerCase()
      .split(/[^a-z0-9-]+/)
      .filter((w) => w.length >= 3 && !["how", "many", "are", "the", "what", "for", "does", "did", "when", "have", "and"].includes(w))
      .map((term) => ({ term, idf: idf[term] ?? 2 })),
  );

const opts = { minSharedQuery: 0.3 };

describe("asksSlot: a statement giving the slot the query asks about a value", () => {
  it("reads the value's own slot words: what it counts and the words next to it", () => {
    expect(asksSlot(said("Added more reading: 52 sources in Zotero now."), ask("How many sources are in my Zotero library?"), opts)).toEqual(expect.arrayContaining(["sourc", "zotero"]));
  });

  it("needs two of the query's words at the value, not one generic word", () => {
    // "budget" is next to the value, but what the budget is of is not what is asked.
    expect(asksSlot(said("The budget for the new laptops is $6,000."), ask("What is the budget for the Lisbon offsite?"), opts)).toBeNull();
  });

  it("needs the query's words at the value, not anywhere in the sentence", () => {
    // Zotero and sources are said, but the value counts pages of a chapter.
    expect(asksSlot(said("Zotero sources sorted on Monday, and then I wrote 12 pages of chapter two."), ask("How many sources are in my Zotero library?"), opts)).toBeNull();
  });

  it("needs the sentence to carry a share of the query's weight", () => {
    const query = ask("How many sources are in my Zotero library for the county archive history essay?", { sources: 0.1, zotero: 0.1 });
    expect(asksSlot(said("I've got 52 sources in Zotero."), query, opts)).toBeNull();
  });
});

describe("twinSlot: two counts whose units the query names both", () => {
  it("counts the same people said two ways (women, mentees) as one slot", () => {
    const older = said("I feel really proud of mentoring those 5 women in Caribbean media, and I highlighted their success stories in my portfolio.");
    const newer = said("I'm updating my portfolio and I noticed the number of mentees I've worked with has increased to 7.");
    const query = ask("How many women have I highlighted as mentees in my portfolio to showcase my mentoring efforts in Caribbean media?", { women: 4, mentees: 4, showcase: 4, caribbean: 1, media: 1 });
    expect(twinSlot(older, newer, query)).toEqual(expect.arrayContaining(["women", "mente"]));
  });

  it("keeps counts of two things apart when the query names only one", () => {
    const older = said("I feel really proud of mentoring those 5 women in Caribbean media.");
    const newer = said("I'm mentoring in Caribbean media and I have 7 interns now.");
    expect(twinSlot(older, newer, ask("How many women am I mentoring in Caribbean media?"))).toBeNull();
  });
});

// The Zotero count said on the 5th, changed on the 19th; "now" is the 21st. Thirty notes
// about the history essay's library say more of the query's words without a count, so with
// a small pool (limit 3, candidateMultiplier 1: a first pass of 26 chunks) the replacement,
// which says three of the query's five words in a long line, is no keyword candidate.
describe("the statement lookup by slot", () => {
  const open = keywordEngines();
  const files: Record<string, string> = {
    "memory/2026-11-05.md": "# 2026-11-05\n\n- I've got 45 sources in my Zotero library for the history essay: the Zotero library of sources for the history essay.\n",
    "memory/2026-11-19.md": "# 2026-11-19\n\n- Added more reading after the seminar with Professor Alvarez, a long afternoon at the county records office and the cafe next door, then a stack of photocopies to scan over the weekend and file properly: 52 sources in the Zotero library now.\n",
    "memory/2026-11-12.md": "# 2026-11-12\n\n- Lunch with Dana at the noodle place, talked about her new bike.\n",
  };
  for (let d = 1; d <= 30; d++) {
    const day = `2026-10-${String(d).padStart(2, "0")}`;
    files[`memory/${day}.md`] = `# ${day}\n\n- Zotero library session for the history essay: sources tagged by theme, the library synced, essay outline ${d}b checked.\n`;
  }

  const search = async (e: Engine) => (await e.search("How many sources are in my Zotero library for the history essay?", { limit: 3 })).results.map((r) => r.path);

  it("brings the replacement in, right above the value it replaces, though the pool left it out", async () => {
    const e = open(files, { search: { candidateMultiplier: 1 } });
    const paths = await search(e);
    expect(paths).toContain("memory/2026-11-05.md");
    expect(paths).toContain("memory/2026-11-19.md");
    expect(paths.indexOf("memory/2026-11-19.md")).toBe(paths.indexOf("memory/2026-11-05.md") - 1);
    // Asked again, the pairs of words read the first time answer: the same results.
    expect(await search(e)).toEqual(paths);
  });

  it("shows a group session nothing private: looked-up statements pass the search's privacy scope in SQL like every candidate", async () => {
    const e = open({ ...files, "notes/reading.md": "# Reading\n\nHow to keep sources in a Zotero library for an essay on history.\n" }, { search: { candidateMultiplier: 1 } });
    const res = await e.search("How many sources are in my Zotero library for the history essay?", { limit: 3, session: "group" });
    expect(res.results.map((r) => r.path)).toEqual(["notes/reading.md"]);
  });

  it("adds nothing with the twins off (search.twins.enabled false): the pool is all there is", async () => {
    const paths = await search(open(files, { search: { candidateMultiplier: 1, twins: { enabled: false } } }));
    expect(paths).not.toContain("memory/2026-11-19.md");
  });

  it("shows no looked-up statement that replaces nothing shown", async () => {
    const e = open(files, { search: { candidateMultiplier: 1 } });
    const paths = (await e.search("What did Dana talk about at the noodle place?", { limit: 3 })).results.map((r) => r.path);
    expect(paths).not.toContain("memory/2026-11-19.md");
  });
});

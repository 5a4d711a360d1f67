import { describe, expect, it } from "vitest";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("search: two question words the notes write as one word search that word too", () => {
  const workspace = indexedWorkspaces("agent-joined-words-");
  const NOTES: Record<string, string> = {
    "memory/2026-11-16.md": "# Mon\n\nElla's homework: spelling list + times tables, hand in Friday\n",
    "memory/2026-11-17.md": "# Tue\n\nthe work laptop died twice, lost the whole morning\n",
    "memory/2026-11-18.md": "# Wed\n\nhome late, drinks for Sue's leaving do\n",
  };

  it("what was the home work: the note writing homework first, above the notes of home and of work", async () => {
    const w = workspace(NOTES);
    const res = await w.search("what was the home work");
    expect(res.results[0]?.path).toBe("memory/2026-11-16.md");
    expect(res.explain?.floor.terms.find((t) => t.term === "home")?.forms).toContain("homework");
  });

  it("two words no note writes joined stay two words", async () => {
    const w = workspace(NOTES);
    const res = await w.search("when did the work laptop die");
    expect(res.explain?.floor.terms.find((t) => t.term === "work")?.forms ?? []).not.toContain("worklaptop");
    expect(res.results[0]?.path).toBe("memory/2026-11-17.md");
  });
});

describe("search: a name the notes shorten in brackets also searches the short name", () => {
  const workspace = indexedWorkspaces("agent-nicknames-");
  const NOTES: Record<string, string> = {
    "MEMORY.md": "# Memory\n\n- Gran: Margaret (Mags), Whitby. Neighbour Pat has a key\n- Dad (Tony) in Cardiff\n",
    "memory/2026-11-16.md": "# Mon\n\nMags rang - her hospital appt moved to Thu 3 Dec, 10.40 at the Friarage\n",
    "memory/2026-11-17.md": "# Tue\n\nhospital car park full again, late for everything\n",
    "memory/2026-11-19.md": "# Thu\n\nMags paid for the taxi to Whitby, I owe her £20\n",
    "memory/2026-11-20.md": "# Fri\n\nwindow cleaner came, owe him £15 till payday\n",
    "memory/2026-11-18.md": "# Wed\n\nTony from the garage rang, brakes need doing, £180\n",
  };

  it("how much do i owe margaret: the note saying Mags, though it never writes Margaret, above the other debt", async () => {
    const w = workspace(NOTES);
    const res = await w.search("how much do i owe margaret");
    expect(res.results[0]?.path).toBe("memory/2026-11-19.md");
  });

  it("when is margarets hospital appointment: the note saying Mags", async () => {
    const w = workspace(NOTES);
    expect((await w.search("when is margarets hospital appointment")).results[0]?.path).toBe("memory/2026-11-16.md");
  });

  it("a bracket holding another name is no short form: dad does not search tony", async () => {
    const w = workspace(NOTES);
    const res = await w.search("what did dad say about the brakes");
    expect(res.explain?.floor.terms.find((t) => t.term === "dad")?.forms ?? []).not.toContain("tony");
  });
});

describe("search: an ordinal of the question also searches the numbered phrase the notes write", () => {
  const workspace = indexedWorkspaces("agent-ordinal-forms-");
  const NOTES: Record<string, string> = {
    "memory/2026-11-10.md": "# Tue\n\nswimming lesson 1 - Ada cried the whole time\n",
    "memory/2026-11-17.md": "# Tue\n\nlesson 2 at the leisure centre: Ada put her face in the water!!\n",
    "memory/2026-11-18.md": "# Wed\n\nbooked a driving lesson for Sat, theory test next month\n",
  };

  it("how did the second lesson go: the note of lesson 2, above the lessons before and after it", async () => {
    const w = workspace(NOTES);
    expect((await w.search("how did the second lesson go")).results[0]?.path).toBe("memory/2026-11-17.md");
  });

  it("an ordinal whose numbered phrase no note writes searches only itself", async () => {
    const w = workspace(NOTES);
    const res = await w.search("how did the third lesson go");
    expect(res.explain?.floor.terms.find((t) => t.term === "third")?.forms).toBeUndefined();
  });
});

describe("search: a title's initial in the question also searches the full name the notes write after that title", () => {
  const workspace = indexedWorkspaces("agent-initials-");
  const NOTES: Record<string, string> = {
    "memory/2026-11-16.md": "# Mon\n\nappraisal w/ Mr Whitfield - he says the promotion case is strong, apply in Jan\n",
    "memory/2026-11-17.md": "# Tue\n\nMr W says the car park shuts at 6 from next week\n",
    "memory/2026-11-18.md": "# Wed\n\nMrs Walsh next door says the bins go out Thursday now\n",
  };

  it("what did mr w say about the promotion: the appraisal with Mr Whitfield, above Mr W on the car park", async () => {
    const w = workspace(NOTES);
    const res = await w.search("what did mr w say about the promotion");
    expect(res.results[0]?.path).toBe("memory/2026-11-16.md");
    // Another title before a W-name is another person: Mrs Walsh is no "mr w".
    expect(res.explain?.floor.terms.find((t) => t.term === "w")?.forms).toEqual(["whitfield"]);
  });
});

describe("search: short names are read from the private profile only for a search that may read it", () => {
  const workspace = indexedWorkspaces("agent-nicknames-scope-");

  it("a group session's search does not learn Han from MEMORY.md", async () => {
    const w = workspace({ "MEMORY.md": "# Memory\n\n- Flatmate Hannah (Han), nurse\n", "memory/2026-11-16.md": "# Mon\n\nHan paid the gas, owe her £30\n" });
    const main = await w.search("how much do i owe hannah");
    expect(main.explain?.floor.terms.find((t) => t.term === "hannah")?.forms).toEqual(["han"]);
    const group = await w.search("how much do i owe hannah", { session: "group" });
    expect(group.explain?.floor.terms.find((t) => t.term === "hannah")?.forms).toBeUndefined();
  });
});

describe("search: a question word typed with a sibilant's -es also searches its base the notes write", () => {
  const workspace = indexedWorkspaces("agent-sibilant-forms-");
  const NOTES: Record<string, string> = {
    "memory/2026-11-16.md": "# Mon\n\nOtis parents eve w Mrs Greenwood - reading great, times tables need work\n",
    "memory/2026-11-17.md": "# Tue\n\nparents of the whole class invited to the nativity, say yes by Fri\n",
    "memory/2026-11-18.md": "# Wed\n\nthe 590 bus was 40 mins late again, walked the last bit\n",
  };

  it("what did otises teacher say at parents evening: the note of Otis, though the stemmer takes otises and otis apart", async () => {
    const w = workspace(NOTES);
    const res = await w.search("what did otises teacher say at parents evening");
    expect(res.results[0]?.path).toBe("memory/2026-11-16.md");
    expect(res.explain?.floor.terms.find((t) => t.term === "otises")?.forms).toContain("otis");
  });

  it("the buses: the note of the bus", async () => {
    const w = workspace(NOTES);
    expect((await w.search("were the buses late")).results[0]?.path).toBe("memory/2026-11-18.md");
  });

  it("a word the notes write as it is typed is not widened", async () => {
    const w = workspace(NOTES);
    const res = await w.search("what about the classes");
    expect(res.explain?.floor.terms.find((t) => t.term === "classes")?.forms ?? []).not.toContain("class");
  });
});

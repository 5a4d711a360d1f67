import { describe, expect, it } from "vitest";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

const formsOf = (res: { explain?: { floor: { terms: { term: string; forms?: string[] }[] } } }, term: string): string[] =>
  res.explain?.floor.terms.find((t) => t.term === term)?.forms ?? [];

describe("search: a name the profile gives someone's relation is searched for that relation", () => {
  const workspace = indexedWorkspaces("agent-profile-names-");
  const NOTES: Record<string, string> = {
    "MEMORY.md": "# Memory\n\n- Leah's mum = Carol, in Bath. Leah's brother Sam helps out sometimes\n- Dad: Tony, Cardiff\n",
    "memory/2026-11-16.md": "# Mon\n\nCarol came round for tea, says the kitchen tiles are far too dark\n",
    "memory/2026-11-17.md": "# Tue\n\nLeah's sister says the kitchen tiles look great, wants the same\n",
    "memory/2026-11-18.md": "# Wed\n\nmum rang: she loves the kitchen photos, coming at Christmas\n",
  };

  it("what did leahs mum say about the kitchen: the note naming Carol, above Leah's sister and my mum", async () => {
    const w = workspace(NOTES);
    for (const q of ["what did leahs mum say about the kitchen", "what did leah's mum say about the kitchen"]) {
      const res = await w.search(q);
      expect(res.results[0]?.path, q).toBe("memory/2026-11-16.md");
      expect(formsOf(res, "mum"), q).toContain("carol");
    }
  });

  it("a relation the profile does not define learns nothing: leahs dad, or mum alone", async () => {
    const w = workspace(NOTES);
    expect(formsOf(await w.search("what did leahs dad say about the kitchen"), "leahs")).not.toContain("carol");
    expect(formsOf(await w.search("what did mum say about the kitchen"), "mum")).not.toContain("carol");
  });

  it("a group session's search does not learn the relation from MEMORY.md", async () => {
    const w = workspace(NOTES);
    const res = await w.search("what did leahs mum say about the kitchen", { session: "group" });
    expect(formsOf(res, "mum")).not.toContain("carol");
  });
});

describe("search: a capitalised kind the profile gives a name searches that name", () => {
  const workspace = indexedWorkspaces("agent-profile-kinds-");
  const NOTES: Record<string, string> = {
    "MEMORY.md": "# Memory\n\n- Car: the Octavia is a Skoda, grey estate\n- Hannah is a nurse on ward 14\n",
    "memory/2026-11-16.md": "# Mon\n\nOctavia MOT booked for Thu 3 Dec, 9am at the Kwik Fit on Abbey Rd\n",
    "memory/2026-11-17.md": "# Tue\n\ngarage says MOT prices go up in January, the new nurse at work moans about hers\n",
  };

  it("when is the skodas mot: the Octavia's MOT note first", async () => {
    const w = workspace(NOTES);
    const res = await w.search("when is the skodas mot");
    expect(res.results[0]?.path).toBe("memory/2026-11-16.md");
    expect(formsOf(res, "skodas")).toContain("octavia");
  });

  it("a kind written in lower case defines nothing: the new nurse is not Hannah", async () => {
    const w = workspace(NOTES);
    expect(formsOf(await w.search("what did the new nurse say"), "nurse")).not.toContain("hannah");
  });
});

describe("search: a role a profile line opens with searches the names it gives", () => {
  const workspace = indexedWorkspaces("agent-profile-roles-");
  const NOTES: Record<string, string> = {
    "MEMORY.md": "# Memory\n\n- Accountant: Bev Laing (Laing & Co). receipts to her by quarter end\n- Dad lives alone\n  - carers: Brightwater Care, 8am + 6pm\n- Name: Gemma Whitlock\n- Bins: Tuesday\n",
    "memory/2036-06-06.md": "# Fri\n\nBev call re VAT - says claim the VAT back on the tester\n",
    "memory/2036-06-07.md": "# Sat\n\nread up on VAT for landlords, the forum says register early\n",
    "memory/2036-06-08.md": "# Sun\n\nrang Brightwaters about adding a lunch visit - £28/hr\n",
  };

  it("what did the accountant say about the vat: the note naming Bev first", async () => {
    const w = workspace(NOTES);
    const res = await w.search("what did the accountant say about the vat");
    expect(res.results[0]?.path).toBe("memory/2036-06-06.md");
    expect(formsOf(res, "accountant")).toEqual(expect.arrayContaining(["bev", "laing"]));
  });

  it("a plural role answers the singular: the carer visit finds Brightwater", async () => {
    const w = workspace(NOTES);
    const res = await w.search("how much is the carer visit");
    expect(res.results.map((r) => r.path)).toContain("memory/2036-06-08.md");
    expect(formsOf(res, "carer")).toContain("brightwater");
  });

  it("a slot or a day is no role: the name is not the person's, a day is no name", async () => {
    const w = workspace(NOTES);
    expect(formsOf(await w.search("whats the name of the new nurse"), "name")).toEqual([]);
    expect(formsOf(await w.search("when are the bins collected"), "bins")).not.toContain("tuesday");
  });
});

describe("the floor: one word of three side by side, each written about something else, is no answer", () => {
  const workspace = indexedWorkspaces("agent-scattered-words-");
  const NOTES: Record<string, string> = {
    "MEMORY.md": "# Memory\n\n- Flat: 14 Cardigan Rd, with Hannah. Letting agent Parkside\n",
    "memory/2026-11-16.md": "# Mon\n\nlocker code changed!! new one is 3064\n",
    "memory/2026-11-17.md": "# Tue\n\nflat inspection Tue 29th 10am, Han will let them in\n",
    "memory/2026-11-19.md": "# Thu\n\nback door handle came off again, rang the landlord\n",
    "memory/2026-11-18.md": "# Wed\n\nbike shed code is 1987, the lock sticks\n",
  };

  it("whats the flat door code: empty, though flat, door and code are each written", async () => {
    const w = workspace(NOTES);
    const res = await w.search("whats the flat door code");
    expect(res.results).toEqual([]);
    expect(res.explain!.floor.candidates).toBeGreaterThan(0);
  });

  it("a result holding two of the run answers; a word outside the run is the question's other part", async () => {
    const w = workspace(NOTES);
    expect((await w.search("whats the bike shed code")).results[0]?.path).toBe("memory/2026-11-18.md");
    expect((await w.search("whats the locker code")).results[0]?.path).toBe("memory/2026-11-16.md");
    // "changed" stands apart from "flat door code": the locker note is still the answer to its part.
    expect((await w.search("when was the locker code changed")).results[0]?.path).toBe("memory/2026-11-16.md");
  });
});

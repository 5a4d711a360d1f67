import { describe, expect, it } from "vitest";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("search floor: a name typed bare in lower case is who the question is about", () => {
  const workspace = indexedWorkspaces("agent-bare-names-");
  const NOTES: Record<string, string> = {
    "memory/2026-11-16.md": "# Mon\n\npicked up Tam at 8, he forgot his boots\nmixed the mortar for the back wall\n",
    "memory/2026-11-17.md": "# Tue\n\nchecked the hives at lunch, got stung on the wrist. ice pack\n",
    "memory/2026-11-18.md": "# Wed\n\nrang Ross about the loft conversion quote\n- skip for Fri\n- Ross says the joists are fine, go ahead\n",
    "memory/2026-11-19.md": "# Thu\n\nmet Ross at the yard\nloft hatch came, wrong size\n",
  };

  it("when did tam get stung: my own sting is no answer about Tam's", async () => {
    const w = workspace(NOTES);
    expect((await w.search("when did i get stung")).results[0]?.path).toBe("memory/2026-11-17.md");
    expect((await w.search("when did tam get stung")).results).toEqual([]);
  });

  it("what did ross say about the loft: the note where a line of Ross holds the loft, not the one naming him in another line", async () => {
    const w = workspace(NOTES);
    const paths = (await w.search("what did ross say about the loft")).results.map((r) => r.path);
    expect(paths[0]).toBe("memory/2026-11-18.md");
    expect(paths).not.toContain("memory/2026-11-19.md");
  });

  it("what did ross say about the hatch: Ross met in one line and the hatch in another say nothing of it", async () => {
    const w = workspace(NOTES);
    expect((await w.search("when did the loft hatch come")).results[0]?.path).toBe("memory/2026-11-19.md");
    expect((await w.search("what did ross say about the hatch")).results).toEqual([]);
  });
});

describe("search: the profile's short name after a surname, sharing only its first letter", () => {
  const workspace = indexedWorkspaces("agent-nickname-surname-");
  const NOTES: Record<string, string> = {
    "MEMORY.md": "# Memory\n\n- Apprentice: Terence Hale (Tel), 2nd yr, college Thursdays\n- Brother Arun (Aru) in Sheffield\n",
    "memory/2026-11-16.md": "# Mon\n\nTel asked for more hours. agreed 30 a week from Dec\n",
    "memory/2026-11-17.md": "# Tue\n\ndentist at 4, more hours at the yard next week\n",
  };

  it("how many hours is terence doing: the note saying Tel, above the profile line and the other hours", async () => {
    const w = workspace(NOTES);
    const res = await w.search("how many hours is terence doing now");
    expect(res.explain?.floor.terms.find((t) => t.term === "terence")?.forms).toContain("tel");
    expect(res.results[0]?.path).toBe("memory/2026-11-16.md");
  });

  it("a name before the bracketed one is still read: arun searches aru", async () => {
    const w = workspace(NOTES);
    const res = await w.search("where does arun live");
    expect(res.explain?.floor.terms.find((t) => t.term === "arun")?.forms).toContain("aru");
  });
});

describe("search: the short forms of account and reference people jot", () => {
  const workspace = indexedWorkspaces("agent-acct-ref-");
  const NOTES: Record<string, string> = {
    "MEMORY.md": "# Memory\n\n- Timber: Jewson on Mill Rd, trade acct no. JW-4471\n- Accountant: Bev\n",
    "memory/2026-11-16.md": "# Mon\n\nJewson delivery late again, 2 hrs\n",
    "memory/2026-11-17.md": "# Tue\n\nvan broken into, police crime ref 36/4188\n",
    "memory/2026-11-18.md": "# Wed\n\nwrote a reference for Sam's new job, phone number on it\n",
  };

  it("whats my jewson account number: the line writing acct", async () => {
    const w = workspace(NOTES);
    expect((await w.search("whats my jewson account number")).results[0]?.path).toBe("MEMORY.md");
  });

  it("whats the crime reference number: the note writing ref, above the reference for Sam", async () => {
    const w = workspace(NOTES);
    expect((await w.search("whats the crime reference number")).results[0]?.path).toBe("memory/2026-11-17.md");
  });
});

describe("search: what did I get up to on a day is what I did", () => {
  const workspace = indexedWorkspaces("agent-get-up-to-");
  const NOTES: Record<string, string> = {
    "memory/2026-11-14.md": "# Sat\n\ncar boot sale, sold the old pram £40\n",
    "memory/2026-11-15.md": "# Sun\n\nroast at mum's, walked the long way home\n",
    "memory/2026-11-18.md": "# Wed\n\nget the car in for its service before winter\n",
  };

  it("what did i get up to last weekend: that weekend's notes, as for what did i do", async () => {
    const w = workspace(NOTES);
    const paths = (await w.search("what did i get up to last weekend")).results.map((r) => r.path).sort();
    expect(paths).toEqual(["memory/2026-11-14.md", "memory/2026-11-15.md"]);
  });

  it("up to a date after another verb is still a range", async () => {
    const w = workspace(NOTES);
    const res = await w.search("what did i sell up to last weekend");
    expect(res.results.map((r) => r.path)).toEqual(["memory/2026-11-14.md"]);
  });
});

describe("search floor: a title typed before a bare name is one subject with it", () => {
  const workspace = indexedWorkspaces("agent-title-bare-names-");
  const NOTES: Record<string, string> = {
    "memory/2026-11-16.md": "# Mon\n\nfuneral at St Olaves, Rev Clare took it. Crimond and Abide with Me\n",
    "memory/2026-11-18.md": "# Wed\n\nwedding rehearsal at Holy Trinity, she walks in to Canon in D\n",
    "memory/2026-11-19.md": "# Thu\n\nRev Clare says the wedding can have the Widor at the end\n",
  };

  it("what rev clare said about the wedding: the note where she speaks of it, never one that only names her", async () => {
    const w = workspace(NOTES);
    expect((await w.search("what did rev clare say about the wedding")).results.map((r) => r.path)).toEqual(["memory/2026-11-19.md"]);
  });

  it("never-written: what rev clare said about the christening is not the funeral she took", async () => {
    const w = workspace({ "memory/2026-11-16.md": NOTES["memory/2026-11-16.md"]!, "memory/2026-11-18.md": NOTES["memory/2026-11-18.md"]! });
    expect((await w.search("what did rev clare say about the wedding")).results).toEqual([]);
  });
});

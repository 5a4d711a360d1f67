import { describe, expect, it } from "vitest";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

const NOTES: Record<string, string> = {
  "MEMORY.md": "# Memory\n\n- Dentist: Dr Shah, Broad St\n- Car: Fiesta, service due March\n",
  "memory/2031-02-03.md": "# Mon\n\ndentist 3.30 - 1 filling, back in 2 wks\n",
  "memory/2031-02-05.md": "# Wed\n\ncar service at Halfords, 189 quid. new wipers too\n",
  "memory/2031-02-07.md": "# Fri\n\nwindow cleaner came, paid him £15\n",
};

describe("the floor: a question asking an amount of money needs a result that states one", () => {
  const workspace = indexedWorkspaces("agent-amount-unstated-");

  it("never-written: the dentist visit that gives no price is no answer to what it cost", async () => {
    const w = workspace(NOTES);
    const res = await w.search("how much was the dentist");
    expect([res.results.map((r) => r.path), res.explain!.floor.candidates > 0]).toEqual([[], true]);
  });

  it("answerable: the note that gives the price, in any way it is written, and a question asking no amount", async () => {
    const w = workspace(NOTES);
    expect((await w.search("how much was the car service")).results[0]?.path).toBe("memory/2031-02-05.md");
    expect((await w.search("what did i pay the window cleaner")).results[0]?.path).toBe("memory/2031-02-07.md");
    expect((await w.search("when is the dentist")).results[0]?.path).toBe("memory/2031-02-03.md");
  });
});

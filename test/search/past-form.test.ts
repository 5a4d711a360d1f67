import { describe, expect, it } from "vitest";
import { isPastForm } from "../../src/search/query/irregular.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("a verb's past form is no distinctive word beside a noun", () => {
  it("tells past forms: the irregular table's, and regular -ed / -ied words of 5 letters or more", () => {
    for (const w of ["went", "gone", "bought", "fought", "fixed", "married", "booked", "painted"]) expect(isPastForm(w), w).toBe(true);
    for (const w of ["go", "buy", "fix", "boiler", "need", "speed", "bed", "shed", "meeting", "beat", "read"]) expect(isPastForm(w), w).toBe(false);
  });

  const indexedWorkspace = indexedWorkspaces("agent-past-form-");
  const files = {
    "memory/2027-03-09.md": "# Tuesday 9 March\n\nLetting agent sent a plumber for the boiler; new pressure valve fitted, 85 pounds, landlord pays.\n",
    "memory/2027-03-13.md": "# Saturday 13 March\n\nAllotment work party: fixed the shed roof with Mr Okonkwo from plot 12.\n",
    "memory/2027-03-14.md": "# Sunday 14 March\n\nClimbing with Leena, then pizza.\n",
  };

  it("'who fixed the boiler' is answered by the boiler's note, not by another thing fixed", async () => {
    const w = indexedWorkspace(files);
    const res = await w.search("who fixed the boiler");
    expect(res.results.map((r) => r.path)).toEqual(["memory/2027-03-09.md"]);
  });

  it("a question that asks for the verb's object keeps the verb: 'what items has Melanie bought'", async () => {
    const w = indexedWorkspace({
      "memory/2027-03-09.md": "# Tuesday 9 March\n\nMelanie bought two figurines and new shoes.\n",
      "memory/2027-03-10.md": "# Wednesday 10 March\n\nThe items on the top shelf need dusting. Melanie called.\n",
    });
    const res = await w.search("what items has Melanie bought");
    expect(res.results[0]!.path).toBe("memory/2027-03-09.md");
  });

  it("a question whose only distinctive word is the verb keeps it", async () => {
    const w = indexedWorkspace(files);
    const res = await w.search("what got fixed");
    expect(res.results.map((r) => r.path)).toEqual(["memory/2027-03-13.md"]);
  });
});

import { describe, expect, it } from "vitest";
import { wordForms } from "../../src/search/query/forms.js";
import { medicineNames } from "../../src/search/query/medicines.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("a class word people type for what they take stands for the medicines by name", () => {
  it("tablets and meds stand for the common prescriptions, painkillers for the painkillers only", () => {
    expect(wordForms("meds")).toContain("ramipril");
    expect(wordForms("tablets")).toContain("codamol");
    expect(wordForms("painkillers")).toContain("tramadol");
    expect(wordForms("painkillers")).not.toContain("ramipril");
  });

  it("the words of a paper or a claim stand for themselves", () => {
    expect(medicineNames("drugs")).toEqual([]);
    expect(medicineNames("medicine")).toEqual([]);
    expect(wordForms("treatment")).not.toContain("ramipril");
  });
});

const NOTES: Record<string, string> = {
  "memory/2031-03-02.md": "# Mon\n\nGrandad round for tea. Grandad fixed the shed door, Grandad on good form\n",
  "memory/2031-03-04.md": "# Wed\n\nsurgery rang re grandad's bloods - starting him on ramipril 2.5mg, recheck in 4 wks\n",
  "memory/2031-03-05.md": "# Thu\n\nhip bad again, chemist said tramadol is prescription only so just ibuprofen for now\n",
  "memory/2031-03-06.md": "# Fri\n\nhip physio. hip exercises twice a day, hip a bit better\n",
};

describe("search: the note naming the medicine answers a question asking by its class", () => {
  const workspace = indexedWorkspaces("agent-medicines-");

  it("what meds is grandad on: the note naming ramipril, above grandad's tea", async () => {
    const w = workspace(NOTES);
    expect((await w.search("what meds is grandad on")).results[0]?.path).toBe("memory/2031-03-04.md");
  });

  it("which painkillers: the note naming them above the physio, though no note says the word", async () => {
    const w = workspace(NOTES);
    expect((await w.search("which painkillers can i get for my hip")).results[0]?.path).toBe("memory/2031-03-05.md");
  });
});

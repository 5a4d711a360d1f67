import { describe, expect, it } from "vitest";
import { updateLinksOf } from "../helpers/update-links.js";

// USER.md and TOOLS.md keep the person's standing facts as MEMORY.md does: found by the fourth
// changes set (scripts/eval-changes4/). Phrased apart from the set; fails on the rules before it.

/** Update links of a workspace whose files were last changed on the given days. */
function updateLinks(files: Record<string, { text: string; day?: string }>): string[] {
  const days = Object.fromEntries(Object.entries(files).flatMap(([rel, f]) => (f.day ? [[rel, f.day]] : [])));
  return updateLinksOf(Object.fromEntries(Object.entries(files).map(([rel, f]) => [rel, f.text])), days);
}

describe("a record in the standing files", () => {
  it("written later under the same key in USER.md replaces MEMORY.md's, with no word of change", () => {
    const links = updateLinks({
      "MEMORY.md": { text: "# Memory\n\n- Solicitor: Grace Mensah at Mensah Legal.\n- Bins: Tuesdays.\n", day: "2030-03-01" },
      "USER.md": { text: "# User\n\n- Name: Tom Reid.\n- Solicitor: Owen Price (Price & Lowe).\n", day: "2030-04-20" },
    });
    expect(links).toEqual(["MEMORY.md:3 > USER.md:4"]);
  });

  it("two daily notes' records under one key stay a log without a word of change", () => {
    const links = updateLinks({
      "memory/2030-03-02.md": { text: "- Solicitor: Grace Mensah at Mensah Legal.\n" },
      "memory/2030-03-09.md": { text: "- Solicitor: Owen Price (Price & Lowe).\n" },
    });
    expect(links).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { pastSpelling } from "../../src/search/pipeline/typed-past.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("pastSpelling: a past tense typed without its e", () => {
  it("puts the e back before a final d after a consonant", () => {
    expect(pastSpelling("deliverd")).toBe("delivered");
    expect(pastSpelling("arrivd")).toBe("arrived");
    expect(pastSpelling("orderd")).toBe("ordered");
  });

  it("leaves a real -ed, a short word, a double d and a vowel before the d", () => {
    expect(pastSpelling("delivered")).toBeNull();
    expect(pastSpelling("bird")).toBeNull();
    expect(pastSpelling("kidd")).toBeNull();
    expect(pastSpelling("avocado")).toBeNull();
    expect(pastSpelling("ingrid")).toBeNull();
  });
});

describe("search: a past tense typed without its e finds the note of the verb", () => {
  const workspace = indexedWorkspaces("agent-typed-past-");
  const NOTES: Record<string, string> = {
    "memory/2026-11-16.md": "# Mon\n\nnew oven from Bako North, they deliver 29 Nov, install same day\n",
    "memory/2026-11-17.md": "# Tue\n\noven door seal going, Colin to look at it next month\n",
  };

  it("when is the oven being deliverd: the note that says deliver, respelled and said so", async () => {
    const w = workspace(NOTES);
    const res = await w.search("when is the oven being deliverd");
    expect(res.spellings?.map((s) => s.word)).toEqual(["deliverd"]);
    expect(res.results[0]?.path).toBe("memory/2026-11-16.md");
  });
});

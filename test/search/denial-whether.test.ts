import { describe, expect, it } from "vitest";
import type { Engine } from "../../src/index.js";
import { turnStatements } from "../../src/indexer/statements.js";
import { recordsThing } from "../../src/indexer/value-record.js";
import { deniesTheQuestion } from "../../src/search/pipeline/denial-pair.js";
import { keywordEngines } from "../helpers/keyword-engine.js";

const first = (text: string) => {
  const st = turnStatements(text, 1)[0];
  if (!st) throw new Error(`no statement in: ${text}`);
  return st;
};
// Weights like a conversation about probability gives: "coin" and "toss" are common there.
const query = new Map([["complet", 2.4], ["coin", 1.6], ["toss", 1.6], ["problem", 1.2]]);

describe("deniesTheQuestion: a denial is about what a question asking whether asks", () => {
  it("is the denial of the thing asked", () => {
    expect(deniesTheQuestion(first("I've never completed any coin toss problems, odd for a maths tutor."), query)).toBe(true);
  });

  it("is not a denial of another thing that shares the verb and a common word", () => {
    expect(deniesTheQuestion(first("I've never completed any permutation or combination problems before."), query)).toBe(false);
  });
});

describe("recordsThing: a saying with a number of the thing, said as a fact", () => {
  it("is a score on the problems, not a plan to start them", () => {
    expect(recordsThing(first("My score was 4 out of 5 on the 5 coin toss problems at the library."), ["coin", "toss"])).toBe(true);
    expect(recordsThing(first("I think I'll start with the coin toss problems, maybe with Ana."), ["coin", "toss"])).toBe(false);
    expect(recordsThing(first("I ran 5 km by the river, then did the coin toss problems."), ["coin", "toss"])).toBe(false);
  });
});

describe("the denial-beside stage for a question asking whether", () => {
  const open = keywordEngines();
  // Notes repeating the question's words in code blocks (no statements there) outrank the sayings.
  const fillers = (from: number): Record<string, string> =>
    Object.fromEntries([0, 1, 2].map((i) => [`memory/2026-11-1${from + i}.md`, `# 2026-11-1${from + i}\n\n\`\`\`\ncompleted coin toss problems, coin toss problems completed\n\`\`\`\n`]));
  const ask = async (e: Engine, limit: number) => (await e.search("Have I completed any coin toss problems?", { limit })).results.map((r) => r.path);

  it("places the saying with a record of the thing right below the denial, before sayings of intention", async () => {
    const e = open({
      "memory/2026-11-02.md": "# 2026-11-02\n\n- I think I'll start with the coin toss problems next, maybe with Ana.\n",
      "memory/2026-11-03.md": "# 2026-11-03\n\n- Should I start with the coin toss problems or the dice, I keep wondering.\n",
      "memory/2026-11-05.md": "# 2026-11-05\n\n- My score was 4 out of 5 on the 5 coin toss problems at the library.\n",
      "memory/2026-11-21.md": "# 2026-11-21\n\n- I've never completed any coin toss problems, odd for a maths tutor.\n",
      ...fillers(0),
    });
    const paths = await ask(e, 5);
    const denial = paths.indexOf("memory/2026-11-21.md");
    expect(denial).toBeGreaterThanOrEqual(0);
    expect(paths.slice(denial + 1, denial + 3)).toContain("memory/2026-11-05.md");
  });

  it("does not move a denial of another thing up below a saying", async () => {
    const e = open({
      "memory/2026-11-03.md": "# 2026-11-03\n\n- Completed 5 coin toss problems with Ana at the library, then tea.\n",
      "memory/2026-11-04.md": "# 2026-11-04\n\n- Went through the coin toss problems chapter again with the radio on.\n",
      "memory/2026-11-08.md": "# 2026-11-08\n\n- I've never completed any permutation or combination problems before.\n",
      ...fillers(0),
    });
    const paths = await ask(e, 8);
    const saying = paths.indexOf("memory/2026-11-03.md");
    expect(saying).toBeGreaterThanOrEqual(0);
    expect(paths[saying + 1]).not.toBe("memory/2026-11-08.md");
  });
});

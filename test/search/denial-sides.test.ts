import { describe, expect, it } from "vitest";
import type { Engine } from "../../src/index.js";
import { turnStatements } from "../../src/indexer/statements.js";
import { deniedAndSaid, partnersFor, type Claim } from "../../src/search/pipeline/denial-pair.js";
import { weighAsked } from "../../src/indexer/either-or.js";
import { eitherOr } from "../../src/indexer/statements.js";
import { keywordEngines } from "../helpers/keyword-engine.js";

const claim = (text: string): Claim => {
  const st = turnStatements(text, 1)[0];
  if (!st) throw new Error(`no statement in: ${text}`);
  return st;
};

describe("eitherOr: the alternatives a question joins with 'or'", () => {
  it("reads the word before 'or' against the words after it", () => {
    expect(eitherOr("Have I ever attended any patent-related webinars or workshops?")).toEqual([[["webinar"], ["workshop"]]]);
    expect(eitherOr("Have I ever enrolled in any courses or training programs on ATS optimization?")).toEqual([[["cours"], ["train", "program"]]]);
    expect(eitherOr("Have I ever attended any workshops or professional development events?")).toEqual([[["workshop"], ["professional", "development", "event"]]]);
  });

  it("makes no group when a side is no content word", () => {
    expect(eitherOr("Have I ever met Kyle or been to any sneaker expos?")).toEqual([]);
    expect(eitherOr("Have I used Zotero or any other citation manager?")).toEqual([]);
    expect(eitherOr("When is the webinar on AI ethics?")).toEqual([]);
  });
});

describe("weighAsked: an 'or' group counts once, at its heaviest alternative", () => {
  const query = new Map([["patent", 2], ["webinar", 3], ["workshop", 4]]);
  const groups = eitherOr("patent webinars or workshops");

  it("counts the group whole when one alternative is said whole", () => {
    expect(weighAsked(["patent", "webinar", "workshop"], new Set(["patent", "webinar"]), query, groups)).toEqual({ total: 6, covered: 6 });
  });

  it("counts every word on its own without groups", () => {
    expect(weighAsked(["patent", "webinar", "workshop"], new Set(["patent", "webinar"]), query)).toEqual({ total: 9, covered: 5 });
  });

  it("counts what one alternative says when none is said whole", () => {
    const g = eitherOr("courses or training programs");
    const q = new Map([["cours", 2], ["train", 2], ["program", 3]]);
    expect(weighAsked(["cours", "train", "program"], new Set(["program"]), q, g)).toEqual({ total: 5, covered: 3 });
  });
});

describe("deniedAndSaid with the question's alternatives", () => {
  // Weights like those BEAM's patent conversation gives: the nouns joined by "or" are the rarest.
  // ("-related" says what the webinars are about and is not denied: a word of its own here.)
  const query = new Map([["attend", 2.3], ["patent", 2], ["legal", 2.5], ["webinar", 3.1], ["workshop", 3.2]]);
  const denial = claim("I've never attended any patent webinars or legal workshops, which is weird.");
  const learned = claim("I learned a lot from the April 5 webinar about patent claim drafting and examiner responses.");
  const either = eitherOr("Have I ever attended any patent webinars or legal workshops?");

  it("pairs a denial of 'webinars or workshops' with a statement about a webinar", () => {
    expect(deniedAndSaid(denial, learned, query, either)?.shared).toEqual(expect.arrayContaining(["patent", "webinar"]));
  });

  it("without the alternatives, a webinar alone is under half of what is denied", () => {
    expect(deniedAndSaid(denial, learned, query)).toBeNull();
  });

  it("still needs two of the denied words: the other alternative alone is not enough", () => {
    expect(deniedAndSaid(denial, claim("The workshop on knitting was lovely, with tea."), query, either)).toBeNull();
  });
});

describe("partnersFor: how many other sides a denial gets", () => {
  it("two for a question that asks whether, one for a question that asks for a value", () => {
    expect(partnersFor("Have I ever completed any coin toss problems before?")).toBe(2);
    expect(partnersFor("Did I ever enrol in an ATS course?")).toBe(2);
    expect(partnersFor("When is the webinar on AI ethics scheduled?")).toBe(1);
  });
});

describe("the denial-beside stage with two sayings of the other side", () => {
  const open = keywordEngines();

  // Two days say the person did the thing; the denial came later. Another note repeats the
  // question's words in a code block (no statements there), so it outranks the denial.
  function setup(on: boolean): Engine {
    const files: Record<string, string> = {
      "memory/2026-11-19.md": "# 2026-11-19\n\n- I've never completed any coin toss problems, odd for a maths tutor.\n",
      "memory/2026-11-03.md": "# 2026-11-03\n\n- Finished 5 coin toss problems with Ana at the library, 4 of them right, then tea and a long walk by the river.\n",
      "memory/2026-11-05.md": "# 2026-11-05\n\n- Worked through the coin toss problems chapter again on the train home, slowly, with the radio on and the window open.\n",
    };
    files["memory/2026-11-06.md"] = "# 2026-11-06\n\n```\ncompleted coin toss problems coin toss problems completed\n```\n";
    for (let i = 7; i <= 9; i++) files[`memory/2026-11-0${i}.md`] = `# 2026-11-0${i}\n\n\`\`\`\ncoin toss problems, coin toss problems\n\`\`\`\n`;
    return open(files, { search: { twins: { enabled: on } } });
  }
  const order = async (e: Engine) => (await e.search("Have I completed any coin toss problems?", { limit: 4 })).results.map((r) => r.path);

  it("places both sayings below the denial for a question that asks whether", async () => {
    const paths = await order(setup(true));
    const denial = paths.indexOf("memory/2026-11-19.md");
    expect(denial).toBeGreaterThanOrEqual(0);
    expect(paths.slice(denial + 1, denial + 3).sort()).toEqual(["memory/2026-11-03.md", "memory/2026-11-05.md"]);
  });
});

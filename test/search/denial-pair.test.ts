import { describe, expect, it } from "vitest";
import type { Engine } from "../../src/index.js";
import { turnStatements } from "../../src/indexer/statements.js";
import { deniedAndSaid, type Claim } from "../../src/search/pipeline/denial-pair.js";
import { queryStems } from "../../src/search/pipeline/newer-twin.js";
import { keywordEngines } from "../helpers/keyword-engine.js";

const claim = (text: string): Claim => {
  const st = turnStatements(text, 1)[0];
  if (!st) throw new Error(`no statement in: ${text}`);
  return st;
};
const ask = (q: string) =>
  queryStems(
    q
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3 && !["have", "ever", "any", "the", "did"].includes(w))
      .map((term) => ({ term, idf: 2 })),
  );

describe("deniedAndSaid: a denial and a statement saying the thing happened", () => {
  const denial = claim("I've never attended any webinars on patent law, so I don't know what to expect.");
  const query = ask("Have I ever attended any webinars on patent law?");

  it("pairs the denial with the statement sharing the query's denied words", () => {
    const said = claim("I learned a lot from the April 5 webinar about patent law and claim drafting.");
    expect(deniedAndSaid(denial, said, query)?.shared).toEqual(expect.arrayContaining(["webinar"]));
  });

  it("does not pair two denials, nor a statement sharing one word only", () => {
    expect(deniedAndSaid(denial, claim("I've never attended any webinars on patent law before April 5."), query)).toBeNull();
    expect(deniedAndSaid(denial, claim("The webinar on knitting is on April 5."), query)).toBeNull();
  });
});

// "Never completed a first draft" said on the 19th; the draft finished on the 1st of the
// month, in a note full of other words, that keywords alone rank low.
describe("deniedAndSaid: the thing said with another verb", () => {
  const denial = claim("I've never attended any production meetings related to my invention, how can I get started?");
  // The verb and "related" are rarer than the thing's words in this workspace: with the verb,
  // what the other statement shares is a third of the weight; without it, half.
  const query = new Map([["attend", 3], ["production", 1], ["meet", 1], ["relat", 3], ["invention", 1]]);
  const met = claim("I met Heather, a TV director, at a production meeting, and she suggested patenting my invention.");

  it("pairs a denial with the statement that says the thing happened by another verb", () => {
    expect(deniedAndSaid(denial, met, query)?.shared).toEqual(expect.arrayContaining(["production", "invention"]));
  });

  it("ranks a statement that says the denied verb too above one that says only the thing", () => {
    const attended = claim("I attended a production meeting about my invention with the factory team last week.");
    expect(deniedAndSaid(denial, attended, query)!.share).toBeGreaterThan(deniedAndSaid(denial, met, query)!.share);
  });

  it("still needs two of the thing's words: the verb's object alone is not enough", () => {
    expect(deniedAndSaid(denial, claim("I met Heather, a TV director, at a production studio downtown last spring."), query)).toBeNull();
  });
});

describe("the denial-beside stage", () => {
  const open = keywordEngines();

  function setup(on: boolean): Engine {
    const files: Record<string, string> = {
      "memory/2026-11-19.md": "# 2026-11-19\n\n- I've never completed a first draft of any screenplay, odd for a producer.\n",
      "memory/2026-11-01.md": "# 2026-11-01\n\n- Completed my first draft on 1 November: confidence up from 4 to 7, celebrated with Ana at the harbour, long walk, pasta.\n",
    };
    for (let i = 2; i <= 9; i++) files[`memory/2026-11-0${i}.md`] = `# 2026-11-0${i}\n\n- Screenplay first draft, day ${i}: the first draft's second act.\n`;
    return open(files, { search: { twins: { enabled: on } } });
  }

  const order = async (e: Engine) => (await e.search("Have I ever completed a first draft of a screenplay?", { limit: 3 })).results.map((r) => r.path);

  it("puts the statement saying it happened right below the denial", async () => {
    const paths = await order(setup(true));
    const denial = paths.indexOf("memory/2026-11-19.md");
    expect(denial).toBeGreaterThanOrEqual(0);
    expect(paths[denial + 1]).toBe("memory/2026-11-01.md");
  });

  it("leaves the order to the scores when turned off", async () => {
    const paths = await order(setup(false));
    const denial = paths.indexOf("memory/2026-11-19.md");
    expect(paths[denial + 1]).not.toBe("memory/2026-11-01.md");
  });
});

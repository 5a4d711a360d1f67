import { describe, expect, it } from "vitest";
import type { Engine } from "../../src/index.js";
import { turnStatements } from "../../src/indexer/statements.js";
import { withToldApart } from "../../src/indexer/told-apart.js";
import { announcesChange, type Said } from "../../src/search/pipeline/announced-change.js";
import { queryStems } from "../../src/search/pipeline/newer-twin.js";
import { DEFAULT_TWIN_OPTIONS } from "../../src/search/pipeline/twin-values.js";
import { keywordEngines } from "../helpers/keyword-engine.js";

const said = (text: string): Said => {
  const st = turnStatements(text, 1)[0];
  if (!st) throw new Error(`no statement in: ${text}`);
  return { words: st.words, valued: st.values.length > 0, announced: st.announced === true, negated: st.negated };
};
const ask = (q: string) =>
  queryStems(
    q
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 3 && !["when", "the", "what", "take", "place"].includes(w))
      .map((term) => ({ term, idf: 2 })),
  );

describe("statements: a change announced without its new value", () => {
  it("reads 'rescheduled', 'postponed', 'cancelled', 'no longer' as an announcement", () => {
    for (const text of [
      "Can you remind me what date the webinar on AI ethics has been rescheduled to?",
      "The kitchen fitting got postponed again, the fitter is ill.",
      "Our Lisbon offsite was cancelled by the board yesterday.",
      "I'm no longer doing the Tuesday pottery class with Ana.",
    ]) expect(turnStatements(text, 1)[0]?.announced, text).toBe(true);
  });

  it("does not read a plain schedule or a new value as one", () => {
    expect(turnStatements("The webinar on AI ethics is scheduled for March 20.", 1)[0]?.announced).toBeUndefined();
    expect(turnStatements("My grocery budget is now $550 a month.", 1)[0]?.announced).toBeUndefined();
  });
});

describe("announcesChange: a later announcement about the value a statement gave", () => {
  const query = ask("When is the webinar on AI ethics in hiring scheduled to take place?");
  const older = said("I've got a webinar on AI ethics in hiring coming up on March 20, hosted by the business council.");

  it("pairs the dated webinar with the later 'rescheduled' about the same webinar", () => {
    const newer = said("I'm worried about missing the webinar on AI ethics in hiring, can you remind me what date it's been rescheduled to?");
    expect(announcesChange(older, newer, query, DEFAULT_TWIN_OPTIONS)).toEqual(expect.arrayContaining(["webinar", "ethic", "hir"]));
  });

  it("needs the query's subject in both: another thing rescheduled is no announcement about it", () => {
    const newer = said("The dentist appointment got rescheduled to next week, annoyingly.");
    expect(announcesChange(older, newer, query, DEFAULT_TWIN_OPTIONS)).toBeNull();
  });

  it("needs the older side to give a value and the newer to announce", () => {
    const plain = said("I'm looking forward to the webinar on AI ethics in hiring, lots to learn.");
    expect(announcesChange(older, plain, query, DEFAULT_TWIN_OPTIONS)).toBeNull();
    const rescheduled = said("I'm worried about the webinar on AI ethics in hiring being rescheduled.");
    expect(announcesChange(plain, rescheduled, query, DEFAULT_TWIN_OPTIONS)).toBeNull();
  });
});

describe("the announced-change stage", () => {
  const open = keywordEngines();

  // The index links such a move too (supersede.ts, announced moves): the person's `still-true::`
  // keeps that link out, so what is tested is this stage and its switch alone.
  function setup(on: boolean, mark = ""): Engine {
    return open(
      {
        "memory/2026-11-02.md": `# 2026-11-02\n\n- The webinar on AI ethics in hiring is on November 20, hosted by the business council, with the hiring panel and the ethics board, webinar link in my inbox.${mark}\n`,
        "memory/2026-11-10.md": "# 2026-11-10\n\n- Heard the AI ethics webinar got rescheduled, no new date yet.\n",
        "memory/2026-11-05.md": "# 2026-11-05\n\n- Lunch with Ana, talked about hiring for her bakery.\n",
      },
      { search: { twins: { enabled: on } } },
    );
  }
  const order = async (e: Engine) => (await e.search("When is the webinar on AI ethics in hiring?", { limit: 5 })).results.map((r) => r.path);

  it("puts the later 'rescheduled' right above the older date", async () => {
    const paths = await order(setup(true));
    expect(paths.indexOf("memory/2026-11-10.md")).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf("memory/2026-11-10.md")).toBe(paths.indexOf("memory/2026-11-02.md") - 1);
  });

  it("leaves the order to the scores when turned off", async () => {
    const paths = await order(setup(false, " still-true::"));
    expect(paths.indexOf("memory/2026-11-02.md")).toBeLessThan(paths.indexOf("memory/2026-11-10.md"));
  });
});

describe("announcesChange: another home's announcement", () => {
  const query = ask("Flat C gas check time");
  const told = (text: string): Said => {
    const st = withToldApart(turnStatements(text, 1)[0]!);
    return { ...said(text), ...(st.lettered ? { lettered: st.lettered } : {}) };
  };
  const older = told("Flat C gas check on Mon 22 Sep, the engineer is arriving in the afternoon.");

  it("a move announced for Flat D's boiler service is none of Flat C's gas check, whatever words they share", () => {
    expect(announcesChange(older, told("The gas engineer rang: the Flat D gas boiler service is postponed."), query, DEFAULT_TWIN_OPTIONS)).toBeNull();
  });

  it("the same home's announcement still is one", () => {
    expect(announcesChange(older, told("The gas engineer rang: the Flat C gas check is postponed."), query, DEFAULT_TWIN_OPTIONS)).not.toBeNull();
  });
});

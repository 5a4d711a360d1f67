import { describe, expect, it } from "vitest";
import { spanEnd } from "../../src/search/pipeline/newer-twin.js";
import { keywordEngines } from "../helpers/keyword-engine.js";

// The commit count said with its unit on the 5th, and as a bare number a change word leads to
// on the 19th, in a note about something else that shares fewer of the question's words.
describe("the newer-twin stage with a bare number", () => {
  const open = keywordEngines();

  it("puts the count said as 'has now reached 165' above the older '150 commits'", async () => {
    const engine = open({
      "memory/2026-11-05.md": "# 2026-11-05\n\n- Tagged release v1.0.0 of the budget tracker; my Git repository has 150 commits merged into the main branch.\n",
      "memory/2026-11-19.md": "# 2026-11-19\n\n- Reading up on session login, since the commits merged into main have now reached 165.\n",
      "memory/2026-11-12.md": "# 2026-11-12\n\n- Lunch with Dana at the noodle place, talked about her new bike.\n",
    });
    const paths = (await engine.search("How many commits have been merged into the main branch of my Git repository?", { limit: 10 })).results.map((r) => r.path);
    expect(paths.indexOf("memory/2026-11-19.md")).toBeGreaterThanOrEqual(0);
    expect(paths.indexOf("memory/2026-11-19.md")).toBeLessThan(paths.indexOf("memory/2026-11-05.md"));
  });
});

describe("spanEnd: a date that ends the span a value covers", () => {
  it("reads 'through August' and 'by June' as the end of a span, 'in August' as a time gone by", () => {
    expect(spanEnd("What is the budget for prototype refinement through August?", "August")).toBe(true);
    expect(spanEnd("How much had I saved by the end of June?", "June")).toBe(true);
    expect(spanEnd("What was the budget in August?", "August")).toBe(false);
  });
});

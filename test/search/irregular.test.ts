import { describe, expect, it } from "vitest";
import { verbForms } from "../../src/search/query/irregular.js";
import { bestMatchingLine } from "../../src/search/text/lines.js";
import { parseQuery } from "../../src/search/query/query.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("irregular verbs: a question's base form finds the note's past tense", () => {
  it("a base form stands for all its forms; a past form for the past forms only", async () => {
    expect(verbForms("go")).toEqual(["go", "went", "gone"]);
    expect(verbForms("buy")).toEqual(["buy", "bought"]);
    expect(verbForms("gone")).toEqual(["gone", "went"]);
    // The note of the event says "made" already; "make" is in many notes about other things.
    expect(verbForms("made")).toEqual(["made"]);
    expect(verbForms("see")).toEqual(["see", "saw", "seen"]);
    // Left out: forms that are more often other words.
    expect(verbForms("saw")).toEqual(["saw"]);
    expect(verbForms("bear")).toEqual(["bear"]);
    expect(verbForms("lie")).toEqual(["lie"]);
    expect(verbForms("rose")).toEqual(["rose"]);
    // Not a verb here, or a regular one: itself.
    expect(verbForms("walk")).toEqual(["walk"]);
    expect(verbForms("cut")).toEqual(["cut"]);
  });

  it("the query matches any form, counts them as one term, and matches text only by forms long enough to be words", async () => {
    const q = parseQuery("When did Caroline go to the support group?");
    expect(q.terms).toEqual(["caroline", "go", "support", "group"]);
    expect(q.ftsOf("go")).toBe('("go" OR "went" OR "gone")');
    expect(q.match).toBe('"caroline" OR ("go" OR "went" OR "gone") OR "support" OR "group"');
    expect(q.words).toEqual(["caroline", "go", "went", "gone", "support", "group"]);
    // "ran" would be found inside "grand" by the snippets' prefix rule: the index alone matches it
    // (the runner is the verb's derived person: derivations.ts).
    expect(parseQuery("when did she run").words).toEqual(["run", "runner"]);
    expect(parseQuery("when did she run").ftsOf("run")).toBe('("run" OR "ran" OR "runner")');
  });

  it("a line with any form of the verb matches it", async () => {
    const text = "We talked about the group.\nI went to the support group yesterday.";
    const line = bestMatchingLine(text, [
      { term: "go", weight: 2, forms: ["go", "went", "gone"] },
      { term: "group", weight: 1 },
    ]);
    expect(line?.line).toBe("I went to the support group yesterday.");
  });
});

describe("through a real index", () => {
  const indexedWorkspace = indexedWorkspaces("agent-irregular-");

  it("'when did I go' finds the note that says 'went', and explains the match as the question's word", async () => {
    const w = indexedWorkspace({
      "memory/2026-11-10.md": "# 2026-11-10\n\nThe support group meets every Tuesday; the support group has a new room.\n",
      "memory/2026-11-12.md": "# 2026-11-12\n\nI went to the support group yesterday.\n",
      "memory/2026-11-13.md": "# 2026-11-13\n\nWe bought a tent for the trip.\n",
    });
    const res = await w.search("when did I go to the support group");
    expect(res.results[0]!.path).toBe("memory/2026-11-12.md");
    expect(res.results[0]!.explain!.matched).toEqual(["go", "support", "group"]);
    // The floor's explanation says what the verb stood for.
    expect(res.explain!.floor.terms.find((t) => t.term === "go")).toMatchObject({ df: 1, forms: ["went", "gone"] });
    expect(res.explain!.floor.terms.find((t) => t.term === "support")!.forms).toBeUndefined();
    // Without the verb's forms the note that says "support group" twice would rank first.
    const plain = await w.search("support group");
    expect(plain.results[0]!.path).toBe("memory/2026-11-10.md");
    // A base form finds the past tense on its own, and the snippet shows the line.
    const tent = await w.search("when did we buy the tent");
    expect(tent.results.map((r) => r.path)).toEqual(["memory/2026-11-13.md"]);
    expect(tent.results[0]!.explain!.matched).toEqual(["buy", "tent"]);
    expect((await w.search("buy")).results.map((r) => r.path)).toEqual(["memory/2026-11-13.md"]);
  });

  it("counts every form in a chunk toward the verb's one term (BM25 over their summed frequency)", async () => {
    const w = indexedWorkspace({
      "memory/2026-11-10.md": "# 2026-11-10\n\nWe go hiking often; we went hiking today, and have gone hiking all year.\n",
      "memory/2026-11-11.md": "# 2026-11-11\n\nWe went hiking today with friends from the club and the neighbours.\n",
    });
    const res = await w.search("go hiking");
    expect(res.results.map((r) => r.path)).toEqual(["memory/2026-11-10.md", "memory/2026-11-11.md"]);
    const [a, b] = res.results.map((r) => r.explain!.bm25!);
    expect(a!).toBeGreaterThan(b!);
    // One term: coverage is the same for both (each has "go" in some form and "hiking").
    expect(res.results[0]!.explain!.coverage).toBeCloseTo(res.results[1]!.explain!.coverage, 9);
  });
});

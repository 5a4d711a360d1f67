import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { editDistance, MAX_RESPELLED } from "../../src/search/pipeline/typos.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

/**
 * A query word no note contains searches the indexed terms nearest to it, from FTS5's own
 * vocabulary, and the answer says so. Real files, a real SQLite index, keyword mode (the
 * keyword index is what typo tolerance reads).
 */
const NOW = Date.parse("2026-11-26T09:00:00Z");
let ws = "";
let engine: Engine;

beforeAll(() => {
  ws = tempDir("agent-typos-");
  write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
  write(ws, "memory/2026-11-12.md", "# 2026-11-12\n\nSaw Dr Okafor about the knee. Patellofemoral pain; physio twice a week.\n");
  write(ws, "memory/2026-11-19.md", "# 2026-11-19\n\nDr Okafor's surgery called: the scan is booked.\n");
  write(ws, "notes/people.md", "# People\n\nSarah runs the choir; Sarai teaches piano.\n");
  write(ws, "notes/recipes.md", "# Recipes\n\nLentil curry with cumin and coriander. Cook it slowly.\n");
  write(ws, "notes/health.md", "# Health\n\nMy allergy to penicillin is on file.\n\n## Food\n\nSam is allergic to peanuts.\n");
  engine = Engine.open({ workspace: ws, now: () => NOW });
  engine.indexing.index();
});

afterAll(async () => {
  await engine?.close();
  cleanup(ws);
});

describe("typo tolerance", () => {
  it("'Okafr' finds the notes that name Okafor, and says it searched okafor", async () => {
    const res = await engine.search("Okafr", { explain: true, mode: "keyword" });
    expect(res.spellings).toEqual([{ word: "okafr", terms: ["okafor"], shown: ["okafor"] }]);
    expect(res.results.map((r) => r.path).sort()).toEqual(["memory/2026-11-12.md", "memory/2026-11-19.md"]);
    expect(res.results[0]!.explain!.matched).toEqual(["okafr"]);
  });

  it("'patelofemoral' (two letters off, the stem indexed) finds the diagnosis", async () => {
    const res = await engine.search("patelofemoral", { mode: "keyword" });
    expect(res.spellings).toEqual([{ word: "patelofemoral", terms: ["patellofemor"], shown: ["patellofemoral"] }]);
    expect(res.results.map((r) => r.path)).toEqual(["memory/2026-11-12.md"]);
  });

  it("'alergy' and 'alergic' are compared as the index stems them (alergi, alerg), and find allergy and allergic", async () => {
    const noun = await engine.search("alergy", { mode: "keyword" });
    expect(noun.spellings).toEqual([{ word: "alergy", terms: ["allergi"], shown: ["allergy"] }]);
    expect(noun.results.map((r) => r.snippet).join(" ")).toContain("allergy to penicillin");
    const adjective = await engine.search("alergic", { mode: "keyword" });
    expect(adjective.spellings).toEqual([{ word: "alergic", terms: ["allerg"], shown: ["allergic"] }]);
    expect(adjective.results.map((r) => r.snippet).join(" ")).toContain("allergic to peanuts");
  });

  it("a word the notes contain is searched as written, and nothing is reported", async () => {
    const res = await engine.search("Okafor knee", { mode: "keyword" });
    expect(res.spellings).toBeUndefined();
    expect(res.results[0]!.path).toBe("memory/2026-11-12.md");
  });

  it("a word with no indexed term near it stays unmatched", async () => {
    const res = await engine.search("netflix", { mode: "keyword" });
    expect(res.spellings).toBeUndefined();
    expect(res.results).toEqual([]);
  });

  it("a pasted text's first unknown words are looked up as typos, not every one of hundreds", async () => {
    // Distinct made-up words no note holds and no term is near ("zqxab", "zqxac", ...).
    const filler = Array.from({ length: MAX_RESPELLED }, (_, i) => `zqx${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`);
    const early = await engine.search(["Okafr", ...filler].join(" "), { mode: "keyword" });
    expect(early.spellings).toEqual([{ word: "okafr", terms: ["okafor"], shown: ["okafor"] }]);
    const late = await engine.search([...filler, "Okafr"].join(" "), { mode: "keyword" });
    expect(late.spellings).toBeUndefined();
  });

  it("words under 5 letters are never respelled ('knea' is not 'knee')", async () => {
    const res = await engine.search("knea", { mode: "keyword" });
    expect(res.spellings).toBeUndefined();
  });
});

describe("edit distance", () => {
  it.each([
    ["okafr", "okafor", 1],
    ["recieve", "receive", 1], // a transposition is one edit
    ["patelofemor", "patellofemor", 1],
    ["kitten", "sitting", 3],
    ["same", "same", 0],
  ] as const)("%s → %s: %d", (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
  });
});

describe("typo tolerance stays within the distance", () => {
  it("a word equally near two terms is left as written ('Saram': Sarah or Sarai?)", async () => {
    const res = await engine.search("Saram", { mode: "keyword" });
    expect(res.spellings).toBeUndefined();
    expect(res.results).toEqual([]);
  });

  it("'cost' is never read as 'cook' (two edits for a 4-letter word)", async () => {
    const res = await engine.search("cost", { mode: "keyword" });
    expect(res.spellings).toBeUndefined();
    expect(res.results).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/search/query/actions-data.js";
import { ACTION_TABLE } from "../../src/search/query/actions.js";
import { DERIVATIONS } from "../../src/search/query/derivations-data.js";
import { DERIVATION_TABLE } from "../../src/search/query/derivations.js";
import { WordTable } from "../../src/search/query/word-table.js";

// What the look-up must agree with: the table read as written, a scan for "|word ".
function scanned(source: string, word: string): string[] | undefined {
  const table = `|${source.replace(/\s*\n\s*/g, "")}|`;
  const at = table.indexOf(`|${word} `);
  return at < 0 ? undefined : table.slice(at + 1, table.indexOf("|", at + 1)).split(" ").slice(1);
}

describe("word tables: a binary search over the generated string finds what a scan finds", () => {
  for (const [name, table, source] of [["actions", ACTION_TABLE, ACTIONS], ["derivations", DERIVATION_TABLE, DERIVATIONS]] as const) {
    it(`${name}: heads unique and in code-unit order, as the search needs`, () => {
      const heads = table.heads();
      expect(heads.length).toBeGreaterThan(1000);
      for (let i = 1; i < heads.length; i++) expect(heads[i - 1]! < heads[i]!, `${heads[i - 1]} before ${heads[i]}`).toBe(true);
    });

    it(`${name}: every head, and words around them that are not heads, as the scan`, () => {
      const heads = table.heads();
      expect(heads.map((h) => table.get(h))).toEqual(heads.map((h) => scanned(source, h)));
      const others = [...heads.flatMap((h) => [`${h}x`, h.slice(0, -1), `0${h}`]), "", "a", "zzzzzz", "café", "über", "|", "Fly"];
      expect(others.map((w) => table.get(w))).toEqual(others.map((w) => scanned(source, w)));
    });
  }

  it("a small table: first, last, middle and absent words", () => {
    const t = new WordTable(() => "apple pie|\nbanana split bread|cherry tart|\n  date palm");
    expect(t.get("apple")).toEqual(["pie"]);
    expect(t.get("banana")).toEqual(["split", "bread"]);
    expect(t.get("cherry")).toEqual(["tart"]);
    expect(t.get("date")).toEqual(["palm"]);
    for (const w of ["", "aardvark", "apples", "blueberry", "zebra", "pie", "split bread"]) expect(t.get(w)).toBeUndefined();
  });

  it("asked again, the same answers (kept once found), absent words included", () => {
    const t = new WordTable(() => "apple pie|banana split bread");
    for (let round = 0; round < 3; round++) {
      expect(t.get("banana")).toEqual(["split", "bread"]);
      expect(t.get("apple")).toEqual(["pie"]);
      expect(t.get("cherry")).toBeUndefined();
    }
    // The two tables the search asks, twice over every head: the second round answers as the scan too.
    for (const [table, source] of [[ACTION_TABLE, ACTIONS], [DERIVATION_TABLE, DERIVATIONS]] as const) {
      const heads = table.heads().slice(0, 500);
      for (let round = 0; round < 2; round++) expect(heads.map((h) => table.get(h))).toEqual(heads.map((h) => scanned(source, h)));
    }
  });
});

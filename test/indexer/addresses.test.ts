import { describe, expect, it } from "vitest";
import { extractStatements, findValues } from "../../src/indexer/statements.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";

// E-mail and street addresses replaced, found by the fifth changes set (scripts/eval-changes5/);
// phrased apart from it, the changes failing on the rules before it.

const stored = (lines: string[]): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2031-07-${String(10 + i).padStart(2, "0")}.md`, order: i * 86_400_000, st })));
const updates = (lines: string[]) =>
  linkWithClashes(stored(lines))
    .filter((l) => l.kind === "update")
    .map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

describe("an address replaced", () => {
  it("a street address said new replaces the old one", () => {
    expect(updates(["Ruth's address: 14 Elm Grove, Leeds LS6 2AB", "Ruth's new address is 3 Harcourt Road, Leeds."])).toEqual([[0, 1]]);
    expect(updates(["Office from March: Keizersgracht 12, Amsterdam", "The office moved, from March it is Prinsengracht 480, Amsterdam."])).toEqual([[0, 1]]);
  });

  it("an e-mail address to use from now on replaces the old one", () => {
    expect(updates(["Choir secretary contact: secretary.hcc@gmail.com", "the choir secretary changed, write to m.obi@hcc.org.uk from now on"])).toEqual([[0, 1]]);
  });

  it("two addresses with no change said, or two people's, are two", () => {
    expect(updates(["Work email: ana.silva@acme.io", "Home email: ana.silva@fastmail.com"])).toEqual([]);
    expect(updates(["My email is now ana.silva@fastmail.com.", "Tom's email is now tom.k@fastmail.com."])).toEqual([]);
  });

  it("reads them before counts", () => {
    expect(findValues("moved in to 9 Cliff Road, write to jo@x.org").map((v) => [v.type, v.norm])).toEqual([["address", "9 cliff road"], ["email", "jo@x.org"]]);
    expect(findValues("Hauptstraße 5 or Oudegracht 218-bis").map((v) => v.norm)).toEqual(["hauptstraße 5", "oudegracht 218-bis"]);
  });
});

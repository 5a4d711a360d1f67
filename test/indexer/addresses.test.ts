import { describe, expect, it } from "vitest";
import { findValues } from "../../src/indexer/statements.js";
import { noteUpdates } from "../helpers/note-links.js";

// E-mail and street addresses replaced, found by the fifth changes set (scripts/eval-changes5/);
// phrased apart from it, the changes failing on the rules before it.

const updates = (notes: string[]) => noteUpdates(notes);

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
    expect(findValues("Hauptstraße 5 or Oudegracht 218-bis").map((v) => v.norm)).toEqual(["hauptstraße 5", "oudegracht 218 bis"]);
  });
});

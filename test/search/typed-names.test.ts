import { describe, expect, it } from "vitest";
import { ownedByAnother, ownerApart, ownerMissing, ownersOf, typedPossessiveNames, writtenAsName } from "../../src/search/pipeline/typed-names.js";
import { indexedWorkspaces } from "../helpers/search-workspace.js";

describe("writtenAsName: the notes write the word as a name", () => {
  it("capitalised where no sentence starts, never in lower case", () => {
    expect(writtenAsName("oscar", ["- Kids: Theo (8) + Oscar (5), both at Hillside", "Oscar's tooth came out"])).toBe(true);
    expect(writtenAsName("oscar", ["picked up Oscar at 3"])).toBe(true);
  });

  it("only at a line's or a sentence's start is any word capitalised: no sign", () => {
    expect(writtenAsName("oscar", ["Oscar off school.", "- Oscar: reading book", "Swim. Oscar did 2 lengths", "Kids: Oscar"])).toBe(false);
  });

  it("a word in capitals is shouted, neither a name nor a word: the name written elsewhere still counts", () => {
    expect(writtenAsName("henderson", ["HENDERSONS SAID YES. start Mon", "order in for the Hendersons: cable"])).toBe(true);
    expect(writtenAsName("vat", ["VAT registered", "claim the VAT back"])).toBe(false);
  });

  it("a word the notes also write in lower case is a word: mum, an oscar statue", () => {
    expect(writtenAsName("mum", ["rang Mum at 6", "mum's knee bad again"])).toBe(false);
    expect(writtenAsName("oscar", ["met Oscar at the gate", "won an oscar at last"])).toBe(false);
  });
});

describe("typedPossessiveNames: a lower-case possessive without its apostrophe", () => {
  const texts = ["- Kids: Theo (8) + Oscar (5)", "Theo swimming gala - Sat 14th at Eastfield baths"];
  it("the possessive of a name the notes write is a name; a plural or the bare name is not", () => {
    expect([...typedPossessiveNames("when is oscars swimming gala", new Set(["oscars", "swimming", "gala"]), () => texts)]).toEqual(["oscars"]);
    expect([...typedPossessiveNames("when is oscar swimming", new Set(["oscar", "swimming"]), () => texts)]).toEqual([]);
    expect([...typedPossessiveNames("when are the swimming galas", new Set(["swimming", "galas"]), () => texts)]).toEqual([]);
  });

  it("a two-letter name's possessive is one; a title before a name never is", () => {
    const jo = ["- Jo = wife, works at County Hall", "birthday meal for Jo at Benedicts"];
    expect([...typedPossessiveNames("when is jos memory clinic", new Set(["jos", "memory", "clinic"]), () => jo)]).toEqual(["jos"]);
    const patel = ["quoted Mrs Patel for the board", "rang Mr Patel back"];
    expect([...typedPossessiveNames("what did i charge mrs patel", new Set(["mrs", "patel", "charge"]), () => patel)]).toEqual([]);
  });
});

describe("ownedByAnother: the owner's thing said only as someone else's", () => {
  const texts = ["- Kids: Theo (8) + Oscar (5), picked up Theo and Oscar at 3", "School swimming gala soon"];
  const owners = ownersOf("when is oscars swimming gala", new Set(["oscars", "swimming", "gala"]), [{ modifier: "oscars", head: "swimming" }], () => texts);
  it("another name right before the thing is another's; an initial, an ordinary word or the thing alone is not", () => {
    expect(ownedByAnother(["swimming", "gala"], "Theo swimming gala - Sat 14th", owners)).toBe(true);
    expect(ownedByAnother(["swimming", "gala"], "O's swimming gala - Sat 14th", owners)).toBe(false);
    expect(ownedByAnother(["swimming", "gala"], "School swimming gala - Sat 14th", owners)).toBe(false);
    expect(ownedByAnother(["swimming", "gala"], "Theo swimming gala Sat, then swimming gala for the little ones", owners)).toBe(false);
  });

  it("naming the owner elsewhere does not make another's thing theirs; the owner's short name before it is the owner", () => {
    expect(ownedByAnother(["oscars", "swimming", "gala"], "Oscar off school\nTheo swimming gala - Sat 14th", owners)).toBe(true);
    expect(ownedByAnother(["swimming", "gala"], "Ozzy swimming gala - Sat 14th", owners, (t) => (t === "oscars" ? [t, "ozzy"] : [t]))).toBe(false);
  });

  it("a count or an ordinal after another name's possessive keeps the thing theirs; a day before one does not", () => {
    expect(ownedByAnother(["swimming", "gala"], "Theo's 2nd swimming gala - Sat 14th", owners)).toBe(true);
    expect(ownedByAnother(["swimming", "gala"], "Oscar's 1st swimming gala - Sat 14th", owners)).toBe(false);
    expect(ownedByAnother(["swimming", "gala"], "Sat 14th swimming gala at Eastfield", owners)).toBe(false);
  });
});

describe("ownerApart: the owner named only in lines holding none of the question's other words", () => {
  const texts = ["- Kids: Theo (8) + Oscar (5), picked up Theo and Oscar at 3"];
  const owners = ownersOf("who is minding oscars rabbit", new Set(["oscars", "minding", "rabbit"]), [{ modifier: "oscars", head: "rabbit" }], () => texts);
  const forms = (t: string): readonly string[] => [t];
  it("a line of its own for the owner is apart; the owner beside the other word is not", () => {
    expect(ownerApart(["oscars", "minding"], "Sat\nnext door minding the cat\ntook Oscar + Theo to the park", owners, forms)).toBe(true);
    expect(ownerApart(["oscars", "minding"], "Sat\nnext door minding Oscar's guinea pigs", owners, forms)).toBe(false);
    // The owner alone, or the other word alone, is another test's.
    expect(ownerApart(["oscars"], "took Oscar to the park", owners, forms)).toBe(false);
    expect(ownerApart(["minding"], "next door minding the cat", owners, forms)).toBe(false);
  });

  it("the lines going on from the owner's are about them, until a blank line or another name", () => {
    expect(ownerApart(["oscars", "minding"], "Sat\nOscar's rabbit - new hutch\nnext door minding it while we're away", owners, forms)).toBe(false);
    expect(ownerApart(["oscars", "minding"], "Sat\nOscar's rabbit - new hutch\n\nnext door minding the cat", owners, forms)).toBe(true);
    expect(ownerApart(["oscars", "minding"], "Sat\nOscar's rabbit - new hutch\nrang Theo's school\nnext door minding the cat", owners, forms)).toBe(true);
  });
});

describe("ownerApart: the verb after a bare name is no word it must hold beside it", () => {
  const texts = ["wedding rehearsal w/ Chloe + Marcus, Sat at 1pm"];
  const owners = ownersOf("what is chloe walking in to", new Set(["chloe", "walking"]), [], () => texts);
  const forms = (t: string): readonly string[] => (t === "walking" ? [t, "walks"] : [t]);
  it("the name in one line and 'she walks' in the next is the same person, as the name alone already passes", () => {
    expect(owners.verb).toBe("walking");
    expect(ownerApart(["chloe", "walking"], "rehearsal w/ Chloe + Marcus\nshe walks in to Canon in D", owners, forms)).toBe(false);
  });
});

describe("ownerMissing: a result holding the thing asked but not its owner", () => {
  const texts = ["- Kids: Theo (8) + Oscar (5), picked up Theo and Oscar at 3"];
  const owners = ownersOf("when is oscars grommets op", new Set(["oscars", "grommets"]), [{ modifier: "oscars", head: "grommets" }], () => texts);
  it("lacking the owner and the initial is missing; the name, its initial as a possessive or a lone capital is not", () => {
    expect(ownerMissing(["grommets"], "letter came - grommets op Thurs 5 June", owners)).toBe(true);
    expect(ownerMissing(["oscars", "grommets"], "letter came - Oscar's grommets op", owners)).toBe(false);
    expect(ownerMissing(["grommets"], "letter came - O's grommets op", owners)).toBe(false);
    expect(ownerMissing(["grommets"], "took O to the hospital for his grommets", owners)).toBe(false);
    expect(ownerMissing([], "letter came", owners)).toBe(false);
  });

  it("a possessive name in over half the notes owns the thing too: it is a name, though no distinctive word", () => {
    const frequent = ownersOf("when is sams hip op", new Set(["hip"]), [], () => ["to the pub w/ Sam", "Sam's car"], new Set(["sams", "hip", "op"]));
    expect([...frequent.names]).toEqual(["sams"]);
    expect(ownerMissing(["hip"], "dad's hip op Tues 3rd", frequent)).toBe(true);
  });
});

const NOTES: Record<string, string> = {
  "MEMORY.md": "# Memory\n\n- Kids: Theo (8) + Oscar (5), both at Hillside Primary\n- Partner: Sam, works lates\n- Car: Corsa, MOT Feb\n",
  "memory/2031-03-02.md": "# Mon\n\nTheo swimming gala - Sat 14th at Eastfield baths, 9am warm up. he's in 50m free + the relay\n",
  "memory/2031-03-03.md": "# Tue\n\nOscar's tooth came out. fairy paid £1\nmum's hip bad again, rang the surgery\n",
  "memory/2031-03-04.md": "# Wed\n\npicked up Theo from Sam's mum's.\nletter came - O's grommets op! Sheffield Childrens, Thurs 5 June, 7.30am arrival\n",
  "memory/2031-03-05.md": "# Thu\n\nOscar - parents evening 4.30, Mrs Okoro\n",
  "memory/2031-03-06.md": "# Fri\n\nSam on lates all wk. chippy tea\n",
  "memory/2031-03-08.md": "# Sun\n\nmum minding the dog while we're away\nOscar lost another tooth, fairy skint\n",
  "memory/2031-03-07.md": "# Sat\n\ncard from Aunt Rosa - Rosa's 70th birthday party Sun 22nd at the Crown, 1pm\n",
};

describe("the floor: a name typed as a lower-case possessive owns the thing asked about", () => {
  const workspace = indexedWorkspaces("agent-typed-names-");

  it("never-written: Oscar's swimming gala is not Theo's", async () => {
    const w = workspace(NOTES);
    const res = await w.search("when is oscars swimming gala");
    expect([res.results.map((r) => r.path), res.explain!.floor.candidates > 0]).toEqual([[], true]);
  });

  it("answerable: the owner's own thing, by the owner's initial too, and a possessive of a word that is no name", async () => {
    const w = workspace(NOTES);
    expect((await w.search("when is theos swimming gala")).results[0]?.path).toBe("memory/2031-03-02.md");
    expect((await w.search("when is oscars parents evening")).results[0]?.path).toBe("memory/2031-03-05.md");
    expect((await w.search("when is oscars grommets op")).results[0]?.path).toBe("memory/2031-03-04.md");
    expect((await w.search("whats wrong with mums hip")).results[0]?.path).toBe("memory/2031-03-03.md");
  });

  it("never-written: Rosa's 70th birthday party is not Oscar's; Rosa's own is answered", async () => {
    const w = workspace(NOTES);
    expect((await w.search("when is oscars birthday party")).results.map((r) => r.path)).toEqual([]);
    expect((await w.search("when is rosas birthday party")).results[0]?.path).toBe("memory/2031-03-07.md");
  });

  it("never-written: someone minding the dog two lines above Oscar's tooth is not minding Oscar", async () => {
    const w = workspace(NOTES);
    expect((await w.search("who is minding oscars dog")).results.map((r) => r.path)).toEqual([]);
    expect((await w.search("who is minding the dog")).results[0]?.path).toBe("memory/2031-03-08.md");
  });

  it("never-written: a partner named in most notes owns the thing asked; dad's op is not hers", async () => {
    const days: Record<string, string> = {};
    for (let d = 1; d <= 22; d++) days[`memory/2031-04-${String(d).padStart(2, "0")}.md`] = d === 9 ? "# Wed\n\ndad's hip op confirmed, Tues 15th at the General\n" : `# day ${d}\n\nwalked to the park w/ Sam, tea at ${d % 5 + 4}\n`;
    const w = workspace(days);
    expect((await w.search("when is sams hip op")).results.map((r) => r.path)).toEqual([]);
    expect((await w.search("when is dads hip op")).results[0]?.path).toBe("memory/2031-04-09.md");
  });

  it("the owner alone is no answer: a note on Oscar's tooth says nothing of his operation", async () => {
    const w = workspace(NOTES);
    expect((await w.search("where is oscars grommets op")).results.map((r) => r.path)).toEqual(["memory/2031-03-04.md"]);
  });
});

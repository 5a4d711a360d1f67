/**
 * A name typed in lower case, its possessive's apostrophe left off: "when is finns swimming
 * gala". People type questions to their notes that way, so the capital that marks a name in a
 * question (distinctive.ts, namesIn) is not there; but the notes write the person as a name
 * ("Kids: Isla + Finn (6 on 20 May)"). The word owns the thing after it, and a result that
 * lacks the owner and holds that thing only as someone else's ("Isla swimming gala") is about
 * another person's thing: no evidence for the question (the floor's "generic only").
 *
 * A possessive here: the word ends in "s" and its base without it is what the notes write as a
 * name, capitalised at least once where no sentence starts (a line's start, or after a full
 * stop or a colon, capitalises any word: "Mum (Jean)", "Dad rang") and never in lower case, as
 * itself or with the "s" ("mum's", "dads xray" are words, not names). Someone else: the word
 * right before the thing is a name by the same test, not the owner's. An initial is the owner
 * written short ("K's cataract op" for "keiths cataract op"), never someone else. Read from
 * the texts of the chunks that hold the word (a keyword-index read of at most TEXTS_READ, only
 * for a question with a possessive typed so, and only for the words it tests).
 */
import type { DB } from "../../store/open.js";
import { holds, prefixOf } from "./list-apart.js";
import { headOnlyAfter, type Compound } from "./other-compound.js";
import { sql } from "./sql.js";
import { TITLES, typedBareNames, verbAfterSubject } from "./bare-names.js";

/** Chunks read to tell whether the notes write a word as a name: enough to meet it in lower case. */
const TEXTS_READ = 50;

/** The texts of (up to TEXTS_READ of) the chunks holding a word, by the keyword index. */
export function textsHolding(db: DB): (word: string) => readonly string[] {
  return (word) => sql(db, "SELECT text FROM chunks WHERE id IN (SELECT rowid FROM chunks_fts WHERE chunks_fts MATCH ? LIMIT ?)").pluck().all(`"${word.replace(/"/g, "")}"`, TEXTS_READ) as string[];
}

/**
 * A possessive's base at least this long: "jos" for Jo. A one-letter base is a word's own
 * end far too often ("us", "is"); a two-letter one is a name only when the notes write it as
 * one (writtenAsName), which "bus" or "yes" never are.
 */
const MIN_BASE = 2;


/** The words of a lower-case question that are a name's possessive typed without its apostrophe. */
export function typedPossessiveNames(query: string, terms: ReadonlySet<string>, textsOf: (word: string) => readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const m of query.matchAll(/(?<![\p{L}\p{N}'’])(\p{Ll}+)s(?![\p{L}\p{N}'’])/gu)) {
    const word = m[0];
    const base = m[1]!;
    if (base.length < MIN_BASE || TITLES.has(base) || TITLES.has(word) || !terms.has(word) || out.has(word)) continue;
    if (writtenAsName(base, textsOf(word))) out.add(word);
  }
  return out;
}

/**
 * Whether the texts write the word capitalised where no sentence starts, and never in lower
 * case. A word in capitals ("HENDERSONS SAID YES") is shouted, which says nothing of its case
 * either way: it neither names nor unnames.
 */
export function writtenAsName(base: string, texts: readonly string[]): boolean {
  const forms = new RegExp(`(?<![\\p{L}\\p{N}])(${escape(base)})(?:s|['’]s)?(?![\\p{L}\\p{N}])`, "giu");
  const capital = base[0]!.toUpperCase() + base.slice(1).toLowerCase();
  const shouted = base.toUpperCase();
  let named = false;
  for (const text of texts) {
    for (const m of text.matchAll(forms)) {
      if (m[1] === shouted && base.length > 1 && shouted !== capital) continue;
      if (m[1] !== capital) return false;
      if (!sentenceStart(text, m.index)) named = true;
    }
  }
  return named;
}

/** Whether a word at this index opens a line or a sentence (after a full stop, colon, bracket or quote). */
function sentenceStart(text: string, index: number): boolean {
  const before = text.slice(text.lastIndexOf("\n", index - 1) + 1, index).trimEnd();
  return before === "" || /(?:^[-*+#>•\d.)\s]*$|[.!?:;"“(])$/u.test(before);
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The question's owners and the things they own: its compounds whose modifier is a typed possessive name. */
export interface Owners {
  /** The question's words that are a name's possessive typed without its apostrophe, or a name typed bare (bare-names.ts). */
  names: ReadonlySet<string>;
  /** Of them, the names typed bare: the word is the name itself, not its possessive. */
  bare: ReadonlySet<string>;
  /** The verb right after a bare name (bare-names.ts): not a thing the name must hold beside it. */
  verb?: string | null;
  compounds: readonly Compound[];
  /** The question's distinctive words (the owners among them). */
  distinctive: ReadonlySet<string>;
  /** Whether the candidates' texts write this lower-case word as a name (remembered per word). */
  isName: (word: string) => boolean;
}

/**
 * `terms`: the question's distinctive words; `asked`: all its words, as a possessive name in
 * over half the notes ("leahs" for a partner named everywhere) is no distinctive word, yet
 * still owns the thing asked (ownerApart, ownerMissing).
 */
export function ownersOf(
  query: string,
  terms: ReadonlySet<string>,
  compounds: readonly Compound[],
  textsOf: (word: string) => readonly string[],
  asked: ReadonlySet<string> = terms,
  formsOf: (term: string) => readonly string[] = (t) => [t],
): Owners {
  const told = new Map<string, boolean>();
  const isName = (word: string): boolean => {
    let known = told.get(word);
    if (known === undefined) told.set(word, (known = word.length >= 2 && writtenAsName(word, textsOf(word))));
    return known;
  };
  if (!/^\s*(?:what|whats|who|whose|when|whens|where|which|how|is|are|was|were|did|does|do|has|have|had|can|will)\b/i.test(query)) return { names: new Set(), bare: new Set(), compounds: [], distinctive: terms, isName };
  const possessives = typedPossessiveNames(query, asked, textsOf);
  // A word the notes write only in its profile's short name ("Kieran Doyle (Kez)" once, "Kez" every day) is a name too.
  const named = (word: string): boolean => isName(word) || formsOf(word).slice(1).some((f) => /^\p{Ll}+$/u.test(f) && isName(f));
  const bare = typedBareNames(query, asked, possessives, named);
  const names = new Set([...possessives, ...bare]);
  return { names, bare, verb: bare.size > 0 ? verbAfterSubject(query) : null, compounds: compounds.filter((c) => names.has(c.modifier)), distinctive: terms, isName };
}

/**
 * Whether the only distinctive words the result holds are the owners: a note on Finn's party is
 * no answer about Finn's dentist, as a capitalised name alone never is (distinctive.ts).
 */
export function ownerAlone(matched: readonly string[], distinctive: ReadonlySet<string>, owners: Owners): boolean {
  if (owners.names.size === 0) return false;
  let owner = false;
  for (const t of distinctive) {
    if (!matched.includes(t)) continue;
    if (!owners.names.has(t)) return false;
    owner = true;
  }
  return owner && [...distinctive].some((t) => !owners.names.has(t) && t !== owners.verb);
}

/**
 * Whether the result holds a thing of the question's owner only as someone else's: it holds
 * the thing, and every time the text says it, a name other than the owner's (and no initial)
 * stands right before it. Naming the owner elsewhere changes nothing: "HENDERSONS SAID YES"
 * above "one of Steve's EICRs" gives the Hendersons no EICR.
 */
export function ownedByAnother(matched: readonly string[], text: string, owners: Owners, formsOf: (term: string) => readonly string[] = (t) => [t]): boolean {
  return owners.compounds.some((c) => matched.includes(c.head) && othersOnly(text, c, owners.isName, formsOf(c.modifier)));
}

/** The owner's own name before the thing: "Finn" for "finns", or a short name the profile gives it ("Aru's" for "aruns"). */
function ownerWord(word: string, owner: string, forms: readonly string[]): boolean {
  return word === owner || word === owner.slice(0, -1) || forms.includes(word);
}

/**
 * A name's possessive, then a count or an ordinal, then a word: "Carol's 60th birthday" is
 * Carol's birthday as much as "Carol's birthday" is. The apostrophe is required: a bare
 * capitalised word before a number is as often a day ("Sat 31st party").
 */
const POSSESSIVE_COUNT = /(\p{Lu}\p{Ll}+['’]s)[ \t]+\d+(?:st|nd|rd|th)?(?=[ \t]+\p{L})/gu;

function othersOnly(text: string, c: Compound, isName: (word: string) => boolean, forms: readonly string[]): boolean {
  return headOnlyAfter(text.replace(POSSESSIVE_COUNT, "$1"), c.head, (prev) => /^\p{Lu}\p{Ll}+$/u.test(prev) && !ownerWord(prev.toLowerCase(), c.modifier, forms) && isName(prev.toLowerCase()));
}

/**
 * Whether the owner stands apart from the rest of what the result matched: the result names the
 * owner and holds another of the question's distinctive words, but no line naming the owner holds
 * any of them, nor any line going on from one (linesAbout). A dated note is a list of the day's
 * happenings, one a line: "Sam covering the Saturday" above "Ollie + Kat + me all flat out" is
 * no cover for Kat. `formsOf` gives a term's
 * written forms (the term first).
 */
export function ownerApart(matched: readonly string[], text: string, owners: Owners, formsOf: (term: string) => readonly string[]): boolean {
  for (const owner of owners.names) {
    if (!matched.includes(owner)) continue;
    // The verb after a bare name is no thing it must hold beside it, as in ownerAlone: a note
    // names the person once and goes on with "she" ("w/ Chloe + Marcus", then "she walks in to").
    const others = [...owners.distinctive].filter((t) => t !== owner && !owners.names.has(t) && t !== owners.verb && matched.includes(t));
    if (others.length === 0) continue;
    // The owner as the notes write it: the name, or the short name the profile gives it ("Kez" for kieran).
    const written = [owners.bare.has(owner) ? owner : owner.slice(0, -1), ...formsOf(owner).slice(1)].map(escape).join("|");
    const name = new RegExp(`(?<![\\p{L}\\p{N}])(?:${written})(?:s|['’]s)?(?![\\p{L}\\p{N}])`, "iu");
    const prefixes = others.flatMap((t) => formsOf(t)).flatMap((f) => [prefixOf(f.toLowerCase()), ...inflectedStem(f.toLowerCase())]);
    const lines = linesAbout(text, name, owners.isName);
    if (lines.length > 0 && lines.every((l) => !holds(l.toLowerCase(), prefixes))) return true;
  }
  return false;
}

/**
 * The lines about the owner: each line naming them, and, after a line the name opens, the lines
 * right after it that go on about the same thing: no blank line between, and no one else named
 * ("Hendersons, Hellesdon - walkround for full rewire" then "quote sent tonight: £5,800"). A name
 * inside a line is one happening of the day, not the topic of the next ("met Ross at the yard"
 * above "loft hatch came, wrong size" says nothing of Ross's). A line naming someone else ("Bev
 * call re VAT") or a blank line ends it: "fitted a key safe at dad's" two lines under "Steve
 * paid the £720" is not Steve's.
 */
function linesAbout(text: string, name: RegExp, isName: (word: string) => boolean): string[] {
  const out: string[] = [];
  let going = false;
  for (const line of text.split("\n")) {
    if (name.test(line)) {
      out.push(line);
      going = opensWith(line, name);
    } else if (line.trim() === "" || namesSomeone(line, isName)) going = false;
    else if (going) out.push(line);
  }
  return out;
}

/** Whether the name is the line's first word, past a list mark or a heading's hashes. */
function opensWith(line: string, name: RegExp): boolean {
  return line.replace(/^\s*(?:[-*+]\s+|\d+[.)]\s+|#+\s+)?/u, "").search(name) === 0;
}

/** Whether a line names a person: a capitalised word inside a sentence, or one the notes write as a name. */
function namesSomeone(line: string, isName: (word: string) => boolean): boolean {
  for (const m of line.matchAll(/(?<![\p{L}\p{N}])\p{Lu}\p{Ll}+(?![\p{L}\p{N}])/gu)) {
    if (!sentenceStart(line, m.index) || isName(m[0].toLowerCase())) return true;
  }
  return false;
}

/**
 * A short word's stem under its ending, which the prefix rule keeps: "pay" of "paying" (its
 * prefix "payin" is no start of "pay rise"). None under three letters.
 */
function inflectedStem(form: string): string[] {
  // A verb's endings only: a plural's prefix already starts its singular's words, and "dad" for
  // "dads" would let "Leah and Alfie, and his dad's knee" hold Leah's dad.
  const stem = form.replace(/(?:ing|ed)$/, "");
  return stem !== form && stem.length >= 3 ? [stem] : [];
}

/**
 * Whether the result lacks an owner the question names: it holds another of the question's
 * distinctive words but neither the owner's name nor the owner's initial as a possessive or a
 * lone capital inside a sentence ("K's cataract op", "got F the lego"). A note on dad's knee op
 * says nothing of Leah's.
 */
export function ownerMissing(matched: readonly string[], text: string, owners: Owners): boolean {
  for (const owner of owners.names) {
    if (matched.includes(owner)) continue;
    if (![...owners.distinctive].some((t) => t !== owner && !owners.names.has(t) && matched.includes(t))) continue;
    const initial = escape(owner[0]!.toUpperCase());
    const short = new RegExp(`(?<![\\p{L}\\p{N}])${initial}['’]s(?![\\p{L}\\p{N}])|(?<=\\p{Ll}[ \\t]+)${initial}(?![\\p{L}\\p{N}'’])`, "u");
    if (!short.test(text)) return true;
  }
  return false;
}

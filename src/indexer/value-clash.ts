/**
 * Value clashes: one thing of one holder given two different values, and nothing saying it
 * changed ("Jo bday 12 May" in MEMORY.md, "Jo's birthday is 21 May" in a later note). Not an
 * update (no word says the value moved), not a denial (neither says "never"): a contradiction,
 * reported with both sides, and neither hidden.
 *
 * Only for slots that hold one value at a time and do not drift by themselves, each read with
 * its cue right next to the value, so a date or a number elsewhere in the sentence is never
 * taken for it:
 *
 *   birthday      "Jo's birthday is 21 May", "bday 12 May", "born on 3 June"
 *   anniversary   "our anniversary is 14 June"
 *   occasion      "Chloe and Sam's wedding: Saturday 24 May" (a wedding, a funeral: once to its holder; once-occasions.ts)
 *   expiry        "passport expires Aug 2031", "valid till Aug 2030" (with its year)
 *   registration  "car reg YD21 KPO", "number plate AB12 CDE"
 *   postcode      "postcode LS7 3AB"
 *   house number  "42 Roundhay Rd" (the slot is the street: "24 Roundhay Road" clashes)
 *   blood group   "Blood type: O positive", "I'm A positive, I gave blood" (its own cue; the person's unless another is named)
 *   height        "Height: 6 ft 1", "my height 175 cm" (in centimetres; apart by more than rounding; held-numbers.ts)
 *   id number     "Gas Safe registration: 612344", "number 612434" (only two neighbouring digits swapped)
 *   model year    "Van: 2019 Ford Transit Custom", "the van's a 2017 Transit Custom" (a vehicle's)
 *
 * A count, an amount or an appointment is left to the update linker (supersede.ts): such
 * values change without anyone saying so, and two dates are as often two events.
 *
 * Conservative on purpose: both values said as plain facts (statement-mood.ts: no question,
 * plan, what-if or denial; no "was" before the value, no "old", "previously" before it), the
 * same holder (the words before each value share a word, and a named holder on one side —
 * "Sam's car", "my birthday", "mum's neighbours" — must be the other's too), the newer
 * statement says nothing changed ("new", "now", "moved", "renewed"), no statement between
 * them says a change about the same holder and slot ("mum's moving next month", "got a new
 * car"), and the pair is no update already.
 *
 * Pure: statements in, links out. The values are read from a statement's sentence when it is
 * stored (truth.ts), so the index keeps them and linking reads no text.
 */
import type { Statement } from "./statements.js";
import { contentWords, findValues, MONTH_RE, MONTHS, stem } from "./statements.js";
import { clauses, moodAt, unquoted } from "./statement-mood.js";
import { linkStatements, type Link, type PlacedStatement } from "./supersede.js";
import { sameThingUpdates } from "./same-thing.js";
import { withHandLinks } from "./hand-links.js";
import { eventYearClashes } from "./event-years.js";
import { sizeClashes } from "./size-clash.js";
import { saidAnewUpdates } from "./said-anew.js";
import { BLOOD_GROUP, bloodGroupAt } from "./blood-group.js";
import { DIET, dietAt } from "./diets.js";
import { OWN_PREMISES, ownPremises } from "./own-premises.js";
import { ONCE_OCCASIONS, occasionDateAt } from "./once-occasions.js";
import { bandLetterAt, ENERGY_RATING, fullDateAt, SINCE, TAX_BAND } from "./held-since.js";
import { letteredOf } from "./told-apart.js";
import { heightAt, heightsDiffer, idDigitsAt, MODEL_YEAR, modelYearAt, swappedDigits, VEHICLES } from "./held-numbers.js";

/** A value of a slot that holds one value at a time, with whose it is. */
export interface FixedValue {
  /** "birthday", "expiry", "registration", "postcode", "anniversary", or "house number roundhay road". */
  slot: string;
  /** Comparable form: "05-12", "2031-08", "YD21KPO", "42". */
  norm: string;
  /** As written ("12 May", "Aug 2031"). */
  text: string;
  /** Content words before the value in its clause (up to six, the slot's own words left out): what and whose it is. */
  owner: string[];
  /** The holder named nearest before the value: a possessive ("jo", "mum"), a relation ("neighbour"), or "self" (my, our, I); absent when none. */
  holder?: string;
}


/** Between a cue and its value: "is", ":", "on", "the" before a day ("birthday's the 19th of June"; never "was": a past occasion, not the standing value). */
const FILL = new RegExp(String.raw`^(?:\s*(?:is|are|['’]s|falls on|on|of|in|at|date)\b\s*|\s*[:=–-]\s*|\s+)*(?:the\s+(?=\d))?`, "i");

interface Cue {
  slot: string;
  re: RegExp;
  read: (rest: string) => { norm: string; length: number } | null;
  /** The words of the slot itself, never an owner word. */
  own: string[];
  /** A thing of the household's, not of one person: with no holder and no owner word on either side, the two are the same one. */
  household?: boolean;
  /** Said "with" someone ("anniversary with Jen"), it is the person's own: the holder is "self". */
  selfWith?: boolean;
  /** A thing of a person's own: with no holder named, the person's (a blood group). */
  personal?: boolean;
  /** The value is its own cue, read where the cue starts ("A positive" in a sentence about blood; blood-group.ts). */
  selfNamed?: boolean;
  /** Whether two different comparable forms are two values (a height within rounding is one); absent: any two differ. */
  differ?: (a: string, b: string) => boolean;
}

/** A day and month at the start of `rest` ("12 May", "May 21st", "2026-05-12"), as findValues reads it. */
function dayMonthAtStart(rest: string): { norm: string; length: number } | null {
  const v = findValues(rest.slice(0, 40)).find((f) => f.start === 0 && f.type === "date");
  return v ? { norm: v.norm, length: v.end } : null;
}

const MONTH_YEAR = new RegExp(String.raw`^(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?)?${MONTH_RE}\.?,?\s+(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?(\d{4})\b`, "i");

/** A month with its year at the start of `rest` ("Aug 2031", "12 August 2031", "2031-08-12"): "2031-08". */
function monthYearAtStart(rest: string): { norm: string; length: number } | null {
  const iso = /^(\d{4})-(\d{2})(?:-\d{2})?\b/.exec(rest);
  if (iso) return { norm: `${iso[1]}-${iso[2]}`, length: iso[0].length };
  const m = MONTH_YEAR.exec(rest);
  if (!m) return null;
  const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase()) + 1;
  return { norm: `${m[2]}-${String(month).padStart(2, "0")}`, length: m[0].length };
}

/** A code of capitals and digits, both in it, at the start of `rest` ("YD21 KPO", "LS7 3AB"); written as typed, so case counts. */
function codeAtStart(rest: string, shape: RegExp): { norm: string; length: number } | null {
  const m = shape.exec(rest);
  if (!m || !/\d/.test(m[0]) || !/[A-Z]/.test(m[0])) return null;
  return { norm: m[0].replace(/[\s-]/g, ""), length: m[0].length };
}

const PLATE = /^(?:[A-Z]{2}\d{2}\s?[A-Z]{3}|[A-Z]{1,3}\d{1,4}\s?[A-Z]{0,3}|[A-Z0-9]{2,4}[\s-][A-Z0-9]{2,4})(?![\p{L}\p{N}])/u;
const POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]?\s?\d[A-Z]{2}(?![\p{L}\p{N}])/u;

/**
 * A password or code as typed: letters and digits, both in it, with no space ("Fennel42",
 * "x7Kp-22q"); case counts.
 */
function passwordAtStart(rest: string): { norm: string; length: number } | null {
  const m = /^[\p{L}\p{N}!@#$%&*_.-]{4,40}(?<![.])(?![\p{L}\p{N}])/u.exec(rest);
  if (!m || !/\p{N}/u.test(m[0]) || !/\p{L}/u.test(m[0])) return null;
  return { norm: m[0], length: m[0].length };
}

const CUES: readonly Cue[] = [
  { slot: "birthday", re: /\b(?:birthday|bday|b['’]day|b-day|date of birth|dob|born(?: on)?)\b/gi, read: dayMonthAtStart, own: ["birthday", "bday", "date", "birth", "dob", "born"] },
  // "anniversary with Jen": the person's own, as "our anniversary" is.
  // A couple's wedding, a funeral: once to whoever it belongs to, so one date (once-occasions.ts).
  ...ONCE_OCCASIONS.map((o) => ({ ...o, read: occasionDateAt })),
  { slot: "anniversary", re: /\banniversary(?:\s+with\s+[A-Z][\p{L}'’-]+)?/giu, read: dayMonthAtStart, own: ["anniversary"], selfWith: true },
  { slot: "expiry", re: /\b(?:expires|expiry(?: date)?|expiring|valid (?:till|until|to|through|thru)|runs out)\b/gi, read: monthYearAtStart, own: ["expir", "expiry", "valid", "till", "until", "run", "date"] },
  { slot: "registration", re: /\b(?:reg(?:istration)?(?: (?:number|no\.?|plate))?|(?:number|licen[cs]e) ?plate)\b/gi, read: (r: string) => codeAtStart(r, PLATE), own: ["reg", "registration", "number", "plate", "licence", "license"] },
  { slot: "postcode", re: /\b(?:post ?code)\b/gi, read: (r: string) => codeAtStart(r, POSTCODE), own: ["postcod", "post", "code"] },
  // The home's network: the household's when nobody is named ("Wifi password: …", "the wifi password is …").
  { slot: "wifi password", re: /\b(?:wi-?fi|router|broadband)(?: network)? (?:password|passcode|key|code)\b/gi, read: passwordAtStart, own: ["wifi", "router", "broadband", "network", "password", "passcod", "key", "code"], household: true },
  // A person's own for life, named by its own form wherever the sentence speaks of blood (blood-group.ts).
  { slot: "blood group", re: BLOOD_GROUP, read: bloodGroupAt, own: ["blood", "type", "group", "donor"], personal: true, selfNamed: true },
  // What a person eats by rule, its own word the cue, whoever the clause names (diets.ts).
  { slot: "diet", re: DIET, read: dietAt, own: ["diet", "eat", "eats"], selfNamed: true },
  // A person's own when nobody is named ("Height: 6 ft 1" in USER.md); two units are one height within rounding.
  { slot: "height", re: /\bheight\b/gi, read: heightAt, own: ["height"], personal: true, differ: heightsDiffer },
  // A number given to one holder by one body: two of one label clash only as a misspelling (held-numbers.ts).
  { slot: "id number", re: /\b(?:(?:registration|reg|licen[cs]e|membership|account|policy|certificate|order|booking|customer)(?:\s+(?:number|no\.?))?|number|no\.)(?![\p{L}\p{N}])/giu, read: idDigitsAt, own: ["registration", "reg", "number", "no", "licence", "license", "membership", "account", "policy", "certificate", "order", "booking", "customer"], differ: swappedDigits },
  { slot: "model year", re: MODEL_YEAR, read: modelYearAt, own: [], selfNamed: true },
  // When a standing state began, with its day, month and year (held-since.ts): what began is named by the words before.
  { slot: "since", re: SINCE, read: fullDateAt, own: ["since"] },
  // A home's band, set by an office: the household's when nobody is named (held-since.ts).
  { slot: "council tax band", re: TAX_BAND, read: bandLetterAt, own: ["council", "tax", "band"], household: true },
  { slot: "energy rating", re: ENERGY_RATING, read: bandLetterAt, own: ["epc", "energy", "rating", "band", "grade"], household: true },
].map((c) => ({ ...c, own: c.own.map(stem) }));

/** "42 Roundhay Rd", "24 Roundhay Road", "7b St John's Road": a house number with its street. */
const STREET_KINDS = ["road", "rd", "street", "st", "lane", "ln", "avenue", "ave", "close", "drive", "dr", "way", "crescent", "cres", "terrace", "grove", "gardens", "place", "court", "mews", "row", "walk", "square", "parade"];
/** A street's kind as written, capital or not ("Rd", "road"); its name must be capitalised. */
const KIND_RE = STREET_KINDS.map((k) => `[${k[0]!.toUpperCase()}${k[0]}]${k.slice(1)}`).join("|");
const HOUSE = new RegExp(String.raw`\b(\d{1,4}[a-z]?),?\s+((?:[A-Z][\p{L}'’]+\s+){1,3})(${KIND_RE})\b\.?`, "gu");
const STREET_KIND: Record<string, string> = { rd: "road", st: "street", ln: "lane", ave: "avenue", dr: "drive", cres: "crescent" };
const HOUSE_WORDS = ["house", "home", "address", "flat", "live", "lives", "living"].map(stem);

/** Words before a value that make it a former or passing value, not the standing one. */
const PAST = /\b(?:was|were|used to|previously|formerly|old|ex|last year|before|originally|thought|wrong)\b|\b\d+(?:st|nd|rd|th)\s*$/i;
/** A holder's relation to the person, said without a possessive ("the card to mum at …", "neighbours at …"). */
const RELATIONS = new Set(
  ("mum mom mother dad father parent nan nana gran granny grandma grandmother grandad grandpa grandfather sister brother wife husband partner " +
    "son daughter kid child baby grandson granddaughter grandchild stepson stepdaughter aunt auntie uncle cousin niece nephew fiance fiancee " +
    "girlfriend boyfriend neighbour neighbor boss colleague landlord landlady")
    .split(" ")
    .map(stem),
);
/** "it's", "that's", "she's": contractions, not possessives. */
const NOT_POSSESSIVE = new Set(["it", "that", "there", "here", "what", "who", "he", "she", "let", "where", "how", "one"]);

/** How far back from a value its holder is looked for, in words: further back is another thing's ("Son Tom lives in Bristol, granddaughter Isla born …"). */
const HOLDER_REACH = 4;

/** The holder named nearest before a value: the last possessive, relation or first person in the few words of `before` next to it. */
function holderOf(before: string): string | undefined {
  // An aside in brackets or commas says who the holder is to the person ("Kit (my sister) bday", "Rolo, our spaniel, was born"), not another holder.
  const tokens = before.replace(/\([^()]*\)/g, " ").replace(/,\s*(?:my|our)\s+[^,;:()]{1,30},/gi, " ").split(/[^\p{L}\p{N}'’]+/u).filter((t) => t !== "");
  for (let i = tokens.length - 1; i >= Math.max(0, tokens.length - HOLDER_REACH); i--) {
    const t = tokens[i]!.toLowerCase();
    const poss = /^(\p{L}+)['’]s$/u.exec(t);
    if (poss && !NOT_POSSESSIVE.has(poss[1]!)) return stem(poss[1]!);
    if (/^(?:my|our|i|me|mine)$/.test(t)) return "self";
    if (RELATIONS.has(stem(t.replace(/['’]s?$/, "")))) return stem(t.replace(/['’]s?$/, ""));
  }
  return undefined;
}

/** The moods (statement-mood.ts) a held value is read in: what is so, and what is so told with one day's doings. */
const SAID_AS_SO: ReadonlySet<string> = new Set(["fact", "event"]);

/** Two-letter words written with a capital that are no one's name. */
const NOT_NAMES = new Set(["my", "me", "we", "us", "he", "it", "is", "at", "on", "in", "of", "to", "so", "no", "do", "go", "up", "ok", "hi", "by", "as", "or", "an", "be", "if", "am", "pm", "uk", "us", "tv"]);

/** Content words of `before` in order, once each, with the two-letter names content words leave out ("Jo", "Ed"). */
function ownerWords(before: string): string[] {
  const out: string[] = [];
  for (const token of before.split(/[^\p{L}\p{N}'’]+/u)) {
    const bare = token.replace(/['’]s$/, "");
    const name = /^[A-Z][a-z]$/.test(bare) && !NOT_NAMES.has(bare.toLowerCase()) ? [bare.toLowerCase()] : [];
    out.push(...name, ...contentWords(token, true));
  }
  return [...new Set(out)];
}

/** The clause of `sentence` holding offset `at`, up to `at`. */
function clauseBefore(sentence: string, at: number): string {
  const c = clauses(sentence).find((x) => at >= x.start && at < x.end);
  return sentence.slice(c ? c.start : 0, at);
}

function fixedAt(sentence: string, slot: string, own: readonly string[], at: number, valueAt: number, v: { norm: string; text: string }): FixedValue | null {
  // "I was born on 3 June" is the standing date, not a former one.
  const before = clauseBefore(sentence, at).replace(/\b(?:was|were)\s+$/i, (w) => (/^born/i.test(sentence.slice(at)) ? "" : w));
  // A former value, an ordinal occasion ("her 60th birthday"), or one asked, planned, supposed or denied. Told in
  // the story of a day ("took the shopping round to gran at 71 Elm Grove") it is still where gran lives.
  if (PAST.test(before) || PAST.test(sentence.slice(at, valueAt)) || !SAID_AS_SO.has(moodAt(sentence, valueAt))) return null;
  const months = new Set(MONTHS);
  const owner = ownerWords(before).filter((w) => !own.includes(w) && !months.has(w.slice(0, 3))).slice(-6);
  const holder = holderOf(before);
  // A home told apart by its letter ("Flat B") is an owner word of its own, so two lettered homes are two holders
  // (first, so the word right before the value stays last: "another label" reads it).
  owner.unshift(...letteredOf(before));
  return { slot, norm: v.norm, text: v.text, owner, ...(holder !== undefined ? { holder } : {}) };
}

/** The fixed values of one sentence, left to right. */
export function fixedValues(sentence: string): FixedValue[] {
  const text = unquoted(sentence);
  const out: FixedValue[] = [];
  for (const cue of CUES) {
    cue.re.lastIndex = 0;
    for (let m = cue.re.exec(text); m !== null; m = cue.re.exec(text)) {
      const after = m.index + m[0].length;
      const valueAt = cue.selfNamed === true ? m.index : after + (FILL.exec(text.slice(after))?.[0] ?? "").length;
      const v = cue.read(text.slice(valueAt));
      if (!v) continue;
      const f = fixedAt(sentence, cue.slot, cue.own, m.index, valueAt, { norm: v.norm, text: text.slice(valueAt, valueAt + v.length) });
      const own = f !== null && f.holder === undefined && (cue.personal === true || (cue.selfWith === true && /\swith\s/i.test(m[0])));
      if (f) out.push(own ? { ...f, holder: "self" } : f);
    }
  }
  HOUSE.lastIndex = 0;
  for (let m = HOUSE.exec(text); m !== null; m = HOUSE.exec(text)) {
    const kind = m[3]!.toLowerCase();
    const street = contentWords(m[2]!).join(" ");
    if (street === "") continue;
    const f = fixedAt(sentence, `house number ${street} ${STREET_KIND[kind] ?? kind}`, HOUSE_WORDS, m.index, m.index, { norm: m[1]!.toLowerCase(), text: m[0].trim() });
    // A labelled place of one's own, or a delivery's address, is the person's premises when no one else is named
    // (own-premises.ts): its own holder, so it meets only another such, never an unnamed house or "my house".
    if (f) out.push(f.holder === undefined && ownPremises(text.slice(0, m.index)) ? { ...f, holder: OWN_PREMISES } : f);
  }
  return out;
}

/** Words that say a held value was replaced, beyond the update linker's change words: a renewed passport has a new expiry. */
const RENEWED = /\b(?:renewed|replaced|replacement|reissued|re-registered|moved (?:house|in|out)|new (?:car|passport|licen[cs]e|address|house|flat))\b/i;

/** A statement with the fixed values of its sentence (none: the statement as it was). */
export function withFixedValues<T extends Statement>(st: T): T {
  const fixed = fixedValues(st.text);
  if (fixed.length === 0 && !RENEWED.test(st.text)) return st;
  return { ...st, ...(fixed.length > 0 ? { fixed } : {}), ...(RENEWED.test(st.text) ? { renewed: true } : {}) };
}

/** The fixed values a stored statement carries (none in statements stored before they were read). */
function fixedOf(st: Statement): readonly FixedValue[] {
  // Read from the statement's stored JSON, which may come from older rules: checked, not trusted.
  const f: unknown = (st as { fixed?: unknown }).fixed;
  return Array.isArray(f) ? (f as FixedValue[]) : [];
}

/** Whether a statement says something changed: a change word, an announced move, a correction, a choice given up, a renewal. */
function saysChanged(st: Statement): boolean {
  const renewed = (st as { renewed?: unknown }).renewed === true;
  return st.change || st.announced === true || (Array.isArray(st.corrects) && st.corrects.length > 0) || (Array.isArray(st.givesUp) && st.givesUp.length > 0) || renewed;
}

/**
 * The words that make two values one holder's, or null when they are two holders'. Both named
 * ("Jo's", "my", "mum's … at"): the same one. Otherwise their owner words must share one, and a
 * holder named on one side must be among the other's words ("Jo's birthday" and "Jo (best
 * friend) bday"); "Sam's car" and "car reg …" share "car" but not Sam.
 */
function sameHolder(a: FixedValue, b: FixedValue): string[] | null {
  if (CUES.find((c) => c.slot === a.slot)?.household === true && [a, b].every((v) => v.holder === undefined && v.owner.length === 0)) return [];
  const shared = a.owner.filter((w) => b.owner.includes(w));
  if (a.holder !== undefined && b.holder !== undefined) return a.holder === b.holder ? [...new Set([...shared, a.holder])] : null;
  const named = a.holder ?? b.holder;
  const other = a.holder === undefined ? a : b;
  if (named !== undefined && named !== "self" && !other.owner.includes(named)) return null;
  return shared.length > 0 ? shared : null;
}

/** Words that make a thing another one of its kind than the person's own: a hire car, a work phone, a spare key. */
const ANOTHER_ONE = new Set(["hire", "hired", "rental", "rented", "courtesy", "loan", "loaner", "spare", "work", "company", "second", "other", "backup", "temporary", "temp"].map(stem));

const VEHICLE_WORDS: ReadonlySet<string> = new Set([...VEHICLES].map(stem));

/** Whether two values of one slot are two: a cue may count near forms as one (a height within rounding). */
function differ(a: FixedValue, b: FixedValue): boolean {
  if (a.norm === b.norm) return false;
  const by = CUES.find((c) => c.slot === a.slot)?.differ;
  return by === undefined || by(a.norm, b.norm);
}

/** The homes a value's owner words name by a letter ("flat b"). */
const lettered = (v: FixedValue) => v.owner.filter((w) => w.includes(" "));

/** Reasons two values of one slot and one holder are still of two things: each a small named rule. */
export const CLASH_GUARDS: readonly { name: string; apart: (a: FixedValue, b: FixedValue) => boolean }[] = [
  // "hire car reg AB12 CDE" and "Car: … reg YD21 KPO": the hire car is not the car.
  { name: "another one", apart: (a, b) => a.owner.some((w) => ANOTHER_ONE.has(w)) !== b.owner.some((w) => ANOTHER_ONE.has(w)) },
  // "car insurance expires Jan 2030" and "home insurance expires Mar 2030": what expires is named by the two words before it.
  { name: "another thing expires", apart: (a, b) => a.slot === "expiry" && a.owner.length > 1 && b.owner.length > 1 && a.owner.slice(-2).join(" ") !== b.owner.slice(-2).join(" ") },
  // "the 2022 World Cup" and "a 2019 Christmas do": a year before a name is a model year only of a vehicle, on both sides.
  { name: "no vehicle", apart: (a, b) => a.slot === "model year" && !(a.owner.some((w) => VEHICLE_WORDS.has(w)) && b.owner.some((w) => VEHICLE_WORDS.has(w))) },
  // "Screwfix order number …" and "Toolstation order number …": a number's label is the word right before it.
  { name: "another label", apart: (a, b) => a.slot === "id number" && a.owner[a.owner.length - 1] !== b.owner[b.owner.length - 1] },
  // "parcel left at 24 Roundhay Road" and "parcel from 26 Roundhay Road": a house number is someone's only when one side says whose.
  { name: "nobody's house", apart: (a, b) => a.slot.startsWith("house number") && a.holder === undefined && b.holder === undefined },
  // "Flat A is band C" and "Flat B is band D": two homes told apart by their letter (a lettered owner word has a space).
  { name: "another lettered home", apart: (a, b) => lettered(a).length > 0 && lettered(b).length > 0 && !lettered(a).some((w) => lettered(b).includes(w)) },
  // "my job since 3 May 2020" and "my flat since 1 June 2022": a person holds many states; what began must share a word.
  { name: "another state", apart: (a, b) => a.slot === "since" && !a.owner.some((w) => b.owner.includes(w)) },
];

/** Words besides a slot's own that say its value was replaced: a move for an address, a renewal for an expiry. */
const MOVE_WORDS: Record<string, readonly string[]> = { expiry: ["renew", "renewal"], postcode: ["mov", "move"], house: ["mov", "move"] };

/** The words that say a statement is about this slot: its cue's own words and the words of replacing its value. */
function topicOf(slot: string): ReadonlySet<string> {
  const kind = slot.startsWith("house number") ? "house" : slot;
  const own = kind === "house" ? HOUSE_WORDS : (CUES.find((c) => c.slot === slot)?.own ?? []);
  return new Set([...own, ...(MOVE_WORDS[kind] ?? [])]);
}

/**
 * A statement said between the two (after the older, before the newer) that says the value
 * changed: it says something changed, names the holder, and is about this slot ("mum's
 * moving next month") or says the thing itself was replaced ("got a new car"). A change to
 * another of the holder's facts ("recount for mum's 60th: it's 38 not 32") is not one.
 */
function changedBetween(all: readonly PlacedStatement[], o: PlacedStatement, n: PlacedStatement, slot: string, about: readonly string[]): boolean {
  const words = about.filter((w) => w !== "self");
  const topic = topicOf(slot);
  const homes = words.filter((w) => w.includes(" "));
  return all.some((s) => {
    if (s.order <= o.order || s.order >= n.order || !saysChanged(s.st)) return false;
    // "Flat A renewed with Aviva" changes nothing of Flat B's: a statement naming only other lettered homes is another holder's.
    if (homes.length > 0 && (s.st.lettered?.length ?? 0) > 0 && !homes.some((h) => s.st.lettered!.includes(h))) return false;
    const renewed = (s.st as { renewed?: unknown }).renewed === true;
    const holder = words.length === 0 || words.some((w) => s.st.words.includes(w));
    // A renewal of a thing nobody is named for ("renewed the car insurance") is no change of the person's own
    // anniversary or wifi password: it counts only with a holder named, or said of this slot's own words.
    return holder && ((renewed && words.length > 0) || s.st.words.some((w) => topic.has(w)));
  });
}

/** What a clash is about, as `agent health` shows it: the slot, a colon, whose ("birthday: jo", "registration: car"). */
function clashSlot(slot: string, about: readonly string[]): string {
  const whose = about.filter((w) => w !== "self");
  return `${slot}: ${whose.length > 0 ? whose.join(" ") : "self"}`;
}

/** How many clashes one statement takes part in: a holder's value said often is reported by its nearest few. */
const MAX_CLASHES_PER_STATEMENT = 2;

/** Contradictions between fixed values: the same slot of the same holder with two values, nothing saying it changed. */
export function valueClashes(all: readonly PlacedStatement[], links: readonly Link[]): Link[] {
  const linked = new Set(links.flatMap((l) => [`${l.older}:${l.newer}`, `${l.newer}:${l.older}`]));
  const bySlot = new Map<string, { p: PlacedStatement; v: FixedValue }[]>();
  for (const p of all) {
    if (p.st.mark?.key === "still-true" || p.st.asks === true) continue;
    for (const v of fixedOf(p.st)) (bySlot.get(v.slot) ?? bySlot.set(v.slot, []).get(v.slot)!).push({ p, v });
  }
  const out: Link[] = [];
  const count = new Map<number, number>();
  const room = (id: number) => (count.get(id) ?? 0) < MAX_CLASHES_PER_STATEMENT;
  for (const group of bySlot.values()) {
    group.sort((a, b) => a.p.order - b.p.order || a.p.id - b.p.id);
    // Newest first from each newer side: the nearest earlier value is the one it goes against.
    for (let j = group.length - 1; j > 0; j--) {
      const n = group[j]!;
      for (let i = j - 1; i >= 0 && room(n.p.id); i--) {
        const o = group[i]!;
        if (o.p.id === n.p.id || (o.p.path === n.p.path && o.p.order === n.p.order) || !differ(o.v, n.v) || !room(o.p.id)) continue;
        if (linked.has(`${o.p.id}:${n.p.id}`)) continue;
        // Said on the same day or file date, either may be the later: neither may say it changed.
        if (saysChanged(n.p.st) || (o.p.order === n.p.order && saysChanged(o.p.st))) continue;
        // The newer still says the old value, or the older already said the new one: two things, not a clash.
        if (fixedOf(n.p.st).some((x) => x.slot === o.v.slot && x.norm === o.v.norm) || fixedOf(o.p.st).some((x) => x.slot === n.v.slot && x.norm === n.v.norm)) continue;
        const about = CLASH_GUARDS.some((g) => g.apart(o.v, n.v)) ? null : sameHolder(o.v, n.v);
        if (about === null || changedBetween(all, o.p, n.p, o.v.slot, about)) continue;
        linked.add(`${o.p.id}:${n.p.id}`).add(`${n.p.id}:${o.p.id}`);
        count.set(o.p.id, (count.get(o.p.id) ?? 0) + 1).set(n.p.id, (count.get(n.p.id) ?? 0) + 1);
        out.push({ older: o.p.id, newer: n.p.id, kind: "contradiction", slot: clashSlot(n.v.slot, about), by: "guess", strength: 1, rule: "value-clash" });
      }
    }
  }
  return out;
}

/** Every link among the statements: the linker's (supersede.ts), then the value clashes its updates leave. */
export function linkWithClashes(all: PlacedStatement[]): Link[] {
  const found = withHandLinks(all, linkStatements(all));
  const links = [...found, ...saidAnewUpdates(all, found)];
  const clashes = valueClashes(all, links);
  const years = [...eventYearClashes(all, [...links, ...clashes])];
  years.push(...sizeClashes(all, [...links, ...clashes, ...years]));
  return [...links, ...sameThingUpdates(all, [...links, ...clashes, ...years]), ...clashes, ...years];
}

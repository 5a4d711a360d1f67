/**
 * The year a past thing happened is fixed: "the pavilion was built in 1987" and, later, "the
 * pavilion was built in 1992" cannot both be so, and nothing can have changed it. Two such
 * sentences about one thing (the same kind of happening, a word of what it happened to in
 * common) with two years are a contradiction, reported with both sides; neither replaces the
 * other. A thing named by its model ("the M32") is named by that too. Only the happenings that
 * happen once to a thing (built, bought, founded, started, opened, planted, installed, married):
 * "moved" or "went" happen again. The years are read when a statement is stored (truth.ts), so
 * linking reads no text. Pure.
 */
import { affirms, contentWords, type Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { degreeYears } from "./degrees.js";
import { toldApart } from "./told-apart.js";
import { ownedSinceYears } from "./owned-since.js";

/** A happening's year: what happened (its kind), the year, and the words of what it happened to. */
export interface EventYear {
  kind: string;
  year: string;
  thing: string[];
  /** What a degree was in ("ecology"; degrees.ts): two degrees of one level in two fields are two things. */
  field?: string;
}

/** The happenings that befall a thing once, each with the kind it belongs to ("formed" and "founded" are one). */
const KINDS: Record<string, string> = {
  built: "built", constructed: "built", erected: "built",
  bought: "bought", purchased: "bought",
  founded: "founded", formed: "founded", started: "founded", established: "founded", "set up": "founded",
  opened: "opened", planted: "planted", installed: "installed", fitted: "installed", married: "married",
};
const HAPPENED = new RegExp(String.raw`\b(${Object.keys(KINDS).join("|")})\b((?:\s+[\p{L}'’]+){0,3}?)\s+(?:in|back in)\s+((?:1[6-9]|20)\d{2})\b(?!\s*[-–/]\d)`, "giu");
/** Where a clause starts: what is before it is about something else. "Tom and I married" joins two people, no clauses. */
const CLAUSE_START = /[:;,.!?()]|\b(?:and(?!\s+(?:I|me|my wife|my husband|my partner)\b)|but|when|because|so)\b/gi;

/** A model's name ("M32", "RX100"): capitals then digits, which content words leave out. */
const modelsOf = (text: string) => [...text.matchAll(/\b[A-Z]{1,4}\d{1,5}\b/g)].map((m) => m[0].toLowerCase());

/** The happenings with their years a sentence tells, each with what it happened to. */
export function eventYears(sentence: string): EventYear[] {
  const out: EventYear[] = [];
  for (const m of sentence.matchAll(HAPPENED)) {
    const start = m.index;
    let from = 0;
    for (const c of sentence.slice(0, start).matchAll(CLAUSE_START)) from = c.index + c[0].length;
    // "Boiler: Worcester Bosch, fitted in 2019": a happening after a comma with no words of its own tells of what the sentence named before it.
    const own = sentence.slice(from, start) + " " + m[2]!;
    const about = contentWords(own).length === 0 && /,\s*$/.test(sentence.slice(0, start)) ? sentence.slice(0, start) + own : own;
    const thing = [...new Set([...contentWords(about), ...modelsOf(about)])];
    if (thing.length > 0) out.push({ kind: KINDS[m[1]!.toLowerCase()]!, year: m[3]!, thing });
  }
  return out;
}

/** A year any of the readings below could take (theirs are 1600–2099 and 1900–2099). */
const ANY_YEAR = /(?:1[6-9]|20)\d{2}/;

/**
 * A business's line about itself: "Brennan's Table, cooking for Norfolk since 2022", "Hart & Sons,
 * est. 1998": the name, then what it does "since" a year, is when it was founded. The name must be
 * written with capitals and followed by a comma and a doing ("cooking", "serving") or "est.",
 * so "living here since 2019" or "friends since school" found nothing.
 */
const TAGLINE = new RegExp(String.raw`\b([A-Z][\p{L}'’]*(?:\s+(?:[A-Z&][\p{L}'’]*|of|and|the)){0,3}),\s+(?:(?:[\p{L}]+ing\b(?:\s+[\p{L}'’]+){0,3}?\s+since)|est(?:\.|ablished)?)\s+((?:1[6-9]|20)\d{2})\b(?!\s*[-–/]\d)`, "gu");

/** The foundings a business's line about itself tells (TAGLINE), each with its name's words. */
function taglineYears(sentence: string): EventYear[] {
  return [...sentence.matchAll(TAGLINE)].flatMap((m) => {
    const thing = contentWords(m[1]!);
    return thing.length > 0 ? [{ kind: "founded", year: m[2]!, thing }] : [];
  });
}

/** A statement with its happenings' years (as it was, when it tells none). */
export function withEventYears<T extends Statement>(st: T): T {
  // Each of the four readings needs a year in the sentence (their patterns' own years): without one, none is tried.
  if (!ANY_YEAR.test(st.text)) return st;
  const years = [...eventYears(st.text), ...taglineYears(st.text), ...degreeYears(st.text), ...ownedSinceYears(st.text)];
  return years.length > 0 ? { ...st, years } : st;
}

/** The stored years of a statement: read from its JSON, which older rules may have written without them. */
const yearsOf = (st: Statement): EventYear[] => (Array.isArray(st.years) ? st.years : []);

/** Words of what happened that two years share: at least one, and half of the fewer's. */
function sameThing(a: EventYear, b: EventYear): string[] {
  if (a.field !== undefined && b.field !== undefined && a.field !== b.field) return [];
  const shared = a.thing.filter((w) => b.thing.includes(w));
  return shared.length > 0 && shared.length * 2 >= Math.min(a.thing.length, b.thing.length) ? shared : [];
}

/** Contradictions between two years of one happening to one thing; pairs already linked are left as they are. */
export function eventYearClashes(all: readonly PlacedStatement[], links: readonly Link[]): Link[] {
  const linked = new Set(links.flatMap((l) => [`${l.older}:${l.newer}`, `${l.newer}:${l.older}`]));
  // A denial of something else ("… and never failed an MOT") leaves the year told.
  const told = all.filter((p) => yearsOf(p.st).length > 0 && p.st.asks !== true && p.st.mark?.key !== "still-true" && affirms(p.st, yearsOf(p.st).flatMap((y) => y.thing)));
  const out: Link[] = [];
  for (const [i, n] of told.entries()) {
    for (const o of told.slice(0, i)) {
      if (o.id === n.id || linked.has(`${o.id}:${n.id}`)) continue;
      // "Flat A's boiler was fitted in 2016" and "Flat B's boiler, fitted in 2019": two homes' boilers, two things.
      if (toldApart(o.st, n.st)) continue;
      for (const a of yearsOf(o.st)) {
        const b = yearsOf(n.st).find((y) => y.kind === a.kind && y.year !== a.year && sameThing(a, y).length > 0);
        if (!b || yearsOf(n.st).some((y) => y.kind === a.kind && y.year === a.year)) continue;
        const [older, newer] = o.order <= n.order ? [o, n] : [n, o];
        linked.add(`${o.id}:${n.id}`).add(`${n.id}:${o.id}`);
        out.push({ older: older.id, newer: newer.id, kind: "contradiction", slot: `year ${a.kind}: ${sameThing(a, b).join(" ")}`, by: "guess", strength: 1, rule: "value-clash" });
        break;
      }
    }
  }
  return out;
}

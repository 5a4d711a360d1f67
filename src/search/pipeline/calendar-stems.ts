/**
 * A query word whose stem is a weekday's or a month's short form: the porter stemmer makes
 * "wedding" and "Wed" one token ("wed"), "fries" and "Fri" ("fri"), "sunning" and "Sun", so
 * a question about a wedding matches every note headed "Wed 8 Sept" and every schedule that
 * says "Mon/Wed/Fri", and the floor counts the wedding as present where it is not. The
 * index cannot tell them apart (both are stored as the one token); the chunk's text can.
 * A chunk matched by such a word keeps the match only when its text writes a word of that
 * stem that is not the short form itself ("wedding", "wedded"); a chunk that writes only
 * "Wed" is not matched by "wedding". A question that asks with the short form itself ("what's
 * on wed") is left alone, as is the verb written in full in the note ("they wed in June").
 *
 * Applied to the matched terms the floor and the coverage read (score.ts); the keyword
 * score, counted by FTS5, still holds the abbreviation's occurrences.
 */
import { ftsTokens } from "./fts-tokens.js";

/** Weekdays' and months' short forms as notes write them ("Wed 8 Sept", "Mon/Wed/Fri", "3 Mar"). */
const SHORT_FORMS: ReadonlySet<string> = new Set(
  "mon tue tues wed weds thu thur thurs fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec".split(" "),
);

function stemOf(word: string): string | null {
  return ftsTokens(`"${word.replace(/"/g, '""')}"`);
}

/** A query term that collides with a short form: the stem it shares, and its other forms' stems ("marry" for "wedding"). */
export interface Collision {
  stem: string;
  others: string[];
}

/**
 * The query's terms that collide with a short form: the term's stem is a short form's, and
 * the term is no short form itself.
 */
export function calendarCollisions(terms: readonly { term: string; forms?: readonly { term: string }[] }[]): Map<string, Collision> {
  const out = new Map<string, Collision>();
  for (const { term, forms } of terms) {
    if (SHORT_FORMS.has(term) || !/^[a-z]+$/.test(term)) continue;
    const stem = stemOf(term);
    if (stem === null || !SHORT_FORMS.has(stem)) continue;
    const others = (forms ?? []).map((f) => stemOf(f.term)).filter((s): s is string => s !== null && s !== stem);
    out.set(term, { stem, others });
  }
  return out;
}

/**
 * Whether `text` writes a word of the collision's stem other than a weekday's or month's short
 * form, or a word of one of the term's other forms ("married" for "wedding" → marry).
 */
export function writesStemInFull(text: string, c: Collision): boolean {
  const starts = new Set([c.stem, ...c.others].map((s) => s.slice(0, 2)));
  for (const m of text.toLowerCase().matchAll(/[a-z]+/g)) {
    const w = m[0];
    if (!starts.has(w.slice(0, 2)) || SHORT_FORMS.has(w)) continue;
    const s = stemOf(w);
    if (s === c.stem || (s !== null && c.others.includes(s))) return true;
  }
  return false;
}

/** `matched` (the terms a chunk contains) without the colliding terms its text writes only as a short form. */
export function withoutShortFormMatches(matched: ReadonlySet<string>, text: string, collisions: ReadonlyMap<string, Collision>): Set<string> {
  const out = new Set(matched);
  for (const [term, c] of collisions) if (out.has(term) && !writesStemInFull(text, c)) out.delete(term);
  return out;
}

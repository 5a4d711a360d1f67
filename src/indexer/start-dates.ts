/**
 * A start given anew in other words: "Kyle starts with me on Monday 14 January", later "Kyle's
 * first day on the van is Monday 21 January". No word says it changed, but one beginning of one
 * thing has one date: while the first date is still to come, a later different start date of
 * the same holder replaces it.
 *
 * Read when a statement is stored (so linking reads no text): each date with a start cue before
 * it in its clause ("starts", "starting", "first day", "begins", "start date"), with whose start
 * it is (the words before the cue: "Kyle Dempsey", "my" → self) and what of (the words between
 * the cue and the date: "on the van", "at Arup").
 *
 * Linked when the holders share a word besides "my" (a person starts many things), or one's holder is what the other starts ("the Arup job
 * starts 1 March" / "my first day at Arup"), the two say what of apart by no word (both naming
 * it, with nothing shared: "starts college" / "starts the swimming course" are two starts), the
 * newer is said before the older date, and the dates differ.
 *
 * A thing also starts once and ends once when read value by value (`sameBound`): "the postdoc
 * starts 1 November", later "my first day at Utrecht … Monday 5 November". Other dates of one
 * thing are as often other events of it (a meeting, a deadline) as a move, so a date replaces
 * another only when a change is said; but two dates that are both the start (or both the end) of
 * one thing cannot both hold, so the later one is read as said changed. The words next to each
 * value say which side it is ("starts", or the "start" slot-synonyms.ts reads from "first day");
 * what the thing is must still be shared, as for any change.
 *
 * Pure.
 */
import type { StatedValue, Statement } from "./statements.js";
import { contentWords } from "./statements.js";
import { nearestDay } from "./still-to-come.js";
import { weekdayOf } from "./taken-back.js";

export interface StartDate {
  /** The date's month and day ("01-14"). */
  date: string;
  /** Whose start: content words before the cue, or "self" for "my"/"I". */
  who: string[];
  /** What of: content words between the cue and the date. */
  what: string[];
}

type WithStarts = Statement & { starts?: StartDate[] };

/** A statement in its place, as supersede.ts's PlacedStatement (written here so the linker may read `sameBound` from this file without a cycle). */
interface Placed {
  id: number;
  order: number;
  st: Statement;
}
/** A start-date update, as supersede.ts's Link takes it. */
interface StartLink {
  older: number;
  newer: number;
  kind: "update";
  slot: "start date";
  by: "guess";
  strength: number;
  rule: "slot";
}

const CUE = /\b(?:start(?:s|ing)?(?: date)?|first day|begins?|beginning)\b/gi;
/** Words of when, not of whose or what: months and weekdays, as `contentWords` leaves them ("Maya" and "market" are none). */
const MONTH_WORDS = new Set(contentWords("January February March April June July August September October November December Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec"));
export const isWhenWord = (w: string): boolean => MONTH_WORDS.has(w) || weekdayOf(w) !== null;

const own = (words: string[]) => words.filter((w) => !isWhenWord(w));

/** The start dates a sentence gives. */
export function startDatesOf(st: Statement): StartDate[] {
  const out: StartDate[] = [];
  for (const v of st.values) {
    if (v.type !== "date" || v.former === true) continue;
    const at = st.text.indexOf(v.text.trim());
    if (at < 0) continue;
    // The date's own clause before it: after the last stop, semicolon or comma-joined new subject.
    const clause = st.text.slice(0, at).split(/[.;!?]|,\s+(?=(?:and|but|so)\b)/).pop() ?? "";
    const cues = [...clause.matchAll(CUE)];
    const cue = cues[cues.length - 1];
    if (!cue || cue.index === undefined) continue;
    // Whose start is named in the cue's own clause: "limiting work emails after 7 PM, starting March 5" starts no "emails".
    const before = clause.slice(0, cue.index).split(",").pop() ?? "";
    const self = /\b(?:my|I|I'm|I’m)\b\s*(?:\S+\s+){0,2}$/i.test(before);
    const who = own(contentWords(before).slice(-3));
    const what = own(contentWords(clause.slice(cue.index + cue[0].length)));
    out.push({ date: v.norm, who: self ? ["self", ...who] : who, what });
  }
  return out;
}

export function withStartDates<T extends Statement>(st: T): T {
  const starts = startDatesOf(st);
  return starts.length === 0 ? st : { ...st, starts };
}

const startsOf = (st: Statement): StartDate[] => {
  const s = (st as WithStarts).starts;
  return Array.isArray(s) ? s : [];
};

/** Whether two start dates are of one holder's one start. */
function sameStart(a: StartDate, b: StartDate): boolean {
  const meets = (x: string[], y: string[]) => x.some((w) => w !== "self" && y.includes(w));
  // "my new job starting 1 May" and "I'm starting the experiment on 21 October": a person starts many things; a word besides "my" names which.
  const holder = meets(a.who, b.who) || meets(a.who, b.what) || meets(a.what, b.who);
  const apart = a.what.length > 0 && b.what.length > 0 && !meets(a.what, b.what) && !meets(a.who, b.what) && !meets(a.what, b.who);
  return holder && !apart;
}

/** Updates: a later, different start date of the same start, said while the earlier one was still to come. */
export function startDateUpdates(all: readonly Placed[]): StartLink[] {
  const withStarts = all.filter((p) => startsOf(p.st).length > 0 && p.st.asks !== true).sort((a, b) => a.order - b.order);
  const out: StartLink[] = [];
  for (const [j, n] of withStarts.entries()) {
    let best: Placed | undefined;
    for (const o of withStarts.slice(0, j)) {
      if (o.order >= n.order || o.st.mark?.key === "still-true") continue;
      const hit = startsOf(o.st).some((a) => startsOf(n.st).some((b) => a.date !== b.date && sameStart(a, b) && (nearestDay(a.date, n.order) ?? 0) > n.order));
      if (hit && !startsOf(n.st).some((b) => startsOf(o.st).some((a) => a.date === b.date))) best = o;
    }
    if (best) out.push({ older: best.id, newer: n.id, kind: "update", slot: "start date", by: "guess", strength: 1, rule: "slot" });
  }
  return out;
}

const WHEN = new Set(["date", "day"]);

/** The side of a thing a date is, by the word next to it: its start or its end; null when neither, or both. */
function bound(v: StatedValue): "start" | "end" | null {
  const s = v.near.includes("start");
  const e = v.near.includes("end");
  return s === e ? null : s ? "start" : "end";
}

/** Whether two dates are the same bound of a thing (both its start, or both its end) with different days. */
export function sameBound(o: StatedValue, n: StatedValue): boolean {
  if (!WHEN.has(o.type) || !WHEN.has(n.type)) return false;
  const b = bound(o);
  return b !== null && b === bound(n);
}

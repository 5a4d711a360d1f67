/**
 * Reasons two values that look like one slot (same kind of value, same words around them)
 * are still two different things: each a small named rule, tested on its own, checked by
 * supersede.ts before it links an update. Pure.
 */
import type { StatedValue } from "./statements.js";
import { differentKinds } from "./contrast-guard.js";
import { isContact } from "./contact-values.js";
import { vatBases } from "./vat-basis.js";

export interface SlotGuard {
  name: string;
  /** True when the older value `o` and the newer `n` are NOT one slot. */
  apart: (o: StatedValue, n: StatedValue) => boolean;
}

const mood = (v: StatedValue) => v.mood ?? "fact";

/**
 * "Ran 7 km on Saturday", "Spent $62 today": each occasion is its own, none replaces another. But
 * an address, an e-mail or an IP one moved to "today" stays after the day: the day is when it began.
 */
export const oneOffEvent: SlotGuard = { name: "one-off event", apart: (o, n) => !isContact(o) && (mood(o) === "event" || mood(n) === "event") };

/** "Going to write 2,000 words" and "Wrote 1,300 words": the plan and what was done are both true. */
export const planVersusDone: SlotGuard = { name: "plan vs done", apart: (o, n) => (mood(o) === "plan") !== (mood(n) === "plan") };

const STARTS = new Set(["start", "begin", "began", "open", "arriv", "land", "depart", "leav", "kick", "launch", "from"]);
const ENDS = new Set(["end", "finish", "clos", "due", "until", "deadlin", "expir", "complet", "return", "back"]);
const side = (words: readonly string[]): "start" | "end" | null => {
  const s = words.some((w) => STARTS.has(w));
  const e = words.some((w) => ENDS.has(w));
  return s === e ? null : s ? "start" : "end";
};

/** "The new job starts on 2 September" and "the probation ends on 2 December": a beginning and an end are two dates. */
export const startVersusEnd: SlotGuard = {
  name: "start vs end",
  apart: (o, n) => {
    if (o.type !== "date" && o.type !== "time") return false;
    const a = side(o.near);
    const b = side(n.near);
    return a !== null && b !== null && a !== b;
  },
};

/** Words that name a date as a deadline: by when a thing must be done, not when it happens. */
const DEADLINE = new Set(["deadlin", "due"]);
/** Words next to a date that name nothing of what it is of. */
const NOT_WHAT = new Set(["mov", "push", "now", "new", "chang", "moved", "instead", "until", "till", "from"]);

/**
 * "the April 15 deadline for the senior producer role" and, later, "the job offer on May 20 for the
 * senior producer role": a deadline and a later date of something else of one thing (the offer, named
 * beside the date) are two dates. A deadline said again ("the Henley quote now due 20 April") names
 * nothing new; a later date said "due to" a reason is no deadline's (so only the older side's
 * deadline counts: "extended to July 16 due to …" stays a change of the schedule).
 */
export const deadlineVersusOther: SlotGuard = {
  name: "deadline vs other date",
  apart: (o, n) => {
    if (o.type !== "date" || n.type !== "date") return false;
    if (!o.near.some((w) => DEADLINE.has(w)) || n.near.some((w) => DEADLINE.has(w))) return false;
    return n.near.some((w) => !o.near.includes(w) && !NOT_WHAT.has(w) && !o.context.includes(w));
  },
};

/** "Full-plot rent £60" and "half-plot rent £38": two kinds of one thing (contrast-guard.ts). */
export const kindVersusKind: SlotGuard = { name: "kind vs kind", apart: differentKinds };

/** "The PA is a 12 kW rig", later "the PA was an 8 kW rig": the newer tells of the past (said-apart.ts), it is no new value. */
export const formerValue: SlotGuard = { name: "former value", apart: (_o, n) => n.former === true };

export const SLOT_GUARDS: readonly SlotGuard[] = [oneOffEvent, planVersusDone, startVersusEnd, deadlineVersusOther, kindVersusKind, formerValue, vatBases];

/** The first guard that keeps two values apart, or null when none does. */
export function apartBy(o: StatedValue, n: StatedValue, guards: readonly SlotGuard[] = SLOT_GUARDS): string | null {
  return guards.find((g) => g.apart(o, n))?.name ?? null;
}

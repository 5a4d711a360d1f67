/**
 * A plan called off and a plan back on. "Cancel the Arran weekend on the 11th" (told to an
 * assistant, or noted as done: "cancelled the Arran weekend") replaces the latest earlier plan
 * for that day that names the same thing ("Booked the ferry to Arran on Sat 11 Oct"): the day
 * it names is which plan, not a new day for it, so the slot and move rules, which see the same
 * day said again, leave it. "Arran is back on" then replaces the latest calling-off of that
 * thing, so the reinstated plan is the current word. Conservative: the day must match, the
 * plan must still have been ahead when called off, and a word of what it is (besides the words
 * of calling off and of when) must be in both; a question or a denial calls nothing off. Pure.
 */
import { contentWords, MONTHS, type StatedValue, type Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { latestBefore } from "./latest-before.js";
import { nearestDay } from "./still-to-come.js";
import { calledOffWhat } from "./called-off.js";
import { weekdayOf } from "./taken-back.js";

/** "cancel", "cancelled", "called off", "scrapped": the words of calling a thing off. */
const CANCEL = /\b(?:cancel(?:s|led|ed|ling)?|call(?:ed|ing)? off|scrap(?:ped)?)\b/i;
/** "don't cancel", "not called off", "no need to cancel": a plan kept (another clause's "can't" denies nothing of it). */
const KEPT = /\b(?:not|don't|dont|never|won't|didn't|no need to)\s+(?:\w+\s+)?(?:cancel|call(?:ed)? off|scrap)/i;
/** "<subject> is back on." / "<subject>'s back on,": the subject before it, the clause ending there. */
const BACK_ON = /^(.{0,80}?)\b(?:is|are|'s|’s)\s+(?:now\s+|definitely\s+|all\s+)?back on\s*(?:[.,;:!)—–-]|$)/iu;

const CALL_OFF_WORDS = new Set(contentWords("cancel cancels cancelled canceled cancelling called calling call off scrap scrapped back"));
const isWhenWord = (w: string) => weekdayOf(w) !== null || MONTHS.includes(w.slice(0, 3)) || CALL_OFF_WORDS.has(w);

/** A statement that calls a plan off, or says one is back on (the words naming what), marked for the linker (as it was, when it says neither). */
export function withPlanState<T extends Statement>(st: T): T {
  if (st.asks === true || KEPT.test(st.text)) return st;
  const back = BACK_ON.exec(st.text.trim());
  if (back) {
    const what = contentWords(back[1]!.replace(/['’]$/u, "")).slice(-6);
    if (what.length > 0) return { ...st, backOn: what };
  }
  return CANCEL.test(st.text) || calledOffWhat(st.text).length > 0 ? { ...st, callsOff: true } : st;
}

/** The day of the month a date or a day names; null for other values. */
const dayOfMonth = (v: StatedValue): number | null => (v.type === "date" ? Number(v.norm.slice(3)) : v.type === "day" ? Number(v.norm) : null);

/** Whether two values name one day: two dates the same, or a day of the month the same as a date's. */
function sameDay(a: StatedValue, b: StatedValue): boolean {
  if (a.type === "date" && b.type === "date") return a.norm === b.norm;
  const [x, y] = [dayOfMonth(a), dayOfMonth(b)];
  return x !== null && x === y;
}

/** Whether `o` plans a thing on a day `n` names, still ahead when `n` was said, sharing a word of what it is. */
function plannedFor(o: PlacedStatement, n: PlacedStatement): boolean {
  if (o.st.callsOff === true) return false;
  const days = n.st.values.filter((v) => dayOfMonth(v) !== null);
  const ahead = o.st.values.filter((v) => v.type === "date" && (nearestDay(v.norm, o.order) ?? 0) > n.order);
  if (!ahead.some((v) => days.some((d) => sameDay(v, d)))) return false;
  const own = new Set(o.st.words);
  return n.st.words.some((w) => own.has(w) && !isWhenWord(w));
}

/** Updates: each plan called off from its latest plan for that day; each plan back on from its latest calling-off. */
export function planStateUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    if (n.st.mark?.key === "still-true") continue;
    if (n.st.callsOff === true) {
      const plan = latestBefore(all, n, (o) => plannedFor(o, n));
      if (plan) out.push({ older: plan.id, newer: n.id, kind: "update", slot: n.st.words.filter((w) => plan.st.words.includes(w) && !isWhenWord(w)).join(" "), by: "guess", strength: 1, rule: "move" });
    }
    const back = Array.isArray(n.st.backOn) ? n.st.backOn : [];
    if (back.length > 0) {
      const off = latestBefore(all, n, (o) => o.st.callsOff === true && back.some((w) => o.st.words.includes(w)));
      if (off) out.push({ older: off.id, newer: n.id, kind: "update", slot: back.join(" "), by: "guess", strength: 1, rule: "move" });
    }
  }
  return out;
}

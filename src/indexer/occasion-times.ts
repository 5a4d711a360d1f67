/**
 * One occasion on one day has one time of each kind: "Saturday 18 January: home vs Glenfield,
 * kick-off 10:00", later "Saturday's Glenfield kick-off is 10:30". Said before the day, with
 * no change word, the later time replaces the earlier: the same kind of time (the same word
 * right next to both: "kick off", "meet", "doors") of the same occasion (the same other words)
 * on the same calendar day cannot be both.
 *
 * The day is the statement's own date, or a weekday it names, read as the next such day on or
 * after it was said. Times of no day ("under-9s kick off at 9:00") and times of another day
 * are other occasions.
 *
 * Pure: statements in, links out (slot-guards' start/end and plan/done kept apart as elsewhere).
 */
import type { Statement, StatedValue } from "./statements.js";
import { contentWords } from "./statements.js";
import { isWhenWord } from "./start-dates.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { apartBy } from "./slot-guards.js";
import { nearestDay } from "./still-to-come.js";
import { weekdayOf } from "./taken-back.js";

const DAY = 86_400_000;
const WEEK = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
/** Words of when, not of what: months, weekdays, parts of a day. */
const DAY_PARTS = new Set(contentWords("today tomorrow tonight morning afternoon evening"));
const isWhen = (w: string) => isWhenWord(w) || DAY_PARTS.has(w);
/** The occasion's other words both must say, besides the kind of time and the day. */
const MIN_SHARED = 3;

/** The day (its number since 1970) a statement puts its times on, said at `said`; null when it names none or two. */
function dayOf(st: Statement, said: number): number | null {
  const dates = [...new Set(st.values.filter((v) => v.type === "date").map((v) => v.norm))];
  if (dates.length === 1) {
    const at = nearestDay(dates[0]!, said);
    return at === null ? null : Math.floor(at / DAY);
  }
  if (dates.length > 1) return null;
  const days = [...new Set(st.words.map(weekdayOf).filter((d): d is string => d !== null))];
  if (days.length !== 1) return null;
  const today = Math.floor(said / DAY);
  const ahead = (WEEK.indexOf(days[0]!) - new Date(today * DAY).getUTCDay() + 7) % 7;
  return today + ahead;
}

const times = (st: Statement): StatedValue[] => st.values.filter((v) => v.type === "time" && v.former !== true);
const what = (st: Statement): string[] => st.words.filter((w) => !isWhen(w));

/** Whether the newer time is the older's given anew: one kind (a word next to both), the other values apart by no guard. */
function sameKind(vo: StatedValue, vn: StatedValue): boolean {
  return vo.norm !== vn.norm && vo.near.some((w) => !isWhen(w) && vn.near.includes(w)) && apartBy(vo, vn) === null;
}

/** Updates: a time of the same occasion on the same day given anew before the day. */
export function occasionTimeUpdates(all: readonly PlacedStatement[]): Link[] {
  const timed = all.filter((p) => times(p.st).length > 0 && p.st.asks !== true).map((p) => ({ p, day: dayOf(p.st, p.order) })).filter((x) => x.day !== null);
  const out: Link[] = [];
  for (const n of timed) {
    if (Math.floor(n.p.order / DAY) > n.day!) continue;
    const own = new Set(what(n.p.st));
    let latest: PlacedStatement | undefined;
    for (const o of timed) {
      if (o.day !== n.day || o.p.order >= n.p.order || o.p.st.mark?.key === "still-true" || (latest && o.p.order <= latest.order)) continue;
      if (what(o.p.st).filter((w) => own.has(w)).length < MIN_SHARED) continue;
      // Still saying the old time, or already saying the new one: an added time of another kind.
      const olds = times(o.p.st);
      const news = times(n.p.st);
      const anew = (vo: StatedValue, vn: StatedValue) => sameKind(vo, vn) && !news.some((x) => x.norm === vo.norm) && !olds.some((x) => x.norm === vn.norm);
      if (olds.some((vo) => news.some((vn) => anew(vo, vn)))) latest = o.p;
    }
    if (latest) out.push({ older: latest.id, newer: n.p.id, kind: "update", slot: what(latest.st).filter((w) => own.has(w)).join(" "), by: "guess", strength: 1, rule: "slot" });
  }
  return out;
}

/**
 * A weekday given as when a thing is booked ("Dentist appointment: Tuesday at 10:00", "haircut
 * on Monday at 4pm") is the next such day, still to come when it was said, as a date ahead is: a later
 * "Dentist moved to Wednesday" can move it (supersede.ts's announced moves). A weekday told of
 * what already happened ("went to the dentist on Tuesday", "last Tuesday") or of a habit
 * ("every Tuesday", "Mondays", two weekdays) is no day ahead. Pure.
 */
import type { Statement } from "./statements.js";

/** A weekday written in full ("Thursday"): "sat" or "wed" alone are as often other words. */
const WEEKDAY = /\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b/gi;

/** A habit: "every Monday", "each Friday", "on Mondays", "Mon-Fri": a schedule, not one day to come. */
const HABIT = /\b(?:every|each|most|last|previous|past|on an?|other)\s+(?:other\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day|\b(?:mon|tues|wednes|thurs|fri|satur|sun)days\b|\b(?:mon|tue|wed|thu|fri|sat|sun)\w*\s*[-–]\s*(?:mon|tue|wed|thu|fri|sat|sun)/i;

/**
 * An appointment's form: the weekday with its hour ("Tuesday at 10:00", "Monday 4pm") or as a
 * record's value ("Physio: Thursday"). A weekday in the run of talk ("going hiking on Saturday")
 * is as often a plan that is simply done as a booking that can be moved.
 */
const APPOINTMENT = /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:\s+(?:at|@|from))?\s+\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm)?\b|^[^:]{1,40}:\s*(?:(?:on|this|next)\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/i;

/** Words that tell what already happened, or a day already gone. */
const TOLD_AS_PAST = /\b(?:was|were|went|had|did|got|saw|yesterday|last|ago|already|done)\b/i;

/** Whether a sentence gives a weekday as the day its thing is still to come: one weekday, in an appointment's form, no habit, nothing told as past. */
function givesDayAhead(st: Statement): boolean {
  const days = new Set([...st.text.matchAll(WEEKDAY)].map((m) => m[0].slice(0, 3).toLowerCase()));
  return st.asks !== true && !st.negated && days.size === 1 && APPOINTMENT.test(st.text) && !HABIT.test(st.text) && !TOLD_AS_PAST.test(st.text);
}

/** A statement marked when it gives a weekday ahead: read from its sentence when stored, as linking reads no text. */
export function withDayAhead<T extends Statement>(st: T): T {
  return givesDayAhead(st) ? { ...st, dayAhead: true } : st;
}

/** Whether a stored statement gives a weekday ahead (none stored before it was read do). */
export const weekdayAhead = (st: Statement): boolean => st.dayAhead === true;

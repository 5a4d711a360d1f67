/**
 * A value given as the answer to the assistant asking whether one still holds: "Your notes have
 * the gym at £32 a month. Is that still right?" – "£35 since March". The answer opens with
 * the value, not with a "no", yet gives another one than the question checked: it says no as
 * plainly. Only after a yes/no question that asks whether something is *still* so (a check of
 * a standing value), and only when the turn opens with an amount or a number (a turn opening
 * with words answers something else). replies.ts reads it as a "no" with the turn as its rest.
 * Pure.
 */
import { sentences } from "./statements.js";

/** A question to be answered yes or no that checks a value still holds. */
const STILL_ASKED = /^(?:is|are|does|do|has|have)\b.*\bstill\b.*\?$/i;
/** A turn opening with an amount or a number ("£35 since March", "it's 4471 these days"). */
const OPENS_WITH_VALUE = /^\s*(?:(?:it's|its|it is|they're|now)\s+)?[$€£]?\d/i;

/** Whether `reply` answers the assistant's last "still" question by giving a value outright. */
export function answersWithValue(assistant: string, reply: string): boolean {
  if (!OPENS_WITH_VALUE.test(reply)) return false;
  const last = sentences(assistant).at(-1)?.trim() ?? "";
  // The lead-in before a colon ("Quick check: is it still …?") is no part of the question.
  return STILL_ASKED.test(last.replace(/^[^:?]*:\s+/, ""));
}

/**
 * An amount said with the day it holds from ("Ollie is £175 a day from 1 May", "fees are 2% as
 * of June") is a new amount: what held before is given up on that day, as "now" says. A range
 * ("from 1 May to 5 May", "from June until August") is a span, not a start. Marked as a change
 * (supersede.ts then needs fewer shared words); nothing else is read. Pure.
 */
import type { Statement } from "./statements.js";

const MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";
const DAY = `(?:\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}|${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?|${MONTH}|the\\s+\\d{1,2}(?:st|nd|rd|th)|next\\s+(?:week|month|year|term|season))`;
const FROM = new RegExp(`\\b(?:from|as of|starting|effective)\\s+(?:the\\s+)?${DAY}\\b(?!\\s*(?:to|until|till|through|-|–)\\b)(?!\\s*[-–])`, "iu");

/** Kinds of value that are amounts. */
const AMOUNTS: ReadonlySet<string> = new Set(["money", "percent", "count", "measure"]);

/** A statement giving an amount from a day, marked as a change (as it was otherwise). */
export function withEffectiveFrom<T extends Statement>(st: T): T {
  if (st.change || !st.values.some((v) => AMOUNTS.has(v.type)) || !FROM.test(st.text)) return st;
  return { ...st, change: true };
}

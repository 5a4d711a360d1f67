/**
 * Some occasions happen once to the people they belong to: a couple's wedding, a funeral, a
 * christening, a graduation. "Chloe and Sam's wedding: Saturday 24 May" and, later with no change
 * word, "Chloe and Sam's wedding at Holt, Saturday 31 May" cannot both be so (value-clash.ts
 * reports two dates of one holder's occasion). Its date is read right after the occasion's word,
 * past a place it is at ("at Holt,") and a weekday, so a date later in the sentence ("send the
 * menu by the 17th") is never taken for it. A wedding's cake, dress or anniversary is another
 * thing: the date must follow the occasion's own word. Pure.
 */
import { findValues } from "./statements.js";

/** Words after an occasion's own that make it another thing of it: its cake, its anniversary. */
const NOT_ITSELF = String.raw`(?!\s+(?:anniversary|cake|dress|suit|present|gift|list|planner|fair|menu|tasting|photos?)\b)`;

/** The occasions that happen once to their holder, each its own slot: a wedding and a funeral of one holder are two. */
export const ONCE_OCCASIONS: readonly { slot: string; re: RegExp; own: string[] }[] = [
  { slot: "wedding", words: "wedding" },
  { slot: "funeral", words: "funeral" },
  { slot: "christening", words: "christening|baptism" },
  { slot: "graduation", words: "graduation" },
  { slot: "hen do", words: "hen (?:do|party|weekend)" },
  { slot: "stag do", words: "stag (?:do|party|weekend)" },
].map((o) => ({ slot: o.slot, re: new RegExp(String.raw`\b(?:${o.words})\b${NOT_ITSELF}`, "giu"), own: o.slot.split(" ") }));

/** Between the occasion and its date: "is", "on", ":", a place it is at ("at Holt,", "in St Mary's,") and a weekday. */
const LEAD = /^(?:\s*(?:is|['’]s|on|date)\b\s*|\s*[:=–-]\s*|\s*,\s*|\s+)*(?:(?:(?:at|in)\s+)?(?:the\s+)?[A-Z][\p{L}'’-]*(?:\s+[A-Z][\p{L}'’-]*){0,3}\s*,\s*(?:on\s+)?)?(?:(?:mon|tues?|wed(?:nes)?|thu(?:rs)?|fri|sat(?:ur)?|sun)(?:day)?\.?,?\s+(?:the\s+)?)?/iu;

/** The occasion's date at the start of `rest` (after the occasion's word): its comparable form and how far it reaches. */
export function occasionDateAt(rest: string): { norm: string; length: number } | null {
  const lead = LEAD.exec(rest)?.[0] ?? "";
  const v = findValues(rest.slice(lead.length, lead.length + 40)).find((f) => f.start === 0 && f.type === "date");
  return v ? { norm: v.norm, length: lead.length + v.end } : null;
}

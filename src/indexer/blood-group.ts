/**
 * A blood group is a person's for life: "Blood type: O positive" and, later, "gave blood; the
 * card says A positive" or "I'm A positive, I gave blood last year" cannot both be so. The group
 * names its own slot, as a phone number's form does: "O positive", "AB-", "B neg", before or
 * after the word, in a sentence that speaks of blood (a blood type or group, giving blood, a
 * donor) is the blood group of whoever its clause names, the person when it names nobody
 * (value-clash.ts reports two of one holder). Pure.
 */

/** The letters and sign of a group, the sign as a word, a short word or a symbol. */
const GROUP = String.raw`\b(AB|A|B|O)\s?(?:(positive|negative|pos|neg)\b|([+-])(?![\p{L}\p{N}]))`;

/** A group in a sentence that speaks of blood, before or after it: the value is its own cue. */
export const BLOOD_GROUP = new RegExp(String.raw`(?:(?<=\b(?:[Bb]lood|[Dd]onor)\b[^]*)|(?=[^]*\b(?:[Bb]lood|[Dd]onor)\b))${GROUP}`, "gu");

const AT_START = new RegExp(`^${GROUP}`, "u");

/** The blood group at the start of `rest` ("A positive if the form asks"): its form ("A+") and how long it is written. */
export function bloodGroupAt(rest: string): { norm: string; length: number } | null {
  const m = AT_START.exec(rest);
  if (!m) return null;
  const sign = m[3] ?? (/^p/i.test(m[2]!) ? "+" : "-");
  return { norm: `${m[1]}${sign}`, length: m[0].length };
}

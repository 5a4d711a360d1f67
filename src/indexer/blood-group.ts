/**
 * A blood group is a person's for life: "Blood type: O positive" and, later, "gave blood; the
 * card says A positive" cannot both be so. The group names its own slot, as a phone number's
 * form does: "O positive", "AB-", "B neg" in a sentence that speaks of blood (a blood type or
 * group, giving blood, a donor) is the blood group of whoever the sentence names, the person
 * when it names nobody (value-clash.ts reports two of one holder). Pure.
 */

/** A sentence that speaks of blood: the group's cue, read anywhere before the group. */
export const BLOOD_CUE = /\b(?:blood|donor)\b/gi;

/** A blood group as written: its letters, then its sign as a word, a short word or a symbol. */
const GROUP = /\b(AB|A|B|O)\s?(?:(positive|negative|pos|neg)\b|([+-])(?![\p{L}\p{N}]))/u;

/** How far after the cue a group may stand: within the sentence's next words. */
const REACH = 80;

/** The blood group after a cue ("type: O positive", " at the donor centre; the card says A positive"): its form ("A+"), where it starts and how long it is. */
export function bloodGroupAfter(rest: string): { norm: string; skip: number; length: number } | null {
  const m = GROUP.exec(rest.slice(0, REACH));
  if (!m) return null;
  const sign = m[3] ?? (/^p/i.test(m[2]!) ? "+" : "-");
  return { norm: `${m[1]}${sign}`, skip: m.index, length: m[0].length };
}

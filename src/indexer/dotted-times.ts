/**
 * A clock time written with a dot and no "am"/"pm", as British notes write it: "carer at 7.30",
 * "be there by 7.15", "doors open from 18.45". A number with a dot is as often a price, a weight
 * or a score, so it is a time only right after a word that says when ("at", "by", "from",
 * "until", "till", "before", "after", "around"), with an hour up to 23 and two digits of minutes
 * up to 59, and not followed by what makes it an amount ("%", "a kilo", "per", "each", a unit
 * glued on). Pure.
 */

/** "at 7.30", "by 19.15": a dotted clock time after a word saying when. */
export const DOTTED_TIME = /(?<=\b(?:at|by|from|until|till|before|after|around)\s)([01]?\d|2[0-3])\.([0-5]\d)\b(?![.,]?\d|\s?(?:%|percent\b|a\b|an\b|per\b|each\b|ea\b|x\b)|[\p{L}£$€])/giu;

/** The time a dotted clock reading names, as "HH:MM". */
export function dottedTime(m: RegExpExecArray): { type: "time"; unit: ""; norm: string } {
  return { type: "time", unit: "", norm: `${m[1]!.padStart(2, "0")}:${m[2]}` };
}

/**
 * An amount said in words or with its currency after it, as people say money out loud: "two
 * hundred quid", "fifty quid", "a hundred and twenty pounds", "4,000 dollars". Read as the same
 * value as "£200" or "$4,000", so a price said either way is one slot. Pure.
 */

const UNITS: Record<string, number> = {
  a: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };
const CURRENCY: Record<string, string> = { quid: "£", pound: "£", pounds: "£", dollar: "$", dollars: "$", bucks: "$", euro: "€", euros: "€" };

const UNIT_RE = Object.keys(UNITS).join("|");
const TENS_RE = Object.keys(TENS).join("|");
/** "two hundred and fifty", "forty-five", "a thousand": a number in words up to the thousands. */
const IN_WORDS = String.raw`(?:(?:${UNIT_RE})\s+(?:hundred|thousand)(?:\s+(?:and\s+)?(?:(?:${TENS_RE})(?:[ -](?:${UNIT_RE}))?|${UNIT_RE}))?|(?:${TENS_RE})(?:[ -](?:${UNIT_RE}))?|(?:${UNIT_RE}))`;

/** An amount in words or digits with its currency said after it ("two pounds of flour" is a weight). */
export const MONEY_SAID = new RegExp(String.raw`\b(${IN_WORDS}|\d[\d,]*(?:\.\d+)?)\s+(quid|pounds?|dollars?|bucks|euros?)\b(?!\s+(?:of|in weight)\b)`, "gi");

/** A number in words as its value ("two hundred and fifty" → 250); null when it is none. */
export function wordsToNumber(text: string): number | null {
  let total = 0;
  let part = 0;
  for (const w of text.toLowerCase().split(/[\s-]+/)) {
    if (w === "and") continue;
    if (UNITS[w] !== undefined) part += UNITS[w]!;
    else if (TENS[w] !== undefined) part += TENS[w]!;
    else if (w === "hundred") part = (part || 1) * 100;
    else if (w === "thousand") {
      total += (part || 1) * 1000;
      part = 0;
    } else return null;
  }
  return total + part;
}

/** The money value of a MONEY_SAID match: "£200" for "two hundred quid"; null when the number is none. */
export function moneySaid(num: string, currency: string): { type: "money"; unit: ""; norm: string } | null {
  const n = /^\d/.test(num) ? Number(num.replace(/,/g, "")) : wordsToNumber(num);
  if (n === null || !Number.isFinite(n) || n === 0) return null;
  return { type: "money", unit: "", norm: `${CURRENCY[currency.toLowerCase()]}${n}` };
}

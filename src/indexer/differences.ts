/**
 * A change given only as a difference: "the rent went up by £50", "fees were cut by 10%",
 * "the commute's down by 15 minutes". The sentence says the thing changed even though its new
 * value is not written: what it gives is how far it moved from the value written before. So
 * it reads as a change ("now", "increased"), which lets it replace the earlier statement of
 * that thing. Pure.
 */

/** "up by £50", "rose by 3%", "cut by a third", "down by 15 minutes": a value moved by an amount. */
const BY_AMOUNT = /\b(?:up|down|rose|risen|fell|fallen|jumped|climbed|cut|increased|decreased|raised|reduced|dropped|lowered)\s+by\s+(?:[$€£]\s?\d|\d|(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|twenty|fifty|hundred)\b)/i;

/** Whether a sentence gives a change as a difference. */
export const saysDifference = (sentence: string): boolean => BY_AMOUNT.test(sentence);

/**
 * Whose an address is when nobody's name is on it. A line that labels a place of the person's own
 * ("Kitchen unit: Unit 4, Hellesdon Park Road", "Workshop: 12 Mill Lane", "Home address: …") gives
 * the person's own premises; so does a delivery to an address ("Bunzl delivery to Unit 6, Hellesdon Park
 * Road"): in one's own notes, what is delivered comes to one's own door. Two house numbers of one
 * street are then both the person's premises (value-clash.ts), where two of nobody's are two houses. A
 * label naming someone else ("Supplier: …", "Mum: …") names no place of the person's. Pure.
 */

/** The holder an address of one's own place is given: its own, so it never meets "my house" or an unnamed one. */
export const OWN_PREMISES = "premises";

/** A place of one's own, as a line's label names it. */
const PLACES = "address|home|house|flat|unit|premises|workshop|kitchen|office|studio|shop|yard|lock-?up|base|warehouse|garage";

/** "Kitchen unit:", "Home address:", "Our workshop -" at the start of the line, then the address (with its "Unit"/"Flat" word). */
const LABELLED = new RegExp(String.raw`^\s*(?:[-*+]\s+)?(?:(?:my|our|the)\s+)?(?:(?:${PLACES})\s+){0,2}(?:${PLACES})\s*[:–-]\s*(?:(?:unit|flat|apt\.?|apartment|suite|no\.?)\s*)?$`, "iu");

/** "delivery to", "deliveries to": what comes to the person's door (never "delivered to": the person taking something to someone). */
const DELIVERED_HERE = /\bdeliver(?:y|ies)\s+(?:to|at)\s+(?:(?:unit|flat|apt\.?|apartment|suite)\s*)?$/iu;

/** Whether the address starting after `before` (the sentence up to its number) is the person's own place. */
export function ownPremises(before: string): boolean {
  return LABELLED.test(before) || DELIVERED_HERE.test(before);
}

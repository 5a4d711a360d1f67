/**
 * An offer to set a value, accepted: "Shall I set the deposit on the terms page to 30% of the
 * quote?" – "yep, do it". A yes to a bare offer ("Shall I update it?") confirms no fact
 * (confirmed.ts); a yes to an offer naming the value a thing is to be set to makes that value
 * the person's, said when the yes was. What the offer says in brackets is what is now ("(it
 * says 25% now)"), not what is proposed: it is left out. Pure.
 */

/** A yes to an offer: "yep", "yes please", "yes, do it", "go ahead", "please do", "sure, go for it", "yes go on", "go on then". */
const YES_TO_OFFER = /^\s*(?:(?:yes|yep|yup|yeah|sure|ok|okay)(?:[\s,.!]+(?:please|do it|go ahead|go for it|do that|thanks|go on(?: then)?))*|go ahead|please do|do it|go on(?: then)?|go for it)[\s.!]*$/i;

/** "Shall I / Should I / Want me to set|put|change|make|update|move|bump <thing> to|as <value>?" */
const OFFER_TO_SET = /^\s*(?:shall|should|can) (?:i|we)|^\s*(?:do you )?want me to/i;
const SETS = /\b(?:set|put|change|make|update|move|bump|raise|lower)\b(.+?)\b(?:to|as)\b\s*(.+)\?\s*$/i;

/** The statement an accepted offer makes the person's ("the deposit on the terms page is 30% of the quote, still non-refundable."), or null. */
export function acceptedOfferText(lastSentence: string, reply: string): string | null {
  if (!YES_TO_OFFER.test(reply) || !OFFER_TO_SET.test(lastSentence)) return null;
  const m = SETS.exec(lastSentence.replace(/\s*\([^)]*\)/g, ""));
  if (!m || !/\d/.test(m[2]!)) return null;
  return `${m[1]!.trim()} is ${m[2]!.trim()}.`;
}

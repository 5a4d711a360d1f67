/**
 * A reason told beside a value is not what the value is of: "Okonkwo bathroom is 5 days, Monday
 * to Friday, the tiler can't come till the Wednesday" is about the bathroom job, and "the
 * registrar has moved the ceremony, so guests will now be arriving at 12:30" gives the guests'
 * arrival. The words of the reason would dilute the value's own words (statements.ts's context),
 * so a value said anew beside a reason no longer shares enough with the one it replaces. The
 * reason is a clause of its own: after a comma, one opening on "because", "as", "since" or on a
 * thing and its own verb ("the tiler can't …"); before a value, from where its clause opens up to ", so". Pure.
 */

/** A reason after the value: ", because …", ", the tiler can't …", "; the van's …". */
const REASON_AFTER = /[,;]\s+(?:because|cos|['’]cause|as|since|(?:the|my|our|his|her|their)\s+[\p{L}'’-]+\s+(?:can['’]?t|cannot|couldn['’]t|won['’]t|isn['’]t|wasn['’]t|didn['’]t|doesn['’]t|has|had|is|was)\b)/iu;

/**
 * A reason before the value, from where its clause opens (the start, a colon, a quote) to ", so":
 * "The registrar has moved the ceremony, so guests …". Not ", so can you …" or ", so I …": the
 * clause before a request or the person's own doing is still what it is about.
 */
const REASON_BEFORE = /(^|[:"“”(])[^:"“”(]*?[,;]\s+(?:and\s+)?so\s+(?!(?:can|could|would|will|please|do|does|what|how|should|i|we|you|it|that)\b)(?=[^,;]*$)/i;

/** The text around a value without a reason told beside it: what the value is of. */
export function withoutReasons(before: string, after: string): { before: string; after: string } {
  return { before: before.replace(REASON_BEFORE, "$1 "), after: after.split(REASON_AFTER)[0] ?? after };
}

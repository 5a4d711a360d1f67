/**
 * A value the assistant says and the person confirms: "So the new budget is £8k?" – "yep";
 * "I've set the insurance to €22.50 a month. That's the new policy, right?" – "yes". The
 * assistant's words are never the person's statement by themselves (they echo and propose);
 * a bare yes to a question checking them makes them the person's, said when the yes was.
 * What is confirmed is the question when it holds the value, or the sentence just before a
 * question that only asks "right?"; checked and confirmed, it is said as the value that holds now. A yes to an offer ("Shall I update it?", "Want me to…?")
 * confirms no fact. The statements stand on the assistant's turn, where the value is written.
 * Pure.
 */
import { figuresOf } from "./replies.js";
import { acceptedOfferText } from "./offers.js";
import { sentences, turnStatements, type Statement } from "./statements.js";

/**
 * A turn that is only a yes: "yep", "yes.", "yeah, that's right", "correct"; or the words a
 * person says yes to a proposal by ("go on then", "sure", "fine", "sounds good", "ok, do it").
 */
const BARE_YES =
  /^\s*(?:(?:yes|yep|yup|yeah|yea|correct|exactly|right|that's right|that’s right|spot on)(?:[\s,.!]+(?:that's|that’s|it's|it’s)?\s*(?:right|correct|it))?|(?:ok|okay|oh|alright|all right|yeah|yes|sure)?[\s,.!]*(?:go on(?: then)?|sure|fine|sounds good|go for it|do it|do that|why not|fair enough|yes please|ok|okay|alright|all right))[\s.!]*$/i;

/** A question offering to do something, not checking a fact. */
const OFFER = /\b(?:shall|should|can|may) (?:i|we)\b|\bwant me to\b|\bwould you like\b|\bdo you want\b|\blet me know\b/i;

/** A question that only asks whether what was just said is so: "right?", "is that right?", "correct?". */
const TAG = /(?:,\s*|^\s*)(?:right|correct|yes|no|ok|okay|is that (?:right|correct)|isn't it|aren't they|am i right)\?\s*$/i;

/** "So the new budget is £8k?" → "So the new budget is £8k."; "That's the new policy, right?" → "That's the new policy." */
const asSaid = (s: string) => s.replace(TAG, ".").replace(/\?\s*$/, ".").replace(/^\s*(?:so|and|just to (?:check|confirm)|to confirm)\b[,:]?\s*/i, "");

/**
 * The sentences up to the question a yes answers: a question followed only by asides with no
 * figure of their own ("… close Wednesday 8pm instead of Tuesday 8pm? That's CUTOFF in
 * config.js.") is still the last thing asked; one followed by another value is not.
 */
function askedLast(said: readonly string[]): string[] {
  let q = said.length - 1;
  while (q >= 0 && !said[q]!.trim().endsWith("?") && figuresOf(said[q]!).length === 0) q--;
  return q >= 0 && said[q]!.trim().endsWith("?") ? said.slice(0, q + 1) : [...said];
}

/** The assistant's sentences a bare yes confirms: the checking question naming a value, or the one before a tag; none else. */
export function confirmedText(assistant: string, reply: string): string | null {
  const said = askedLast(sentences(assistant.replace(/```[\s\S]*?```/g, " ")));
  const last = said.at(-1)?.trim() ?? "";
  if (!BARE_YES.test(reply)) return OFFER.test(last) && last.endsWith("?") ? acceptedOfferText(last, reply) : null;
  if (!last.endsWith("?")) return null;
  // An offer to set a thing to a value, accepted, is the person's word on it (offers.ts); any other offer confirms nothing.
  if (OFFER.test(last)) return acceptedOfferText(last, reply);
  if (figuresOf(last.replace(TAG, "")).length > 0) return asSaid(last);
  if (!TAG.test(last) || said.length < 2) return null;
  const before = said.at(-2)!;
  if (before.trim().endsWith("?") || figuresOf(before).length === 0) return null;
  return `${before} ${asSaid(last)}`;
}

/** The statements a bare yes makes the person's, on the assistant's turn (file line `line`); none when the turn confirms nothing. */
export function confirmedStatements(assistant: string, reply: string, line: number): Statement[] {
  const text = assistant === "" ? null : confirmedText(assistant, reply);
  // Checked and confirmed, the value is said as the one that holds now: as much as a "now" says.
  return text === null ? [] : turnStatements(text, line).filter((st) => st.values.length > 0).map((st) => ({ ...st, change: true }));
}

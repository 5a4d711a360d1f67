/**
 * A value put in another's mouth: "the trust's covering 75% of my fees, says the L&D form",
 * "according to the letter the deposit is £900", "the surveyor said 3 metres". Said with no word
 * of change against what the person wrote earlier, it is no update: two sources disagree, and
 * the person is the one to decide, so both are reported as a contradiction and neither is
 * hidden. With a word of change ("the form says it's 75% now") it is an update as any other.
 * Read when a statement is stored; the linker asks the stored flag. Pure.
 */
import type { Statement } from "./statements.js";

/** "says the form", "the letter says", "according to", "as per": a value told by someone or something else. */
const TOLD_BY = /\b(?:says|said|according\s+to|as\s+per|states|stated|reckons|claims)\b/i;

/** Whether a sentence gives its values as another's word. */
export function toldByOther(text: string): boolean {
  return TOLD_BY.test(text);
}

/** A statement flagged when it gives values as another's word and says nothing changed (as it was, when not). */
export function withToldBy<T extends Statement>(st: T): T {
  if (st.change || st.asks === true || st.negated || st.values.length === 0 || !toldByOther(st.text)) return st;
  return { ...st, toldBy: true };
}

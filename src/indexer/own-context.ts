/**
 * The words that are a value's own: "Band subs: £12 a month, standing order on the 1st" says
 * what the £12 is of (band subs, a month) and, beside another value, how it is paid (standing
 * order, the 1st). Words standing right next to another value of the same sentence and not
 * next to this one are that value's: they say nothing of what this one is of, so two sentences
 * about one amount are not kept apart by the other value's words. Only a value of another
 * kind takes its words away (a day beside an amount says when it is paid): two amounts in one
 * sentence ("£20.40/hr nights, days stays £17.20") are two of one kind, and the words of the
 * one are what tell the other apart from it. The linker reads a value so only on a labelled
 * line ("label: value, more"), where the label names the value, and only when the later line
 * says something changed: with no change said, the whole line must agree. Pure.
 */
import type { Statement, StatedValue } from "./statements.js";

/** `v`'s context without the words only another value of `all` stands next to. */
export function ownContext(v: StatedValue, all: readonly StatedValue[]): string[] {
  const others = new Set(all.filter((x) => x !== v && x.type !== v.type).flatMap((x) => x.near));
  if (others.size === 0) return v.context;
  const mine = new Set(v.near);
  const own = v.context.filter((w) => mine.has(w) || !others.has(w));
  // A value with nothing of its own left keeps what it had: the other words are all there is.
  return own.length > 0 ? own : v.context;
}

/** The value with its own context (see above). */
export const withOwnContext = (v: StatedValue, all: readonly StatedValue[]): StatedValue => ({ ...v, context: ownContext(v, all) });

/** Whether a line is "label: value" and `v` stands right after its label ("Band subs: £12 …"): the label names it. */
export function labelledBy(st: Statement, v: StatedValue): boolean {
  const key = st.keyValue?.key;
  return Array.isArray(key) && key.length > 0 && key.every((w) => v.near.includes(w));
}

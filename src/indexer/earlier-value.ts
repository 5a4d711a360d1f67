/**
 * A value a sentence names as what it was before, beside what it is now: "£612 for the Corsa,
 * was £480 last year", "going up to £7 an hour, she's been £6.50 for two years", "£27.99, up
 * from £24.99". The earlier one is history, not a second current value: left in, it reads as
 * the sentence still saying the old value, and the change it announces links nothing. Only
 * when the sentence gave a value of the same kind before it: a lone "rent was £800" is the
 * only thing said of the rent, and stays. Pure.
 */

/** Words right before a value that put it in the past: "was", "had been", "she's been", "used to be", "up from". */
const EARLIER = /\b(?:was|were|been|used to be|(?:up|down) from)\s+(?:only\s+|just\s+|about\s+|around\s+)?$/i;

export interface KindedValue {
  /** Where the value starts in the sentence. */
  start: number;
  /** Its kind of value, as supersession compares them ("money", "count:puff"). */
  kind: string;
}

/** Whether the value `v` of `sentence` is named as an earlier value of a kind the sentence already gave before it. */
export function namedAsEarlier(sentence: string, v: KindedValue, all: readonly KindedValue[]): boolean {
  if (!EARLIER.test(sentence.slice(Math.max(0, v.start - 40), v.start))) return false;
  return all.some((x) => x.start < v.start && x.kind === v.kind);
}

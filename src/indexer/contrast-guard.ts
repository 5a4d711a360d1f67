/**
 * Two kinds of one thing, told apart by a word that names which kind: "full-plot rent" and
 * "half-plot rent", "adult ticket" and "child ticket", "single room" and "double room". The same
 * slot words around two values, and the same kind of value, yet two things: neither replaces the
 * other. Only when each side names its own kind and not the other's (a sentence naming both,
 * "moved from the single to the double room", says a change and stays linkable). Pure.
 */
import { stem } from "./statements.js";
import type { StatedValue } from "./statements.js";

/** Words naming kinds of one thing, each set a family of kinds. */
const KINDS: readonly ReadonlySet<string>[] = [
  ["full", "half", "quarter"],
  ["adult", "child", "children", "kid", "junior", "senior", "student", "concession", "infant"],
  ["single", "double", "twin", "triple", "family"],
  ["weekday", "weekend"],
  ["peak", "offpeak"],
  ["small", "medium", "large"],
  ["upstairs", "downstairs"],
  ["member", "nonmember", "guest", "visitor"],
].map((ws) => new Set(ws.map(stem)));

/** Every kind word: most values name none, and the linker asks of every pair of values. */
const ANY_KIND = new Set(KINDS.flatMap((family) => [...family]));

/** The kind words of each value, read once: the linker compares a value with many others. */
const kindsOf = new WeakMap<StatedValue, readonly string[]>();
const kinds = (v: StatedValue): readonly string[] => {
  let k = kindsOf.get(v);
  if (k === undefined) kindsOf.set(v, (k = v.context.filter((w) => ANY_KIND.has(w))));
  return k;
};

/** Whether the two values are of different kinds of one thing: each names a kind the other's words do not. */
export function differentKinds(o: StatedValue, n: StatedValue): boolean {
  const a = kinds(o);
  if (a.length === 0) return false;
  const b = kinds(n);
  if (b.length === 0) return false;
  return KINDS.some((family) => {
    const x = a.filter((w) => family.has(w));
    const y = b.filter((w) => family.has(w));
    return x.length > 0 && y.length > 0 && !x.some((w) => y.includes(w));
  });
}

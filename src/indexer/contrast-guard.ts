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

/** The kind words of one family a value's words name. */
const kindsIn = (words: readonly string[], family: ReadonlySet<string>) => new Set(words.filter((w) => family.has(w)));

/** Whether the two values are of different kinds of one thing: each names a kind the other's words do not. */
export function differentKinds(o: StatedValue, n: StatedValue): boolean {
  return KINDS.some((family) => {
    const a = kindsIn(o.context, family);
    const b = kindsIn(n.context, family);
    return a.size > 0 && b.size > 0 && ![...a].some((w) => b.has(w));
  });
}

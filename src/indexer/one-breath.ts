/**
 * A value changed more than once in one sentence: "the part was £180, then they said £215, now
 * the invoice says £198". Only the last value holds; the ones before it are what it was on the
 * way there. Read when a statement is stored (so linking reads no text):
 *
 * - every earlier value of the same kind is marked as said as former (`former`, as said-apart.ts
 *   marks "was £180"): it is no new value, and the sentence no longer "still says" it;
 * - the last value takes the words next to the first ones (`near`): the sentence names what
 *   the value is of once, beside the first value ("the Hale valve was £180"), not beside the last.
 *
 * Only when the stretch before the last value says it is the one that holds now ("now",
 * "in the end", "finally", "eventually"): "£20 the first hour then £15 an hour" is a price
 * list, not a value changed twice.
 *
 * Pure.
 */
import type { Statement, StatedValue } from "./statements.js";
import { slotKey } from "./supersede.js";

/** Words before the last value that make it the one holding now. */
// "now that it's 25 November" tells when it is said, not what holds.
const HOLDS_NOW = /\b(?:now(?! that\b)(?! it['’]s\b)|in the end|finally|eventually|at last)\b/i;

/** Where each value stands in the sentence, in order (values the sentence does not show as written are left out). */
function placed(text: string, values: readonly StatedValue[]): { v: StatedValue; i: number; at: number }[] {
  const out: { v: StatedValue; i: number; at: number }[] = [];
  let from = 0;
  values.forEach((v, i) => {
    const at = text.indexOf(v.text.trim(), from);
    if (at < 0) return;
    out.push({ v, i, at });
    from = at + v.text.trim().length;
  });
  return out;
}

/** The statement with a value changed in one breath read so; as it was when there is none. */
export function withOneBreath<T extends Statement>(st: T): T {
  if (st.values.length < 2) return st;
  const at = placed(st.text, st.values);
  const former = new Set<number>();
  const near = new Map<number, string[]>();
  for (const key of new Set(at.map((p) => slotKey(p.v)))) {
    const run = at.filter((p) => slotKey(p.v) === key);
    if (run.length < 2) continue;
    const last = run[run.length - 1]!;
    const before = run[run.length - 2]!;
    if (!HOLDS_NOW.test(st.text.slice(before.at + before.v.text.trim().length, last.at))) continue;
    for (const p of run.slice(0, -1)) former.add(p.i);
    near.set(last.i, [...new Set([...run.flatMap((p) => p.v.near)])]);
  }
  if (former.size === 0) return st;
  const values = st.values.map((v, i) => (former.has(i) ? { ...v, former: true } : near.has(i) ? { ...v, near: near.get(i)! } : v));
  return { ...st, values };
}

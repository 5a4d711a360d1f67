/**
 * A value the person says they wrote wrong: "I wrote 0161 for the supplier, it's 0116 291 4470",
 * "I put £45 in the budget sheet, should be £54". The value written before that holds the wrong
 * figure is replaced by the one given now, with no change word: the thing never changed, the
 * writing was wrong.
 *
 * Read when a statement is stored (so linking reads no text): the figure given up (its digits,
 * which may be only a part of the old value: "0161" of "0161 291 4470") and the kind of the value
 * that holds. Linked to the latest earlier statement with a value of that kind holding those
 * digits (and not the new value), sharing a word with the correction besides the words of
 * writing.
 *
 * Pure.
 */
import type { Statement, ValueType } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { latestBefore } from "./latest-before.js";

export interface TypoFix {
  /** The digits written wrong ("0161", "45"). */
  from: string;
  /** The new value's kind and its comparable form. */
  type: ValueType;
  norm: string;
}

type WithTypo = Statement & { typo?: TypoFix };

/** "I wrote 0161 …, it's 0116 …": the written figure, then (after at most a clause) what it is. */
const WROTE = /\b(?:I|I've|I’ve|I'd|I’d)\s+(?:wrote|written|typed|put(?: down)?|noted|entered|had)\s+(?:down\s+)?['"‘“]?([$€£]?\d[\d ,.:-]*\d|\d)['"’”]?\b(.{0,80}?)\b(?:it's|it’s|it is|should be|should have been|should read|meant|it was meant to be)\s+/i;

/** Words of writing a value down: the correction's own, not what the value is of. */
const WRITING = new Set(["wrot", "written", "typ", "put", "not", "enter", "tool", "memori", "note", "sheet", "file"]);

export function typoFixOf(st: Statement): TypoFix | null {
  const m = WROTE.exec(st.text);
  if (!m) return null;
  const from = m[1]!.replace(/\D/g, "");
  const after = m.index + m[0].length;
  const v = st.values.find((x) => st.text.indexOf(x.text.trim(), after) >= after);
  if (!v || from === "") return null;
  return { from, type: v.type, norm: v.norm };
}

export function withTypoFix<T extends Statement>(st: T): T {
  const typo = typoFixOf(st);
  return typo ? { ...st, typo } : st;
}

const typoOf = (st: Statement): TypoFix | undefined => (st as WithTypo).typo;

/** Updates: each correction of a value written wrong, to the latest earlier statement that wrote it. */
export function typoFixUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    const fix = typoOf(n.st);
    if (!fix) continue;
    const words = new Set(n.st.words.filter((w) => !WRITING.has(w)));
    const wrote = (o: PlacedStatement) => o.st.values.some((v) => v.type === fix.type && v.norm !== fix.norm && v.norm.replace(/\D/g, "").includes(fix.from));
    const latest = latestBefore(all, n, (o) => wrote(o) && o.st.words.some((w) => words.has(w)), { questions: true });
    if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: latest.st.words.filter((w) => words.has(w)).join(" "), by: "guess", strength: 1, rule: "correction" });
  }
  return out;
}

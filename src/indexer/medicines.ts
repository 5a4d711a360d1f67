/**
 * Two medicines' doses: "Dad: metformin 500mg twice a day" and, later, "GP switched him to
 * apixaban 5mg twice a day" are doses of two medicines, each named by the word right before its
 * dose. A dose's slot is named by one shared word of whose medicine it is (dose.ts), so "dad"
 * and "twice" alone would make the second replace the first; a person taking both would see one
 * hidden. Apart when each dose has its own medicine word before it and neither sentence names
 * the other's medicine: "switched from ramipril 5mg to losartan 50mg" still names the ramipril
 * it replaces, and "ramipril up to 10mg" names the same one. Read when a statement is stored
 * (so linking reads no text). Pure.
 */
import { contentWords, type Statement, type StatedValue } from "./statements.js";
import { isDose } from "./dose.js";

/** A dose and the medicine word right before it. */
export interface DoseName {
  norm: string;
  unit: string;
  word: string;
}

/** Words before a dose that say how or when, not which medicine ("take", "up to", "now"). */
const NOT_MEDICINE = new Set(["take", "taking", "took", "tak", "dose", "give", "giv", "gave", "start", "started", "incr", "increas", "reduc", "cut", "rais", "drop", "switch", "chang", "one", "two"]);

/** The medicine word right before each dose in the sentence: the last content word between the clause's start and the value. */
export function doseNames(text: string, values: readonly StatedValue[]): DoseName[] {
  const out: DoseName[] = [];
  for (const v of values) {
    if (!isDose(v)) continue;
    const at = text.indexOf(v.text.trim());
    if (at < 0) continue;
    const before = text.slice(0, at).split(/[,;:.()]/).pop() ?? "";
    const word = contentWords(before).at(-1);
    if (word !== undefined && !NOT_MEDICINE.has(word)) out.push({ norm: v.norm, unit: v.unit, word });
  }
  return out;
}

/** A statement with its doses' medicine words (as it was, when it gives no dose so named). */
export function withDoseNames<T extends Statement>(st: T): T {
  const names = doseNames(st.text, st.values);
  return names.length === 0 ? st : { ...st, doseNames: names };
}

const nameOf = (st: Statement, v: StatedValue): string | undefined => (Array.isArray(st.doseNames) ? st.doseNames.find((d) => d.norm === v.norm && d.unit === v.unit)?.word : undefined);

/** Whether two doses are of two medicines: each named, the names differ, and neither sentence names the other's. */
export function twoMedicines(o: Statement, vo: StatedValue, n: Statement, vn: StatedValue): boolean {
  const a = nameOf(o, vo);
  const b = nameOf(n, vn);
  return a !== undefined && b !== undefined && a !== b && !n.words.includes(a) && !o.words.includes(b);
}

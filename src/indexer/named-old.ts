/**
 * A new value said with the old one it replaces: "the soundcheck is 4pm instead of 5", "£52
 * rather than £45", "38 not 32". The sentence names what it gives up, so only an earlier
 * statement holding that value can be the one replaced: "load-in: 2pm" at the same venue is
 * another slot, however many words it shares. Read when a statement is stored; checked by
 * supersede.ts before a slot link. Pure.
 */
import type { StatedValue, Statement } from "./statements.js";

/** "4pm instead of 5", "£52 rather than £45": a number, its unit or am/pm, then the words of giving up and the old number. */
const INSTEAD = /(?<![\d.,])[$€£]?(\d[\d,]*(?:[.:]\d+)?)(?:\s?[a-z]+)?,?\s+(?:instead of|rather than)\s+(?:the\s+)?[$€£]?(\d[\d,]*(?:[.:]\d+)?)(?![\d\/-]\d)/gi;

const digits = (x: string) => x.replace(/[^\d.]/g, "").replace(/\.0+$/, "");

/** The numbers a sentence gives up for another with "instead of" / "rather than". */
export function insteadOf(text: string): { from: string; to: string }[] {
  return [...text.matchAll(INSTEAD)].map((m) => ({ from: digits(m[2]!), to: digits(m[1]!) })).filter((c) => c.from !== c.to);
}

/** A statement with the numbers it gives up marked (as it was, when it gives up none). */
export function withInsteadOf<T extends Statement>(st: T): T {
  const pairs = insteadOf(st.text);
  return pairs.length > 0 ? { ...st, instead: pairs } : st;
}

/** The short forms a value may be named by: a number's digits; a time's hour either way round the clock, and hour and minutes. */
function namesOf(v: StatedValue): string[] {
  if (v.type === "time") {
    const [h, m] = v.norm.split(":").map(Number) as [number, number];
    const h12 = h % 12 === 0 ? 12 : h % 12;
    return m === 0 ? [String(h), String(h12), `${h}00`, `${h12}00`] : [`${h}${String(m).padStart(2, "0")}`, `${h12}${String(m).padStart(2, "0")}`, `${h}.${m}`, `${h12}.${m}`];
  }
  if (v.type === "count" || v.type === "money" || v.type === "measure" || v.type === "percent") return [digits(v.norm)];
  return [];
}

/**
 * Whether the newer value names the old one it replaces and the older value is not it: then the
 * two are different slots. False when the newer names nothing given up.
 */
export function namesOtherOld(vo: StatedValue, vn: StatedValue, n: Statement): boolean {
  const pairs = [...(Array.isArray(n.instead) ? n.instead : []), ...(Array.isArray(n.corrects) ? n.corrects : [])];
  const mine = namesOf(vn);
  const givenUp = pairs.filter((p) => mine.includes(p.to)).map((p) => p.from);
  if (givenUp.length === 0) return false;
  const old = namesOf(vo);
  return !givenUp.some((f) => old.includes(f));
}

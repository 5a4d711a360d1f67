/**
 * A price said with VAT and one said without are two kinds of amount: "quoted £1,550 + VAT" and,
 * later, "paid £1,860 inc VAT" give the same price on two bases (the tax added, or not yet), so
 * a later amount on the other basis is no new value of the first. Each money value is marked
 * with the basis written right after it ("+ VAT", "plus VAT", "ex VAT", "excl. VAT", "before
 * VAT"; "inc VAT", "incl. VAT", "including VAT", "inclusive of VAT"); a value with no basis
 * written stays comparable with either. Pure.
 */
import type { StatedValue, Statement } from "./statements.js";

export type VatBasis = "ex" | "inc";

const EX = /^\s*(?:\+|plus|ex\.?|excl\.?|excluding|exclusive of|before|not including|without)\s*vat\b/i;
const INC = /^\s*(?:inc\.?|incl\.?|including|inclusive of|with)\s*vat\b/i;

/** The basis written right after a value's text at `end` in `sentence`, or null. */
function basisAfter(sentence: string, end: number): VatBasis | null {
  const after = sentence.slice(end, end + 24);
  return EX.test(after) ? "ex" : INC.test(after) ? "inc" : null;
}

/** A statement with each money value marked with the VAT basis written after it, when one is. */
export function withVatBasis<T extends Statement>(st: T): T {
  if (!/\bvat\b/i.test(st.text) || !st.values.some((v) => v.type === "money")) return st;
  let from = 0;
  const values = st.values.map((v) => {
    if (v.type !== "money") return v;
    const at = st.text.indexOf(v.text, from);
    if (at < 0) return v;
    from = at + v.text.length;
    const vat = basisAfter(st.text, at + v.text.length);
    return vat === null ? v : { ...v, vat };
  });
  return { ...st, values };
}

/** "£1,550 + VAT" and "£1,860 inc VAT": amounts on two bases are not one slot's two values. */
export const vatBases: { name: string; apart: (o: StatedValue, n: StatedValue) => boolean } = {
  name: "with and without VAT",
  apart: (o: StatedValue, n: StatedValue) => o.vat !== undefined && n.vat !== undefined && o.vat !== n.vat,
};

/** The one VAT basis all of a statement's amounts are said on, or null (none written, or mixed). */
const basisOf = (st: Statement): VatBasis | null => {
  const bases = new Set(st.values.filter((v) => v.type === "money").map((v) => v.vat ?? null));
  return bases.size === 1 ? ([...bases][0] ?? null) : null;
};

/** Whether two statements' amounts are all said on two different bases ("+ VAT" in one, "inc VAT" in the other). */
export const onOtherBases = (a: Statement, b: Statement): boolean => {
  const [x, y] = [basisOf(a), basisOf(b)];
  return x !== null && y !== null && x !== y;
};

/**
 * A mass said in grams or in kilograms is one kind of amount: "250 g of dry food a day" and
 * "cut her dry food to 0.2 kg a day" name the same slot with two amounts (250 and 200 grams),
 * while "0.25 kg" would say the same amount again. Pure.
 */
import type { StatedValue } from "./statements.js";
import { slotKey } from "./supersede.js";

const GRAMS: Record<string, number> = { mg: 0.001, g: 1, kg: 1000 };

const grams = (v: StatedValue): number | null => (v.type === "measure" && GRAMS[v.unit] !== undefined ? Number(v.norm) * GRAMS[v.unit]! : null);

/** A value's kind, a mass in any unit one kind. */
export const amountKind = (v: StatedValue): string => (grams(v) !== null ? "measure:mass" : slotKey(v));

/** Whether two values of one kind say the same amount (a mass compared in grams). */
export function sameAmount(a: StatedValue, b: StatedValue): boolean {
  const [x, y] = [grams(a), grams(b)];
  return x !== null && y !== null ? Math.abs(x - y) < 1e-9 * Math.max(1, x) : slotKey(a) === slotKey(b) && a.norm === b.norm;
}

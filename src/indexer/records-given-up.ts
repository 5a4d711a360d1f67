/**
 * A record's value given up by name: "Box collection point for the Hay customers: the Swan car
 * park.", later "Hay customers collect from the Globe now, not the Swan car park." The record
 * holds no number or date, so the slot rules have nothing to compare, and the choice rule
 * (supersede.ts) looks only at statements with a value. The newer sentence names what it gives
 * up ("now, not the Swan"; statements.ts `givenUp`): it replaces the latest earlier record
 * ("label: value", its label up to eight words) whose value holds that name and whose label
 * shares two words with the newer sentence (whose collection point: "hay", "customer"). Pure.
 */
import { contentWords, type Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";

/** "Box collection point for the Hay customers: the Swan car park.": a label, a colon, a short value with no digits. */
const RECORD = /^([^:\d]{3,80}):\s+([^:\d]{2,80})$/;
const MAX_LABEL_WORDS = 8;
/** Label words the newer sentence must share: one is a topic ("orders"), two name whose it is. */
const MIN_SHARED = 2;

/** A statement said as a label and a value with no figures, with the two's words (read when it is stored). */
export function withRecordLine<T extends Statement>(st: T): T {
  const m = RECORD.exec(st.text.trim());
  if (!m || m[1]!.trim().split(/\s+/).length > MAX_LABEL_WORDS) return st;
  const label = [...new Set(contentWords(m[1]!))];
  const value = [...new Set(contentWords(m[2]!))];
  return label.length === 0 || value.length === 0 ? st : { ...st, record: { label, value } };
}

export function recordGivenUpUpdates(all: readonly PlacedStatement[]): Link[] {
  const records = all.filter((s) => s.st.record !== undefined && s.st.mark?.key !== "still-true" && s.st.asks !== true);
  const out: Link[] = [];
  for (const n of all) {
    const names = Array.isArray(n.st.givesUp) ? n.st.givesUp : [];
    if (names.length === 0 || n.st.asks === true || records.length === 0) continue;
    const words = new Set(n.st.words);
    for (const name of names) {
      const shared = (o: PlacedStatement) => o.st.record!.label.filter((w) => words.has(w) && w !== name);
      const latest = records.filter((o) => o.order < n.order && o.id !== n.id && o.st.record!.value.includes(name) && shared(o).length >= MIN_SHARED).sort((a, b) => b.order - a.order)[0];
      if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: [name, ...shared(latest)].join(" "), by: "guess", strength: 1, rule: "choice" });
    }
  }
  return out;
}

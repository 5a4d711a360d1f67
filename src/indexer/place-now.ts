/**
 * A thing that meets somewhere else now: "study group meets in Broadcasting Place now, the Rose
 * Bowl is shut". The earlier line kept it as a record under the thing's name ("MSc study group:
 * Rose Bowl, room 3.12, after the Wednesday lecture"); the later one names no value the slot
 * rules compare (a place is a name, not a number) and gives nothing up by "not". It replaces
 * the latest earlier "key: value" line whose key holds every word of the thing (two at least)
 * and whose value does not already name the new place. Only with "now" (or "these days", "from
 * now on") right after the place: "the choir meets in St Mary's" with nothing more is as often
 * a line about where it met once. Read when a statement is stored (so linking reads no text). Pure.
 */
import { contentWords, type Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { latestBefore } from "./latest-before.js";

/** "<thing> meets|is|runs in|at <Capitalised Place> now". */
const PLACE_NOW = /^[\s\-*•]*(?:(?:the|our|my)\s+)?((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]+?)(?:['’]s|\s+(?:meets?|is|are|happens?|runs?|takes? place))\s+(?:in|at)\s+(?:the\s+)?((?:[A-Z][\p{L}'’-]*\s+){0,3}[A-Z][\p{L}'’-]*)\s+(?:now|these days|from now on)\b/u;
/** The fewest words of a thing's name: one word ("group") is too many things'. */
const MIN_THING_WORDS = 2;

/** Where a sentence says a thing meets now: its words and the place's; undefined when it says no such thing. */
export function placeNow(text: string): { thing: string[]; place: string[] } | undefined {
  const m = PLACE_NOW.exec(text);
  if (!m) return undefined;
  const thing = [...new Set(contentWords(m[1]!))];
  const place = [...new Set(contentWords(m[2]!))];
  return thing.length >= MIN_THING_WORDS && place.length > 0 ? { thing, place } : undefined;
}

/** A statement with where it says a thing meets now (as it was, when none). */
export function withPlaceNow<T extends Statement>(st: T): T {
  if (st.asks === true || st.negated) return st;
  const at = placeNow(st.text);
  return at === undefined ? st : { ...st, placeNow: at };
}

/** Updates from places said anew, each to the latest earlier record under the thing's name that names another place. */
export function placeNowUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    const at = n.st.placeNow;
    if (at === undefined || n.st.mark?.key === "still-true") continue;
    const latest = latestBefore(all, n, (o) => {
      const kv = o.st.keyValue;
      if (kv === undefined || o.st.placeNow !== undefined) return false;
      const value = new Set(contentWords(kv.value));
      return at.thing.every((w) => kv.key.includes(w)) && !at.place.some((w) => value.has(w));
    });
    if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: at.thing.join(" "), by: "guess", strength: 1, rule: "place-now" });
  }
  return out;
}

/**
 * Where a thing is, said anew: two ways a later line replaces an earlier one that put the same
 * thing at another named place. A place is a value as a date is, but no value the slot rules
 * compare (a place is a name, not a number), so both read the place themselves.
 *
 * Moved, said in so many words: "Carol's party moved to the Fisherman's Arms", "the swap shop
 * is now at the Parish Hall", "meeting at the Red Lion instead". The newer sentence replaces the
 * latest earlier one that put the same thing at another named place ("Carol's 60th: party at
 * the Magpie Café, Sat 12 Dec 7pm"), whatever it says of the day (a date said again with the
 * new place is still the same day). A place is a name written with capitals after "at", "in" or
 * "to"; a month or a weekday is no place. What moved is named by the newer sentence's other
 * words: at least two of them, and at least half of what the older says the thing is, besides
 * its place, its day and the words of moving. Conservative: the older sentence must name a
 * place and not the new one.
 *
 * Meets somewhere else now: "study group meets in Broadcasting Place now, the Rose Bowl is
 * shut". The earlier line kept it as a record under the thing's name ("MSc study group: Rose
 * Bowl, room 3.12"); the later one replaces the latest earlier "key: value" line whose key
 * holds every word of the thing (two at least) and whose value does not already name the new
 * place. Only with "now" (or "these days", "from now on") right after the place: "the choir
 * meets in St Mary's" with nothing more is as often a line about where it met once.
 *
 * Both are read when a statement is stored (so linking reads no text). Pure.
 */
import { contentWords, type Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { latestBefore } from "./latest-before.js";

/** A capitalised name, its words joined by capitalised words or "of", "on", "&", "and" ("Ship on Shore", "Crown and Anchor"). */
const NAME = String.raw`(\p{Lu}[\p{L}'’-]*(?:\s+(?:(?:and\s+)?\p{Lu}[\p{L}'’-]*|of|on|&)){0,4})`;
const THE = String.raw`(?:the\s+)?`;

/** A name after "at", "in" or "to": where a thing is or goes. */
const PLACE = new RegExp(String.raw`\b(?:at|in|to)\s+${THE}${NAME}`, "gu");

/** The move said in so many words: "moved (over) to", "relocated to", "now at|in", "at X instead". */
const MOVED_TO = [
  new RegExp(String.raw`\b(?:moved|moving|moves|relocated|relocating|shifted|switched|changed)\s+(?:(?:[\p{L}'’]+\s+){0,2}?)(?:over\s+)?to\s+${THE}${NAME}`, "gu"),
  new RegExp(String.raw`\bnow\s+(?:at|in)\s+${THE}${NAME}`, "gu"),
  new RegExp(String.raw`\b(?:at|in|to)\s+${THE}${NAME}\s+instead\b`, "gu"),
];

/** Words that are no place when capitalised: days, months, times of year, the person. */
const NOT_PLACE = new Set(
  ("mon monday tue tues tuesday wed wednesday thu thur thurs thursday fri friday sat saturday sun sunday jan january feb february mar march apr april may jun june jul july " +
    "aug august sep sept september oct october nov november dec december christmas easter spring summer autumn winter term half first last next end").split(" "),
);

/** The stems of a captured name, trailing joining words dropped; none when it names a time, not a place. */
function placeWords(name: string): string[] {
  const raw = name.replace(/(?:\s+(?:of|on|&))+$/u, "").split(/\s+/u);
  if (raw.every((w) => NOT_PLACE.has(w.toLowerCase().replace(/[^a-z]/g, "")))) return [];
  return contentWords(raw.filter((w) => !NOT_PLACE.has(w.toLowerCase().replace(/[^a-z]/g, ""))).join(" "));
}

const allOf = (re: RegExp, text: string): string[][] => [...text.matchAll(re)].map((m) => placeWords(m[1]!)).filter((p) => p.length > 0);

/** The places a sentence names, and the one it says a thing moved to (none when it says no move). */
export function placesOf(text: string): { places: string[]; movedTo: string[] } {
  const movedTo = [...new Set(MOVED_TO.flatMap((re) => allOf(re, text)).flat())];
  const places = [...new Set([...allOf(PLACE, text).flat(), ...movedTo])];
  return { places, movedTo };
}

/** A statement with the places it names (as it was, when it names none). */
export function withPlaces<T extends Statement>(st: T): T {
  const { places, movedTo } = placesOf(st.text);
  if (places.length === 0) return st;
  return { ...st, places, ...(movedTo.length > 0 ? { movedTo } : {}) };
}

/** Words of moving and of when, which say nothing of what moved. */
const MOVING = new Set("mov relocat shift switch chang now instead still".split(" "));
const isWhen = (w: string) => NOT_PLACE.has(w);

/** What a statement says a thing is, besides its places, its days and the words of moving. */
function thingWords(st: Statement): string[] {
  const places = new Set(Array.isArray(st.places) ? st.places : []);
  return [...new Set(st.words)].filter((w) => !places.has(w) && !MOVING.has(w) && !isWhen(w));
}

/** Weighted share of the older's thing words the two must share. */
const MIN_SHARE = 0.5;

/** Updates from moves to another place, each to the earlier statement that best names the thing at another place (the latest of equals). */
export function placeMoveUpdates(all: readonly PlacedStatement[], idf: (w: string) => number): Link[] {
  const out: Link[] = [];
  const sum = (ws: readonly string[]) => ws.reduce((t, w) => t + idf(w), 0);
  const placed = all.filter((s) => Array.isArray(s.st.places) && s.st.places.length > 0 && s.st.asks !== true);
  for (const n of placed) {
    const to = Array.isArray(n.st.movedTo) ? n.st.movedTo : [];
    if (to.length === 0 || n.st.negated || n.st.mark?.key === "still-true") continue;
    const thing = new Set(thingWords(n.st));
    let best: { o: PlacedStatement; shared: string[]; score: number } | undefined;
    for (const o of placed) {
      if (o.order >= n.order || o.id === n.id || o.st.negated || o.st.mark?.key === "still-true") continue;
      // Already at the new place (every word of it named): the older says where it is now, not where it was.
      if (to.every((w) => o.st.words.includes(w))) continue;
      const own = thingWords(o.st);
      const shared = own.filter((w) => thing.has(w));
      const score = sum(shared);
      if (shared.length < 2 || score < MIN_SHARE * Math.min(sum(own), sum([...thing]))) continue;
      if (!best || score > best.score || (score === best.score && o.order > best.o.order)) best = { o, shared, score };
    }
    if (best) out.push({ older: best.o.id, newer: n.id, kind: "update", slot: best.shared.join(" "), by: "guess", strength: Math.min(1, best.score / sum(thingWords(best.o.st))), rule: "place" });
  }
  return out;
}

// Meets somewhere else now: a record under the thing's name replaced.
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

/** A statement with the places it names, the one it moved to and where it meets now (as it was, when none). */
export function withPlaceFacts<T extends Statement>(st: T): T {
  return withPlaceNow(withPlaces(st));
}

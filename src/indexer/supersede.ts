/**
 * Supersession and contradiction, found without a model: which statements (statements.ts)
 * a later one replaced, and which ones deny each other. Pure: statements in, links out.
 *
 * An update: a later statement gives the same slot a different value. Same slot means the
 * same kind of value (a count of the same thing: "45 sources" / "52 sources"; a date; a time;
 * an amount; a share) and enough of the same distinctive words around it ("my Zotero
 * library", "the call with the creative director"), weighted by how rare each word is
 * among the statements, so "3 hours" of piano and "4 hours" of running stay apart.
 * Conservative on purpose: an added fact is not a replacement, so a statement that still
 * says the old value, or an old one that already said the new value, links nothing.
 *
 * A contradiction: a "never …" statement and another one saying the thing happened (the
 * same rare words, no denial of its own). Neither is newer by its content: both are
 * reported, and neither is hidden.
 *
 * The person's marks win: `still-true::` on a line keeps it from ever being replaced or
 * contradicted by a guess, and `supersedes:: <words>` on a line replaces the earlier
 * statements whose words those are.
 */
import type { Statement, StatedValue } from "./statements.js";
import { affirms, contentWords } from "./statements.js";
import { apartBy } from "./slot-guards.js";
import { askedShare } from "./either-or.js";
import { aheadWhenSaid, nearestDay } from "./still-to-come.js";
import { isWeekdayNorm, weekdayOf } from "./taken-back.js";
import { weekdayAhead } from "./weekday-ahead.js";
import { isDose } from "./dose.js";
import { givesUpChoice } from "./choices.js";
import { namedApart } from "./said-apart.js";
import { kindsApart } from "./kinds-apart.js";
import { toldApart } from "./told-apart.js";
import { isSize } from "./units.js";
import { CONTACT_WORDS, isContact, kindNamed } from "./contact-values.js";
import { namesOtherOld } from "./named-old.js";
import { sameBound } from "./start-dates.js";
import { routineTimeSaid } from "./routine-times.js";
import { twoMedicines } from "./medicines.js";
import { saysStill } from "./still-said.js";
import { samePastMonth } from "./past-period.js";
import { labelledBy, withOwnContext } from "./own-context.js";

export interface PlacedStatement {
  id: number;
  path: string;
  /** When it was said: the transcript turn's time, a daily note's day, or the file's last change. */
  order: number;
  /** The person's turn or a note; an assistant's words are never statements. */
  st: Statement;
}

export type LinkKind = "update" | "contradiction";

export interface Link {
  /** The older statement (an update's replaced side; a contradiction's earlier side). */
  older: number;
  newer: number;
  kind: LinkKind;
  /** The words the two share, what the slot is ("zotero library source"). */
  slot: string;
  /** guess: found by these rules; person: a `supersedes::` mark. */
  by: "guess" | "person";
  /** How sure, 0..1: the weighted overlap of the slot words. */
  strength: number;
  /** Which rule made it: what a reader (search, health) may weigh it by, without reading its slot. */
  rule: LinkRule;
}

/**
 * The rules that make links: `slot` a slot given a new value, `correction` a number or weekday
 * corrected, `role` a role's new holder, `choice` a choice given up or made otherwise, `move` a
 * move announced, `mark` the person's `supersedes::`, `denial` a "never …" and its other half,
 * `value-clash` one fixed value given two (value-clash.ts).
 */
export type LinkRule =
  | "slot" | "correction" | "role" | "choice" | "move" | "mark" | "denial" | "value-clash"
  // hand-links.ts: the person's own corrections, a table row or "key: value" said anew, a role handed over
  | "struck" | "labelled" | "table-row" | "key-value" | "role-holder"
  // replies.ts: a "no" to the assistant's question or claim, naming the old value by the assistant's words
  | "reply"
  // same-thing.ts: the same thing given another value later, however it is worded
  | "same-thing"
  // set-to-links.ts: a thing set to a new amount ("cut talks to 12 minutes")
  | "set-to"
  // switched.ts: a thing switched to another ("switched the meat order to …")
  | "switched"
  // bare-counts.ts: a count said bare ("is 14 now")
  | "bare-count"
  // places.ts: a thing moved to another named place ("moved to the Fisherman's Arms")
  | "place"
  // handed-on.ts: a thing handed on because the one who did it is gone ("Helen's off, Kwame is taking over")
  | "handed-on"
  // no-longer.ts: a thing said over by a later negation ("not on warfarin any more")
  | "no-longer"
  // places.ts: a thing that meets somewhere else now; new-best.ts: a personal best beaten
  | "place-now" | "new-best"
  // past-period.ts: two values of one month gone by, neither said to change it (a contradiction)
  | "past-month";

export interface LinkOptions {
  /** Weighted share of the slot words two values must share to be one slot. */
  minSlotOverlap: number;
  /** The same when the newer sentence says something changed ("moved to", "now", "increased"). */
  minSlotOverlapChanged: number;
  /** Weighted share of a denial's words the other statement must contain. */
  minDenialOverlap: number;
}

export const DEFAULT_LINK_OPTIONS: LinkOptions = { minSlotOverlap: 0.7, minSlotOverlapChanged: 0.4, minDenialOverlap: 0.45 };

/** Rarity of each word among the statements: common words ("project", "app") count for little. */
export function weights(all: readonly PlacedStatement[]): (w: string) => number {
  const df = new Map<string, number>();
  for (const s of all) for (const w of s.st.words) df.set(w, (df.get(w) ?? 0) + 1);
  const n = Math.max(1, all.length);
  return (w) => Math.log(1 + n / (df.get(w) ?? 1));
}

/** Weighted overlap of two word lists, over the smaller of the two; and how many words they share. */
function overlap(a: readonly string[], b: readonly string[], idf: (w: string) => number): { share: number; shared: string[] } {
  const bs = new Set(b);
  const shared = [...new Set(a)].filter((w) => bs.has(w));
  const sum = (ws: readonly string[]) => [...new Set(ws)].reduce((t, w) => t + idf(w), 0);
  const denom = Math.min(sum(a), sum(b));
  return { share: denom === 0 ? 0 : sum(shared) / denom, shared };
}

/** A day of the month said with its weekday ("Fri 16th") is the same kind of value as a date ("Mon 26 Feb"): both say which day. */
export const slotKey = (v: StatedValue) => (v.type === "count" || v.type === "measure" ? `${v.type}:${v.unit}` : v.type === "day" ? "date" : v.type);

/**
 * `slotKey(a) === slotKey(b)` without making the keys: asked of every pair of values of the
 * statements the linker pairs. A type names no other key, so a count's key meets only a count's.
 */
export function sameSlot(a: StatedValue, b: StatedValue): boolean {
  const ta = a.type === "day" ? "date" : a.type;
  if (ta !== (b.type === "day" ? "date" : b.type)) return false;
  return ta === "count" || ta === "measure" ? a.unit === b.unit : true;
}

/** The day of the month of a date ("02-26" → 26) or a day ("16" → 16). */
const dayNumber = (v: StatedValue) => Number(v.type === "date" ? v.norm.slice(3) : v.norm);

/** Whether two values of one kind say the same: a day without its month is the same as a date on that day. */
function sameValue(a: StatedValue, b: StatedValue): boolean {
  if (!sameSlot(a, b)) return false;
  return a.type !== b.type && (a.type === "day" || b.type === "day") ? dayNumber(a) === dayNumber(b) : a.norm === b.norm;
}

/**
 * Words next to a value that say when it is or that it moved, not what it is of: "appt moved to
 * Tues 20 Feb", "rebooked Mon 26 Feb". What moved is named by the rest of the sentence.
 */
const WHEN_OR_MOVED = new Set(
  ("mon monday tue tuesday wed wednesday thu thur thursday fri friday sat saturday sun sunday jan january feb february mar march apr april may jun june jul july aug august sep sept september oct october nov november dec december " +
    "mov rebook reschedul rearrang postpon push delay shift chang cancell brought appt appointment book slot").split(" "),
);

/**
 * What the value is of must be the same: a word right next to each is in the other ("snack
 * budget", "major projects"). Except next to a value an announced move gives ("rebooked Mon 26
 * Feb"): there stand only the move and the day, and the other words decide. A phone number's
 * kind is what it is of: whose it is, the words around it, decide.
 */
function nearAgrees(vo: StatedValue, vn: StatedValue, o: Statement, n: Statement): boolean {
  // A dose's neighbours are when it is taken ("morning and night"), which change with it (dose.ts).
  if (vo.type === "phone" || isDose(vo) || isContact(vo)) return true;
  // "they've moved her to the 20th": only the move stands next to the new day, on either side's account.
  if (movedWithNothingElse(vn, n)) return true;
  // A pronoun ("cut her food", "had her jab") says whose, not what: any two sentences of one person or pet share it.
  const near = vo.near.filter((w) => !PRONOUNS.has(w) && (vn.near.includes(w) || n.words.includes(w)));
  if (near.length === 0) return false;
  // A table row's value is named by its column's heading too ("| Module | Due |": the row's date is when it is due).
  const heads = o.row ? contentWords(o.row.table) : [];
  const nearBack = vn.near.filter((w) => !PRONOUNS.has(w) && (vo.near.includes(w) || o.words.includes(w) || heads.includes(w)));
  // "it's Friday 24th instead": "instead" beside the new day says it replaces one, as a move announced does.
  const replaces = n.announced === true || vn.near.includes("instead");
  return nearBack.length > 0 || (replaces && vn.near.every((w) => WHEN_OR_MOVED.has(w) || w === "instead"));
}

/** Pronouns the statements keep as content words. */
const PRONOUNS = new Set(["her", "hers", "him", "his"]);

/** A value an announced move gives with only the move next to it ("moved her to the 20th"): the other words decide what moved. */
function movedWithNothingElse(vn: StatedValue, n: Statement): boolean {
  return n.announced === true && vn.near.length > 0 && vn.near.every((w) => MOVE_WORDS.has(w));
}

/** Kinds of value that change only when the newer statement says something changed. */
const CHANGES_ONLY_WHEN_SAID: ReadonlySet<StatedValue["type"]> = new Set(["date", "time", "hours", "weekly", "phone", "name"]);

/** Words that only repeat what a phone number is ("Dad's mobile", "dad's new phone number"): its kind, not whose it is. */
const PHONE_WORDS = new Set(["phon", "mobil", "number", "cell", "tel", "landlin", "contact", "whatsapp", "text", "call", "rang", "ring"]);

/**
 * A phone number names its own slot: the kind says "phone number", so one word of whose it is
 * ("dad") is as much as two words are for a count; the words that say "phone" are left out, so
 * "Dad's mobile" and "Mum's mobile" share nothing.
 */
const ownerWords = (v: StatedValue, keep: ReadonlySet<string> = new Set()): readonly string[] =>
  (v.type === "phone" ? v.context.filter((w) => !PHONE_WORDS.has(w)) : isContact(v) ? v.context.filter((w) => !CONTACT_WORDS.has(w)) : v.context).filter((w) => !MOVE_WORDS.has(w) || keep.has(w));
/** A word of moving right next to both values names what they are of ("moving budget", "shift allowance"): it stays a slot word. */
const nextToBoth = (vo: StatedValue, vn: StatedValue): ReadonlySet<string> => new Set(vo.near.filter((w) => vn.near.includes(w)));

/**
 * Words that say a thing moved ("moved", "rescheduled", "pushed"): two sentences that both say
 * something moved share them whatever moved ("the dentist moved her to the 20th", "parents'
 * evening moved again"), so they are no word of what the value is about.
 */
const MOVE_WORDS = new Set("mov rebook reschedul rearrang postpon push delay shift chang cancell".split(" "));
const sharedNeeded = (v: StatedValue): number => (v.type === "phone" || isDose(v) || isContact(v) ? 1 : 2);

/** The best slot two statements share with different values, or null. */
function sameSlotNewValue(o: Statement, n: Statement, idf: (w: string) => number, opts: LinkOptions): { slot: string; strength: number } | null {
  // Asked after the slot is found (all three are pure, and most pairs share no slot), not before: the same answer.
  const best = sharedSlot(o, n, idf, opts);
  if (best === null) return null;
  // Each names its thing by its own reference number ("invoice HP-014", "invoice HP-015"): two things.
  if (namedApart(o, n)) return null;
  // Another holder's thing ("my flight", "Sam's flight"), or another of a numbered series ("Chapter 4", "Chapter 5").
  if (toldApart(o, n)) return null;
  return best;
}

/** The best slot two statements share with different values, unless they name two kinds of one thing; null for none. */
function sharedSlot(o: Statement, n: Statement, idf: (w: string) => number, opts: LinkOptions): { slot: string; strength: number } | null {
  let best: { slot: string; strength: number } | null = null;
  // Two kinds of one thing ("waiting staff", "bar staff"): two things. Asked once, and only of
  // statements that share a slot at all (most pairs share none).
  let kinds: boolean | undefined;
  for (const vo of o.values) {
    for (const vn of n.values) {
      if (!sameSlot(vo, vn) || sameValue(vo, vn)) continue;
      kinds ??= kindsApart(o, n);
      if (kinds) return null;
      // Looks like one slot but is two things: an occasion, a plan against what was done, a start against an end.
      if (apartBy(vo, vn) !== null) continue;
      // "4pm instead of 5": the newer names the old value it replaces, and this is not it.
      if (namesOtherOld(vo, vn, n)) continue;
      // "metformin 500mg" and "apixaban 5mg": doses of two medicines, each beside its own (medicines.ts).
      if (isDose(vo) && twoMedicines(o, vo, n, vn)) continue;
      // Still saying the old value, or already saying the new one: an added fact, not a change.
      // The old value told as what it was ("was £180, now £198") is not still said.
      if (n.values.some((x) => x.former !== true && sameValue(x, vo)) || o.values.some((x) => sameValue(x, vn))) continue;
      // "… ethics form still 12th": the old value said to hold still, though not as a value of its own (still-said.ts).
      if (saysStill(n, vo)) continue;
      // A day, an hour or a weekly day changes only when something was moved: other dates are other events;
      // a second phone number is as often another line of the same person's as a new one.
      // A dose too: a second medicine's dose is as often beside the first as instead of it.
      // A size (an area, a power rating) does not drift: another one with no change said is a disagreement (size-clash.ts).
      // A start or an end of one thing happens once: another one is a change said or not (start-dates.ts).
      // A routine's time said again ("carer at 7.30 for dad mornings"): one time at once, so a new one is a change (routine-times.ts).
      const changed = n.change || sameBound(vo, vn) || routineTimeSaid(vo, vn, n);
      if ((CHANGES_ONLY_WHEN_SAID.has(vo.type) || isDose(vo) || isSize(vo)) && !changed) continue;
      // A contact value said anew with no change word counts only when named by its kind ("the billing address is …").
      if (isContact(vo) && !n.change && !kindNamed(vn)) continue;
      // What the value is of must be the same: a word right next to both ("snack budget", "major projects")...
      if (!nearAgrees(vo, vn, o, n)) continue;
      // ...and what it is about, the words around it: nearly the same words without a word saying it
      // changed; with one ("now", "moved to", "increased"), fewer.
      const both = nextToBoth(vo, vn);
      // A labelled line's value ("Band subs: £12 a month, standing order on the 1st") is named by its label:
      // with a change said, words only another value of the line stands next to are that value's (own-context.ts).
      const co = changed && labelledBy(o, vo) ? withOwnContext(vo, o.values) : vo;
      const ctx = overlap(ownerWords(co, both), ownerWords(vn, both), idf);
      // A dose's unit and its change said name the slot: one shared word of whose medicine it is decides, however many others each says.
      const minShare = isDose(vo) ? 0 : changed ? opts.minSlotOverlapChanged : opts.minSlotOverlap;
      if (ctx.shared.length < sharedNeeded(vo) || ctx.share < minShare) continue;
      const strength = Math.min(1, ctx.share);
      if (!best || strength > best.strength) best = { slot: [vo.unit, ...ctx.shared].filter((w) => w !== "").join(" "), strength };
    }
  }
  return best;
}

/** How many later statements an old one is linked to: the strongest few (search follows them to the newest). */
const MAX_UPDATES_PER_STATEMENT = 3;

/** Updates: for each statement, the later ones giving its slot a new value (the strongest few). */
function updates(all: PlacedStatement[], idf: (w: string) => number, opts: LinkOptions): Link[] {
  const byKey = new Map<string, PlacedStatement[]>();
  // A pair meets in more than one group only when both hold values of more than one slot: only then is it keyed to be asked once.
  const manyKeys = new Set<PlacedStatement>();
  for (const s of all) {
    const keys = new Set(s.st.values.map(slotKey));
    if (keys.size > 1) manyKeys.add(s);
    for (const k of keys) (byKey.get(k) ?? byKey.set(k, []).get(k)!).push(s);
  }
  const found = new Map<string, Link>();
  for (const group of byKey.values()) {
    group.sort((a, b) => a.order - b.order);
    for (let i = 0; i < group.length; i++) {
      const o = group[i]!;
      if (o.st.mark?.key === "still-true") continue;
      for (let j = i + 1; j < group.length; j++) {
        const n = group[j]!;
        if (n.order <= o.order || (manyKeys.has(o) && manyKeys.has(n) && found.has(`${o.id}:${n.id}`))) continue;
        const hit = sameSlotNewValue(o.st, n.st, idf, opts);
        // A value told by another with no change said disagrees with the person's own, it does not replace it (sourced-values.ts);
        // two values of one month gone by (past-period.ts) are another word on then, not a newer one.
        const told = n.st.toldBy === true && o.st.toldBy !== true;
        const then = hit !== null && samePastMonth(o, n);
        const clash = told ? "value-clash" : then ? "past-month" : null;
        if (hit) found.set(`${o.id}:${n.id}`, { older: o.id, newer: n.id, kind: clash ? "contradiction" : "update", slot: hit.slot, by: "guess", strength: hit.strength, rule: clash ?? "slot" });
      }
    }
  }
  const byOlder = new Map<number, Link[]>();
  for (const l of found.values()) (byOlder.get(l.older) ?? byOlder.set(l.older, []).get(l.older)!).push(l);
  return [...byOlder.values()].flatMap((ls) => ls.sort((a, b) => b.strength - a.strength).slice(0, MAX_UPDATES_PER_STATEMENT));
}

/** A value's number, digits only ("£1,200" → "1200", "32" → "32"); null for a date, a time, a schedule or a phone. */
function numberOf(v: StatedValue): string | null {
  if (v.type !== "count" && v.type !== "money" && v.type !== "measure" && v.type !== "percent") return null;
  return v.norm.replace(/[^\d.]/g, "").replace(/\.0+$/, "");
}

/**
 * The latest statement said before `n` that `pred` accepts, leaving out lines the person marked
 * still true: a correction, a new holder or a choice given up speaks of the last time the thing
 * was said, not of every time.
 */
function latestBefore(all: readonly PlacedStatement[], n: PlacedStatement, pred: (o: PlacedStatement) => boolean): PlacedStatement | undefined {
  let latest: PlacedStatement | undefined;
  for (const o of all) if (o.order < n.order && o.st.mark?.key !== "still-true" && (!latest || o.order > latest.order) && pred(o)) latest = o;
  return latest;
}

/**
 * Corrections: "it's 38 not 32" replaces the latest earlier statement that gave 32 and shares a
 * word with it ("mum's 60th: 32 coming"). The latest only: the correction speaks of the last
 * time the number was said, not of every 32 ever written; one that already said 38 is left.
 */
function corrections(all: PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    for (const c of Array.isArray(n.st.corrects) ? n.st.corrects : []) {
      const words = new Set(n.st.words);
      const weekday = isWeekdayNorm(c.from);
      const latest = latestBefore(all, n, weekday ? saidOnWeekday(c.from, c.to, words) : (o) => o.st.values.some((v) => numberOf(v) === c.from) && !o.st.values.some((v) => numberOf(v) === c.to));
      const shared = latest ? latest.st.words.filter((w) => words.has(w) && !(weekday && weekdayOf(w) !== null)) : [];
      if (latest && shared.length >= (weekday ? 2 : 1)) out.push({ older: latest.id, newer: n.id, kind: "update", slot: shared.join(" "), by: "guess", strength: 1, rule: "correction" });
    }
  }
  return out;
}

/**
 * A weekday taken back ("Saturday, sorry, Friday") or said instead of another speaks of a thing
 * said to be on that weekday with a day still to come, or on that weekday as its day ("orders
 * close Tuesday 8pm"): the statement names it and not the weekday now given.
 * A weekday is a word of many statements, so two other words must be shared.
 */
const saidOnWeekday = (from: string, to: string, words: ReadonlySet<string>) => (o: PlacedStatement) =>
  o.st.words.some((w) => weekdayOf(w) === from) &&
  !o.st.words.some((w) => weekdayOf(w) === to) &&
  (o.st.values.some((v) => WHEN_TYPES.has(v.type) && stillAhead(v, o.order)) || weekdayAhead(o.st)) &&
  o.st.words.filter((w) => words.has(w) && weekdayOf(w) === null).length >= 2;

/** A title is no word of whose role it is ("Mrs Patel", "Mrs Jones" share nothing by it). */
const TITLES = new Set(["mrs", "miss", "prof"]);

/**
 * A role given a new holder: "Arlo's got a new teacher, Mr Okoro" replaces the latest earlier
 * statement naming who held that role ("teacher Mrs Patel") when the two share a word besides
 * the role (whose teacher: "arlo") and the newer one says something changed ("new", "now").
 * The latest only: two roles of one name ("swimming teacher", "teacher") are told apart by it.
 */
function roleChanges(all: PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    if (!n.st.change) continue;
    const names = n.st.values.filter((v) => v.type === "name");
    for (const vn of names) {
      const words = new Set(n.st.words.filter((w) => !vn.near.includes(w) && !TITLES.has(w)));
      const latest = latestBefore(all, n, (o) => o.st.values.some((v) => v.type === "name" && v.norm !== vn.norm && v.near.some((r) => vn.near.includes(r))) && !o.st.values.some((v) => sameValue(v, vn)));
      const shared = latest ? latest.st.words.filter((w) => words.has(w)) : [];
      // A newer statement still naming the old holder in a role adds a holder ("two teachers now"); it replaces none.
      const stillNamed = latest ? names.some((v) => latest.st.values.some((x) => x.type === "name" && sameValue(x, v))) : false;
      if (latest && shared.length > 0 && !stillNamed)
        out.push({ older: latest.id, newer: n.id, kind: "update", slot: [...vn.near, ...shared].join(" "), by: "guess", strength: 1, rule: "role" });
    }
  }
  return out;
}

/**
 * A choice given up: "scratch that, not the Bosch … ordered the Beko instead" replaces the
 * latest earlier statement that named the Bosch with a value (the price, the date), without a
 * denial of its own. The latest only: the correction speaks of the choice just made.
 */
function choicesGivenUp(all: PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    for (const name of Array.isArray(n.st.givesUp) ? n.st.givesUp : []) {
      const latest = latestBefore(all, n, (o) => !o.st.negated && o.st.values.length > 0 && o.st.words.includes(name));
      if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: name, by: "guess", strength: 1, rule: "choice" });
    }
  }
  return out;
}

/**
 * A choice made otherwise: "we went with the blue tiles in the end, the green was 6 weeks out"
 * replaces the latest earlier choice it gives up ("going for the green zellige"), as choices.ts
 * reads it: said final, naming the earlier chosen thing beside its own, choosing none of it.
 */
function choicesMadeOtherwise(all: PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    const mine = n.st.chose;
    if (mine?.final !== true || n.st.asks === true) continue;
    const newer = { chose: mine.words, final: true, words: n.st.words };
    const latest = latestBefore(all, n, (o) => o.st.chose !== undefined && givesUpChoice({ chose: o.st.chose.words }, newer));
    if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: latest.st.chose!.words.filter((w) => n.st.words.includes(w)).join(" "), by: "guess", strength: 1, rule: "choice" });
  }
  return out;
}

/** Kinds of value that say when a thing is: what an announced move makes out of date. */
const WHEN_TYPES: ReadonlySet<StatedValue["type"]> = new Set(["date", "day", "time", "weekly"]);

/**
 * Whether a date or a day said at `said` (ms) lies after that day: a date in the year that puts
 * it nearest; a day of the month without its month in this month, or early next month.
 */
function stillAhead(v: StatedValue, said: number): boolean {
  const today = new Date(said).getUTCDate();
  if (v.type === "day") return dayNumber(v) > today || dayNumber(v) < today - 14;
  if (v.type !== "date") return false;
  const at = nearestDay(v.norm, said);
  return at !== null && Math.floor(at / 86_400_000) > Math.floor(said / 86_400_000);
}

/** How far or how often a thing moved ("pushed back a week", "moved again"): not what moved. */
const MOVED_BY = new Set("back forward week month later earlier again".split(" "));

/** Weighted share of the older statement's words, or of the words naming what moved when fewer, that the two must share. */
const MIN_MOVED_SHARE = 0.5;

/**
 * Moves announced in so many words: "parents' evening pushed back a week", "we've had to pull
 * out of Center Parcs", "the dentist moved her to the 20th", with or without the new value.
 * Each replaces the earlier statement that said when that thing was (a date, a day, a time, a
 * schedule), or an earlier announced move of it (a thing moved twice), and names it best: the
 * most of its rare words, at least two, besides the words of moving and of when, among the
 * words next to the announcement; the latest of equals. A statement that repeats when it was says it is still then: none.
 */
/** What a statement is about, for a move: its words but the words of moving and of when. */
function movedThing(st: Statement): string[] {
  return [...new Set(st.words)].filter((w) => !MOVE_WORDS.has(w) && !WHEN_OR_MOVED.has(w) && !MOVED_BY.has(w));
}

interface MoveCandidate {
  o: PlacedStatement;
  at: number;
  when: Statement["values"];
  own: string[];
  /** The weight of `own`'s words, summed once (every announcement near it asks). */
  ownWeight: number;
}

/**
 * The statements a later announcement could move (a day still ahead when said, or an earlier
 * announcement), each with its words worked out once, and by word: an announcement then looks
 * only at the ones sharing a word with it, not at every statement (a year of history holds
 * tens of thousands).
 */
function moveCandidates(all: readonly PlacedStatement[], weigh: (ws: readonly string[]) => number): { list: MoveCandidate[]; byWord: Map<string, number[]> } {
  const list: MoveCandidate[] = [];
  const byWord = new Map<string, number[]>();
  all.forEach((o, at) => {
    if (o.st.mark?.key === "still-true" || o.st.asks === true) return;
    const when = o.st.values.filter((v) => WHEN_TYPES.has(v.type));
    // Only what was still to come when it was said can be moved: a past day is what happened; a weekday
    // given as when it is is the next one (weekday-ahead.ts).
    if (!when.some((v) => stillAhead(v, o.order)) && o.st.announced !== true && !weekdayAhead(o.st)) return;
    const own = movedThing(o.st);
    const i = list.push({ o, at, when, own, ownWeight: weigh(own) }) - 1;
    for (const w of own) (byWord.get(w) ?? byWord.set(w, []).get(w)!).push(i);
  });
  return { list, byWord };
}

/**
 * Whether a statement gives days or times, each of another thing: next to it a word that names a
 * thing ("the train") and none naming what moved ("moved again, now Mon 26th" names none).
 */
function valuesElsewhere(st: Statement, moved: ReadonlySet<string>): boolean {
  const when = st.values.filter((v) => WHEN_TYPES.has(v.type));
  const namesThing = (w: string) => !MOVE_WORDS.has(w) && !WHEN_OR_MOVED.has(w) && !MOVED_BY.has(w);
  return when.length > 0 && when.every((v) => v.near.some(namesThing) && !v.near.some((w) => moved.has(w)));
}

function announcedMoves(all: PlacedStatement[], idf: (w: string) => number): Link[] {
  const out: Link[] = [];
  const sum = (ws: readonly string[]) => ws.reduce((t, w) => t + idf(w), 0);
  const { list, byWord } = moveCandidates(all, sum);
  for (const n of all) {
    if (n.st.announced !== true || n.st.asks === true || n.st.mark?.key === "still-true" || !Array.isArray(n.st.moved)) continue;
    // What moved is named next to the announcement: a long sentence's other words are about other things.
    const words = new Set(movedThing(n.st).filter((w) => n.st.moved!.includes(w)));
    const wordsWeight = sum([...words]);
    // In the statements' own order, so that equal candidates are chosen as before (the list is in that order).
    const near = [...new Set([...words].flatMap((w) => byWord.get(w) ?? []))].sort((a, b) => a - b);
    let best: { o: PlacedStatement; shared: string[]; score: number; ownWeight: number } | undefined;
    for (const i of near) {
      const { o, when, own, ownWeight } = list[i]!;
      if (o.order >= n.order) continue;
      if (when.some((v) => n.st.values.some((x) => sameValue(x, v)))) continue;
      const shared = own.filter((w) => words.has(w));
      const score = sum(shared);
      // Two words name a thing surely; one is enough when the announcement names the thing by one word alone ("the skip's been moved").
      if (shared.length < Math.max(1, Math.min(2, words.size)) || score < MIN_MOVED_SHARE * Math.min(ownWeight, wordsWeight)) continue;
      if (!best || score > best.score || (score === best.score && o.order > best.o.order)) best = { o, shared, score, ownWeight };
    }
    // A move told again beside another thing's new day ("X moved their deadline, so I rebooked the train for Fri 3 Oct"):
    // the news that moved it was the earlier announcement (with its new day or without, as a quoted
    // e-mail gives it), which this one only retells, with no day of the moved thing's.
    if (best && best.o.st.announced === true && valuesElsewhere(n.st, words)) continue;
    if (best) out.push({ older: best.o.id, newer: n.id, kind: "update", slot: best.shared.join(" "), by: "guess", strength: Math.min(1, best.score / best.ownWeight), rule: "move" });
  }
  return out;
}

/** How many statements one denial is paired with: the ones that most say the denied thing happened. */
const MAX_CONTRADICTIONS_PER_DENIAL = 2;

/** Contradictions: each denial with the statements that best say the denied thing happened. */
function contradictions(all: PlacedStatement[], idf: (w: string) => number, opts: LinkOptions): Link[] {
  const out: Link[] = [];
  // Statements that may say a thing happened: no denial, or a denial of something else.
  const positive = all.filter((s) => !s.st.negated || s.st.denied.length > 0);
  for (const d of all) {
    if (d.st.denied.length < 2 || d.st.mark?.key === "still-true") continue;
    const found: { s: PlacedStatement; share: number; shared: string[] }[] = [];
    const weight = new Map(d.st.denied.map((w) => [w, idf(w)]));
    // What the denial joins with "or" counts once: "never attended any webinars or workshops"
    // goes against a webinar as much as against both (either-or.ts).
    const either = Array.isArray(d.st.deniedOr) ? d.st.deniedOr : [];
    for (const p of positive) {
      // The same turn or line says both halves of one thought ("never before, but now"): no contradiction.
      if (p.id === d.id || (p.path === d.path && p.order === d.order) || p.st.mark?.key === "still-true") continue;
      // A question ("Have you ever gone camping?") asks; it says nothing happened.
      if (p.st.asks === true) continue;
      const ps = new Set(p.st.words);
      const shared = d.st.denied.filter((w) => ps.has(w));
      if (shared.length < 2 || !affirms(p.st, shared)) continue;
      const share = askedShare(d.st.denied, ps, weight, either);
      if (shared.length >= 2 && share >= opts.minDenialOverlap) found.push({ s: p, share, shared });
    }
    // "Never …" speaks of the time up to when it was said: a saying before it goes against it
    // for sure, one after it may be what happened since (a first webinar attended). So the
    // sayings before the denial are its partners first; later ones fill the places left.
    const before = (x: { s: PlacedStatement }) => (x.s.order < d.order ? 0 : 1);
    // Among equals, a saying that puts the thing on a day still to come is a plan: it goes last (still-to-come.ts).
    const planned = (x: { s: PlacedStatement; shared: string[] }) => (aheadWhenSaid(x.s.st, x.s.order, x.shared) ? 1 : 0);
    for (const best of found.sort((a, b) => before(a) - before(b) || b.share - a.share || planned(a) - planned(b)).slice(0, MAX_CONTRADICTIONS_PER_DENIAL)) {
      const [older, newer] = best.s.order <= d.order ? [best.s, d] : [d, best.s];
      out.push({ older: older.id, newer: newer.id, kind: "contradiction", slot: best.shared.join(" "), by: "guess", strength: Math.min(1, best.share), rule: "denial" });
    }
  }
  return out;
}

/** `supersedes:: <words>`: the person's own link to the earlier statements with those words. */
function marked(all: PlacedStatement[], idf: (w: string) => number): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    if (n.st.mark?.key !== "supersedes" || n.st.mark.value === "") continue;
    const wanted = contentWords(n.st.mark.value);
    if (wanted.length === 0) continue;
    for (const o of all) {
      if (o.id === n.id || o.order > n.order || o.st.mark?.key === "supersedes") continue;
      const os = new Set(o.st.words);
      const hit = wanted.filter((w) => os.has(w));
      const share = hit.reduce((t, w) => t + idf(w), 0) / wanted.reduce((t, w) => t + idf(w), 0);
      if (share >= 0.8) out.push({ older: o.id, newer: n.id, kind: "update", slot: hit.join(" "), by: "person", strength: 1, rule: "mark" });
    }
  }
  return out;
}

/** Every link among the statements: the person's marks first, then the guesses they leave room for. */
export function linkStatements(all: PlacedStatement[], opts: LinkOptions = DEFAULT_LINK_OPTIONS): Link[] {
  const idf = weights(all);
  const byPerson = marked(all, idf);
  const decided = new Set(byPerson.map((l) => l.older));
  const linked = new Set<string>();
  // A correction the slot rules also found is one link.
  const once = (l: Link) => !linked.has(`${l.older}:${l.newer}`) && linked.add(`${l.older}:${l.newer}`) !== undefined;
  const guessed = [...updates(all, idf, opts), ...corrections(all), ...roleChanges(all), ...choicesGivenUp(all), ...choicesMadeOtherwise(all), ...announcedMoves(all, idf)].filter((l) => !decided.has(l.older) && once(l));
  return [...byPerson, ...guessed, ...contradictions(all, idf, opts)];
}

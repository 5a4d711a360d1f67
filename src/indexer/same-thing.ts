/**
 * A change found without a phrasing rule: two statements said at different times (another note,
 * another turn) about the same thing (they share its rare words, and what each value is of is
 * named in the other) with the same kind of value (a time, a date, an amount, a count, a phone
 * number, a name) and different values. The later one is taken as the current one, whatever
 * words it is said in; the other rules (supersede.ts, hand-links.ts) each read one way of
 * saying a change, this one reads none.
 *
 * Conservative on purpose, as the slot rule is: an added fact is not a replacement. Each side
 * must be a fact said as such (no one occasion, no plan against what was done: slot-guards.ts),
 * neither may still say the other's value, and the shared words must be many and rare: a
 * minimum summed rarity (`minSharedWeight`), a minimum share of the smaller statement's weight
 * (`minShare`) and a minimum count (`minShared`). Pure: statements in, links out.
 *
 * OFF by default (`types` empty): measured leave-one-set-out over the three blind changed-facts
 * sets (scripts/eval-same-thing.mjs, docs/evaluation.md), no setting of it added a link on a
 * held-out set without a false one somewhere: the one clean gain on the sets (1 change) came with
 * 47 more update links on BEAM that BEAM does not label, and the loosest setting linked 5 more
 * changes for 20 false links, 6 added facts superseded and 958 more BEAM links. Sharing rare
 * words and a kind of value is a topic, not a slot. It stays to be measured on new sets.
 */
import type { StatedValue, Statement } from "./statements.js";
import { apartBy } from "./slot-guards.js";
import { isWeekdayNorm, weekdayOf } from "./taken-back.js";
import { slotKey, weights, type Link, type PlacedStatement } from "./supersede.js";

export interface SameThingOptions {
  /** Summed rarity of the words the two share, besides words of when and numbers. */
  minSharedWeight: number;
  /** That sum over the smaller statement's own. */
  minShare: number;
  /** How many words they share, at least. */
  minShared: number;
  /** Kinds of value the rule reads; a date or an hour is as often another occasion's as a new one. */
  types: ReadonlySet<StatedValue["type"]>;
  /** Whether a word next to each value must be a word of the other statement (what the value is of, named on both sides). */
  nearNamed: boolean;
  /** Whether the later statement must say something changed ("now", "moved", "switched": statements.ts's change words). */
  changeSaid: boolean;
}

/** The strictest setting that still linked a change on the sets (weight 3, share .4, three words), for a reader who turns it on. */
export const SAME_THING_MEASURED: SameThingOptions = {
  minSharedWeight: 3,
  minShare: 0.4,
  minShared: 3,
  types: new Set(["count", "money", "percent", "measure", "phone", "name"]),
  nearNamed: true,
  changeSaid: false,
};

/** The thresholds in use: off (no kind of value read); an experiment sets them before indexing (scripts/eval-same-thing.mjs). */
export const SAME_THING: SameThingOptions = { ...SAME_THING_MEASURED, types: new Set() };

const MONTH_WORDS = new Set("jan january feb february mar march apr april may jun june jul july aug august sep sept september oct october nov november dec december".split(" "));

/** Words that say when, not what: two notes of one week share them whatever they are about. */
const aboutWords = (st: Statement): string[] => [...new Set(st.words)].filter((w) => !MONTH_WORDS.has(w) && weekdayOf(w) === null && !isWeekdayNorm(w) && !/^\d/.test(w));

/** Whether either statement gives a value of that kind equal to the other's: the same said again, or one said beside the other. */
const saysEither = (a: Statement, b: Statement) => a.values.some((x) => b.values.some((y) => slotKey(x) === slotKey(y) && x.norm === y.norm));

/** What the value is of is named on the other side: a word next to each value is a word of the other statement. */
const namedBoth = (vo: StatedValue, vn: StatedValue, o: Statement, n: Statement) => vo.near.some((w) => n.words.includes(w)) && vn.near.some((w) => o.words.includes(w));

/** The kind of value the two give differently as one slot, or null. */
function clashingKind(o: Statement, n: Statement, opts: SameThingOptions): string | null {
  for (const vo of o.values) {
    if (!opts.types.has(vo.type)) continue;
    for (const vn of n.values) {
      if (slotKey(vo) !== slotKey(vn) || vo.norm === vn.norm || apartBy(vo, vn) !== null) continue;
      if (!opts.nearNamed || namedBoth(vo, vn, o, n)) return slotKey(vo);
    }
  }
  return null;
}

interface Candidate {
  o: PlacedStatement;
  shared: string[];
  score: number;
}

/** The earlier statement `n` says the same thing of with another value, best shared first; the later of equals. */
function replacedBy(n: PlacedStatement, earlier: Iterable<PlacedStatement>, idf: (w: string) => number, opts: SameThingOptions): Candidate | null {
  const sum = (ws: readonly string[]) => ws.reduce((t, w) => t + idf(w), 0);
  const mine = aboutWords(n.st);
  const mineSet = new Set(mine);
  let best: Candidate | null = null;
  for (const o of earlier) {
    if (o.order >= n.order || (o.path === n.path && o.order === n.order)) continue;
    if (o.st.mark?.key === "still-true" || o.st.asks === true || o.st.negated) continue;
    if (saysEither(o.st, n.st) || clashingKind(o.st, n.st, opts) === null) continue;
    const own = aboutWords(o.st);
    const shared = own.filter((w) => mineSet.has(w));
    const score = sum(shared);
    if (shared.length < opts.minShared || score < opts.minSharedWeight || score < opts.minShare * Math.min(sum(own), sum(mine))) continue;
    if (!best || score > best.score || (score === best.score && o.order > best.o.order)) best = { o, shared, score };
  }
  return best;
}

/**
 * Updates the other rules left: for each statement with a value, the earlier statement it gives
 * a new value of the same thing. Pairs already linked either way (an update, a contradiction)
 * are left as they are.
 */
export function sameThingUpdates(all: readonly PlacedStatement[], links: readonly Link[], opts: SameThingOptions = SAME_THING): Link[] {
  if (opts.types.size === 0) return [];
  const idf = weights(all);
  const linked = new Set(links.flatMap((l) => [`${l.older}:${l.newer}`, `${l.newer}:${l.older}`]));
  const replaced = new Set(links.filter((l) => l.kind === "update").map((l) => l.older));
  const withValues = all.filter((s) => s.st.values.some((v) => opts.types.has(v.type)) && s.st.asks !== true && !s.st.negated);
  // By word: a statement looks only at the ones sharing enough words with it, not at every statement (a year of history holds tens of thousands).
  const byWord = new Map<string, number[]>();
  withValues.forEach((s, i) => {
    for (const w of aboutWords(s.st)) (byWord.get(w) ?? byWord.set(w, []).get(w)!).push(i);
  });
  const out: Link[] = [];
  for (const n of withValues) {
    if (n.st.mark?.key === "still-true" || (opts.changeSaid && !n.st.change && n.st.announced !== true)) continue;
    const hits = new Map<number, number>();
    for (const w of aboutWords(n.st)) for (const i of byWord.get(w) ?? []) hits.set(i, (hits.get(i) ?? 0) + 1);
    const near = [...hits].filter(([, k]) => k >= opts.minShared).map(([i]) => withValues[i]!);
    const best = replacedBy(n, near, idf, opts);
    if (!best || linked.has(`${best.o.id}:${n.id}`) || replaced.has(best.o.id)) continue;
    linked.add(`${best.o.id}:${n.id}`).add(`${n.id}:${best.o.id}`);
    out.push({ older: best.o.id, newer: n.id, kind: "update", slot: best.shared.join(" "), by: "guess", strength: 1, rule: "same-thing" });
  }
  return out;
}

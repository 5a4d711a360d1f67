/**
 * Two sizes of one thing: "the storage unit is 50 sq ft" and later "the unit is 35 square
 * feet"; "the PA is a 12 kW rig" and later "the PA was an 8 kW rig". A size (an area, a power
 * rating; units.ts) is what a thing is and does not drift by itself, so a different one said
 * with no word of change is no update: the two notes disagree, and both are reported as a
 * contradiction (neither hidden). A size said as what it "was" is still a size of the thing:
 * the past tense hides no disagreement.
 *
 * Conservative: the same unit in its one form, the two sizes' own words (next to each) share a
 * word and their wider words share at least two and half of the fewer's, the newer says
 * nothing changed, and neither repeats the other's size. Pure.
 */
import type { StatedValue, Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { isSize } from "./units.js";
import { labelWords } from "./label-words.js";

/** How many size clashes one statement takes part in: the nearest few. */
const MAX_PER_STATEMENT = 2;

/** A size's own words: those next to it, and a record's label when it is one item of the label's list (label-words.ts). */
const ownWords = (v: StatedValue, st: Statement): string[] => [...new Set([...v.near, ...labelWords(st)])];

/**
 * The words two sizes share when they are of one thing, or null. Two of their own words shared
 * ("the Oudegracht flat" beside each) name the thing by themselves; one needs half the wider words too.
 */
function sameThing(a: StatedValue, b: StatedValue, sa: Statement, sb: Statement): string[] | null {
  const bOwn = ownWords(b, sb);
  const own = ownWords(a, sa).filter((w) => bOwn.includes(w));
  if (own.length === 0) return null;
  const shared = a.context.filter((w) => b.context.includes(w));
  if (own.length >= 2 && shared.length >= 2) return shared;
  return shared.length >= 2 && shared.length * 2 >= Math.min(a.context.length, b.context.length) ? shared : null;
}

const sizes = (st: Statement) => st.values.filter(isSize);

/** Contradictions between two sizes of one thing; pairs already linked are left as they are. */
export function sizeClashes(all: readonly PlacedStatement[], links: readonly Link[]): Link[] {
  const linked = new Set(links.flatMap((l) => [`${l.older}:${l.newer}`, `${l.newer}:${l.older}`]));
  const told = all.filter((p) => sizes(p.st).length > 0 && p.st.asks !== true && p.st.mark?.key !== "still-true" && !p.st.negated).sort((a, b) => a.order - b.order);
  const out: Link[] = [];
  const count = new Map<number, number>();
  const room = (id: number) => (count.get(id) ?? 0) < MAX_PER_STATEMENT;
  for (const [j, n] of told.entries()) {
    if (n.st.change) continue;
    for (let i = j - 1; i >= 0 && room(n.id); i--) {
      const o = told[i]!;
      if (o.id === n.id || o.path === n.path || linked.has(`${o.id}:${n.id}`) || !room(o.id)) continue;
      if (o.order === n.order && o.st.change) continue;
      for (const a of sizes(o.st)) {
        const b = sizes(n.st).find((v) => v.unit === a.unit && v.norm !== a.norm);
        // The newer still says the old size, or the older already said the new one: two things.
        if (!b || sizes(n.st).some((v) => v.unit === a.unit && v.norm === a.norm) || sizes(o.st).some((v) => v.unit === b.unit && v.norm === b.norm)) continue;
        const shared = sameThing(a, b, o.st, n.st);
        if (shared === null) continue;
        linked.add(`${o.id}:${n.id}`).add(`${n.id}:${o.id}`);
        count.set(o.id, (count.get(o.id) ?? 0) + 1).set(n.id, (count.get(n.id) ?? 0) + 1);
        out.push({ older: o.id, newer: n.id, kind: "contradiction", slot: `size ${a.unit}: ${shared.join(" ")}`, by: "guess", strength: 1, rule: "value-clash" });
        break;
      }
    }
  }
  return out;
}

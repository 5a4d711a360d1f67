/**
 * A thing set to a new amount replaces the latest amount said of it: "the organisers cut talks
 * to 12 minutes" replaces "BES talk: 15 minutes plus 5 for questions". The verb's object
 * ("talks") names what changed, as an announced move's words name what moved; the rest of a long
 * turn is about other things, so the words around the value (supersede.ts's slot test) are too
 * many to weigh. Conservative: the same kind of value (minutes with minutes), every word of the
 * object next to the older value, one more word of the thing shared by the two sentences, and
 * neither saying the other's value. The latest such statement only. Pure.
 */
import type { StatedValue } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { amountKind, sameAmount } from "./mass-units.js";
import { latestBefore } from "./latest-before.js";

/** Kinds of value a verb of size sets: amounts, counts, measures and shares, not dates. */
const AMOUNTS: ReadonlySet<string> = new Set(["count", "measure", "money", "percent"]);

/** Words of changing an amount: no word of what the thing is. */
const VERB_WORDS = new Set(["cut", "trim", "shorten", "lengthen", "extend", "cap", "halv", "doubl", "rais", "lower", "reduc", "drop", "upp", "bump", "knock"]);

/** The value `vn` of `n` sets, with the earlier value `vo` of `o` it replaces, when `o` says that thing's amount. */
function replaces(o: PlacedStatement, vo: StatedValue, n: PlacedStatement, vn: StatedValue, what: readonly string[]): boolean {
  // A mass in grams and one in kilograms are one kind of amount (mass-units.ts).
  if (amountKind(vo) !== amountKind(vn) || sameAmount(vo, vn)) return false;
  if (!what.every((w) => vo.near.includes(w))) return false;
  if (n.st.values.some((x) => amountKind(x) === amountKind(vo) && sameAmount(x, vo)) || o.st.values.some((x) => amountKind(x) === amountKind(vn) && sameAmount(x, vn))) return false;
  const others = new Set(n.st.words.filter((w) => !what.includes(w) && !VERB_WORDS.has(w)));
  return o.st.words.some((w) => others.has(w));
}

const PRONOUNS = new Set(["her", "hers", "him", "his", "their", "its"]);

/** Updates from statements that set a thing to a new amount, each to the latest earlier amount of that thing. */
export function setToUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    // "cut her dry food to …": a pronoun says whose, not what was set.
    const what = (Array.isArray(n.st.sets) ? n.st.sets : []).filter((w) => !PRONOUNS.has(w));
    if (what.length === 0 || n.st.asks === true || n.st.mark?.key === "still-true") continue;
    const set = n.st.values.filter((v) => AMOUNTS.has(v.type) && what.some((w) => v.near.includes(w)));
    const latest = latestBefore(all, n, (o) => o.st.values.some((vo) => AMOUNTS.has(vo.type) && set.some((vn) => replaces(o, vo, n, vn, what))));
    if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: what.join(" "), by: "guess", strength: 1, rule: "set-to" });
  }
  return out;
}

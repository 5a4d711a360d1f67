/**
 * An estimate replaced by the real figure: "the survey: about 300 responses so far, closes Friday",
 * later "the survey came to 342 responses". No change word, and the estimate's own words stand
 * apart from its value ("…: about 300 responses"), so the slot rule finds nothing next to both;
 * but a figure said as what a thing came to, totalled or ended up at is the count the estimate
 * guessed.
 *
 * Read when a statement is stored (so linking reads no text): a value with "about", "around",
 * "roughly", "approximately", "circa" or "~" right before it is an estimate; one right after
 * "came to", "came out at", "totalled", "ended up at" or "ended up being" is a total. A total
 * replaces the latest earlier estimate of the same kind and unit, with another figure, that
 * shares two words of what it is with it (the unit and the words of the phrase left out). Pure.
 */
import type { StatedValue, Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { latestBefore } from "./latest-before.js";

const ESTIMATE = /(?:\b(?:about|around|roughly|approximately|approx\.?|circa|an estimated|estimated at)|~)\s*$/i;
const TOTAL = /\b(?:came (?:out )?(?:to|at)|totall?ed|ended up (?:at|being)|adds? up to|added up to)\s+$/i;

/** A value as "type:unit:norm", and what kind of value it is as "type:unit". */
const kindOf = (v: Pick<StatedValue, "type" | "unit">) => `${v.type}:${v.unit}`;
const keyOf = (v: Pick<StatedValue, "type" | "unit" | "norm">) => `${kindOf(v)}:${v.norm}`;

/** Kinds of value a figure is counted or priced in. */
const FIGURES: ReadonlySet<StatedValue["type"]> = new Set(["count", "measure", "money"]);

/** The values of a statement said right after one of `cue`'s phrases, as keys. */
function valuesAfter(st: Statement, cue: RegExp): string[] {
  const out: string[] = [];
  for (const v of st.values) {
    if (!FIGURES.has(v.type)) continue;
    const at = st.text.indexOf(v.text.trim());
    if (at > 0 && cue.test(st.text.slice(Math.max(0, at - 40), at))) out.push(keyOf(v));
  }
  return out;
}

/** A statement with its estimates and totals (as it was, when it says neither). */
export function withEstimates<T extends Statement>(st: T): T {
  if (st.asks === true) return st;
  const estimates = valuesAfter(st, ESTIMATE);
  const totals = valuesAfter(st, TOTAL);
  return estimates.length === 0 && totals.length === 0 ? st : { ...st, ...(estimates.length > 0 ? { estimates } : {}), ...(totals.length > 0 ? { totals } : {}) };
}

const listOf = (st: Statement, key: "estimates" | "totals"): string[] => {
  const xs = (st as Partial<Record<typeof key, unknown>>)[key];
  return Array.isArray(xs) ? xs.filter((x): x is string => typeof x === "string") : [];
};

/** Words of the phrase, not of what the figure is. */
const PHRASE_WORDS = new Set(["came", "total", "totall", "ended", "end", "added", "add", "about", "around", "roughly", "approx", "approximately", "circa", "estimat"]);

/** How many words of what it is the two must share. */
const MIN_SHARED = 2;

/** Updates: each total replaces the latest earlier estimate of its kind with another figure, about the same thing. */
export function estimateUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  const estimating = all.filter((p) => listOf(p.st, "estimates").length > 0);
  if (estimating.length === 0) return out;
  for (const n of all) {
    const totals = listOf(n.st, "totals");
    if (totals.length === 0 || n.st.mark?.key === "still-true") continue;
    const kinds = new Set(totals.map((t) => t.slice(0, t.lastIndexOf(":"))));
    const units = new Set(totals.map((t) => t.split(":")[1]!));
    const words = new Set(n.st.words.filter((w) => !PHRASE_WORDS.has(w) && !units.has(w)));
    const shared = (o: PlacedStatement) => [...new Set(o.st.words)].filter((w) => words.has(w));
    const guessed = (o: PlacedStatement) =>
      listOf(o.st, "estimates").some((e) => kinds.has(e.slice(0, e.lastIndexOf(":"))) && !totals.includes(e)) && shared(o).length >= MIN_SHARED;
    const latest = latestBefore(estimating, n, guessed);
    if (latest) out.push({ older: latest.id, newer: n.id, kind: "update", slot: shared(latest).join(" "), by: "guess", strength: 1, rule: "slot" });
  }
  return out;
}

/**
 * The links hand edits make (hand-edits.ts: struck-out values, lines labelled "update:" or
 * "edit:") and tables written again (table-rows.ts), added to the linker's own
 * (supersede.ts). A pair already linked stays one link, and a statement the person's own
 * `supersedes::` mark decided gets no guess. Pure.
 */
import { setToUpdates } from "./set-to-links.js";
import { switchedUpdates } from "./switched.js";
import { placeMoveUpdates, placeNowUpdates } from "./places.js";
import { handedOnUpdates } from "./handed-on.js";
import { noLongerUpdates } from "./no-longer.js";
import { newBestUpdates } from "./new-best.js";
import { bareCountUpdates } from "./bare-counts.js";
import { planStateUpdates } from "./called-off-plans.js";
import { shareChangeUpdates } from "./percent-change.js";
import { weights, type Link, type LinkRule, type PlacedStatement } from "./supersede.js";
import { replyUpdates } from "./replies.js";
import { windowUpdates } from "./narrowed-window.js";
import { estimateUpdates } from "./estimates.js";
import { rowHeadUpdates } from "./row-heads.js";
import { retabledUpdates } from "./retabled.js";
import { recordGivenUpUpdates } from "./records-given-up.js";
import { nowadaysUpdates } from "./these-days.js";
import { isStanding } from "./standing-files.js";

const typedOf = (p: PlacedStatement) => new Set(p.st.values.map((v) => `${v.type}:${v.norm}`));

/** An earlier statement a correction may replace, with the words it shares and their weight. */
type Candidate = { o: PlacedStatement; shared: string[]; score: number };
/** The higher weight wins; of equal weights, the later statement. */
const better = (best: Candidate | undefined, c: Candidate): Candidate => (!best || c.score > best.score || (c.score === best.score && c.o.order > best.o.order) ? c : best);
/** The update from the chosen earlier statement to `n`, the shared words as its slot. */
const updateFrom = (best: Candidate, n: PlacedStatement, rule: LinkRule): Link => ({ older: best.o.id, newer: n.id, kind: "update", slot: best.shared.join(" "), by: "guess", strength: 1, rule });

/** Earlier statements a hand edit may correct: said before it, not marked still true, not a question. */
const earlier = (all: readonly PlacedStatement[], n: PlacedStatement) => all.filter((o) => o.order < n.order && o.id !== n.id && o.st.mark?.key !== "still-true" && o.st.asks !== true);

/**
 * A struck-out value replaces the earlier statement that said it (every struck word and value)
 * and shares the most rare words with the rest of the sentence, at least one; the latest of equals.
 */
export function struckOutUpdates(all: readonly PlacedStatement[], idf: (w: string) => number): Link[] {
  const out: Link[] = [];
  for (const n of all) {
    const struck = n.st.struck;
    if (!struck || n.st.mark?.key === "still-true") continue;
    const gone = new Set(struck.words);
    const rest = new Set(n.st.words.filter((w) => !gone.has(w)));
    let best: Candidate | undefined;
    for (const o of earlier(all, n)) {
      const ow = new Set(o.st.words);
      if (!struck.words.every((w) => ow.has(w))) continue;
      const ov = typedOf(o);
      if (!struck.values.every((v) => ov.has(v))) continue;
      const shared = [...rest].filter((w) => ow.has(w));
      const score = shared.reduce((t, w) => t + idf(w), 0);
      if (shared.length === 0) continue;
      best = better(best, { o, shared, score });
    }
    if (best) out.push(updateFrom(best, n, "struck"));
  }
  return out;
}

/** Weighted share of the smaller statement's words a labelled correction must share with what it corrects. */
const MIN_LABELLED_SHARE = 0.5;

/**
 * A line labelled as a correction replaces the earlier statement it shares the most rare words
 * with: at least two, and at least half of the smaller one's weight. One that says the same
 * values as the labelled line is no earlier version of it.
 */
export function labelledUpdates(all: readonly PlacedStatement[], idf: (w: string) => number): Link[] {
  const out: Link[] = [];
  const sum = (ws: Iterable<string>) => [...ws].reduce((t, w) => t + idf(w), 0);
  for (const n of all) {
    if (n.st.labelled !== true || n.st.mark?.key === "still-true" || n.st.asks === true) continue;
    const nw = new Set(n.st.words);
    const nv = typedOf(n);
    let best: Candidate | undefined;
    for (const o of earlier(all, n)) {
      const ow = new Set(o.st.words);
      const shared = [...ow].filter((w) => nw.has(w));
      const score = sum(shared);
      if (shared.length < 2 || score < MIN_LABELLED_SHARE * Math.min(sum(ow), sum(nw))) continue;
      if (nv.size > 0 && [...nv].every((v) => typedOf(o).has(v))) continue;
      best = better(best, { o, shared, score });
    }
    if (best) out.push(updateFrom(best, n, "labelled"));
  }
  return out;
}

/** Each row replaces the latest earlier row of its table and key, when its other cells differ. */
export function rowUpdates(all: readonly PlacedStatement[]): Link[] {
  const byKey = new Map<string, PlacedStatement[]>();
  for (const s of all) {
    const r = s.st.row;
    if (!r) continue;
    const k = `${r.table}\u0000${r.key}`;
    (byKey.get(k) ?? byKey.set(k, []).get(k)!).push(s);
  }
  const out: Link[] = [];
  for (const rows of byKey.values()) {
    rows.sort((a, b) => a.order - b.order);
    for (let i = 1; i < rows.length; i++) {
      const n = rows[i]!;
      const was = rows[i - 1]!.st.row!.cells;
      if (was === n.st.row!.cells) continue;
      // The row before, and the rows before it that said the same again: each was current until this one.
      for (let j = i - 1; j >= 0 && rows[j]!.st.row!.cells === was; j--) {
        const o = rows[j]!;
        if (o.st.mark?.key === "still-true") continue;
        out.push({ older: o.id, newer: n.id, kind: "update", slot: `${n.st.row!.table.split(" | ")[0]} ${n.st.row!.key}`, by: "guess", strength: 1, rule: "table-row" });
      }
    }
  }
  return out;
}

/**
 * A "key: value" line said again under the same key with another value, its key or value saying
 * it changed ("Ruth's new address: …", "Gym: PureGym now"), or both lines in the standing files
 * (standing-files.ts: MEMORY.md, then USER.md written later), replaces the latest earlier line
 * under that key. Without such a word two values under one key are as often a log ("Lunch:
 * soup", "Lunch: salad"), and a "new" in the value is a new thing ("client: new brief").
 */
export function keyValueUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  const byKey = new Map<string, PlacedStatement[]>();
  for (const s of all) if (s.st.keyValue) (byKey.get(s.st.keyValue.key.join(" ")) ?? byKey.set(s.st.keyValue.key.join(" "), []).get(s.st.keyValue.key.join(" "))!).push(s);
  for (const [key, group] of byKey) {
    for (const n of group) {
      if (n.st.asks === true || n.st.mark?.key === "still-true") continue;
      const latest = group.filter((o) => o.order < n.order && o.st.mark?.key !== "still-true").sort((a, b) => b.order - a.order)[0];
      // Records in the standing files are no log: the later one holds, said changed or not.
      const said = n.st.keyValue!.changed || (latest !== undefined && isStanding(latest.path) && isStanding(n.path));
      if (said && latest && latest.st.keyValue!.value !== n.st.keyValue!.value) out.push({ older: latest.id, newer: n.id, kind: "update", slot: key, by: "guess", strength: 1, rule: "key-value" });
    }
  }
  return out;
}

/**
 * A role passed to someone else ("Gordon stood down, Anita Rowe is treasurer now") replaces the
 * latest earlier statement naming another holder of that role. Only when the newer says it
 * passed ("now", "new", "took over", "stood down"): two holders named without it are as often
 * two groups' (the choir's treasurer, the allotment's).
 */
export function roleHolderUpdates(all: readonly PlacedStatement[]): Link[] {
  const out: Link[] = [];
  // Few statements name a role's holder: each handing-over looks only at them.
  const naming = all.filter((s) => s.st.holds !== undefined);
  for (const n of naming) {
    if (n.st.holds?.handedOver !== true || n.st.mark?.key === "still-true") continue;
    for (const h of n.st.holds.holders) {
      const named = (o: PlacedStatement) => o.st.holds?.holders.some((x) => x.role === h.role) === true;
      const latest = earlier(naming, n).filter(named).sort((a, b) => b.order - a.order)[0];
      if (latest && !latest.st.holds!.holders.some((x) => x.role === h.role && x.name === h.name)) out.push({ older: latest.id, newer: n.id, kind: "update", slot: h.role, by: "guess", strength: 1, rule: "role-holder" });
    }
  }
  return out;
}

/** The linker's links with the hand edits' and the tables' added. */
export function withHandLinks(all: PlacedStatement[], links: readonly Link[]): Link[] {
  const idf = weights(all);
  const decided = new Set(links.filter((l) => l.by === "person").map((l) => l.older));
  const seen = new Set(links.map((l) => `${l.older}:${l.newer}`));
  const added = [...struckOutUpdates(all, idf), ...labelledUpdates(all, idf), ...keyValueUpdates(all), ...rowUpdates(all), ...roleHolderUpdates(all), ...replyUpdates(all), ...rowHeadUpdates(all), ...retabledUpdates(all), ...recordGivenUpUpdates(all), ...nowadaysUpdates(all), ...setToUpdates(all), ...switchedUpdates(all), ...handedOnUpdates(all), ...noLongerUpdates(all), ...placeNowUpdates(all), ...newBestUpdates(all), ...bareCountUpdates(all), ...planStateUpdates(all), ...shareChangeUpdates(all), ...windowUpdates(all), ...estimateUpdates(all), ...placeMoveUpdates(all, idf)].filter((l) => !decided.has(l.older) && !seen.has(`${l.older}:${l.newer}`) && seen.add(`${l.older}:${l.newer}`) !== undefined);
  return [...links, ...added];
}

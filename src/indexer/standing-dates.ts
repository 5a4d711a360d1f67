/**
 * When a line of a standing file (MEMORY.md, USER.md, TOOLS.md) was said. The file's mtime is
 * its last save, not each line's: adding a bike lock code to MEMORY.md must not make its old
 * storage rent newer than the note that raised it. So:
 *
 * - **Kept**: a statement whose text (normalised: case, spacing, punctuation and a bullet do not
 *   count) was already among the file's stored statements keeps its stored time, wherever it
 *   moved in the file; a statement rules re-derive keeps its time the same way.
 * - **Observed**: a statement new to a file the index had already read takes the file's mtime:
 *   it was written between the two reads, so that mtime is when (marked `observed`).
 * - **Unobserved**: a line of a file read for the first time (a new index, a rebuild, a new
 *   device) was written at or before the mtime (kept as `savedBy`), nothing says when. It takes
 *   the mtime, but a dated statement (a note's line, a person's turn) that says the slot changed
 *   ("goes up to", "new", "moved to", a correction, a "no" to the assistant) to another value
 *   replaces it though the file was saved later: the line is placed just before that statement
 *   (`placeUnobserved`). One whose value no dated statement changed in so many words keeps the
 *   mtime.
 *
 * The times live in the index's statements: derived state, lost with the index. A rebuild or a
 * second device's first index reads every line as unobserved, as a new install would.
 */
import type { Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { isStanding } from "./standing-files.js";
import { isContact } from "./contact-values.js";

/** A stored statement's time, whether it was observed new, and for one not observed the save it was read from. */
export type SeenTimes = ReadonlyMap<string, { ord: number; observed: boolean; savedBy: number }>;

/** A statement's text as two saves of the same line compare it. */
export function normalText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}£$€%.:/-]+/gu, " ")
    .replace(/[.:]+(\s|$)/g, "$1")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[-+] /, "");
}

/** A file's stored statements as times to keep: the earliest of a text said twice. */
export function seenTimes(rows: readonly { text: string; ord: number; data: string }[]): SeenTimes {
  const out = new Map<string, { ord: number; observed: boolean; savedBy: number }>();
  for (const r of rows) {
    const key = normalText(r.text);
    // Statements stored by rules before these carry no mark: nothing says when they were written.
    const d = JSON.parse(r.data) as Pick<Statement, "observed" | "savedBy">;
    const had = out.get(key);
    if (!had || r.ord < had.ord) out.set(key, { ord: r.ord, observed: d.observed === true, savedBy: d.savedBy ?? r.ord });
  }
  return out;
}

/**
 * A standing file's statements with when each was said. `seen`: the file's statements as
 * stored before this read, null when the index has never read the file (every line
 * unobserved). `fresh`: whether a line not among them was written since (a read of a changed
 * file) or is only not known (a rules re-derive of the same bytes).
 */
export function dateStanding(sts: readonly Statement[], seen: SeenTimes | null, mtimeMs: number, fresh: boolean): { st: Statement; ord: number }[] {
  return sts.map((st) => {
    const kept = seen?.get(normalText(st.text));
    if (kept?.observed) return { st: { ...st, observed: true }, ord: kept.ord };
    if (kept) return { st: { ...st, savedBy: kept.savedBy }, ord: kept.savedBy };
    return seen !== null && fresh ? { st: { ...st, observed: true }, ord: mtimeMs } : { st: { ...st, savedBy: mtimeMs }, ord: mtimeMs };
  });
}

/** A standing line never seen changing: its time is only the save it was read from. */
const unobserved = (p: PlacedStatement): boolean => isStanding(p.path) && p.st.observed !== true;

/**
 * A dated statement's saying that its slot changed (a change word, a move announced, a
 * correction, a "no" to the assistant, a struck or labelled edit, a value given up, a role
 * handed over): what lets it replace an unobserved standing line saved later.
 */
function saysChange(st: Statement): boolean {
  return st.change || st.announced === true || (st.corrects?.length ?? 0) > 0 || st.reply !== undefined || st.struck !== undefined || st.labelled === true || (st.instead?.length ?? 0) > 0 || (st.givesUp?.length ?? 0) > 0 || st.holds?.handedOver === true;
}

/**
 * The unobserved standing statements' times: each one that a dated statement saying a change
 * replaces when the line is read as older is placed just before the earliest such statement;
 * the others keep their save. Which ones is asked of the linker over those lines and the
 * dated statements saying a change that could name them only (placed as written, the lines
 * before all of them); whether a link is made is then the full linker's, over every statement.
 */
function unobservedTimes(placed: readonly PlacedStatement[], link: (all: PlacedStatement[]) => Link[]): Map<number, number> {
  const lines = placed.filter(unobserved);
  // Only a statement sharing a word with some line (or naming it otherwise: a "no" by the asked
  // words, a phone number or an address by its kind) can replace it: the trial stays small beside a history's notes.
  const words = new Set(lines.flatMap((p) => p.st.words));
  const near = (st: Statement) => st.words.some((w) => words.has(w)) || st.reply !== undefined || st.values.some((v) => v.type === "phone" || isContact(v));
  const changed = placed.filter((p) => !isStanding(p.path) && saysChange(p.st) && near(p.st));
  const times = new Map<number, number>(lines.map((p) => [p.id, p.st.savedBy ?? p.order]));
  if (lines.length === 0 || changed.length === 0) return times;
  const first = changed.reduce((m, p) => Math.min(m, p.order), Infinity) - 1;
  const byId = new Map(changed.map((p) => [p.id, p]));
  for (const l of link([...lines.map((p) => ({ ...p, order: first })), ...changed])) {
    const n = byId.get(l.newer);
    if (l.kind !== "update" || l.by !== "guess" || !n || !times.has(l.older)) continue;
    times.set(l.older, Math.min(times.get(l.older)!, n.order - 1));
  }
  return times;
}

/**
 * The links, with every unobserved standing statement placed as `unobservedTimes` says
 * (`moved`: the statements whose stored time that changes, by id, to store).
 */
export function placeUnobserved(placed: readonly PlacedStatement[], link: (all: PlacedStatement[]) => Link[]): { links: Link[]; moved: Map<number, number> } {
  const stored = new Map(placed.map((p) => [p.id, p.order]));
  const moved = new Map([...unobservedTimes(placed, link)].filter(([id, t]) => stored.get(id) !== t));
  return { links: link(placed.map((p) => (moved.has(p.id) ? { ...p, order: moved.get(p.id)! } : p))), moved };
}

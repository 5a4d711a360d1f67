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
 *   device) was written at or before the mtime, nothing says when. It takes the mtime, but a
 *   dated statement (a note's line, a person's turn) that says the slot changed ("goes up to",
 *   "new", "moved to") to another value replaces it though the file was saved later: the line
 *   is placed just before that statement (`placeUnobserved`). One whose value no earlier note
 *   changed keeps the mtime.
 *
 * The times live in the index's statements: derived state, lost with the index. A rebuild or a
 * second device's first index reads every line as unobserved, as a new install would.
 */
import type { Statement } from "./statements.js";
import type { Link, PlacedStatement } from "./supersede.js";
import { isStanding } from "./standing-files.js";

/** A stored statement's time and whether it was observed new, by its normalised text. */
export type SeenTimes = ReadonlyMap<string, { ord: number; observed: boolean }>;

/** A statement's text as two saves of the same line compare it. */
export function normalText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}£$€%.:/-]+/gu, " ")
    .replace(/[.:]+(\s|$)/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** A file's stored statements as times to keep: the earliest of a text said twice. */
export function seenTimes(rows: readonly { text: string; ord: number; data: string }[]): SeenTimes {
  const out = new Map<string, { ord: number; observed: boolean }>();
  for (const r of rows) {
    const key = normalText(r.text);
    // Statements stored by rules before these carry no mark: nothing says when they were written.
    const observed = (JSON.parse(r.data) as { observed?: boolean }).observed === true;
    const had = out.get(key);
    if (!had || r.ord < had.ord) out.set(key, { ord: r.ord, observed });
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
    if (kept) return { st: kept.observed ? { ...st, observed: true } : st, ord: kept.ord };
    return { st: seen !== null && fresh ? { ...st, observed: true } : st, ord: mtimeMs };
  });
}

/** A dated statement's saying that its slot changed: what lets it replace an unobserved standing line saved later. */
const saysChange = (st: Statement): boolean => st.change || st.announced === true;

/**
 * The links, with each unobserved standing statement that some dated statement saying a change
 * replaces placed just before the earliest such statement (`moved`: the new times by id, to
 * store). Links are found once more only when a statement moved.
 */
export function placeUnobserved(placed: readonly PlacedStatement[], link: (all: PlacedStatement[]) => Link[]): { links: Link[]; moved: Map<number, number> } {
  const links = link([...placed]);
  const byId = new Map(placed.map((p) => [p.id, p]));
  const moved = new Map<number, number>();
  for (const l of links) {
    if (l.kind !== "update" || l.by !== "guess") continue;
    const [o, n] = [byId.get(l.older), byId.get(l.newer)];
    if (!o || !n || !isStanding(n.path) || n.st.observed === true || isStanding(o.path) || !saysChange(o.st)) continue;
    const at = o.order - 1;
    if (at < (moved.get(n.id) ?? n.order)) moved.set(n.id, at);
  }
  if (moved.size === 0) return { links, moved };
  return { links: link(placed.map((p) => (moved.has(p.id) ? { ...p, order: moved.get(p.id)! } : p))), moved };
}

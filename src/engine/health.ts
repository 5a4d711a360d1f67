/**
 * `agent health`: what in the notes may no longer be true, from the statement links the
 * indexer found (src/indexer/truth.ts): contradictions (both sides, path:line and the day each
 * was said), stale facts (a statement a later one replaced that still sits in an always-loaded
 * file such as MEMORY.md), duplicates (the same statement in several places) and MEMORY.md's
 * size against the context budget. Read-only: the engine never edits a note to fix it.
 */
import { statWorkspacePath } from "../workspace/guard.js";
import type { DB } from "../store/open.js";
import { allLinks, stalePairs, type StatementPlace, type StoredLink } from "../store/statements.js";

export interface HealthSide {
  path: string;
  line: number;
  date: string;
  text: string;
}

export interface HealthReport {
  contradictions: { a: HealthSide; b: HealthSide; about: string; by: "guess" | "person" }[];
  /** Superseded statements still in an always-loaded file: replace `old` with what `current` says. */
  stale: { old: HealthSide; current: HealthSide; about: string; by: "guess" | "person" }[];
  /** The same statement said in several places (a copy that may drift). */
  duplicates: { text: string; places: { path: string; line: number }[] }[];
  memory: { path: string; chars: number; budget: number; over: boolean } | null;
}

const side = (p: StatementPlace): HealthSide => ({ path: p.path, line: p.line, date: p.date, text: p.text });

/** Files every session loads whole: a stale line there is handed to every assistant. */
const ALWAYS_LOADED = new Set(["memory", "bootstrap"]);

function contradictions(links: StoredLink[]): HealthReport["contradictions"] {
  return links.filter((l) => l.kind === "contradiction").map((l) => ({ a: side(l.older), b: side(l.newer), about: l.slot, by: l.by }));
}

function stale(links: StoredLink[]): HealthReport["stale"] {
  return stalePairs(links, ALWAYS_LOADED).map((p) => ({ old: side(p.old), current: side(p.current), about: p.about, by: p.by }));
}

function duplicates(db: DB): HealthReport["duplicates"] {
  const rows = db
    .prepare(
      `SELECT lower(trim(s.text)) AS t, min(s.text) AS text, group_concat(f.path || ':' || s.line, char(10)) AS places, count(*) AS n
       FROM statements s JOIN chunks c ON c.id = s.chunk_id JOIN files f ON f.id = c.file_id
       WHERE length(s.text) >= 30 GROUP BY t HAVING n > 1 ORDER BY n DESC, t LIMIT 50`,
    )
    .all() as { text: string; places: string }[];
  return rows.map((r) => ({
    text: r.text,
    places: r.places.split("\n").map((p) => {
      const at = p.lastIndexOf(":");
      return { path: p.slice(0, at), line: Number(p.slice(at + 1)) };
    }),
  }));
}

function memorySize(workspace: string, budget: number): HealthReport["memory"] {
  const st = statWorkspacePath(workspace, "MEMORY.md");
  if (!st) return null;
  // Size in bytes is what a stat gives; for the budget's characters it is an upper bound.
  return { path: "MEMORY.md", chars: st.size, budget, over: st.size > budget };
}

export function healthReport(db: DB, workspace: string, memoryBudget: number): HealthReport {
  const links = allLinks(db);
  return { contradictions: contradictions(links), stale: stale(links), duplicates: duplicates(db), memory: memorySize(workspace, memoryBudget) };
}

/**
 * Who may see what. Only `main` sessions (the person's own, one-to-one) see the files that
 * hold the person's private life; `group` and `isolated` sessions never do.
 */

import { conflictCopyOf } from "./sync-copies.js";

export type SessionType = "main" | "group" | "isolated";
export const SESSION_TYPES: readonly SessionType[] = ["main", "group", "isolated"];

/** Files that hold the person's private life: main sessions only. */
const PRIVATE_BOOTSTRAP = ["MEMORY.md", "USER.md"] as const;

/** Folders whose files are private: daily notes, transcripts and reflections (made from transcripts). */
const PRIVATE_FOLDERS = ["memory/", "sessions/", "reflections/"] as const;

/**
 * Whether a workspace-relative path is private to main sessions: MEMORY.md, USER.md, the
 * daily notes, transcripts and reflections.
 */
export function isPrivatePath(rel: string): boolean {
  if ((PRIVATE_BOOTSTRAP as readonly string[]).includes(rel) || PRIVATE_FOLDERS.some((f) => rel.startsWith(f))) return true;
  // A sync tool's copy of MEMORY.md (MEMORY.sync-conflict-….md) holds what MEMORY.md holds.
  const copy = conflictCopyOf(rel);
  return copy !== null && isPrivatePath(copy.original);
}

/**
 * The same rule as an SQL condition on a column holding the workspace-relative path, for
 * candidate queries: a search for a group session never reads a private chunk at all.
 * Constant text (no user input): `substr` rather than LIKE, whose `_` and `%` a path may contain.
 */
export function publicPathSql(column: string): string {
  const names = PRIVATE_BOOTSTRAP.map((n) => `'${n}'`).join(", ");
  const folders = PRIVATE_FOLDERS.map((f) => `substr(${column}, 1, ${f.length}) <> '${f}'`).join(" AND ");
  return `(${column} NOT IN (${names}) AND ${folders})`;
}

/**
 * What a workspace file is, from its path alone. Kind drives recency (dated vs evergreen),
 * context assembly and filters; source separates hand-written markdown from transcripts.
 */

export type FileKind =
  | "soul"
  | "memory"
  | "bootstrap"
  | "daily"
  | "note"
  | "session"
  /** A conversation's summary (sessions/<id>.summary.md): derived from its transcript, safe to delete. */
  | "summary"
  | "reflection";

export type Source = "memory" | "sessions" | "reflections";

export interface FileClass {
  kind: FileKind;
  source: Source;
  /** YYYY-MM-DD for daily notes; sessions get theirs from their turns. */
  date: string | null;
  /** Set when the name looks dated but is not a real date (memory/2024-13-45.md). */
  problem?: string;
}

export const BOOTSTRAP_FILES = ["AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md", "MEMORY.md"] as const;

const DAILY = /^memory\/(\d{4})-(\d{2})-(\d{2})\.md$/;

/** Whether a relative path is one the indexer reads at all. */
export function isIndexable(rel: string): boolean {
  if (rel.endsWith(".md")) return true;
  return /^sessions\/[^/]+\.jsonl$/.test(rel);
}

export function isRealDate(y: number, m: number, d: number): boolean {
  if (m < 1 || m > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

export function classify(rel: string): FileClass {
  if (/^sessions\/[^/]+\.jsonl$/.test(rel)) return { kind: "session", source: "sessions", date: null };
  if (/^sessions\/[^/]+\.summary\.md$/.test(rel)) return { kind: "summary", source: "sessions", date: null };
  if (rel === "SOUL.md") return { kind: "soul", source: "memory", date: null };
  if (rel === "MEMORY.md") return { kind: "memory", source: "memory", date: null };
  if ((BOOTSTRAP_FILES as readonly string[]).includes(rel)) return { kind: "bootstrap", source: "memory", date: null };
  if (rel.startsWith("reflections/")) return { kind: "reflection", source: "reflections", date: null };
  const m = DAILY.exec(rel);
  if (m) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (isRealDate(y, mo, d)) return { kind: "daily", source: "memory", date: `${m[1]}-${m[2]}-${m[3]}` };
    return {
      kind: "note",
      source: "memory",
      date: null,
      problem: `${rel}: ${m[1]}-${m[2]}-${m[3]} is not a real date; indexed as an undated note (rename it to memory/YYYY-MM-DD.md to date it)`,
    };
  }
  return { kind: "note", source: "memory", date: null };
}

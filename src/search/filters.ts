/** What a search may be narrowed to: the caller's filters, and the privacy scope of its session. */
/**
 * Where a chunk comes from: the user's markdown, conversation transcripts, or the engine's
 * own reports (reflections/, weekly reports). Reports are searched only when asked for:
 * they restate the user's notes and would crowd them out.
 */
export const SEARCH_SOURCES = ["memory", "sessions", "reflections"] as const;
export type SearchSource = (typeof SEARCH_SOURCES)[number];

export interface SearchFilters {
  source?: SearchSource;
  /** Inclusive YYYY-MM-DD bounds on the chunk's date (undated chunks are excluded when set). */
  dateFrom?: string;
  dateTo?: string;
  /**
   * "As of" this YYYY-MM-DD (with dateTo set to it): an undated file (MEMORY.md, USER.md) last
   * changed by the end of that day (UTC) read as it was then, so it is kept instead of excluded.
   */
  asOf?: string;
  kinds?: string[];
  /** Only chunks annotated `project:: ...` with a value matching this, fuzzily (annotationMatches). */
  project?: string;
  /** Only chunks carrying each of these annotations (key → value, matched fuzzily): { mode: "deep" }. */
  annotations?: Record<string, string>;
}

/**
 * The filters a search runs with: the caller's, plus the privacy scope of its session. The
 * scope is a condition of every candidate query, so a group session's search never reads a
 * private chunk (nothing is fetched and dropped afterwards).
 */
export interface ScopedFilters extends SearchFilters {
  /** Only public files (a group or isolated session); absent for the person's own sessions. */
  publicOnly?: true;
}

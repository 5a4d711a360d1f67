/**
 * Brain boot, the pure half: morning context restoration fuses three ranked sources —
 *
 *   history   hybrid search over everything (relevance to the question)
 *   session   the most recent session turns (what was said lately)
 *   daily     the last N days of daily notes (what was written lately)
 *
 * — into one deduplicated list in which recent activity (session + daily) is guaranteed
 * about 30% of the slots, so a question about an old project still shows this week's work
 * and a busy week does not hide the history. Pure: the sources come in as data
 * (src/search/boot-sources.ts reads them), items come out with sentence-bounded snippets.
 *
 * Deduplication is by a composite key (source, path, line range), and an item whose lines
 * overlap one already kept from the same file is folded into it (its origin is recorded in
 * `alsoFrom`), so a daily note found by search and by the recent reader shows once — as
 * recent activity, ranked first among it, leaving the history slots to older material.
 */
import { makeSnippet } from "../../search/text/snippet.js";

export type BootOrigin = "history" | "session" | "daily";

/** Where a boot entry's lines are, and what kind of note holds them. */
interface BootPlace {
  path: string;
  startLine: number;
  endLine: number;
  /** "memory" or "sessions". */
  source: string;
  kind: string;
  heading: string;
  date: string | null;
  annotations?: Record<string, string[]>;
  /** A later statement replaced one of its lines (search's supersededBy): it comes after everything current. */
  supersededBy?: { path: string; line: number; date: string | null };
}

export interface BootCandidate extends BootPlace {
  /** The text the snippet is cut from. */
  text: string;
  /** The search score (history only). */
  score?: number | null;
}

export interface BootItem extends BootPlace {
  snippet: string;
  /** The source whose slot it fills. */
  origin: BootOrigin;
  /** Other sources that found the same lines. */
  alsoFrom: BootOrigin[];
  score: number | null;
}

export interface BootSources {
  history: BootCandidate[];
  session: BootCandidate[];
  daily: BootCandidate[];
}

export interface FuseBootOptions {
  limit: number;
  /** Share of `limit` kept for recent activity (session + daily) when there is any. Default 0.3. */
  recentShare?: number;
  /** Snippet length; cut at sentence boundaries. Default 400. */
  snippetChars?: number;
  /** Query terms the snippet centres on. */
  terms?: string[];
}

export interface FusedBoot {
  items: BootItem[];
  /** Slots that went to recent activity, and to history. */
  recentSlots: number;
  historySlots: number;
  /** Candidates folded into another item (duplicates and overlaps); empty ones are not counted. */
  merged: number;
}

export const DEFAULT_RECENT_SHARE = 0.3;
export const DEFAULT_BOOT_SNIPPET_CHARS = 400;

/** The composite identity of a candidate: source, path and line range. */
export function bootKey(c: { source: string; path: string; startLine: number; endLine: number }): string {
  return `${c.source}\u0000${c.path}\u0000${c.startLine}-${c.endLine}`;
}

function overlaps(a: { path: string; startLine: number; endLine: number }, b: { path: string; startLine: number; endLine: number }): boolean {
  return a.path === b.path && a.startLine <= b.endLine && b.startLine <= a.endLine;
}

/** [a0, b0, a1, b1, ...]: two ranked lists share the recent slots evenly. */
export function interleave<T>(a: T[], b: T[]): T[] {
  const out: T[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) out.push(a[i]!);
    if (i < b.length) out.push(b[i]!);
  }
  return out;
}

export function fuseBoot(sources: BootSources, opts: FuseBootOptions): FusedBoot {
  const limit = Math.max(0, Math.floor(opts.limit));
  const share = Math.min(1, Math.max(0, opts.recentShare ?? DEFAULT_RECENT_SHARE));
  const snippetChars = opts.snippetChars ?? DEFAULT_BOOT_SNIPPET_CHARS;
  const terms = opts.terms ?? [];
  const keys = new Set<string>();
  const kept: BootItem[] = [];
  let merged = 0;

  const admit = (c: BootCandidate, origin: BootOrigin): BootItem | null => {
    // Headings or comments only: nothing to show.
    const snippet = makeSnippet(c.text, terms, snippetChars);
    if (snippet === "") return null;
    const key = bootKey(c);
    const same = keys.has(key) ? kept.find((k) => bootKey(k) === key) : kept.find((k) => overlaps(k, c));
    if (same) {
      if (same.origin !== origin && !same.alsoFrom.includes(origin)) same.alsoFrom.push(origin);
      merged++;
      return null;
    }
    keys.add(key);
    const item: BootItem = {
      path: c.path,
      startLine: c.startLine,
      endLine: c.endLine,
      source: c.source,
      kind: c.kind,
      heading: c.heading,
      date: c.date,
      snippet,
      origin,
      alsoFrom: [],
      score: c.score ?? null,
    };
    if (c.annotations && Object.keys(c.annotations).length > 0) item.annotations = c.annotations;
    if (c.supersededBy) item.supersededBy = c.supersededBy;
    kept.push(item);
    return item;
  };

  // Recent activity is admitted first: a recent note that search also found belongs to the
  // recent slots (it is recent work), so the history slots go to older things.
  const recentAdmitted: BootItem[] = [];
  for (const [c, origin] of interleave<[BootCandidate, BootOrigin]>(
    sources.session.map((c) => [c, "session"]),
    sources.daily.map((c) => [c, "daily"]),
  )) {
    const it = admit(c, origin);
    if (it) recentAdmitted.push(it);
  }
  const history: BootItem[] = [];
  const searchRank = new Map<BootItem, number>();
  for (const c of sources.history) {
    const it = admit(c, "history");
    if (it) history.push(it);
    else {
      const hit = recentAdmitted.find((k) => bootKey(k) === bootKey(c) || overlaps(k, c));
      if (hit && !searchRank.has(hit)) {
        searchRank.set(hit, searchRank.size);
        if (hit.score === null && c.score !== undefined) hit.score = c.score;
      }
    }
  }
  // Recent items the search found too are the most relevant recent ones: they go first, in
  // search order; the rest keep their recent order.
  const recent = [
    ...recentAdmitted.filter((i) => searchRank.has(i)).sort((a, b) => searchRank.get(a)! - searchRank.get(b)!),
    ...recentAdmitted.filter((i) => !searchRank.has(i)),
  ];

  let recentSlots = recent.length === 0 || limit === 0 ? 0 : Math.min(recent.length, Math.max(1, Math.round(limit * share)));
  const historySlots = Math.min(history.length, limit - recentSlots);
  // Whatever history does not use goes back to recent activity.
  recentSlots = Math.min(recent.length, limit - historySlots);
  return {
    items: currentFirst([...history.slice(0, historySlots), ...recent.slice(0, recentSlots)]),
    recentSlots,
    historySlots,
    merged,
  };
}

/** What a later note replaced goes after everything still current, in its order: the newer word is read first. */
export function currentFirst(items: BootItem[]): BootItem[] {
  return [...items.filter((i) => !i.supersededBy), ...items.filter((i) => i.supersededBy)];
}

/**
 * Orders recent candidates: those sharing a word with the question first, then newest
 * first (by `at`, then by the order given). Pure; used for session turns and daily notes.
 */
export function rankRecent<T extends { text: string; heading: string }>(items: { item: T; at: string }[], terms: string[]): T[] {
  const stems = terms.map((t) => t.toLowerCase().slice(0, Math.max(4, Math.min(t.length, 6))));
  const hits = (x: T) => {
    const lower = `${x.heading}\n${x.text}`.toLowerCase();
    return stems.reduce((n, s) => n + (lower.includes(s) ? 1 : 0), 0);
  };
  return items
    .map((x, i) => ({ ...x, i, h: hits(x.item) }))
    .sort((a, b) => Number(b.h > 0) - Number(a.h > 0) || (a.at < b.at ? 1 : a.at > b.at ? -1 : 0) || a.i - b.i)
    .map((x) => x.item);
}

/**
 * Which memories go into a prompt for a task, pure:
 *
 *   score = 0.6 × relevance + 0.2 × vividness + 0.2 × significance
 *   relevance = clip(cosine(query, memory) + 0.2 if the memory's domain is named in the query, 0, 1)
 *
 * The cosine comes from the embedder (negative cosines count as 0). Without vectors the
 * cosine is replaced by word overlap: the share of the query's content words found in the
 * memory's text or domain. A memory less relevant than `minRelevance` is not shown however
 * vivid it is: a vivid, unrelated memory is noise in a prompt. Ties: higher significance,
 * then older (lower id).
 *
 * Words are compared after a light stemming (lower case; a trailing -ing, -ed, -es or -s
 * dropped when at least three letters remain), so "deploys", "deployed" and "deploying"
 * match "deploy".
 */
import { cosine } from "../../embed/vector.js";
import { STOP_WORDS } from "../../search/query/stopwords.js";
import { clip01, round, typeLabel, type Memory, type Valence } from "./types.js";

export const INJECT_WEIGHTS = { relevance: 0.6, vividness: 0.2, significance: 0.2 } as const;
export const DOMAIN_BONUS = 0.2;
/**
 * Default `evolution.minRelevance`. Measured with USE-lite: a memory about the task scores
 * 0.45–0.65 against it, unrelated sentences up to about 0.37 (shared words like "new").
 */
export const MIN_RELEVANCE = 0.4;

/** A memory with its vividness at the moment of ranking (see fade.ts vividnessAt). */
export interface MemoryView extends Memory {
  /** Vividness now. */
  vividNow: number;
}

export interface RankOptions {
  query: string;
  /** The query's vector and the memories' vectors by id; absent = word overlap. */
  queryVector?: Float32Array | null;
  vectors?: ReadonlyMap<number, Float32Array>;
  limit: number;
  minRelevance?: number;
}

export interface RankedMemory {
  memory: MemoryView;
  relevance: number;
  /** Cosine to the query, or null when word overlap was used. */
  cosine: number | null;
  domainMatch: boolean;
  score: number;
}

export function stem(word: string): string {
  const w = word.toLowerCase();
  for (const suffix of ["ing", "ed", "es", "s"]) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3) return w.slice(0, -suffix.length);
  }
  return w;
}

/** Content words of a text, stemmed. */
export function contentWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.normalize("NFKC").toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = m[0];
    if (w.length < 2 || STOP_WORDS.has(w)) continue;
    out.add(stem(w));
  }
  return out;
}

export function domainMatches(domain: string, queryWords: ReadonlySet<string>): boolean {
  const d = contentWords(domain);
  if (d.size === 0 || domain === "general") return false;
  for (const w of d) if (queryWords.has(w)) return true;
  return false;
}

export function rankMemories(memories: readonly MemoryView[], opts: RankOptions): RankedMemory[] {
  const min = opts.minRelevance ?? MIN_RELEVANCE;
  const q = contentWords(opts.query);
  const out: RankedMemory[] = [];
  for (const m of memories) {
    const v = opts.vectors?.get(m.id);
    let cos: number | null = null;
    let base: number;
    if (opts.queryVector && v && v.length === opts.queryVector.length) {
      cos = round(cosine(opts.queryVector, v));
      base = Math.max(0, cos);
    } else {
      const words = contentWords(`${m.content} ${m.domain}`);
      let hit = 0;
      for (const w of q) if (words.has(w)) hit++;
      base = q.size === 0 ? 0 : hit / q.size;
    }
    const domainMatch = domainMatches(m.domain, q);
    const relevance = round(clip01(base + (domainMatch ? DOMAIN_BONUS : 0)));
    if (relevance < min) continue;
    const score = round(INJECT_WEIGHTS.relevance * relevance + INJECT_WEIGHTS.vividness * clip01(m.vividNow) + INJECT_WEIGHTS.significance * clip01(m.significance));
    out.push({ memory: m, relevance, cosine: cos, domainMatch, score });
  }
  out.sort((a, b) => b.score - a.score || b.memory.significance - a.memory.significance || a.memory.id - b.memory.id);
  return out.slice(0, Math.max(0, opts.limit));
}

/** "vivid" (≥ 0.7), "clear" (≥ 0.4) or "faint". */
export function vividnessMark(v: number): "vivid" | "clear" | "faint" {
  return v >= 0.7 ? "vivid" : v >= 0.4 ? "clear" : "faint";
}

export function valenceMark(v: Valence): "+" | "−" | "·" {
  return v === "positive" ? "+" : v === "negative" ? "−" : "·";
}

/** One line of the "## Memories" section: "- [vivid −] failure (deploys): I deployed…". */
export function memoryLine(m: MemoryView): string {
  const domain = m.domain && m.domain !== "general" ? ` (${m.domain})` : "";
  return `- [${vividnessMark(m.vividNow)} ${valenceMark(m.valence)}] ${typeLabel(m.type)}${domain}: ${m.content}`;
}

/** The legend printed under the section heading. */
export const MEMORY_LEGEND = "vivid / clear / faint = how fresh the memory is; + positive, − negative, · neutral";

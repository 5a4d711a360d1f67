/**
 * Which passages the dream considers, as small stages over the recall signals:
 *   eligible   only daily notes (memory/YYYY-MM-DD.md) and transcripts (sessions/*.jsonl):
 *              never SOUL.md, MEMORY.md, bootstrap files, reflections or any other file;
 *              never a daily note's "notes before compaction" (the flush wrote those);
 *   signals    recalled at least minRecalls times, by minQueries distinct queries, on
 *              minDays distinct days, the latest within recentDays;
 *   text       the passage as indexed now (its text hash must still be the recalled one);
 *              only the person's own lines: a transcript's user turns, a note's lines, each
 *              passing the junk checks (lines.ts);
 *   decided    a source proposed before (pending, accepted, or rejected) is not again;
 *   dedupe     against MEMORY.md's lines and against each other (keywords here; vectors
 *              in the run, when there is an embedder).
 * Plus typed memories reinforced at least minReinforced times, as one-line passages.
 */
import { classify } from "../../workspace/kinds.js";
import type { RecallSignals } from "../../store/recalls.js";
import type { DreamConfig } from "./config.js";
import { containment, keywordOverlap, lineProblem } from "./lines.js";

/** A chunk of the index as it is now. */
export interface ChunkText {
  text: string;
  startLine: number;
  endLine: number;
  heading: string;
}

/** Looks a recalled chunk up in the index by file and text hash; null when it is gone or changed. */
export type ChunkLookup = (path: string, chunkHash: string) => ChunkText | null;

export interface Candidate {
  /** 'path#hash' or 'memory#id': what a proposal from it is remembered by. */
  key: string;
  kind: "chunk" | "memory";
  path: string | null;
  startLine: number | null;
  endLine: number | null;
  memoryId?: number;
  /** The usable source lines, in order. */
  lines: string[];
  queries: string[];
  signals: { recalls: number; queries: number; days: number; lastAt: number; reinforced?: number; strength: number };
  /** A later statement replaced one of its lines ("memory/2026-11-23.md:4 of 2026-11-23"): it ranks after every current candidate. */
  replacedBy?: string;
}

export interface Skipped {
  source: string;
  reason: string;
}

/** Ordering only: more distinct days and queries weigh more than raw repeats. */
export function strength(s: { recalls: number; queries: number; days: number }): number {
  return s.recalls + 2 * s.queries + 3 * s.days;
}

export function isDreamSource(path: string, heading = ""): string | null {
  const kind = classify(path).kind;
  if (kind !== "daily" && kind !== "session" && kind !== "summary") return `${path} is not a daily note or transcript (or a conversation summary)`;
  if (/notes before compaction/i.test(heading)) return "written by the engine's pre-compaction flush";
  return null;
}

/** The signal thresholds; a reason when `s` misses one. */
export function missesThresholds(s: RecallSignals, t: DreamConfig["thresholds"], now: number): string | null {
  if (s.recalls < t.minRecalls) return `recalled ${s.recalls} time(s), needs ${t.minRecalls}`;
  if (s.queries.length < t.minQueries) return `${s.queries.length} distinct quer${s.queries.length === 1 ? "y" : "ies"}, needs ${t.minQueries}`;
  if (s.days.length < t.minDays) return `recalled on ${s.days.length} day(s), needs ${t.minDays}`;
  if (s.lastAt < now - t.recentDays * 86_400_000) return `last recalled more than ${t.recentDays} days ago`;
  return null;
}

/** The person's own lines of a chunk, junk left out. Source lines may be long (the model shortens them). */
export function usableLines(text: string, kind: "daily" | "session" | "summary"): string[] {
  const out: string[] = [];
  for (const raw of text.split("\n")) {
    let l = raw.trim();
    if (kind === "summary") {
      // A conversation summary: its front matter and the derived-file note are not sentences;
      // its turn citations ([t3]) point into a transcript, not into MEMORY.md.
      if (/^(?:---|[a-z]+:\s|<!--)/.test(l)) continue;
      l = l.replace(/\s*\[t\d+\]/g, "");
    }
    if (kind === "session") {
      const m = /^user:\s*(.*)$/i.exec(l);
      if (!m) continue;
      l = m[1]!.trim();
    }
    l = l.replace(/^(?:[-*+]\s+(?:\[[ x]\]\s+)?|\d+[.)]\s+)/, "").trim();
    if (lineProblem(l, 2000) === null) out.push(l);
  }
  return out;
}

export interface GatherInput {
  signals: RecallSignals[];
  memories: { id: number; content: string; reinforceCount: number; lastReinforcedAt: number | null }[];
  lookup: ChunkLookup;
  config: DreamConfig;
  now: number;
  /** Whether a proposal was ever made from this source key: its id and status, or null. */
  decided: (key: string) => { id: number; status: string } | null;
  /** MEMORY.md's fact lines. */
  existing: string[];
  /** Which later statement replaced one in these lines (the index's links), or null. */
  replaced?: (path: string, startLine: number, endLine: number) => string | null;
}

export function gatherCandidates(i: GatherInput): { candidates: Candidate[]; skipped: Skipped[] } {
  const skipped: Skipped[] = [];
  const found: Candidate[] = [];
  for (const s of i.signals) {
    const where = `${s.path}:${s.startLine}-${s.endLine}`;
    const c = chunkCandidate(s, i);
    if (typeof c === "string") skipped.push({ source: where, reason: c });
    else {
      const by = i.replaced?.(s.path, c.startLine ?? s.startLine, c.endLine ?? s.endLine) ?? null;
      found.push(by === null ? c : { ...c, replacedBy: by });
    }
  }
  for (const m of i.memories) {
    if (m.reinforceCount < i.config.thresholds.minReinforced) continue;
    const lines = usableLines(m.content, "daily");
    const source = `memory #${m.id}`;
    if (lines.length === 0) {
      skipped.push({ source, reason: "no usable sentence in it" });
      continue;
    }
    const sig = { recalls: 0, queries: 0, days: 0, lastAt: m.lastReinforcedAt ?? 0, reinforced: m.reinforceCount };
    found.push({ key: `memory#${m.id}`, kind: "memory", path: null, startLine: null, endLine: null, memoryId: m.id, lines, queries: [], signals: { ...sig, strength: 3 * m.reinforceCount } });
  }
  return dedupeCandidates(found, i, skipped);
}

function chunkCandidate(s: RecallSignals, i: GatherInput): Candidate | string {
  const notSource = isDreamSource(s.path);
  if (notSource !== null) return notSource;
  const miss = missesThresholds(s, i.config.thresholds, i.now);
  if (miss !== null) return miss;
  const chunk = i.lookup(s.path, s.chunkHash);
  if (chunk === null) return "the passage changed or is gone since it was recalled";
  const heading = isDreamSource(s.path, chunk.heading);
  if (heading !== null) return heading;
  const kind = classify(s.path).kind;
  const lines = usableLines(chunk.text, kind === "session" || kind === "summary" ? kind : "daily");
  if (lines.length === 0) return "no usable sentence in it (headings, commands, timestamps or metadata only)";
  const sig = { recalls: s.recalls, queries: s.queries.length, days: s.days.length, lastAt: s.lastAt };
  return { key: `${s.path}#${s.chunkHash}`, kind: "chunk", path: s.path, startLine: chunk.startLine, endLine: chunk.endLine, lines, queries: s.queries, signals: { ...sig, strength: strength(sig) } };
}

/** Already decided, already in MEMORY.md, or the same as a stronger candidate: left out, with why. */
function dedupeCandidates(found: Candidate[], i: GatherInput, skipped: Skipped[]): { candidates: Candidate[]; skipped: Skipped[] } {
  const kept: Candidate[] = [];
  const overlap = i.config.duplicate.keywordOverlap;
  // The newer word first: a passage a later note replaced is considered after every current one, however often recalled.
  for (const c of [...found].sort((a, b) => Number(a.replacedBy !== undefined) - Number(b.replacedBy !== undefined) || b.signals.strength - a.signals.strength)) {
    const where = sourceLabel(c);
    const d = i.decided(c.key);
    if (d !== null) {
      skipped.push({ source: where, reason: `proposed before (#${d.id}, ${d.status})` });
      continue;
    }
    const text = c.lines.join(" ");
    const known = i.existing.find((l) => containment(text, l) >= overlap);
    if (known !== undefined) {
      skipped.push({ source: where, reason: `MEMORY.md already says: "${known}"` });
      continue;
    }
    const twin = kept.find((k) => keywordOverlap(k.lines.join(" "), text) >= overlap);
    if (twin !== undefined) {
      skipped.push({ source: where, reason: `the same as ${sourceLabel(twin)}` });
      continue;
    }
    kept.push(c);
  }
  const out = kept.slice(0, i.config.maxCandidates);
  for (const c of kept.slice(i.config.maxCandidates)) skipped.push({ source: sourceLabel(c), reason: `beyond dream.maxCandidates (${i.config.maxCandidates})` });
  return { candidates: out, skipped };
}


export function sourceLabel(c: Pick<Candidate, "kind" | "path" | "startLine" | "endLine" | "memoryId">): string {
  return c.kind === "memory" ? `memory #${c.memoryId}` : `${c.path}:${c.startLine}-${c.endLine}`;
}

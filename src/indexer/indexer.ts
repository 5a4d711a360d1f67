import path from "node:path";
import { lstatWorkspacePath } from "../workspace/guard.js";
import type { FileRow, IndexStore, NewChunk } from "../store/index-store.js";
import { cjkBigrams } from "../store/fts-text.js";
import type { IndexConfig } from "../workspace/config.js";
import { classify, isIndexable } from "../workspace/kinds.js";
import { readForIndex, sha256 } from "../workspace/read.js";
import { scanWorkspace, type ScannedFile } from "../workspace/scan.js";
import { sessionOfPath } from "../workspace/transcripts.js";
import { parseAnnotations, uniqueAnnotations } from "./annotations.js";
import { templateLines } from "./boilerplate.js";
import { chunkMarkdown } from "./chunk.js";
import { chunkSession } from "./session-chunk.js";
import { CleanTexts, REDACTION_RULES_VERSION, redactedTranscript, sweepSessions } from "./redaction.js";
import { recordStatements, rederiveStatements, relink, standingBefore, truthRulesStale } from "./truth.js";

/**
 * Bump when chunk boundaries or the statements read from them change for the same input (forces a
 * re-chunk of every file). 5: a note's secrets are redacted before chunking, so an index built
 * before must not keep serving them.
 */
export const CHUNKER_VERSION = 5;

/**
 * Longest a write transaction of the indexer stays open. Files are written many per
 * transaction (measured: one commit per file doubled a full index), but a watcher or another
 * CLI waiting on the lock should not wait long; 400 ms is well inside their 5 s busy timeout.
 */
const BATCH_MS = 400;

export interface IndexProblem {
  path: string;
  severity: "skipped" | "warning";
  message: string;
}

export interface IndexSummary {
  scanned: number;
  /** Files whose chunks were (re)written. */
  indexed: string[];
  /** Files dropped from the index because they are gone (deleted, renamed away). */
  removed: string[];
  unchanged: number;
  problems: IndexProblem[];
  /** Chunks in the index after the pass; -1 when the caller asked not to count (countChunks: false). */
  chunks: number;
  ms: number;
}

export interface IndexProgress {
  done: number;
  total: number;
  path: string;
}

export interface IndexerOptions {
  now?: () => number;
}

/**
 * Keeps the index equal to the workspace, file by file. The test for "changed" is cheap
 * first: same size and mtime → untouched (one stat). Otherwise the content hash decides,
 * so a `touch` or a save without changes rewrites nothing.
 *
 * A file read while its mtime is still recent is "racy" (as git calls it): file times tick
 * coarsely (a few ms on Linux, a second or two elsewhere), so a second save of the same size
 * in the same tick would keep size and mtime and pass the stat test unseen. Such a file is
 * recorded with RACY_MTIME instead of its mtime, so the next pass reads and hashes it again,
 * and records the real mtime once it is old enough to be trusted.
 */
export const RACY_MTIME = -1;
/** How recent an mtime is racy: above any common file-time granularity. */
const RACY_MS = 2000;

/** The mtime to record for a file just read: its own, or RACY_MTIME while it may still change unseen. */
function mtimeToRecord(mtimeMs: number): number {
  // The file system's clock, not the engine's (which tests and schedules may fake).
  return Date.now() - mtimeMs < RACY_MS ? RACY_MTIME : mtimeMs;
}
export class Indexer {
  private readonly now: () => number;

  constructor(
    readonly workspace: string,
    readonly store: IndexStore,
    readonly config: IndexConfig,
    opts: IndexerOptions = {},
  ) {
    this.now = opts.now ?? Date.now;
  }

  /** Full pass: every file in the workspace, and removal of files that are gone. */
  sync(opts: { force?: boolean; onProgress?: (p: IndexProgress) => void; countChunks?: boolean } = {}): IndexSummary {
    const t0 = performance.now();
    // Chunks depend on the chunker, its settings and the redaction rules (a note's chunks are
    // stored redacted) as much as on the files: when any changed since the last pass, every
    // file is re-chunked even though none was edited.
    const chunking = JSON.stringify({ v: CHUNKER_VERSION, tokens: this.config.chunkTokens, overlap: this.config.overlapTokens, redaction: REDACTION_RULES_VERSION });
    const rechunk = this.store.getMeta("chunking") !== chunking;
    if (rechunk) opts = { ...opts, force: true };
    // Before the scan: a transcript rewritten without its secrets is then read as changed.
    // What it found clean is not redacted a second time when this pass reads it.
    const clean = new CleanTexts();
    sweepSessions(this.workspace, this.store, { allowHardLinks: this.config.allowHardLinks }, this.now(), clean);
    const scan = scanWorkspace(this.workspace, { allowHardLinks: this.config.allowHardLinks });
    const summary: IndexSummary = { scanned: scan.files.length, indexed: [], removed: [], unchanged: 0, problems: [], chunks: 0, ms: 0 };
    const seen = new Set<string>();
    // One query for all rows instead of one per file: this pass runs before every search.
    const known = this.store.fileStats();
    // The stat test needs no lock: a search's freshness check over unchanged files writes
    // nothing and takes no write lock (no contention with a running watcher).
    const todo: { f: ScannedFile; isNew: boolean; at: number }[] = [];
    const force = opts.force ?? false;
    scan.files.forEach((f, i) => {
      seen.add(f.rel);
      const row = known.get(f.rel);
      if (!force && row && row.size === f.size && row.mtimeMs === f.mtimeMs) {
        summary.unchanged++;
        opts.onProgress?.({ done: i + 1, total: scan.files.length, path: f.rel });
      } else todo.push({ f, isNew: row === undefined, at: i });
    });
    let next = 0;
    while (next < todo.length) {
      const started = performance.now();
      this.store.batch(() => {
        do {
          const { f, isNew, at } = todo[next++]!;
          this.syncOne(f, summary, force, isNew ? null : undefined, clean);
          opts.onProgress?.({ done: at + 1, total: scan.files.length, path: f.rel });
        } while (next < todo.length && performance.now() - started < BATCH_MS);
      });
    }
    const skipped = new Set(scan.skipped.map((s) => s.rel));
    const gone = [...known.keys()].filter((p) => !seen.has(p) && !skipped.has(p));
    if (scan.skipped.length > 0 || gone.length > 0) {
      this.store.batch(() => {
        for (const s of scan.skipped) {
          seen.add(s.rel);
          // A file that became unreadable or now points outside must not stay searchable.
          this.store.deleteFile(s.rel);
          this.recordProblem(summary, { path: s.rel, severity: "skipped", message: s.reason });
        }
        for (const p of gone) {
          this.store.deleteFile(p);
          summary.removed.push(p);
        }
      });
    }
    // Problems of files that no longer exist at all are stale.
    for (const p of this.store.problems()) if (!seen.has(p.path)) this.store.clearProblem(p.path);
    // Newer statement rules than the index was built with: every file's statements again.
    const rederived = truthRulesStale(this.store) ? rederiveStatements(this.store, scan.files, new Set(summary.indexed), this.config.maxFileBytes) : 0;
    if (rederived > 0) this.store.batch(() => relink(this.store.db));
    else this.relinkIfChanged(summary);
    // Recorded only when something changed, so a search stays read-only in the common
    // case (no write lock taken, no contention with a running watcher).
    if (summary.indexed.length > 0 || summary.removed.length > 0 || this.store.getMeta("last_sync_at") === undefined) {
      this.store.setMeta("last_sync_at", String(this.now()));
    }
    if (rechunk) this.store.setMeta("chunking", chunking);
    // Counting reads every page of the chunks table; the freshness pass before a search
    // does not need the number (countChunks: false leaves it at -1).
    summary.chunks = opts.countChunks === false ? -1 : this.store.counts().chunks;
    summary.ms = performance.now() - t0;
    return summary;
  }

  /**
   * Brings specific paths up to date (the watcher's entry point): a path that no longer
   * exists is removed; anything else is checked like in `sync`.
   */
  syncPaths(rels: string[]): IndexSummary {
    const t0 = performance.now();
    const summary: IndexSummary = { scanned: 0, indexed: [], removed: [], unchanged: 0, problems: [], chunks: 0, ms: 0 };
    const list = [...new Set(rels)].filter((rel) => isIndexable(rel));
    // A burst of edits (a git checkout, a sync client) is written like a full pass: many
    // paths per transaction, none held open long.
    let next = 0;
    while (next < list.length) {
      const started = performance.now();
      this.store.batch(() => {
        do this.syncPath(list[next++]!, summary);
        while (next < list.length && performance.now() - started < BATCH_MS);
      });
    }
    this.relinkIfChanged(summary);
    summary.chunks = this.store.counts().chunks;
    summary.ms = performance.now() - t0;
    return summary;
  }

  private syncPath(rel: string, summary: IndexSummary): void {
    const abs = path.join(this.workspace, rel);
    const st = lstatWorkspacePath(this.workspace, rel);
    if (st === null) {
      if (this.store.deleteFile(rel)) summary.removed.push(rel);
      this.store.clearProblem(rel);
      return;
    }
    summary.scanned++;
    if (st.isSymbolicLink || !st.isFile) {
      // Symlinks and odd files need the full scan's checks (outside targets, loops).
      const one = scanWorkspace(this.workspace, { allowHardLinks: this.config.allowHardLinks });
      const f = one.files.find((x) => x.rel === rel);
      const skip = one.skipped.find((x) => x.rel === rel);
      if (f) this.syncOne(f, summary, false);
      else if (skip) {
        this.store.deleteFile(rel);
        this.recordProblem(summary, { path: rel, severity: "skipped", message: skip.reason });
      }
      return;
    }
    this.syncOne({ rel, abs, size: st.size, mtimeMs: st.mtimeMs }, summary, false);
  }

  /** `known`: the file's row when the caller has it (null: known to be absent). */
  private syncOne(f: ScannedFile, summary: IndexSummary, force: boolean, known?: FileRow | null, clean?: CleanTexts): void {
    const existing = known === undefined ? this.store.getFile(f.rel) : (known ?? undefined);
    if (!force && existing && existing.size === f.size && existing.mtime_ms === f.mtimeMs) {
      summary.unchanged++;
      return;
    }
    const read = readForIndex(f.abs, f.rel, this.config.maxFileBytes);
    if (!read.ok) {
      if (existing) this.store.deleteFile(f.rel);
      this.recordProblem(summary, { path: f.rel, severity: "skipped", message: read.reason });
      return;
    }
    const mtimeMs = mtimeToRecord(f.mtimeMs);
    // The same bytes, and the recorded size is theirs: unchanged. A row whose size is not its
    // hash's was stored by an older build that hashed past the bytes it read (a save landing
    // mid-read: the new text's hash beside no text); it is indexed again.
    if (!force && existing && existing.hash === read.hash && existing.size === read.size) {
      // Unchanged: a write only when the recorded stat is new (a racy file stays racy for free).
      if (existing.size !== f.size || existing.mtime_ms !== mtimeMs) this.store.touchFile(f.rel, f.size, mtimeMs);
      summary.unchanged++;
      return;
    }
    const cls = classify(f.rel);
    const warnings = [...read.warnings];
    if (cls.problem) warnings.push(cls.problem);
    let chunks: NewChunk[];
    let date = cls.date;
    if (cls.kind === "session") {
      // A continuation file (`<id>-2.jsonl`) is more of the same session.
      const id = sessionOfPath(this.workspace, f.rel);
      const text = redactedTranscript(this.workspace, f.rel, read.text, this.store, { allowHardLinks: this.config.allowHardLinks }, this.now(), clean);
      const res = chunkSession(id, text, { targetTokens: this.config.chunkTokens });
      if (res.problems.length > 0) {
        warnings.push(`${f.rel}: ${res.problems.length} transcript line(s) skipped (${res.problems.slice(0, 3).join("; ")}); the rest is indexed`);
      }
      chunks = res.chunks.map((c) => toNewChunk(c, c.date));
      date = res.chunks[0]?.date ?? null;
    } else {
      chunks = chunkMarkdown(read.text, {
        targetTokens: this.config.chunkTokens,
        overlapTokens: this.config.overlapTokens,
        boilerplate: templateLines(f.rel),
      }).map((c) => toNewChunk(c));
      // A summary is dated by the conversation's last turn, from its front matter.
      if (cls.kind === "summary") date = /^to:\s*(\d{4}-\d{2}-\d{2})/m.exec(read.text)?.[1] ?? null;
    }
    // A file of 0 bytes written a moment ago is most likely an editor's save between its
    // truncate and its write: it is re-read by the next pass (racy), which says so if it stays empty.
    const midSave = f.size === 0 && mtimeMs === RACY_MTIME;
    if (read.text.trim() === "" && !midSave) warnings.push(`${f.rel}: empty file; nothing to index`);
    // A standing file's lines keep the times they were first seen: read before the file's rows go.
    const before = standingBefore(this.store.db, f.rel, existing !== undefined);
    this.store.replaceFile(
      { path: f.rel, kind: cls.kind, source: cls.source, date, size: f.size, mtimeMs, hash: read.hash, capped: read.capped },
      chunks,
      this.now(),
    );
    recordStatements(this.store.db, { rel: f.rel, kind: cls.kind, date, text: read.text, mtimeMs: f.mtimeMs, before });
    summary.indexed.push(f.rel);
    if (warnings.length > 0) {
      this.recordProblem(summary, { path: f.rel, severity: "warning", message: warnings.join(" | ") });
    } else {
      this.store.clearProblem(f.rel);
    }
  }

  /** The truth stage's second half: links between statements, found again when any file changed (truth.ts). */
  private relinkIfChanged(summary: IndexSummary): void {
    if (summary.indexed.length === 0 && summary.removed.length === 0) return;
    this.store.batch(() => relink(this.store.db));
  }

  private recordProblem(summary: IndexSummary, p: IndexProblem): void {
    summary.problems.push(p);
    this.store.setProblem(p.path, p.severity, p.message, this.now());
  }
}

export function toNewChunk(c: { startLine: number; endLine: number; heading: string; text: string; tokens: number }, date?: string | null): NewChunk {
  const chunk: NewChunk = {
    startLine: c.startLine,
    endLine: c.endLine,
    heading: c.heading,
    text: c.text,
    hash: sha256(c.text),
    tokens: c.tokens,
    cjk: cjkBigrams(c.heading + "\n" + c.text).join(" "),
  };
  // Markers in the heading path apply to every chunk of that section.
  const annotations = uniqueAnnotations(parseAnnotations(c.heading + "\n" + c.text));
  if (annotations.length > 0) chunk.annotations = annotations.map((a) => ({ key: a.key, value: a.value, norm: a.norm }));
  if (date !== undefined) chunk.date = date;
  return chunk;
}

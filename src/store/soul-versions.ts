/**
 * SOUL.md history and reflection runs in the state database (.agent/state.db, tables from
 * schema.sql migration 2). A plain repository: no file I/O, no policy; the reflection job
 * (src/jobs/reflect) decides what to record and when.
 */
import { createHash } from "node:crypto";
import { insertShared } from "./events/ledger.js";
import type { DB } from "./open.js";

export type SoulOrigin = "reflection" | "rollback" | "baseline";
export type RunOutcome = "tick" | "skip" | "complete" | "error";

export interface SoulVersionSummary {
  number: number;
  /**
   * Who wrote the text: "user" for the person's own SOUL.md, hand edits, saves and the
   * rollbacks they asked for ('baseline', 'rollback'); "reflection" for the model's.
   */
  author: "user" | "reflection";
  createdAt: number;
  hash: string;
  words: number;
  tokens: number;
  summary: string;
  model: string | null;
  sessionIds: string[];
  origin: SoulOrigin;
  runId: number | null;
  restoredFrom: number | null;
}

export interface SoulVersion extends SoulVersionSummary {
  content: string;
  report: string | null;
  /** The parsed insights JSON ({insights, principles}), or null. */
  insights: unknown;
}

export interface NewSoulVersion {
  createdAt: number;
  content: string;
  words: number;
  tokens: number;
  summary: string;
  origin: SoulOrigin;
  report?: string | null;
  insights?: unknown;
  model?: string | null;
  sessionIds?: string[];
  runId?: number | null;
  restoredFrom?: number | null;
}

export interface ReflectionRun {
  id: number;
  startedAt: number;
  endedAt: number | null;
  outcome: RunOutcome;
  reason: string | null;
  details: Record<string, unknown>;
}

/** sha256 of the text's UTF-8 bytes: the hash versions and SOUL.md are compared by. */
export function contentHash(text: string | Buffer): string {
  return createHash("sha256").update(text).digest("hex");
}

interface VersionRow {
  number: number;
  created_at: number;
  content?: string;
  content_hash: string;
  words: number;
  tokens: number;
  summary: string;
  report?: string | null;
  insights?: string | null;
  model: string | null;
  session_ids: string;
  origin: SoulOrigin;
  run_id: number | null;
  restored_from: number | null;
}

interface RunRow {
  id: number;
  started_at: number;
  ended_at: number | null;
  outcome: RunOutcome;
  reason: string | null;
  details: string;
}

const SUMMARY_COLS = "number, created_at, content_hash, words, tokens, summary, model, session_ids, origin, run_id, restored_from";

export class SoulVersionStore {
  constructor(readonly db: DB) {}

  /** All versions, oldest first, without their content. */
  list(): SoulVersionSummary[] {
    const rows = this.db.prepare(`SELECT ${SUMMARY_COLS} FROM soul_versions ORDER BY number`).all() as VersionRow[];
    return rows.map(toSummary);
  }

  count(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM soul_versions").get() as { n: number }).n;
  }

  get(number: number): SoulVersion | undefined {
    const row = this.db.prepare("SELECT * FROM soul_versions WHERE number = ?").get(number) as VersionRow | undefined;
    return row === undefined ? undefined : toVersion(row);
  }

  latest(): SoulVersion | undefined {
    const row = this.db.prepare("SELECT * FROM soul_versions ORDER BY number DESC LIMIT 1").get() as VersionRow | undefined;
    return row === undefined ? undefined : toVersion(row);
  }

  /** The newest `limit` versions, newest first. */
  recent(limit: number): SoulVersion[] {
    const rows = this.db.prepare("SELECT * FROM soul_versions ORDER BY number DESC LIMIT ?").all(limit) as VersionRow[];
    return rows.map(toVersion);
  }

  /** The newest version with this content hash, or undefined. */
  findByHash(hash: string): number | undefined {
    const row = this.db.prepare("SELECT number FROM soul_versions WHERE content_hash = ? ORDER BY number DESC LIMIT 1").get(hash) as
      | { number: number }
      | undefined;
    return row?.number;
  }

  /** Replaces a run's details (a review of its proposal is added to them later). */
  setRunDetails(id: number, details: Record<string, unknown>): void {
    this.db.prepare("UPDATE reflection_runs SET details = ? WHERE id = ?").run(JSON.stringify(details), id);
  }

  /**
   * Records a version and returns its number: an event of this device's log, folded in with
   * the next number (the same number on every device that has the same logs).
   */
  insert(v: NewSoulVersion): number {
    return insertShared(this.db, "soul_versions", {
      created_at: v.createdAt,
      content: v.content,
      content_hash: contentHash(v.content),
      words: v.words,
      tokens: v.tokens,
      summary: v.summary,
      report: v.report ?? null,
      insights: v.insights === undefined || v.insights === null ? null : JSON.stringify(v.insights),
      model: v.model ?? null,
      session_ids: JSON.stringify(v.sessionIds ?? []),
      origin: v.origin,
      run_id: v.runId ?? null,
      restored_from: v.restoredFrom ?? null,
    });
  }

  /** Runs `fn` in one write transaction (BEGIN IMMEDIATE), rolled back if it throws. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  /** Records that a run started ('tick') and returns its id. */
  startRun(startedAt: number, details: Record<string, unknown> = {}): number {
    const r = this.db
      .prepare("INSERT INTO reflection_runs (started_at, outcome, details) VALUES (?, 'tick', ?)")
      .run(startedAt, JSON.stringify(details));
    return Number(r.lastInsertRowid);
  }

  finishRun(
    id: number,
    end: { outcome: Exclude<RunOutcome, "tick">; endedAt: number; reason?: string | null; details?: Record<string, unknown> },
  ): void {
    this.db
      .prepare("UPDATE reflection_runs SET outcome = ?, ended_at = ?, reason = ?, details = ? WHERE id = ?")
      .run(end.outcome, end.endedAt, end.reason ?? null, JSON.stringify(end.details ?? {}), id);
  }

  getRun(id: number): ReflectionRun | undefined {
    const row = this.db.prepare("SELECT * FROM reflection_runs WHERE id = ?").get(id) as RunRow | undefined;
    return row === undefined ? undefined : toRun(row);
  }

  /** The newest run that completed: where the next run's session window starts. */
  lastCompletedRun(): ReflectionRun | undefined {
    const row = this.db
      .prepare("SELECT * FROM reflection_runs WHERE outcome = 'complete' ORDER BY started_at DESC, id DESC LIMIT 1")
      .get() as RunRow | undefined;
    return row === undefined ? undefined : toRun(row);
  }

  /** The newest `limit` runs, newest first. */
  runs(limit = 20): ReflectionRun[] {
    const rows = this.db.prepare("SELECT * FROM reflection_runs ORDER BY id DESC LIMIT ?").all(limit) as RunRow[];
    return rows.map(toRun);
  }
}

function toSummary(r: VersionRow): SoulVersionSummary {
  return {
    number: r.number,
    author: r.origin === "reflection" ? "reflection" : "user",
    createdAt: r.created_at,
    hash: r.content_hash,
    words: r.words,
    tokens: r.tokens,
    summary: r.summary,
    model: r.model,
    sessionIds: parseJson<string[]>(r.session_ids, []),
    origin: r.origin,
    runId: r.run_id,
    restoredFrom: r.restored_from,
  };
}

function toVersion(r: VersionRow): SoulVersion {
  return {
    ...toSummary(r),
    content: r.content ?? "",
    report: r.report ?? null,
    insights: r.insights ? parseJson<unknown>(r.insights, null) : null,
  };
}

function toRun(r: RunRow): ReflectionRun {
  return {
    id: r.id,
    startedAt: r.started_at,
    endedAt: r.ended_at,
    outcome: r.outcome,
    reason: r.reason,
    details: parseJson<Record<string, unknown>>(r.details, {}),
  };
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/**
 * Facts the nightly dream proposed for MEMORY.md (table `dream_proposals`, schema.sql
 * migration 6), and MEMORY.md's versions (table `memory_versions`). Plain repositories: the
 * dreaming job and its review decide what to record.
 */
import { contentHash } from "./soul-versions.js";
import { insertShared, updateShared } from "./events/ledger.js";
import type { DB } from "./open.js";

export type ProposalStatus = "pending" | "accepted" | "rejected";

/** One side of a "replace" proposal: where and when a statement was said. */
export interface ReplaceSide {
  path: string;
  line: number;
  date: string;
  text: string;
}

export interface Provenance {
  /**
   * "chunk": a passage of a daily note or transcript; "memory": a typed memory reinforced
   * repeatedly; "replace": a MEMORY.md line a later note replaced (`replace` says which).
   */
  kind: "chunk" | "memory" | "replace";
  path: string | null;
  startLine: number | null;
  endLine: number | null;
  memoryId?: number;
  /** The normalised queries that recalled it. */
  queries: string[];
  signals: Record<string, number | string>;
  /** The source lines the fact was distilled from. */
  source: string;
  model: string | null;
  /**
   * kind "replace": the MEMORY.md line as it was when proposed (redacted), the digest of the
   * line as written when that differs (what the accept's compare-and-swap looks for), and the
   * two statements the index linked.
   */
  replace?: { oldLine: string; lineHash?: string; old: ReplaceSide; current: ReplaceSide; about: string; by: "guess" | "person" };
}

export interface Proposal {
  id: number;
  createdAt: number;
  status: ProposalStatus;
  text: string;
  finalText: string | null;
  sourceKey: string;
  provenance: Provenance;
  runId: number | null;
  decidedAt: number | null;
  reason: string | null;
  version: number | null;
}

interface ProposalRow {
  id: number;
  created_at: number;
  status: ProposalStatus;
  text: string;
  final_text: string | null;
  source_key: string;
  provenance: string;
  run_id: number | null;
  decided_at: number | null;
  reason: string | null;
  version: number | null;
}

export class ProposalStore {
  constructor(readonly db: DB) {}

  add(p: { createdAt: number; text: string; sourceKey: string; provenance: Provenance; runId?: number | null }): number {
    return insertShared(this.db, "dream_proposals", {
      created_at: p.createdAt,
      status: "pending",
      text: p.text,
      source_key: p.sourceKey,
      provenance: JSON.stringify(p.provenance),
      run_id: p.runId ?? null,
    });
  }

  get(id: number): Proposal | undefined {
    const row = this.db.prepare("SELECT * FROM dream_proposals WHERE id = ?").get(id) as ProposalRow | undefined;
    return row === undefined ? undefined : toProposal(row);
  }

  /** Newest first; one status or all. */
  list(status?: ProposalStatus, limit = 200): Proposal[] {
    const rows = (
      status === undefined
        ? this.db.prepare("SELECT * FROM dream_proposals ORDER BY created_at DESC, id DESC LIMIT ?").all(limit)
        : this.db.prepare("SELECT * FROM dream_proposals WHERE status = ? ORDER BY created_at DESC, id DESC LIMIT ?").all(status, limit)
    ) as ProposalRow[];
    return rows.map(toProposal);
  }

  pendingCount(): number {
    return (this.db.prepare("SELECT count(*) AS n FROM dream_proposals WHERE status = 'pending'").get() as { n: number }).n;
  }

  /** Every proposal ever made from this source (any status). */
  bySource(sourceKey: string): Proposal[] {
    return (this.db.prepare("SELECT * FROM dream_proposals WHERE source_key = ? ORDER BY id").all(sourceKey) as ProposalRow[]).map(toProposal);
  }

  accept(id: number, finalText: string, version: number | null, at: number): void {
    updateShared(this.db, "dream_proposals", id, { status: "accepted", final_text: finalText, version, decided_at: at });
  }

  reject(id: number, reason: string, at: number): void {
    updateShared(this.db, "dream_proposals", id, { status: "rejected", reason, decided_at: at });
  }

  /** An accept that was undone: the proposal waits again. */
  reopen(id: number): void {
    updateShared(this.db, "dream_proposals", id, { status: "pending", final_text: null, version: null, decided_at: null });
  }
}

function toProposal(r: ProposalRow): Proposal {
  return {
    id: r.id,
    createdAt: r.created_at,
    status: r.status,
    text: r.text,
    finalText: r.final_text,
    sourceKey: r.source_key,
    provenance: JSON.parse(r.provenance) as Provenance,
    runId: r.run_id,
    decidedAt: r.decided_at,
    reason: r.reason,
    version: r.version,
  };
}

export type MemoryOrigin = "baseline" | "dream" | "rollback";

export interface MemoryVersion {
  number: number;
  createdAt: number;
  content: string;
  hash: string;
  origin: MemoryOrigin;
  summary: string;
  restoredFrom: number | null;
}

interface VersionRow {
  number: number;
  created_at: number;
  content: string;
  content_hash: string;
  origin: MemoryOrigin;
  summary: string;
  restored_from: number | null;
}

export class MemoryVersionStore {
  constructor(readonly db: DB) {}

  insert(v: { createdAt: number; content: string; origin: MemoryOrigin; summary: string; restoredFrom?: number | null }): number {
    return insertShared(this.db, "memory_versions", {
      created_at: v.createdAt,
      content: v.content,
      content_hash: contentHash(v.content),
      origin: v.origin,
      summary: v.summary,
      restored_from: v.restoredFrom ?? null,
    });
  }

  get(n: number): MemoryVersion | undefined {
    const row = this.db.prepare("SELECT * FROM memory_versions WHERE number = ?").get(n) as VersionRow | undefined;
    return row === undefined ? undefined : toVersion(row);
  }

  latest(): MemoryVersion | undefined {
    const row = this.db.prepare("SELECT * FROM memory_versions ORDER BY number DESC LIMIT 1").get() as VersionRow | undefined;
    return row === undefined ? undefined : toVersion(row);
  }

  /** Oldest first. */
  list(): MemoryVersion[] {
    return (this.db.prepare("SELECT * FROM memory_versions ORDER BY number").all() as VersionRow[]).map(toVersion);
  }

  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }
}

function toVersion(r: VersionRow): MemoryVersion {
  return { number: r.number, createdAt: r.created_at, content: r.content, hash: r.content_hash, origin: r.origin, summary: r.summary, restoredFrom: r.restored_from };
}

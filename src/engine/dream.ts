/**
 * Dreaming as the engine serves it: the nightly run (or a dry run listing the candidates
 * with their signals), the review of its proposals, and MEMORY.md's versions. Every front
 * (CLI, MCP, the daemon) goes through these, so an accept over MCP is the same
 * compare-and-swap append as one on the command line.
 */
import type { RunOutcome } from "../jobs/runner.js";
import type { DreamResult } from "../jobs/dream/run.js";
import { acceptProposals, memoryVersions, rejectProposals, rollbackMemory, undoAccept, type AcceptResult, type ReviewInput, type UndoResult } from "../jobs/dream/review.js";
import { ProposalStore, type Proposal, type ProposalStatus, type MemoryVersion } from "../store/dream-proposals.js";
import { RecallStore, type RecallSignals } from "../store/recalls.js";
import { openStateDb } from "../store/state.js";
import type { DB } from "../store/open.js";
import type { EngineCore } from "./core.js";
import { zonedDate } from "../workspace/time.js";
import { redactJson } from "../shared/redact.js";

export class DreamService {
  constructor(private readonly engine: EngineCore & { runJob(name: "dream", args: { dryRun?: boolean }, opts?: { here?: boolean; signal?: AbortSignal }): Promise<RunOutcome<DreamResult>> }) {}

  /** The dream now (recorded in `agent jobs`), or with dryRun the candidates and their signals only; `signal` stops its model calls. */
  run(opts: { dryRun?: boolean; here?: boolean; signal?: AbortSignal } = {}): Promise<RunOutcome<DreamResult>> {
    return this.engine.runJob("dream", opts.dryRun ? { dryRun: true } : {}, { here: opts.here === true, ...(opts.signal ? { signal: opts.signal } : {}) });
  }

  /** Proposals, newest first: the pending ones by default. */
  proposals(status: ProposalStatus | "all" = "pending"): Proposal[] {
    // Shown redacted on every front: a proposal stored before its line was kept redacted may hold a secret.
    return new ProposalStore(this.db(false)).list(status === "all" ? undefined : status).map((p) => redactJson(withoutLineHash(p)).value as Proposal);
  }

  pendingCount(): number {
    return this.engine.hasState() ? new ProposalStore(this.engine.state()).pendingCount() : 0;
  }

  accept(ids: number[] | "all", edit?: string): AcceptResult {
    return acceptProposals(this.review(), ids, edit);
  }

  reject(ids: number[] | "all", reason: string): { rejected: number[] } {
    return rejectProposals({ db: this.engine.state(), now: this.engine.now }, ids, reason);
  }

  /** Takes the newest accepted fact (or the one named) back out of MEMORY.md. */
  undo(id?: number): UndoResult {
    return undoAccept(this.review(), id);
  }

  rollback(version: number): { restoredFrom: number; version: number | null } {
    return rollbackMemory(this.review(), version);
  }

  versions(): Omit<MemoryVersion, "content">[] {
    return memoryVersions(this.db(false));
  }

  /** What the recall log says about a chunk of a file (every chunk of it recalled within the retention window). */
  signals(path: string): RecallSignals[] {
    const since = this.engine.now() - this.engine.config.dream.recall.retentionDays * 86_400_000;
    return new RecallStore(this.db(false)).signals(since, (at) => zonedDate(at, this.engine.config.context.timeZone), (p) => p === path);
  }

  private review(): ReviewInput {
    return { workspace: this.engine.workspace, db: this.engine.state(), now: this.engine.now, section: this.engine.config.dream.section, byPerson: true, maxChars: this.engine.config.context.perFileChars, rule: { allowHardLinks: this.engine.config.index.allowHardLinks } };
  }

  /** Read-only questions on a workspace without state create nothing. */
  private db(forWriting: boolean): DB {
    return forWriting || this.engine.hasState() ? this.engine.state() : openStateDb(":memory:");
  }
}

/** The digest of a line as written is for the accept's compare-and-swap only: a weak secret on that line could be guessed from it, so no front gets it. */
function withoutLineHash(p: Proposal): Proposal {
  const replace = p.provenance.replace;
  if (replace?.lineHash === undefined) return p;
  const { lineHash: _kept, ...shown } = replace;
  return { ...p, provenance: { ...p.provenance, replace: shown } };
}

/**
 * SOUL.md's life as the engine serves it: the file and its versions, diffs, rollback, and
 * the review of a proposal (see, accept, reject, save by hand). Every front (CLI, MCP, the
 * daemon) goes through these, so a proposal accepted over MCP is checked exactly like one
 * accepted on the command line.
 */
import { acceptProposal, pendingProposal, rejectProposal, saveSoul, showReflectionRun, soulProposed, type AcceptResult, type PendingProposal, type ProposalView, type RejectResult, type SaveResult } from "../jobs/reflect/review.js";
import { readSoul, rollbackSoul, soulDiff, soulLog, type RollbackResult, type SoulDiffResult, type SoulLog, type SoulOnDisk, type SoulRef } from "../jobs/reflect/history.js";
import { findLockedBlocks } from "../jobs/reflect/soul-safety.js";
import { SoulVersionStore, type ReflectionRun, type SoulVersion } from "../store/soul-versions.js";
import { openStateDb } from "../store/state.js";
import type { EngineCore } from "./core.js";
import { redactJson, redactNote } from "../shared/redact.js";

export interface SoulView {
  exists: boolean;
  text: string;
  textHash: string | null;
  locked: { start: number; end: number; heading: string }[];
  lockProblems: string[];
}

export class SoulService {
  constructor(private readonly engine: EngineCore) {}

  /** The version store on the state database; read-only questions on a workspace without one create nothing. */
  private store(forWriting: boolean): SoulVersionStore {
    if (forWriting || this.engine.hasState()) return new SoulVersionStore(this.engine.state());
    return new SoulVersionStore(openStateDb(":memory:"));
  }

  /** SOUL.md as it is on disk. */
  current(): SoulOnDisk {
    return readSoul(this.engine.workspace, { allowHardLinks: this.engine.config.index.allowHardLinks });
  }

  /**
   * SOUL.md (or a numbered version) as handed to an assistant (MCP's soul_get and resource):
   * its secrets redacted, as every note that leaves the workspace; null when there is no
   * SOUL.md. The file and its versions are unchanged; the person's own views read them whole.
   */
  shownText(version?: number): string | null {
    if (version !== undefined) return redactNote(this.versionAsKept(version).content);
    const s = this.current();
    return s.exists ? redactNote(s.text) : null;
  }

  /**
   * SOUL.md for reading: its text, where its locked sections are (character offsets, with the
   * heading each sits under) and any unbalanced lock markers, without the raw bytes.
   */
  view(): SoulView {
    const s = readSoul(this.engine.workspace);
    const scan = findLockedBlocks(s.text);
    return { exists: s.exists, text: s.text, textHash: s.textHash, locked: scan.blocks.map((b) => ({ start: b.start, end: b.end, heading: b.heading })), lockProblems: scan.problems };
  }

  /**
   * A version as every front shows it, its secrets redacted: the history keeps the person's
   * SOUL.md whole (a rollback writes it back as it was), but a view of it is text that leaves.
   */
  version(n: number): SoulVersion {
    const v = this.versionAsKept(n);
    return { ...v, content: redactNote(v.content) };
  }

  private versionAsKept(n: number): SoulVersion {
    const v = this.store(false).get(n);
    if (!v) throw new RangeError(`there is no SOUL version ${n} (see \`agent soul log\`)`);
    return v;
  }

  log(): SoulLog {
    return soulLog(this.engine.workspace, this.store(false));
  }

  /** Two versions (or SOUL.md) compared, the lines' secrets redacted as in every view of the history. */
  diff(a?: SoulRef, b?: SoulRef): SoulDiffResult {
    return shown(soulDiff(this.engine.workspace, this.store(false), a, b));
  }

  rollback(n: number): RollbackResult {
    return rollbackSoul({ workspace: this.engine.workspace, store: this.store(true), number: n, now: this.engine.now });
  }

  /** The proposal waiting in SOUL.proposed.md, if any (cheap: the inbox and notifier ask). */
  pending(): PendingProposal | null {
    return pendingProposal(this.engine.workspace);
  }

  /** The pending proposal as a diff against SOUL.md, with its report and why it was held back. */
  proposed(): ProposalView | null {
    const view = soulProposed(this.engine.workspace, this.store(false));
    return view === null ? null : shown(view);
  }

  accept(): AcceptResult {
    return acceptProposal({ workspace: this.engine.workspace, store: this.store(true), reflection: this.engine.config.reflection, now: this.engine.now });
  }

  reject(reason?: string): RejectResult {
    return rejectProposal({ workspace: this.engine.workspace, store: this.store(true), now: this.engine.now, ...(reason !== undefined ? { reason } : {}) });
  }

  /** Records SOUL.md as it is now as a version, with the person's message. */
  save(message?: string): SaveResult {
    return saveSoul({ workspace: this.engine.workspace, store: this.store(true), now: this.engine.now, ...(message !== undefined ? { message } : {}) });
  }

  /** A reflection run with its inputs, the model's raw replies and the decision (`agent reflect --show`). */
  run(id: number): ReflectionRun {
    const r = showReflectionRun(this.store(false), id);
    if (!r) throw new RangeError(`there is no reflection run ${id} (see \`agent jobs --job reflect\`)`);
    return shown(r);
  }
}

/** A view built from SOUL.md's text (a diff, a proposal, a run's record) with every string in it redacted. */
function shown<T>(view: T): T {
  return redactJson(view).value as T;
}

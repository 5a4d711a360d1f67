/**
 * SOUL.md's life as the engine serves it: the file and its versions, diffs, rollback, and
 * the review of a proposal (see, accept, reject, save by hand). Every front (CLI, MCP, the
 * daemon) goes through these, so a proposal accepted over MCP is checked exactly like one
 * accepted on the command line.
 */
import { type AcceptResult, type PendingProposal, type ProposalView, type RejectResult, type SaveResult } from "../jobs/reflect/review.js";
import { type RollbackResult, type SoulDiffResult, type SoulLog, type SoulOnDisk, type SoulRef } from "../jobs/reflect/history.js";
import { type ReflectionRun, type SoulVersion } from "../store/soul-versions.js";
import type { EngineCore } from "./core.js";
export declare class SoulService {
    private readonly engine;
    constructor(engine: EngineCore);
    /** The version store on the state database; read-only questions on a workspace without one create nothing. */
    private store;
    /** SOUL.md as it is on disk. */
    current(): SoulOnDisk;
    version(n: number): SoulVersion;
    log(): SoulLog;
    diff(a?: SoulRef, b?: SoulRef): SoulDiffResult;
    rollback(n: number): RollbackResult;
    /** The proposal waiting in SOUL.proposed.md, if any (cheap: the inbox and notifier ask). */
    pending(): PendingProposal | null;
    /** The pending proposal as a diff against SOUL.md, with its report and why it was held back. */
    proposed(): ProposalView | null;
    accept(): AcceptResult;
    reject(reason?: string): RejectResult;
    /** Records SOUL.md as it is now as a version, with the person's message. */
    save(message?: string): SaveResult;
    /** A reflection run with its inputs, the model's raw replies and the decision (`agent reflect --show`). */
    run(id: number): ReflectionRun;
}

import { type ReflectionRun, type SoulVersionStore } from "../../store/soul-versions.js";
import type { ReflectionConfig } from "./config.js";
import { type SoulSwap } from "./history.js";
export interface PendingProposal {
    /** Workspace-relative path ("SOUL.proposed.md"). */
    path: string;
    bytes: number;
    /** When the file was last written, ms since epoch. */
    modifiedAt: number;
}
/** Whether a proposal waits for review: cheap (one stat), for the inbox and the notifier. */
export declare function pendingProposal(workspace: string): PendingProposal | null;
export interface ProposalView {
    path: string;
    text: string;
    words: number;
    /** Unified diff from SOUL.md (on disk) to the proposal. */
    diff: string;
    /** The run that wrote it, when its record is found (by the proposal's hash, else the newest proposing run). */
    runId: number | null;
    /** Why it was held back instead of replacing SOUL.md. */
    reason: string | null;
    proposalReason: string | null;
    summary: string | null;
    /** The evolution report: what changed and why, for the person. */
    report: string | null;
    changeShare: number | null;
    createdAt: number | null;
    /** True when SOUL.proposed.md is not the text that run wrote (edited by hand since). */
    editedSinceRun: boolean;
}
/** The pending proposal with its diff and the record of the run that wrote it; null when none waits. */
export declare function soulProposed(workspace: string, store: SoulVersionStore): ProposalView | null;
export interface AcceptInput {
    workspace: string;
    store: SoulVersionStore;
    /** For the locked-section rules (lockCoreIdentity). */
    reflection: Pick<ReflectionConfig, "lockCoreIdentity">;
    now?: () => number;
    swap?: SoulSwap;
}
export interface AcceptResult {
    /** The version the proposal became. */
    version: number;
    /** A version recorded first for SOUL.md as the person had it (hand edits since the last version). */
    baseline?: number;
    runId: number | null;
    /** False when SOUL.proposed.md was edited during the accept and was left in place. */
    removedProposal: boolean;
}
/**
 * The proposal becomes a version and SOUL.md, through the same checks as a nightly run: the
 * locked blocks of SOUL.md come back byte-identical (and Core Identity, when locked), no
 * locked text of an earlier version is dropped, and the compare-and-swap keeps an edit made
 * meanwhile. Throws a one-line error saying what to do when any check fails; then nothing
 * is written.
 */
export declare function acceptProposal(input: AcceptInput): AcceptResult;
export interface RejectResult {
    /** The run the rejection was recorded against; null when no run record was found. */
    runId: number | null;
    removedProposal: boolean;
}
/**
 * Rejects the pending proposal: the rejection (with the optional reason, and the proposal's
 * text when it was edited by hand) is recorded in the run that wrote it, and SOUL.proposed.md
 * is removed. The next night's prompt lists it so the same change is not proposed again.
 */
export declare function rejectProposal(input: {
    workspace: string;
    store: SoulVersionStore;
    reason?: string;
    now?: () => number;
}): RejectResult;
export interface SaveResult {
    version: number;
    /** True when SOUL.md already was the newest version: nothing new was recorded. */
    unchanged: boolean;
}
/** Records SOUL.md as it is now as a version of the person's, with their message. */
export declare function saveSoul(input: {
    workspace: string;
    store: SoulVersionStore;
    message?: string;
    now?: () => number;
}): SaveResult;
export interface RejectionNote {
    date: string;
    summary: string;
    reason: string | null;
}
/** Proposals rejected in the last `days` days, newest first: for the next night's prompt. */
export declare function recentRejections(store: SoulVersionStore, now: number, days?: number, limit?: number): RejectionNote[];
/** One reflection run's record, for `agent reflect --show RUN`; undefined when there is none. */
export declare function showReflectionRun(store: SoulVersionStore, id: number): ReflectionRun | undefined;
/**
 * The run record in words: when, the decision and its reason, the inputs, each model reply
 * (raw, as kept), the reviews. Pure.
 */
export declare function describeReflectionRun(run: ReflectionRun): string;

import { type NewSoulVersion, type SoulVersionStore, type SoulVersionSummary } from "../../store/soul-versions.js";
import { type SwapResult } from "../../workspace/safe-write.js";
import { type VersionForFloor } from "./soul-safety.js";
export declare const SOUL_FILE = "SOUL.md";
export declare const SOUL_PROPOSAL_FILE = "SOUL.proposed.md";
export declare function soulPath(workspace: string): string;
export interface SoulOnDisk {
    exists: boolean;
    /** "" when the file does not exist. */
    text: string;
    /** sha256 of the file's bytes, or null when it does not exist: the compare-and-swap token. */
    fileHash: string | null;
    /** sha256 of the text, comparable with a version's hash. */
    textHash: string | null;
    /** The file's bytes: what the compare-and-swap compares. */
    bytes: Buffer | null;
}
export declare function readSoul(workspace: string): SoulOnDisk;
/** The starter SOUL.md that `agent init` copies, or null when the template is not installed. */
export declare function templateSoul(): string | null;
/** True when `text` is the untouched starter template (line endings and trailing space aside). */
export declare function isTemplateSoul(text: string): boolean;
/** How SOUL.md is swapped; tests replace it to inject failures and races. */
export type SoulSwap = (file: string, expected: Buffer | null, content: string) => SwapResult;
export interface CommitSoulInput {
    workspace: string;
    store: SoulVersionStore;
    /** SOUL.md as the caller read it (the compare-and-swap's expected bytes). */
    expected: SoulOnDisk;
    content: string;
    version: Omit<NewSoulVersion, "content" | "words" | "tokens" | "createdAt">;
    now: number;
    /** Default swapFile. */
    swap?: SoulSwap;
    /** Replace an empty SOUL.md too (a person's command; see SwapOptions.allowEmpty). */
    allowEmpty?: boolean;
}
export type CommitSoulResult = {
    ok: true;
    number: number;
    baseline?: number;
    keptEarlier?: string[];
} | {
    ok: false;
    reason: "changed";
    /** What happened to SOUL.md, in words. */
    detail: string;
    /** A file kept beside SOUL.md holding someone's text, if the swap needed one. */
    kept?: string;
    baseline?: number;
    keptEarlier?: string[];
};
/** Where SOUL.md's swaps keep their temporary and parked files: inside .agent/, never beside SOUL.md. */
export declare function soulWorkDir(workspace: string): string;
/** Records `content` as the next version and puts it in SOUL.md, in the order documented above. */
export declare function commitSoul(input: CommitSoulInput): CommitSoulResult;
/**
 * Records SOUL.md as a version of the person's ('baseline') when it is not the newest version
 * already: their own SOUL before the first reflection, their hand edits since, a SOUL.md
 * restored by hand. Call inside a transaction. Returns the new version's number.
 */
export declare function recordUserSoulIfNew(store: SoulVersionStore, cur: SoulOnDisk, now: number, message?: string): number | undefined;
export interface RollbackResult {
    /** The version whose content is now SOUL.md. */
    restoredFrom: number;
    /** The new version recording the rollback; undefined when SOUL.md already had that content. */
    version?: number;
    /** A version recorded first for hand edits that were not in the history yet. */
    baseline?: number;
    unchanged: boolean;
}
/** Restores version `number` as SOUL.md; the restore is itself a new version (origin 'rollback'). */
export declare function rollbackSoul(opts: {
    workspace: string;
    store: SoulVersionStore;
    number: number;
    now?: () => number;
    swap?: SoulSwap;
}): RollbackResult;
export interface SoulLog {
    versions: SoulVersionSummary[];
    /** SOUL.md on disk compared with the history. */
    current: {
        exists: boolean;
        /** The version SOUL.md currently equals (the newest one with its hash), or null. */
        matchesVersion: number | null;
        words: number;
        tokens: number;
    };
    /** A pending proposal beside SOUL.md (compare-and-swap conflict or change budget). */
    proposal: string | null;
}
export declare function soulLog(workspace: string, store: SoulVersionStore): SoulLog;
/** A version number, or "current" for SOUL.md as it is on disk. */
export type SoulRef = number | "current";
export declare function parseSoulRef(text: string): SoulRef;
export interface SoulDiffResult {
    from: SoulRef;
    to: SoulRef;
    /** Unified diff; "" when both are the same. */
    diff: string;
}
/**
 * Unified diff between two versions. Defaults: no refs = the newest two versions; one ref =
 * that version against the newest.
 */
export declare function soulDiff(workspace: string, store: SoulVersionStore, a?: SoulRef, b?: SoulRef): SoulDiffResult;
/**
 * The history the locked-text floor walks. A SOUL.md that is not the newest version is the
 * person's own (a real run records it as such first; a dry run does not write, so it is
 * treated the same way here): then only its own locked blocks count.
 */
export declare function versionsForFloor(store: SoulVersionStore, disk: SoulOnDisk): VersionForFloor[];

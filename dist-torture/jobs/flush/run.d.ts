import type { LLMProvider } from "../../llm/types.js";
import { type AppendLimits } from "../../workspace/daily.js";
import type { IndexConfig } from "../../workspace/config.js";
import type { ContextConfig } from "../../context/config.js";
import type { DB } from "../../store/open.js";
import type { JobResult } from "../runs.js";
import type { FlushConfig } from "./config.js";
import { type CycleView, type FlushDecision } from "./plan.js";
export interface FlushSettings {
    config: FlushConfig;
    /** Zone of "today" for the daily note (context.timeZone); default this machine's. */
    timeZone?: string;
    /** index.maxAppendBytes and index.maxFileBytes: the flush appends like any other writer. */
    limits: AppendLimits;
}
/** The flush settings from the validated config (`flush`, and `context.timeZone`). */
export declare function flushSettings(config: {
    flush: FlushConfig;
    context: Pick<ContextConfig, "timeZone">;
    index: Pick<IndexConfig, "maxAppendBytes" | "maxFileBytes">;
}): FlushSettings;
export interface FlushCheck {
    view: CycleView;
    decision: FlushDecision;
}
export declare function sessionFile(workspace: string, session: string): string;
/** Whether a session's flush is due now; reads the transcript and the state, calls no model. */
export declare function checkFlush(workspace: string, session: string, db: DB, config: FlushConfig, force?: boolean): FlushCheck;
export interface RunFlushInput {
    workspace: string;
    session: string;
    provider: LLMProvider;
    /** The state database (flush cycles, alerts); owned by the caller. */
    db: DB;
    now: () => number;
    settings: FlushSettings;
    /** Ignore the threshold and the once-per-cycle rule. */
    force?: boolean;
    signal?: AbortSignal;
    /** The job_runs row this flush is recorded under, linked from flush_cycles and alerts. */
    runId?: number;
    /** How the note is appended; default appendVerified (tests wrap it). */
    append?: (file: string, text: string) => void;
}
export type FlushStatus = "flushed" | "no-reply" | "not-due";
export interface FlushResult {
    status: FlushStatus;
    session: string;
    reason: string;
    cycleKey: string;
    tokens: number;
    bytes: number;
    thresholdTokens: number;
    /** Workspace-relative path of the daily note written to. */
    file?: string;
    /** Characters appended. */
    chars?: number;
    model?: string;
}
/** The append went through but the note changed under it; the cycle is marked done and an alert raised. */
export declare class FlushAppendError extends Error {
    readonly file: string;
    constructor(file: string, cause: unknown);
}
export declare function runFlush(input: RunFlushInput): Promise<FlushResult>;
/** How a flush result is recorded in job_runs. */
export declare function flushJobResult(r: FlushResult): JobResult;

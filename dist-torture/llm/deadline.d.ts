import { LLMError } from "./types.js";
/**
 * One AbortSignal for a provider call that fires on either the caller's signal or the
 * call's own timeout, and remembers which of the two fired: libraries only report "aborted",
 * while callers need to tell a user-initiated cancel from a slow model.
 */
export interface Deadline {
    readonly signal: AbortSignal;
    /** Why the signal fired, or undefined while it has not. */
    why(): "timeout" | "cancelled" | undefined;
    /** The LLMError ("timeout" or "cancelled") for a fired signal, wrapping what the library threw. */
    error(cause?: unknown): LLMError;
    /** Throws `error()` if the signal has fired; lets callers check between steps. */
    throwIfAborted(): void;
    /** Stops the timer and the listener; call in `finally`. */
    clear(): void;
}
export declare function startDeadline(what: string, timeoutMs: number | undefined, callerSignal: AbortSignal | undefined): Deadline;
/**
 * Settles with `work` unless the signal fires first. Work that cannot be interrupted (loading a
 * model file) keeps running in the background; only the caller stops waiting for it.
 */
export declare function raceAbort<T>(work: Promise<T>, deadline: Deadline): Promise<T>;

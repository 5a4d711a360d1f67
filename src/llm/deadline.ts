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

export function startDeadline(
  what: string,
  timeoutMs: number | undefined,
  callerSignal: AbortSignal | undefined,
): Deadline {
  const controller = new AbortController();
  let reason: "timeout" | "cancelled" | undefined;

  const fire = (why: "timeout" | "cancelled") => {
    if (reason !== undefined) return;
    reason = why;
    controller.abort(deadlineError(what, why, timeoutMs));
  };

  const onCallerAbort = () => fire("cancelled");
  if (callerSignal?.aborted) fire("cancelled");
  else callerSignal?.addEventListener("abort", onCallerAbort, { once: true });

  const timer =
    timeoutMs !== undefined && timeoutMs > 0 && reason === undefined
      ? setTimeout(() => fire("timeout"), timeoutMs)
      : undefined;

  return {
    signal: controller.signal,
    why: () => reason,
    error: (cause) => deadlineError(what, reason ?? "cancelled", timeoutMs, cause),
    throwIfAborted() {
      if (reason !== undefined) throw deadlineError(what, reason, timeoutMs);
    },
    clear() {
      if (timer !== undefined) clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    },
  };
}

function deadlineError(
  what: string,
  why: "timeout" | "cancelled",
  timeoutMs: number | undefined,
  cause?: unknown,
): LLMError {
  return why === "timeout"
    ? new LLMError(
        "timeout",
        `${what} did not answer within ${timeoutMs} ms: use a smaller model, lower maxTokens or raise the timeout`,
        { cause },
      )
    : new LLMError("cancelled", `${what} was cancelled`, { cause });
}

/**
 * Settles with `work` unless the signal fires first. Work that cannot be interrupted (loading a
 * model file) keeps running in the background; only the caller stops waiting for it.
 */
export function raceAbort<T>(work: Promise<T>, deadline: Deadline): Promise<T> {
  deadline.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      try {
        deadline.throwIfAborted();
      } catch (err) {
        reject(err);
      }
    };
    deadline.signal.addEventListener("abort", onAbort, { once: true });
    work.then(
      (value) => {
        deadline.signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (err: unknown) => {
        deadline.signal.removeEventListener("abort", onAbort);
        reject(err);
      },
    );
  });
}

import { LLMError } from "./types.js";
export function startDeadline(what, timeoutMs, callerSignal) {
    const controller = new AbortController();
    let reason;
    const fire = (why) => {
        if (reason !== undefined)
            return;
        reason = why;
        controller.abort(deadlineError(what, why, timeoutMs));
    };
    const onCallerAbort = () => fire("cancelled");
    if (callerSignal?.aborted)
        fire("cancelled");
    else
        callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
    const timer = timeoutMs !== undefined && timeoutMs > 0 && reason === undefined
        ? setTimeout(() => fire("timeout"), timeoutMs)
        : undefined;
    return {
        signal: controller.signal,
        why: () => reason,
        error: (cause) => deadlineError(what, reason ?? "cancelled", timeoutMs, cause),
        throwIfAborted() {
            if (reason !== undefined)
                throw deadlineError(what, reason, timeoutMs);
        },
        clear() {
            if (timer !== undefined)
                clearTimeout(timer);
            callerSignal?.removeEventListener("abort", onCallerAbort);
        },
    };
}
function deadlineError(what, why, timeoutMs, cause) {
    return why === "timeout"
        ? new LLMError("timeout", `${what} did not answer within ${timeoutMs} ms: use a smaller model, lower maxTokens or raise the timeout`, { cause })
        : new LLMError("cancelled", `${what} was cancelled`, { cause });
}
/**
 * Settles with `work` unless the signal fires first. Work that cannot be interrupted (loading a
 * model file) keeps running in the background; only the caller stops waiting for it.
 */
export function raceAbort(work, deadline) {
    deadline.throwIfAborted();
    return new Promise((resolve, reject) => {
        const onAbort = () => {
            try {
                deadline.throwIfAborted();
            }
            catch (err) {
                reject(err);
            }
        };
        deadline.signal.addEventListener("abort", onAbort, { once: true });
        work.then((value) => {
            deadline.signal.removeEventListener("abort", onAbort);
            resolve(value);
        }, (err) => {
            deadline.signal.removeEventListener("abort", onAbort);
            reject(err);
        });
    });
}
//# sourceMappingURL=deadline.js.map
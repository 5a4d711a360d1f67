import { LLMError, type LLMErrorCode } from "../llm/types.js";
import type { JobRun } from "../store/job-runs.js";

/**
 * The error a command reports for a job run that did not give its answer. A run that failed
 * on the model says so with the model's own error, so `agent reflect --json` and `agent ask
 * --json` report the same `{"error": {"code": "llm"}}` for the same missing Ollama.
 */
export function jobFailure(run: JobRun, fallback: string): Error {
  const reason = run.reason ?? fallback;
  const code = run.details.llmError;
  if (typeof code === "string") return new LLMError(code as LLMErrorCode, reason.replace(/^no model answers: /, ""));
  return new Error(reason);
}

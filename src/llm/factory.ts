import { z } from "zod";
import { LlamaCppProvider } from "./llama-cpp.js";
import { OllamaProvider } from "./ollama.js";
import { ScriptedProvider, type ScriptedReply } from "./scripted.js";
import { LLMError, type CompletionRequest, type CompletionResult, type LLMProvider } from "./types.js";
import { redactSecrets } from "../shared/redact.js";

import { LLMConfigSchema, type LLMConfig, type LLMConfigInput } from "./config.js";
export { LLMConfigSchema, type LLMConfig, type LLMConfigInput } from "./config.js";

export interface CreateLLMProviderDeps {
  /** Replies for provider "scripted" (tests, demos). */
  scriptedReplies?: ScriptedReply[];
}

export function parseLLMConfig(config: LLMConfigInput | undefined): LLMConfig {
  const parsed = LLMConfigSchema.safeParse(config ?? {});
  if (!parsed.success) {
    throw new LLMError("bad-config", `invalid llm config:\n${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  }
  return parsed.data;
}

/**
 * Builds the provider named by `config`; no connection or model load happens until first use.
 * Every request it sends is redacted first (redactRequest): whatever a job put in its prompt,
 * from a note, a transcript or the person's SOUL.md, no secret the rules know reaches a model.
 */
export function createLLMProvider(config?: LLMConfigInput, deps: CreateLLMProviderDeps = {}): LLMProvider {
  return redactingProvider(buildProvider(parseLLMConfig(config), deps));
}

function buildProvider(c: LLMConfig, deps: CreateLLMProviderDeps): LLMProvider {
  switch (c.provider) {
    case "ollama":
      return new OllamaProvider({ model: c.model, host: c.host, defaultTimeoutMs: c.timeoutMs, contextSize: c.contextSize });
    case "llama-cpp":
      return new LlamaCppProvider({
        modelPath: c.model,
        threads: c.threads,
        contextSize: c.contextSize,
        defaultTimeoutMs: c.timeoutMs,
      });
    case "scripted":
      return new ScriptedProvider(deps.scriptedReplies ?? [], { model: c.model });
  }
}

/** The request with the system prompt and every message redacted; the same object when nothing was found. */
export function redactRequest(request: CompletionRequest): CompletionRequest {
  let changed = false;
  const clean = (text: string): string => {
    const r = redactSecrets(text);
    if (r.count > 0) changed = true;
    return r.count > 0 ? r.text : text;
  };
  const system = request.system === undefined ? undefined : clean(request.system);
  const messages = request.messages.map((m) => ({ ...m, content: clean(m.content) }));
  if (!changed) return request;
  return { ...request, messages, ...(system !== undefined ? { system } : {}) };
}

/**
 * `inner` with every request redacted before it is sent. The wrapper inherits from `inner`
 * (it is still an OllamaProvider, its fields read through), and every call runs on `inner`
 * itself, so a provider's state stays in one object.
 */
export function redactingProvider(inner: LLMProvider): LLMProvider {
  const wrapped = Object.create(inner) as LLMProvider;
  wrapped.complete = (request) => inner.complete(redactRequest(request));
  wrapped.check = () => inner.check();
  wrapped.close = () => inner.close();
  if (inner.contextSize) wrapped.contextSize = (signal) => inner.contextSize!(signal);
  return wrapped;
}

/**
 * For callers that parse the reply (JSON, structured notes): a blank or cut-off reply is a
 * failure to report, not text to store.
 */
export function requireCompleteReply(result: CompletionResult, limitKey?: string): CompletionResult {
  if (result.text.trim() === "") {
    throw new LLMError(
      "empty-reply",
      `model ${result.model} returned an empty reply: try again, or use a larger model`,
    );
  }
  if (result.finishReason === "length") {
    throw new LLMError(
      "truncated",
      `model ${result.model} stopped at the token limit (${result.completionTokens ?? "?"} tokens) before finishing: ${limitKey ? `raise ${limitKey} in agent.config.json` : "the reply limit is too small for this model's answer"}`,
    );
  }
  return result;
}

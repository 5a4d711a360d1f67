import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  Ollama
} from "./chunk-YGG5RE66.js";
import {
  LLMConfigSchema
} from "./chunk-QD2MJU4L.js";
import {
  external_exports
} from "./chunk-EIUDDPL2.js";

// dist/llm/llama-cpp.js
import { stat } from "node:fs/promises";
import path from "node:path";

// dist/llm/types.js
var LLMError = class extends Error {
  code;
  constructor(code, message, options) {
    super(message, options);
    this.code = code;
    this.name = "LLMError";
  }
};

// dist/llm/context.js
function estimatePromptTokens(request) {
  let chars = request.system?.length ?? 0;
  for (const m of request.messages)
    chars += m.content.length;
  return Math.ceil(chars / 4) + 8 * (request.messages.length + (request.system !== void 0 ? 1 : 0));
}
async function ensureContextFits(provider, request, hint) {
  const promptTokens = estimatePromptTokens(request);
  const replyTokens = request.maxTokens ?? 0;
  const needed = promptTokens + replyTokens;
  const contextSize = provider.contextSize ? await provider.contextSize(request.signal) : void 0;
  if (contextSize !== void 0 && needed > contextSize) {
    throw new LLMError("context-too-small", `model ${provider.model} (${provider.name}) has a context window of ${contextSize} tokens, but this call needs about ${needed} (prompt ~${promptTokens} + reply up to ${replyTokens}): set llm.contextSize to at least ${roundUp(needed)} or use a model with a larger window` + (hint ? `, or ${hint}` : ""));
  }
  return { contextSize, promptTokens, replyTokens, needed };
}
function roundUp(n) {
  return Math.ceil(n / 1024) * 1024;
}
function isContextSizeMessage(message) {
  return /context (?:size|window)|longer than the (?:usable )?context|compress chat history/i.test(message);
}

// dist/llm/deadline.js
function startDeadline(what, timeoutMs, callerSignal) {
  const controller = new AbortController();
  let reason;
  const fire = (why) => {
    if (reason !== void 0)
      return;
    reason = why;
    controller.abort(deadlineError(what, why, timeoutMs));
  };
  const onCallerAbort = () => fire("cancelled");
  if (callerSignal?.aborted)
    fire("cancelled");
  else
    callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  const timer = timeoutMs !== void 0 && timeoutMs > 0 && reason === void 0 ? setTimeout(() => fire("timeout"), timeoutMs) : void 0;
  return {
    signal: controller.signal,
    why: () => reason,
    error: (cause) => deadlineError(what, reason ?? "cancelled", timeoutMs, cause),
    throwIfAborted() {
      if (reason !== void 0)
        throw deadlineError(what, reason, timeoutMs);
    },
    clear() {
      if (timer !== void 0)
        clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    }
  };
}
function deadlineError(what, why, timeoutMs, cause) {
  return why === "timeout" ? new LLMError("timeout", `${what} did not answer within ${timeoutMs} ms: use a smaller model, lower maxTokens or raise the timeout`, { cause }) : new LLMError("cancelled", `${what} was cancelled`, { cause });
}
function raceAbort(work, deadline) {
  deadline.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      try {
        deadline.throwIfAborted();
      } catch (err) {
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

// dist/llm/llama-cpp.js
var MAX_DEFAULT_CONTEXT = 4096;
var LlamaCppProvider = class {
  name = "llama-cpp";
  model;
  modelPath;
  threads;
  configuredContext;
  defaultTimeoutMs;
  loading;
  /** Grammar compilation costs up to seconds; jobs reuse the same few schemas. */
  grammars = /* @__PURE__ */ new Map();
  /** The context holds one sequence, so calls take turns (see withSequence). */
  queue = Promise.resolve();
  constructor(options) {
    if (!options.modelPath)
      throw new LLMError("bad-config", "llama-cpp needs a GGUF model path (llm.model)");
    this.model = options.modelPath;
    this.modelPath = path.resolve(options.modelPath);
    this.threads = options.threads ?? 1;
    this.configuredContext = options.contextSize;
    this.defaultTimeoutMs = options.defaultTimeoutMs;
  }
  async complete(request) {
    const started = Date.now();
    const deadline = startDeadline(`llama.cpp (${path.basename(this.modelPath)})`, request.timeoutMs ?? this.defaultTimeoutMs, request.signal);
    try {
      const loaded = await raceAbort(this.load(), deadline);
      const grammar = request.jsonSchema !== void 0 ? await raceAbort(this.grammarFor(loaded, request.jsonSchema), deadline) : void 0;
      this.ensureFits(loaded, request);
      return await this.withSequence(deadline, async () => {
        const sequence = loaded.context.getSequence();
        const session = new loaded.lib.LlamaChatSession({ contextSequence: sequence });
        try {
          const { history, prompt } = toChatHistory(request);
          session.setChatHistory(history);
          const reply = await session.promptWithMeta(prompt, {
            // Without a cap an untuned model can ramble until the timeout, shifting the context.
            maxTokens: request.maxTokens ?? loaded.context.contextSize,
            ...request.temperature !== void 0 ? { temperature: request.temperature } : {},
            ...grammar !== void 0 ? { grammar } : {},
            signal: deadline.signal
          });
          return {
            text: reply.responseText,
            model: this.model,
            finishReason: reply.stopReason === "maxTokens" ? "length" : "stop",
            promptTokens: sequence.tokenMeter.usedInputTokens,
            completionTokens: sequence.tokenMeter.usedOutputTokens,
            durationMs: Date.now() - started
          };
        } finally {
          session.dispose();
          sequence.dispose();
        }
      });
    } catch (err) {
      if (deadline.why() !== void 0)
        throw deadline.error(err);
      if (err instanceof LLMError)
        throw err;
      if (isContextSizeMessage(messageOf(err)))
        throw await this.contextError(err);
      throw new LLMError("provider-error", `llama.cpp failed on ${this.modelPath}: ${messageOf(err)}`, { cause: err });
    } finally {
      deadline.clear();
    }
  }
  /** The loaded context's window (loads the model on first use). */
  async contextSize() {
    return (await this.load()).context.contextSize;
  }
  /**
   * Refuses a prompt that cannot fit the window, counted with the model's own tokenizer: past
   * the window node-llama-cpp silently drops the start of the chat history, so the model would
   * answer a prompt it never fully saw.
   */
  ensureFits(loaded, request) {
    const text = [request.system ?? "", ...request.messages.map((m) => m.content)].join("\n");
    const promptTokens = loaded.model.tokenize(text).length;
    const size = loaded.context.contextSize;
    if (promptTokens >= size) {
      throw new LLMError("context-too-small", `model ${path.basename(this.modelPath)} (llama-cpp) has a context window of ${size} tokens, but the prompt alone takes ${promptTokens}: raise llm.contextSize (this model was trained for up to ${loaded.model.trainContextSize} tokens) or shorten the input`);
    }
  }
  /** llama.cpp's raw "context size" failure, said as the setting to change. */
  async contextError(err) {
    const loaded = await this.load().catch(() => void 0);
    const size = loaded?.context.contextSize;
    const trained = loaded?.model.trainContextSize;
    return new LLMError("context-too-small", `the prompt does not fit the context window of ${path.basename(this.modelPath)}` + (size !== void 0 ? ` (${size} tokens)` : "") + `: raise llm.contextSize` + (trained !== void 0 ? ` (this model was trained for up to ${trained} tokens)` : "") + ` or shorten the input (llama.cpp said: ${messageOf(err)})`, { cause: err });
  }
  async check() {
    try {
      const { model, context } = await this.load();
      return {
        ok: true,
        detail: `loaded ${this.modelPath} (${model.fileInfo.metadata.general.architecture}, context ${context.contextSize}, ${this.threads} thread(s))`
      };
    } catch (err) {
      return { ok: false, detail: messageOf(err) };
    }
  }
  async close() {
    const loading = this.loading;
    this.loading = void 0;
    this.grammars.clear();
    if (loading === void 0)
      return;
    const loaded = await loading.catch(() => void 0);
    if (loaded === void 0)
      return;
    await loaded.context.dispose();
    await loaded.model.dispose();
    await loaded.llama.dispose();
  }
  /** Loads once and shares; a failed load is forgotten so the next call retries. */
  load() {
    if (this.loading === void 0) {
      this.loading = this.loadNow();
      this.loading.catch(() => {
        this.loading = void 0;
      });
    }
    return this.loading;
  }
  async loadNow() {
    const info = await stat(this.modelPath).catch(() => void 0);
    if (info === void 0 || !info.isFile()) {
      throw new LLMError("model-not-found", `GGUF model file not found: ${this.modelPath} (set llm.model to the path of a .gguf file)`);
    }
    let lib;
    let llama;
    try {
      lib = await import("node-llama-cpp");
      llama = await lib.getLlama({ gpu: false, build: "never", logLevel: lib.LlamaLogLevel.error });
    } catch (err) {
      throw new LLMError("provider-error", `node-llama-cpp could not start (${messageOf(err)}): reinstall it with \`npm install node-llama-cpp\``, { cause: err });
    }
    try {
      const model = await llama.loadModel({ modelPath: this.modelPath });
      const context = await model.createContext({
        contextSize: this.configuredContext ?? Math.min(model.trainContextSize, MAX_DEFAULT_CONTEXT),
        threads: this.threads,
        sequences: 1
      });
      return { lib, llama, model, context };
    } catch (err) {
      await llama.dispose().catch(() => void 0);
      if (this.configuredContext !== void 0 && isContextSizeMessage(messageOf(err))) {
        throw new LLMError("bad-config", `could not create a context of ${this.configuredContext} tokens for ${path.basename(this.modelPath)}: lower llm.contextSize (llama.cpp said: ${messageOf(err)})`, { cause: err });
      }
      throw new LLMError("provider-error", `could not load GGUF model ${this.modelPath}: ${messageOf(err)}`, {
        cause: err
      });
    }
  }
  grammarFor(loaded, schema) {
    const key = JSON.stringify(schema);
    let grammar = this.grammars.get(key);
    if (grammar === void 0) {
      grammar = loaded.llama.createGrammarForJsonSchema(schema).catch((err) => {
        this.grammars.delete(key);
        throw new LLMError("bad-config", `JSON schema not supported by the llama.cpp grammar: ${messageOf(err)}`, {
          cause: err
        });
      });
      this.grammars.set(key, grammar);
    }
    return grammar;
  }
  /**
   * Runs `work` when earlier calls are done. A caller that gives up while waiting leaves the
   * queue intact: the next caller still waits for the call that was running.
   */
  async withSequence(deadline, work) {
    let release;
    const mine = new Promise((resolve) => release = resolve);
    const previous = this.queue;
    this.queue = previous.then(() => mine);
    try {
      await raceAbort(previous, deadline);
      return await work();
    } finally {
      release();
    }
  }
};
function toChatHistory(request) {
  const history = [];
  if (request.system !== void 0 && request.system !== "")
    history.push({ type: "system", text: request.system });
  const last = request.messages.at(-1);
  const endsWithUser = last?.role === "user";
  const earlier = endsWithUser ? request.messages.slice(0, -1) : request.messages;
  for (const m of earlier) {
    if (m.role === "system")
      history.push({ type: "system", text: m.content });
    else if (m.role === "user")
      history.push({ type: "user", text: m.content });
    else
      history.push({ type: "model", response: [m.content] });
  }
  return { history, prompt: endsWithUser && last ? last.content : "" };
}
function messageOf(err) {
  return err instanceof Error ? err.message : String(err);
}

// dist/llm/ollama.js
var DEFAULT_OLLAMA_HOST = "http://127.0.0.1:11434";
var OLLAMA_SMALLEST_DEFAULT_CTX = 2048;
var CHECK_TIMEOUT_MS = 5e3;
function resolveOllamaHost(host) {
  const raw = (host ?? process.env.OLLAMA_HOST ?? "").trim();
  if (raw === "")
    return DEFAULT_OLLAMA_HOST;
  const withScheme = raw.includes("://") ? raw : `http://${raw}`;
  try {
    const url = new URL(withScheme);
    if (url.port === "" && !raw.includes("://"))
      url.port = "11434";
    return url.toString().replace(/\/+$/, "");
  } catch {
    throw new LLMError("bad-config", `Ollama host "${raw}" is not a valid address (expected e.g. ${DEFAULT_OLLAMA_HOST})`);
  }
}
function clientFor(host, signal) {
  const fetchWithSignal = (input, init) => fetch(input, {
    ...init,
    signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal
  });
  return new Ollama({ host, fetch: fetchWithSignal });
}
function toOllamaError(err, host, model, deadline) {
  if (err instanceof LLMError)
    return err;
  if (deadline?.why() !== void 0)
    return deadline.error(err);
  const e = err;
  const message = typeof e?.message === "string" ? e.message : String(err);
  if (e?.name === "ResponseError" && typeof e.status_code === "number") {
    if (e.status_code === 404) {
      return new LLMError("model-not-found", `Ollama at ${host} does not have model "${model}" (${message}): run \`ollama pull ${model}\``, { cause: err });
    }
    return new LLMError("provider-error", `Ollama at ${host} answered ${e.status_code}: ${message}`, { cause: err });
  }
  const causeCode = e?.cause?.code;
  if (causeCode === "ENOTFOUND" || causeCode === "EAI_AGAIN") {
    return new LLMError("unreachable", `Ollama host ${host} cannot be resolved: check OLLAMA_HOST or the configured llm host`, { cause: err });
  }
  if (err instanceof TypeError && message === "fetch failed") {
    if (causeCode === void 0 || causeCode === "ECONNREFUSED") {
      return new LLMError("unreachable", `Ollama is not running at ${host}: start it with \`ollama serve\``, {
        cause: err
      });
    }
    return new LLMError("unreachable", `lost the connection to Ollama at ${host} (${String(causeCode)}): check that \`ollama serve\` is still running and retry`, { cause: err });
  }
  return new LLMError("provider-error", `Ollama at ${host} failed: ${message}`, { cause: err });
}
var OllamaProvider = class {
  name = "ollama";
  model;
  host;
  defaultTimeoutMs;
  configuredContext;
  trainedContext;
  constructor(options) {
    this.model = options.model;
    this.host = resolveOllamaHost(options.host);
    this.defaultTimeoutMs = options.defaultTimeoutMs;
    this.configuredContext = options.contextSize;
  }
  /**
   * The configured window, else the model's own (`<arch>.context_length` from /api/show, asked
   * once). Undefined when Ollama cannot say (an old server, a failed request): callers then
   * skip their check rather than fail on it.
   */
  async contextSize(signal) {
    if (this.configuredContext !== void 0)
      return this.configuredContext;
    this.trainedContext ??= this.showContextLength(signal);
    return this.trainedContext;
  }
  /**
   * The `num_ctx` to send: the configured window; else, for a prompt that would not fit the
   * smallest default Ollama runs with (2048 tokens), a window that holds it (rounded up to a
   * multiple of 2048, so calls of similar size share one loaded context), capped at the
   * model's own. Short prompts send none and run with Ollama's default.
   */
  async windowFor(request, signal) {
    if (this.configuredContext !== void 0)
      return this.configuredContext;
    const needed = estimatePromptTokens(request) + (request.maxTokens ?? 0);
    if (needed <= OLLAMA_SMALLEST_DEFAULT_CTX)
      return void 0;
    const want = Math.ceil(needed / OLLAMA_SMALLEST_DEFAULT_CTX) * OLLAMA_SMALLEST_DEFAULT_CTX;
    const trained = await this.contextSize(signal);
    return trained === void 0 ? want : Math.min(want, trained);
  }
  async showContextLength(signal) {
    const deadline = startDeadline(`Ollama at ${this.host}`, CHECK_TIMEOUT_MS, signal);
    try {
      const info = await clientFor(this.host, deadline.signal).show({ model: this.model });
      const raw = info.model_info;
      const entries = raw instanceof Map ? [...raw.entries()] : typeof raw === "object" && raw !== null ? Object.entries(raw) : [];
      const hit = entries.find(([k, v]) => k.endsWith(".context_length") && typeof v === "number");
      return hit === void 0 ? void 0 : hit[1];
    } catch {
      return void 0;
    } finally {
      deadline.clear();
    }
  }
  async complete(request) {
    const started = Date.now();
    const timeoutMs = request.timeoutMs ?? this.defaultTimeoutMs;
    const deadline = startDeadline(`Ollama (${this.model} at ${this.host})`, timeoutMs, request.signal);
    try {
      deadline.throwIfAborted();
      const messages = [];
      if (request.system !== void 0)
        messages.push({ role: "system", content: request.system });
      for (const m of request.messages)
        messages.push({ role: m.role, content: m.content });
      const chat = {
        model: this.model,
        messages,
        stream: false,
        options: {
          ...request.maxTokens !== void 0 ? { num_predict: request.maxTokens } : {},
          ...request.temperature !== void 0 ? { temperature: request.temperature } : {}
        }
      };
      const numCtx = await this.windowFor(request, deadline.signal);
      if (numCtx !== void 0)
        chat.options = { ...chat.options, num_ctx: numCtx };
      if (request.jsonSchema !== void 0)
        chat.format = request.jsonSchema;
      const response = await clientFor(this.host, deadline.signal).chat(chat);
      return {
        text: response.message?.content ?? "",
        model: response.model || this.model,
        finishReason: response.done_reason === "length" ? "length" : "stop",
        promptTokens: response.prompt_eval_count,
        completionTokens: response.eval_count,
        durationMs: Date.now() - started
      };
    } catch (err) {
      throw toOllamaError(err, this.host, this.model, deadline);
    } finally {
      deadline.clear();
    }
  }
  async check() {
    const deadline = startDeadline(`Ollama at ${this.host}`, CHECK_TIMEOUT_MS, void 0);
    try {
      const { models } = await clientFor(this.host, deadline.signal).list();
      const pulled = models.some((m) => sameModel(m.name, this.model) || sameModel(m.model, this.model));
      return pulled ? { ok: true, detail: `Ollama at ${this.host} has model "${this.model}"` } : {
        ok: false,
        detail: `Ollama is running at ${this.host} but model "${this.model}" is not pulled (${models.length} other model(s)): run \`ollama pull ${this.model}\``
      };
    } catch (err) {
      if (deadline.why() === "timeout") {
        return { ok: false, detail: `Ollama at ${this.host} did not answer within ${CHECK_TIMEOUT_MS} ms` };
      }
      return { ok: false, detail: toOllamaError(err, this.host, this.model, deadline).message };
    } finally {
      deadline.clear();
    }
  }
  async close() {
  }
};
function sameModel(listed, wanted) {
  if (!listed)
    return false;
  const norm = (s) => s.includes(":") ? s : `${s}:latest`;
  return norm(listed) === norm(wanted);
}

// dist/llm/scripted.js
var ScriptedProvider = class {
  name = "scripted";
  model;
  /** Every request received, in order, including ones whose reply was an error. */
  calls = [];
  replies;
  window;
  constructor(replies = [], options = {}) {
    this.replies = [...replies];
    this.model = options.model ?? "scripted";
    this.window = options.contextSize;
  }
  async contextSize() {
    return this.window;
  }
  /** Appends more turns, for tests that script as they go. */
  push(...replies) {
    this.replies.push(...replies);
    return this;
  }
  /** Replies not yet consumed; tests assert 0 to prove every scripted turn was used. */
  get remaining() {
    return this.replies.length;
  }
  async complete(request) {
    this.calls.push(request);
    if (request.signal?.aborted)
      throw new LLMError("cancelled", "scripted completion was cancelled");
    const next = this.replies.shift();
    if (next === void 0) {
      throw new Error(`ScriptedProvider ran out of replies: call #${this.calls.length} has no scripted reply (last user message: ${JSON.stringify(lastUserText(request).slice(0, 120))})`);
    }
    if (next instanceof Error)
      throw next;
    const produced = typeof next === "function" ? await next(request) : next;
    const partial = typeof produced === "string" ? { text: produced } : produced;
    return {
      text: partial.text ?? "",
      model: partial.model ?? this.model,
      finishReason: partial.finishReason ?? "stop",
      durationMs: partial.durationMs ?? 0,
      ...partial.promptTokens !== void 0 ? { promptTokens: partial.promptTokens } : {},
      ...partial.completionTokens !== void 0 ? { completionTokens: partial.completionTokens } : {}
    };
  }
  async check() {
    return { ok: true, detail: `scripted provider with ${this.replies.length} reply(ies) left` };
  }
  async close() {
  }
};
function lastUserText(request) {
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const m = request.messages[i];
    if (m?.role === "user")
      return m.content;
  }
  return "";
}

// dist/llm/factory.js
function parseLLMConfig(config) {
  const parsed = LLMConfigSchema.safeParse(config ?? {});
  if (!parsed.success) {
    throw new LLMError("bad-config", `invalid llm config:
${external_exports.prettifyError(parsed.error)}`, { cause: parsed.error });
  }
  return parsed.data;
}
function createLLMProvider(config, deps = {}) {
  const c = parseLLMConfig(config);
  switch (c.provider) {
    case "ollama":
      return new OllamaProvider({ model: c.model, host: c.host, defaultTimeoutMs: c.timeoutMs, contextSize: c.contextSize });
    case "llama-cpp":
      return new LlamaCppProvider({
        modelPath: c.model,
        threads: c.threads,
        contextSize: c.contextSize,
        defaultTimeoutMs: c.timeoutMs
      });
    case "scripted":
      return new ScriptedProvider(deps.scriptedReplies ?? [], { model: c.model });
  }
}
function requireCompleteReply(result, limitKey) {
  if (result.text.trim() === "") {
    throw new LLMError("empty-reply", `model ${result.model} returned an empty reply: try again, or use a larger model`);
  }
  if (result.finishReason === "length") {
    throw new LLMError("truncated", `model ${result.model} stopped at the token limit (${result.completionTokens ?? "?"} tokens) before finishing: ${limitKey ? `raise ${limitKey} in agent.config.json` : "the reply limit is too small for this model's answer"}`);
  }
  return result;
}

export {
  ensureContextFits,
  parseLLMConfig,
  createLLMProvider,
  requireCompleteReply
};
//# sourceMappingURL=chunk-Q7MNPCDJ.js.map

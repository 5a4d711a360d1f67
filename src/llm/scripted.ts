import {
  LLMError,
  type CompletionRequest,
  type CompletionResult,
  type LLMProvider,
} from "./types.js";

/**
 * One scripted turn: a fixed reply, a reply computed from the request (to echo or branch on
 * the prompt), an Error to throw (to drive failure paths), or a full result (to fake
 * finishReason "length").
 */
export type ScriptedReply =
  | string
  | Error
  | Partial<CompletionResult>
  | ((request: CompletionRequest) => string | Partial<CompletionResult> | Promise<string | Partial<CompletionResult>>);

export interface ScriptedProviderOptions {
  model?: string;
  /** The context window to report (tests of the too-small-window refusal); unknown without. */
  contextSize?: number;
}

/** A deterministic provider for tests: answers from a script, in order, and records every request. */
export class ScriptedProvider implements LLMProvider {
  readonly name = "scripted";
  readonly model: string;
  /** Every request received, in order, including ones whose reply was an error. */
  readonly calls: CompletionRequest[] = [];
  private readonly replies: ScriptedReply[];
  private readonly window: number | undefined;

  constructor(replies: ScriptedReply[] = [], options: ScriptedProviderOptions = {}) {
    this.replies = [...replies];
    this.model = options.model ?? "scripted";
    this.window = options.contextSize;
  }

  async contextSize(): Promise<number | undefined> {
    return this.window;
  }

  /** Appends more turns, for tests that script as they go. */
  push(...replies: ScriptedReply[]): this {
    this.replies.push(...replies);
    return this;
  }

  /** Replies not yet consumed; tests assert 0 to prove every scripted turn was used. */
  get remaining(): number {
    return this.replies.length;
  }

  async complete(request: CompletionRequest): Promise<CompletionResult> {
    this.calls.push(request);
    if (request.signal?.aborted) throw new LLMError("cancelled", "scripted completion was cancelled");
    const next = this.replies.shift();
    if (next === undefined) {
      throw new Error(
        `ScriptedProvider ran out of replies: call #${this.calls.length} has no scripted reply ` +
          `(last user message: ${JSON.stringify(lastUserText(request).slice(0, 120))})`,
      );
    }
    if (next instanceof Error) throw next;
    const produced = typeof next === "function" ? await next(request) : next;
    const partial = typeof produced === "string" ? { text: produced } : produced;
    return {
      text: partial.text ?? "",
      model: partial.model ?? this.model,
      finishReason: partial.finishReason ?? "stop",
      durationMs: partial.durationMs ?? 0,
      ...(partial.promptTokens !== undefined ? { promptTokens: partial.promptTokens } : {}),
      ...(partial.completionTokens !== undefined ? { completionTokens: partial.completionTokens } : {}),
    };
  }

  async check(): Promise<{ ok: boolean; detail: string }> {
    return { ok: true, detail: `scripted provider with ${this.replies.length} reply(ies) left` };
  }

  async close(): Promise<void> {}
}

function lastUserText(request: CompletionRequest): string {
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const m = request.messages[i];
    if (m?.role === "user") return m.content;
  }
  return "";
}

import { messageOf } from "./errors.js";
import type { Llama, LlamaLib, LlamaModel } from "./llama-types.js";
import { loadRuntime, RuntimeMissingError } from "./runtimes.js";

/**
 * node-llama-cpp started the one way the engine uses it (the LLM, a GGUF embedder, a GGUF
 * reranker): CPU only, prebuilt binaries only, quiet. `setting` names the configuration key that
 * asked for a GGUF model, for the error when the runtime is not installed; `fail` turns a
 * start-up failure into the caller's own error type.
 */
export async function startLlama(setting: string, fail: (message: string, cause: unknown) => Error): Promise<{ lib: LlamaLib; llama: Llama }> {
  try {
    const lib = await loadRuntime<LlamaLib>("gguf", setting);
    // build "never": compiling llama.cpp from source would take minutes and needs the
    // network; prebuilt binaries ship with the npm package.
    const llama = await lib.getLlama({ gpu: false, build: "never", logLevel: lib.LlamaLogLevel.error });
    return { lib, llama };
  } catch (err) {
    if (err instanceof RuntimeMissingError) throw fail(err.message, err);
    throw fail(`node-llama-cpp could not start (${messageOf(err)}): reinstall it with \`agent runtime add gguf\``, err);
  }
}

/**
 * A GGUF model with one context, used one call at a time (a context here holds one
 * sequence). A call that fails or is cancelled does not block the next; `close` waits for
 * the running one.
 */
export class SerialModel<C extends { dispose(): Promise<void> }> {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly llama: Llama,
    readonly model: LlamaModel,
    private readonly ctx: C,
  ) {}

  /**
   * Starts node-llama-cpp, loads `file` and makes its context with `makeContext` (which may
   * refuse the model by throwing); on any failure, frees what was made and throws `fail`'s
   * error, or the error `makeContext` threw when it is already of the caller's type.
   */
  static async open<C extends { dispose(): Promise<void> }>(
    file: string,
    setting: string,
    makeContext: (model: LlamaModel) => Promise<C>,
    fail: (message: string, cause: unknown) => Error,
    isOwnError: (e: unknown) => boolean,
  ): Promise<SerialModel<C>> {
    const { llama } = await startLlama(setting, fail);
    let model: LlamaModel | undefined;
    try {
      model = await llama.loadModel({ modelPath: file });
      return new SerialModel(llama, model, await makeContext(model));
    } catch (err) {
      await model?.dispose().catch(() => undefined);
      await llama.dispose().catch(() => undefined);
      if (isOwnError(err)) throw err;
      throw fail(`could not load ${file}: ${messageOf(err)}`, err);
    }
  }

  run<T>(work: (ctx: C) => Promise<T>): Promise<T> {
    const run = this.queue.then(() => work(this.ctx));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    await this.queue;
    await this.ctx.dispose().catch(() => undefined);
    await this.model.dispose().catch(() => undefined);
    await this.llama.dispose().catch(() => undefined);
  }
}

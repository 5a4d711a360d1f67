import type { Command } from "commander";
import { printJson, standard, withCancel, withEngine, withProviderOptions, type ProviderOpts, type WorkspaceOpts } from "../common.js";
import { progressBar } from "../progress.js";

export function register(program: Command): void {
  const models = standard(withProviderOptions(program.command("models").description("which LLM, embedder and reranker are configured, and whether they work (exit 1 when the LLM is not reachable)"))).action(
    async (opts: WorkspaceOpts & ProviderOpts) => {
      const r = await withEngine(opts, async (engine) => (await engine.admin()).models());
      if (opts.json) printJson(r);
      else {
        const e = r.embedder;
        process.stdout.write(
          [
            `llm:      ${r.llm.provider} ${r.llm.model} — ${r.llm.reachable ? "reachable" : "NOT reachable"}: ${r.llm.detail}`,
            `embedder: ${e.provider ? `${e.provider} (${e.modelId}, ${e.dimension}-d) — ${e.working ? "working" : "NOT working"}: ${e.detail}` : "none — keyword-only search"}`,
            `          in use: ${e.reason}`,
            ...(e.better ? [`          better: ${e.better}`] : []),
            ...(e.warning ? [`          note: ${e.warning}`] : []),
            `          hybrid vector weight: ${e.vectorWeight}`,
            ...(r.reranker
              ? [
                  `reranker: cross-encoder ${r.reranker.model} — ${r.reranker.loads ? "working" : "NOT working"}: ${r.reranker.detail}${r.reranker.enabled ? "" : " (used with --rerank)"}`,
                  ...(r.reranker.fix ? [`          fix: ${r.reranker.fix}`] : []),
                ]
              : []),
          ].join("\n") + "\n",
        );
      }
      if (!r.llm.reachable) process.exitCode = 1;
    },
  );
  models
    .command("pull")
    .description("download a model into the local models folder (the one step that needs network): a transformers.js model id (an embedder, or a cross-encoder reranker), or one GGUF file as org/repo/file.gguf")
    .argument("[model]", "Hugging Face model id (Xenova/bge-small-en-v1.5), or a GGUF file (ggml-org/Qwen3-Reranker-0.6B-Q8_0-GGUF/qwen3-reranker-0.6b-q8_0.gguf)", "Xenova/bge-small-en-v1.5")
    .option("--dir <dir>", "models folder (default: $AGENT_MODELS_DIR or ~/.cache/agent/models)")
    .action(async (model: string, o: { dir?: string }) => {
      const { defaultModelsDir } = await import("../../embed/transformers.js");
      const dir = o.dir ?? defaultModelsDir();
      const { parseGgufSpec, pullGgufFile } = await import("../../embed/pull-gguf.js");
      if (parseGgufSpec(model)) {
        const bar = progressBar(true, "MB");
        const mb = (n: number) => Math.round(n / 1e5) / 10;
        const res = await withCancel((signal) => pullGgufFile(model, dir, { signal, onProgress: (done, total) => bar.update(mb(done), total === null ? mb(done) : mb(total)) }));
        bar.stop();
        process.stdout.write(`pulled ${model} into ${res.file} (${mb(res.bytes)} MB)\n${useHint(model, res.file)}\n`);
        return;
      }
      const { pullTransformersModel } = await import("../../embed/transformers.js");
      const res = await pullTransformersModel(model, dir);
      process.stdout.write(`pulled ${model} into ${res.dir}\n${useHint(model, null)}\n`);
    });
}

/** Where the pulled model goes in agent.config.json: a reranker in search.rerank, anything else in embed. */
function useHint(model: string, file: string | null): string {
  const reranker = /rerank|ms-marco|cross-encoder/i.test(model);
  if (file !== null) {
    return reranker
      ? `set "search": {"rerank": {"provider": "cross-encoder", "crossEncoder": {"modelPath": ${JSON.stringify(file)}}}} in agent.config.json`
      : `set "embed": {"modelPath": ${JSON.stringify(file)}} in agent.config.json`;
  }
  return reranker
    ? `set "search": {"rerank": {"provider": "cross-encoder", "crossEncoder": {"model": "${model}"}}} in agent.config.json`
    : `set "embed": {"provider": "transformers", "model": "${model}"} in agent.config.json, or leave "auto"`;
}

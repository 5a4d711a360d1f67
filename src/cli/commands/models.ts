import type { Command } from "commander";
import { printJson, standard, withEngine, withProviderOptions, type ProviderOpts, type WorkspaceOpts } from "../common.js";

export function register(program: Command): void {
  const models = standard(withProviderOptions(program.command("models").description("which LLM and embedder are configured, and whether they work (exit 1 when the LLM is not reachable)"))).action(
    async (opts: WorkspaceOpts & ProviderOpts) => {
      const r = await withEngine(opts, (engine) => engine.models());
      if (opts.json) printJson(r);
      else {
        const e = r.embedder;
        process.stdout.write(
          [
            `llm:      ${r.llm.provider} ${r.llm.model} — ${r.llm.reachable ? "reachable" : "NOT reachable"}: ${r.llm.detail}`,
            `embedder: ${e.provider ? `${e.provider} (${e.modelId}, ${e.dimension}-d) — ${e.working ? "working" : "NOT working"}: ${e.detail}` : "none — keyword-only search"}`,
            `          why: ${e.reason}`,
            ...(e.warning ? [`          note: ${e.warning}`] : []),
            `          hybrid vector weight: ${e.vectorWeight}`,
          ].join("\n") + "\n",
        );
      }
      if (!r.llm.reachable) process.exitCode = 1;
    },
  );
  models
    .command("pull")
    .description("download a transformers.js model (an embedder, or a cross-encoder reranker) into the local models folder (the one step that needs network)")
    .argument("[model]", "Hugging Face model id", "Xenova/bge-small-en-v1.5")
    .option("--dir <dir>", "models folder (default: $AGENT_MODELS_DIR or ~/.cache/agent/models)")
    .action(async (model: string, o: { dir?: string }) => {
      const { pullTransformersModel, defaultModelsDir } = await import("../../embed/transformers.js");
      const res = await pullTransformersModel(model, o.dir ?? defaultModelsDir());
      process.stdout.write(`pulled ${model} into ${res.dir}\nset "embed": {"provider": "transformers", "model": "${model}"} in agent.config.json, or leave "auto"\n`);
    });
}

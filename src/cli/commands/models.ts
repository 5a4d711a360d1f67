import type { Command } from "commander";
import { modelsReport, pullEmbeddingModel } from "../../models-report.js";
import { printJson, withJsonOption, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";
import { withProviderOptions, type ProviderOpts } from "../provider.js";

export function registerModels(program: Command): void {
  const models = withJsonOption(
    withWorkspaceOption(withProviderOptions(program.command("models").description("which LLM and embedder are configured, and whether they work"))),
  ).action(async (opts: WorkspaceOpts & ProviderOpts) => {
    const overrides = { ...(opts.provider ? { provider: opts.provider } : {}), ...(opts.model ? { model: opts.model } : {}) };
    const r = await modelsReport(workspaceFrom(opts), overrides);
    if (opts.json) return printJson(r);
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
  });
  models
    .command("pull")
    .description("download a transformers.js embedding model into the local models folder (the one step that needs network)")
    .argument("[model]", "Hugging Face model id", "Xenova/bge-small-en-v1.5")
    .option("--dir <dir>", "models folder (default: $AGENT_MODELS_DIR or ~/.cache/agent/models)")
    .action(async (model: string, o: { dir?: string }) => {
      const res = await pullEmbeddingModel(model, o.dir);
      process.stdout.write(`pulled ${model} into ${res.dir}\nset "embed": {"provider": "transformers", "model": "${model}"} in agent.config.json, or leave "auto"\n`);
    });
}

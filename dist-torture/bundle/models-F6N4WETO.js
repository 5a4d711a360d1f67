import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  printJson,
  standard,
  withEngine,
  withProviderOptions
} from "./chunk-EENKQGIA.js";
import "./chunk-2CVVGZF3.js";
import "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/models.js
function register(program) {
  const models = standard(withProviderOptions(program.command("models").description("which LLM and embedder are configured, and whether they work (exit 1 when the LLM is not reachable)"))).action(async (opts) => {
    const r = await withEngine(opts, (engine) => engine.models());
    if (opts.json)
      printJson(r);
    else {
      const e = r.embedder;
      process.stdout.write([
        `llm:      ${r.llm.provider} ${r.llm.model} \u2014 ${r.llm.reachable ? "reachable" : "NOT reachable"}: ${r.llm.detail}`,
        `embedder: ${e.provider ? `${e.provider} (${e.modelId}, ${e.dimension}-d) \u2014 ${e.working ? "working" : "NOT working"}: ${e.detail}` : "none \u2014 keyword-only search"}`,
        `          why: ${e.reason}`,
        ...e.warning ? [`          note: ${e.warning}`] : [],
        `          hybrid vector weight: ${e.vectorWeight}`
      ].join("\n") + "\n");
    }
    if (!r.llm.reachable)
      process.exitCode = 1;
  });
  models.command("pull").description("download a transformers.js embedding model into the local models folder (the one step that needs network)").argument("[model]", "Hugging Face model id", "Xenova/bge-small-en-v1.5").option("--dir <dir>", "models folder (default: $AGENT_MODELS_DIR or ~/.cache/agent/models)").action(async (model, o) => {
    const { pullTransformersModel, defaultModelsDir } = await import("./transformers-RYA4NN2G.js");
    const res = await pullTransformersModel(model, o.dir ?? defaultModelsDir());
    process.stdout.write(`pulled ${model} into ${res.dir}
set "embed": {"provider": "transformers", "model": "${model}"} in agent.config.json, or leave "auto"
`);
  });
}
export {
  register
};
//# sourceMappingURL=models-F6N4WETO.js.map

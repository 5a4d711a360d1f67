import { selectEmbedder, EmbedConfigSchema } from "./embed/select.js";
import { pullTransformersModel, DEFAULT_TRANSFORMERS_MODEL, defaultModelsDir } from "./embed/transformers.js";
import { createLLMProvider, LLMConfigSchema } from "./llm/index.js";
import { vectorWeightFor, SearchConfigSchema } from "./search/config.js";
import { configSection, loadConfig } from "./workspace/config.js";
/**
 * What `agent models` shows: the configured LLM and whether it answers, and the embedder
 * the config selects, why, and whether it really embeds. Never throws for an unreachable
 * model; it reports it.
 */
export async function modelsReport(workspace, overrides = {}) {
    const cfg = loadConfig(workspace);
    const llmCfg = { ...configSection(cfg, "llm", LLMConfigSchema), ...overrides };
    const provider = createLLMProvider(llmCfg);
    let check;
    try {
        check = await provider.check();
    }
    finally {
        await provider.close();
    }
    const search = configSection(cfg, "search", SearchConfigSchema);
    const embedCfg = configSection(cfg, "embed", EmbedConfigSchema);
    let embedder;
    try {
        const sel = await selectEmbedder(embedCfg, { baseDir: workspace });
        const e = sel.embedder;
        let working = false;
        let detail = "keyword-only search";
        if (e) {
            try {
                await e.init?.();
                const [v] = await e.embed(["hello"]);
                working = v !== undefined && v.length > 0;
                detail = working ? `embeds ${v.length}-d vectors` : "returned no vector";
            }
            catch (err) {
                detail = err.message;
            }
            finally {
                await e.close();
            }
        }
        embedder = {
            provider: e?.provider ?? null,
            modelId: e?.modelId ?? null,
            dimension: e ? e.dimension : null,
            reason: sel.reason,
            working,
            detail,
            vectorWeight: vectorWeightFor(search, e?.provider ?? null),
        };
        if (sel.warning)
            embedder.warning = sel.warning;
    }
    catch (err) {
        embedder = { provider: embedCfg.provider, modelId: null, dimension: null, reason: err.message, working: false, detail: err.message, vectorWeight: 0 };
    }
    return { llm: { provider: provider.name, model: provider.model, reachable: check.ok, detail: check.detail }, embedder };
}
/** `agent models pull`: fetch a transformers.js model into the local models folder (needs network). */
export async function pullEmbeddingModel(model = DEFAULT_TRANSFORMERS_MODEL, dir = defaultModelsDir()) {
    return pullTransformersModel(model, dir);
}
//# sourceMappingURL=models-report.js.map
import { selectEmbedder, EmbedConfigSchema } from "./embed/select.js";
import { pullTransformersModel, DEFAULT_TRANSFORMERS_MODEL, defaultModelsDir } from "./embed/transformers.js";
import { createLLMProvider, LLMConfigSchema, type LLMConfigInput } from "./llm/index.js";
import { vectorWeightFor, SearchConfigSchema } from "./search/config.js";
import { configSection, loadConfig } from "./workspace/config.js";

export interface ModelsReport {
  llm: { provider: string; model: string; reachable: boolean; detail: string };
  embedder: {
    provider: string | null;
    modelId: string | null;
    dimension: number | null;
    reason: string;
    warning?: string;
    /** Loaded and produced a vector just now. */
    working: boolean;
    detail: string;
    /** Share of the vector list in hybrid search for this model. */
    vectorWeight: number;
  };
}

/**
 * What `agent models` shows: the configured LLM and whether it answers, and the embedder
 * the config selects, why, and whether it really embeds. Never throws for an unreachable
 * model; it reports it.
 */
export async function modelsReport(workspace: string, overrides: Partial<LLMConfigInput> = {}): Promise<ModelsReport> {
  const cfg = loadConfig(workspace);
  const llmCfg: LLMConfigInput = { ...configSection(cfg, "llm", LLMConfigSchema), ...overrides };
  const provider = createLLMProvider(llmCfg);
  let check: { ok: boolean; detail: string };
  try {
    check = await provider.check();
  } finally {
    await provider.close();
  }
  const search = configSection(cfg, "search", SearchConfigSchema);
  const embedCfg = configSection(cfg, "embed", EmbedConfigSchema);
  let embedder: ModelsReport["embedder"];
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
        detail = working ? `embeds ${v!.length}-d vectors` : "returned no vector";
      } catch (err) {
        detail = (err as Error).message;
      } finally {
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
    if (sel.warning) embedder.warning = sel.warning;
  } catch (err) {
    embedder = { provider: embedCfg.provider, modelId: null, dimension: null, reason: (err as Error).message, working: false, detail: (err as Error).message, vectorWeight: 0 };
  }
  return { llm: { provider: provider.name, model: provider.model, reachable: check.ok, detail: check.detail }, embedder };
}

/** `agent models pull`: fetch a transformers.js model into the local models folder (needs network). */
export async function pullEmbeddingModel(model = DEFAULT_TRANSFORMERS_MODEL, dir = defaultModelsDir()): Promise<{ dir: string }> {
  return pullTransformersModel(model, dir);
}

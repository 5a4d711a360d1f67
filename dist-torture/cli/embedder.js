import { EmbedConfigSchema, selectEmbedder } from "../embed/select.js";
import { configSection, loadConfig } from "../workspace/config.js";
/**
 * The workspace's configured embedder, loaded on first use only (loading a model costs a
 * second or more, and most runs never need it), for jobs that take a lazy embedder
 * (reflection's memory formation). `close()` frees it if it was loaded.
 */
export function lazyEmbedder(workspace) {
    let selected;
    return {
        get: () => {
            selected ??= selectEmbedder(configSection(loadConfig(workspace), "embed", EmbedConfigSchema), { baseDir: workspace }).then((s) => s.embedder);
            return selected;
        },
        close: async () => {
            const e = await selected?.catch(() => null);
            await e?.close();
        },
    };
}
//# sourceMappingURL=embedder.js.map
/**
 * The configured provider, created on first call: its name and model are known from the
 * config, so commands that never call the model (a search, `agent jobs`) load neither the
 * Ollama client nor node-llama-cpp.
 */
export class LazyProvider {
    config;
    name;
    model;
    inner = null;
    constructor(config) {
        this.config = config;
        this.name = config.provider;
        this.model = config.model;
    }
    get() {
        this.inner ??= import("../llm/factory.js").then((m) => m.createLLMProvider(this.config));
        return this.inner;
    }
    async complete(request) {
        return (await this.get()).complete(request);
    }
    async check() {
        return (await this.get()).check();
    }
    /** Forwarded so callers can refuse a prompt that cannot fit before the call. */
    async contextSize(signal) {
        const inner = await this.get();
        return inner.contextSize ? inner.contextSize(signal) : undefined;
    }
    async close() {
        if (this.inner === null)
            return;
        const p = await this.inner.catch(() => null);
        this.inner = null;
        await p?.close();
    }
}
//# sourceMappingURL=lazy-llm.js.map
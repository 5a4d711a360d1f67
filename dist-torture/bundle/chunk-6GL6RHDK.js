import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);

// dist/search/weights.js
var DEFAULT_VECTOR_WEIGHTS = {
  "use-lite": 0.2,
  transformers: 0.5,
  ollama: 0.5
};
function vectorWeightFor(config, provider) {
  if (config.fusion.vectorWeight !== void 0)
    return config.fusion.vectorWeight;
  return provider ? DEFAULT_VECTOR_WEIGHTS[provider] ?? 0.3 : 0;
}

export {
  vectorWeightFor
};
//# sourceMappingURL=chunk-6GL6RHDK.js.map

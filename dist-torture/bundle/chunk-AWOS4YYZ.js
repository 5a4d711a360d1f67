import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);

// dist/embed/types.js
function isAbortError(e) {
  return e instanceof Error && e.name === "AbortError";
}
var EmbedError = class extends Error {
  code;
  constructor(code, message, options) {
    super(message, options);
    this.name = "EmbedError";
    this.code = code;
  }
};

export {
  isAbortError,
  EmbedError
};
//# sourceMappingURL=chunk-AWOS4YYZ.js.map

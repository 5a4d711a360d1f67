import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
//# sourceMappingURL=chunk-N6XKOJYF.js.map

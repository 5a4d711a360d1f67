import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  createLLMProvider,
  parseLLMConfig,
  requireCompleteReply
} from "./chunk-Q7MNPCDJ.js";
import "./chunk-YGG5RE66.js";
import {
  LLMConfigSchema
} from "./chunk-QD2MJU4L.js";
import "./chunk-L3UHGH52.js";
import "./chunk-EIUDDPL2.js";
import "./chunk-QVKI7VQX.js";
export {
  LLMConfigSchema,
  createLLMProvider,
  parseLLMConfig,
  requireCompleteReply
};
//# sourceMappingURL=factory-NPKOEU7K.js.map

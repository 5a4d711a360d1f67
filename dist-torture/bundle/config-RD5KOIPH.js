import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  EmbedConfigSchema,
  parseEmbedConfig
} from "./chunk-IWEEPCH3.js";
import "./chunk-L3UHGH52.js";
import "./chunk-EIUDDPL2.js";
import "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";
export {
  EmbedConfigSchema,
  parseEmbedConfig
};
//# sourceMappingURL=config-RD5KOIPH.js.map

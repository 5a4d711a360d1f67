import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  DEFAULT_TRANSFORMERS_MODEL,
  TransformersEmbedder,
  defaultModelsDir,
  defaultPooling,
  locateTransformersModel,
  pullTransformersModel
} from "./chunk-7XFRVPK5.js";
import "./chunk-J6WFMVPR.js";
import "./chunk-AKCMT4GJ.js";
import "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";
export {
  DEFAULT_TRANSFORMERS_MODEL,
  TransformersEmbedder,
  defaultModelsDir,
  defaultPooling,
  locateTransformersModel,
  pullTransformersModel
};
//# sourceMappingURL=transformers-RYA4NN2G.js.map

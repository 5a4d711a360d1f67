import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  Engine
} from "./chunk-VEPDMEQG.js";
import "./chunk-RVKSXO2E.js";
import "./chunk-DCOOZYPX.js";
import "./chunk-SOHIBQDK.js";
import "./chunk-P4TWOYVN.js";
import "./chunk-LTX5SA6R.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-6GL6RHDK.js";
import "./chunk-ALMWBFSW.js";
import "./chunk-UXHALSJY.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import "./chunk-MSVBQ5DD.js";
import "./chunk-IH6GUBBK.js";
import "./chunk-JKQF62IV.js";
import "./chunk-U66UVQVN.js";
import "./chunk-AKCMT4GJ.js";
import "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";
export {
  Engine
};
//# sourceMappingURL=engine-FXCWWIQ3.js.map

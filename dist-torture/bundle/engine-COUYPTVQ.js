import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  Engine
} from "./chunk-NEFOXC6C.js";
import "./chunk-RVKSXO2E.js";
import "./chunk-DCOOZYPX.js";
import "./chunk-SOHIBQDK.js";
import "./chunk-P4TWOYVN.js";
import "./chunk-DR4CY23X.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-6GL6RHDK.js";
import "./chunk-KTF75GG7.js";
import "./chunk-BIEK2YMH.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import "./chunk-MSVBQ5DD.js";
import "./chunk-26TQMT57.js";
import "./chunk-JKQF62IV.js";
import "./chunk-U66UVQVN.js";
import "./chunk-AKCMT4GJ.js";
import "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";
export {
  Engine
};
//# sourceMappingURL=engine-COUYPTVQ.js.map

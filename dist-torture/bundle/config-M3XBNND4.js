import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  CONFIG_SECTIONS,
  SECTION_NAMES,
  configEntries,
  loadAgentConfig,
  validateAgentConfig,
  withoutNulls
} from "./chunk-OUS7ZWNF.js";
import "./chunk-QAMZSPMF.js";
import "./chunk-EYPOEGPV.js";
import "./chunk-C7GQ5C77.js";
import "./chunk-PUIWUURG.js";
import "./chunk-UWHEQYUJ.js";
import "./chunk-IH6GUBBK.js";
import "./chunk-JKQF62IV.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QD2MJU4L.js";
import "./chunk-IWEEPCH3.js";
import "./chunk-L3UHGH52.js";
import "./chunk-EIUDDPL2.js";
import "./chunk-AKCMT4GJ.js";
import "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";
export {
  CONFIG_SECTIONS,
  SECTION_NAMES,
  configEntries,
  loadAgentConfig,
  validateAgentConfig,
  withoutNulls
};
//# sourceMappingURL=config-M3XBNND4.js.map

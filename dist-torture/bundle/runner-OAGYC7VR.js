import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  JobService,
  ScheduleLoop
} from "./chunk-VS47U3ON.js";
import "./chunk-SYRWSFJK.js";
import "./chunk-3FNR63DB.js";
import "./chunk-JY63XUVN.js";
import "./chunk-2YPZIKJZ.js";
import "./chunk-2RZH2ITT.js";
import "./chunk-7TYOPXQS.js";
import "./chunk-D3YNOGQB.js";
import "./chunk-QHBY2DEB.js";
import "./chunk-P4TWOYVN.js";
import "./chunk-LTX5SA6R.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-ALMWBFSW.js";
import "./chunk-UXHALSJY.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import "./chunk-MSVBQ5DD.js";
import "./chunk-Q7MNPCDJ.js";
import "./chunk-YGG5RE66.js";
import "./chunk-EYPOEGPV.js";
import "./chunk-C7GQ5C77.js";
import "./chunk-PUIWUURG.js";
import "./chunk-UWHEQYUJ.js";
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
  JobService,
  ScheduleLoop
};
//# sourceMappingURL=runner-OAGYC7VR.js.map

import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  describeSnapshot,
  narrativeOption,
  register
} from "./chunk-BIYJCDYN.js";
import "./chunk-N6XKOJYF.js";
import "./chunk-Q76DCBMD.js";
import "./chunk-2CRP3EC2.js";
import "./chunk-YP2RJKEX.js";
import "./chunk-AQGGMB4C.js";
import "./chunk-IIAK5MZM.js";
import "./chunk-D3YNOGQB.js";
import "./chunk-QHBY2DEB.js";
import "./chunk-TYLLTPQG.js";
import "./chunk-DR4CY23X.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-KTF75GG7.js";
import "./chunk-BIEK2YMH.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import "./chunk-2CVVGZF3.js";
import "./chunk-2G4CK54T.js";
import "./chunk-MSVBQ5DD.js";
import "./chunk-Q7MNPCDJ.js";
import "./chunk-YGG5RE66.js";
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
  describeSnapshot,
  narrativeOption,
  register
};
//# sourceMappingURL=evolve-MIJEWQIP.js.map

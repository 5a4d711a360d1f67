import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  acceptProposal,
  describeReflectionRun,
  pendingProposal,
  recentRejections,
  rejectProposal,
  saveSoul,
  showReflectionRun,
  soulProposed
} from "./chunk-7TYOPXQS.js";
import "./chunk-D3YNOGQB.js";
import "./chunk-QHBY2DEB.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";
export {
  acceptProposal,
  describeReflectionRun,
  pendingProposal,
  recentRejections,
  rejectProposal,
  saveSoul,
  showReflectionRun,
  soulProposed
};
//# sourceMappingURL=review-DFMP7SU7.js.map

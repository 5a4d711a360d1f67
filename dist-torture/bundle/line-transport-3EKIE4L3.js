import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  LineTransport
} from "./chunk-4UKMVRFV.js";
import "./chunk-AIKM6EGO.js";
import "./chunk-C7XSXXD5.js";
import "./chunk-U66UVQVN.js";
import "./chunk-EIUDDPL2.js";
import "./chunk-QVKI7VQX.js";
export {
  LineTransport
};
//# sourceMappingURL=line-transport-3EKIE4L3.js.map

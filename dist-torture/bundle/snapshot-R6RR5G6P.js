import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  describeSnapshot,
  narrativeOption
} from "./chunk-4U4SUX4L.js";
import "./chunk-N6XKOJYF.js";
import {
  printJson,
  standard,
  warn,
  withEngine,
  withProviderOptions
} from "./chunk-EENKQGIA.js";
import "./chunk-P2BNR6FL.js";
import "./chunk-TEH6NW5Z.js";
import "./chunk-2YPZIKJZ.js";
import "./chunk-2RZH2ITT.js";
import "./chunk-D3YNOGQB.js";
import "./chunk-QHBY2DEB.js";
import "./chunk-TYLLTPQG.js";
import "./chunk-LTX5SA6R.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-ALMWBFSW.js";
import "./chunk-UXHALSJY.js";
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

// dist/cli/commands/snapshot.js
function register(program) {
  standard(withProviderOptions(narrativeOption(program.command("snapshot").description("take a personality snapshot now (traits, narrative, defining memories, drift since the last one); no report")))).action(async (opts) => {
    const r = await withEngine(opts, async (engine) => (await engine.evolution()).snapshot(opts.narrative !== void 0 ? { narrative: opts.narrative } : {}));
    if (opts.json)
      return printJson(r);
    for (const w of r.warnings)
      warn(w);
    process.stdout.write([`snapshot #${r.snapshotId} (${r.week}): ${r.stats.active} active memories`, ...describeSnapshot(r)].join("\n") + "\n");
  });
}
export {
  register
};
//# sourceMappingURL=snapshot-R6RR5G6P.js.map

import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  withEngine,
  withWorkspaceOption
} from "./chunk-EENKQGIA.js";
import {
  stateJson
} from "./chunk-P2BNR6FL.js";
import "./chunk-TYLLTPQG.js";
import "./chunk-LTX5SA6R.js";
import "./chunk-UXHALSJY.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import "./chunk-2CVVGZF3.js";
import "./chunk-2G4CK54T.js";
import "./chunk-MSVBQ5DD.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/export.js
function register(program) {
  withWorkspaceOption(program.command("export").description("print all the engine's own state as JSON (SOUL versions, runs, inbox, memories and archive, snapshots...): `agent export > state.json`; the index is not included (it is rebuilt from the markdown)")).action(async (opts) => {
    const data = await withEngine(opts, async (engine) => (await engine.evolution()).exportState());
    process.stdout.write(stateJson(data));
  });
}
export {
  register
};
//# sourceMappingURL=export-46527Z7L.js.map

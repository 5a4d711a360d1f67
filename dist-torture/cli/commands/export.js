import { stateJson } from "../../jobs/evolve/export.js";
import { withEngine, withWorkspaceOption } from "../common.js";
/** `agent export`: a JSON backup of all the engine's own state (state.db). */
export function register(program) {
    withWorkspaceOption(program
        .command("export")
        .description("print all the engine's own state as JSON (SOUL versions, runs, inbox, memories and archive, snapshots...): `agent export > state.json`; the index is not included (it is rebuilt from the markdown)")).action(async (opts) => {
        const data = await withEngine(opts, async (engine) => (await engine.evolution()).exportState());
        process.stdout.write(stateJson(data));
    });
}
//# sourceMappingURL=export.js.map
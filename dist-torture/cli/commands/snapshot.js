import { printJson, standard, warn, withEngine, withProviderOptions } from "../common.js";
import { describeSnapshot, narrativeOption } from "./evolve.js";
export function register(program) {
    standard(withProviderOptions(narrativeOption(program.command("snapshot").description("take a personality snapshot now (traits, narrative, defining memories, drift since the last one); no report")))).action(async (opts) => {
        const r = await withEngine(opts, async (engine) => (await engine.evolution()).snapshot(opts.narrative !== undefined ? { narrative: opts.narrative } : {}));
        if (opts.json)
            return printJson(r);
        for (const w of r.warnings)
            warn(w);
        process.stdout.write([`snapshot #${r.snapshotId} (${r.week}): ${r.stats.active} active memories`, ...describeSnapshot(r)].join("\n") + "\n");
    });
}
//# sourceMappingURL=snapshot.js.map
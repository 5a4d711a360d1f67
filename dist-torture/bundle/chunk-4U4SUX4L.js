import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  printJson,
  standard,
  warn,
  withCancel,
  withEngine,
  withProviderOptions
} from "./chunk-EENKQGIA.js";
import {
  TRAIT_NAMES,
  TRAIT_TITLES,
  driftLine
} from "./chunk-2YPZIKJZ.js";
import {
  Option
} from "./chunk-2CVVGZF3.js";

// dist/cli/commands/evolve.js
function narrativeOption(cmd) {
  return cmd.addOption(new Option("--narrative <by>", 'who writes the "who you are now" paragraph (default: evolution.narrative, "rules")').choices(["rules", "model"]));
}
function register(program) {
  standard(withProviderOptions(narrativeOption(program.command("evolve").description("the weekly evolution cycle now: archive faded memories, take a personality snapshot, detect drift, write reflections/weekly-YYYY-Www.md and an inbox report")))).action(async (opts) => {
    const { run, value } = await withEngine(opts, (engine) => withCancel((signal) => engine.runJob("evolve", { ...opts.narrative !== void 0 ? { narrative: opts.narrative } : {} }, { signal })));
    if (run.outcome === "error" || value === void 0)
      throw new Error(run.reason ?? "the evolution failed");
    if (opts.json)
      return printJson(value);
    for (const w of value.warnings)
      warn(w);
    const r = value;
    const out = [
      `weekly evolution ${r.week}: ${r.memories.active} active memories (${r.memories.vivid} vivid, ${r.memories.fading} fading), ${r.archived.length} archived now`,
      ...describeSnapshot(r),
      `report: ${r.reportPath}${r.reportReplaced ? " (replaced this week's earlier report)" : ""}; inbox #${r.inboxId}`
    ];
    process.stdout.write(out.join("\n") + "\n");
  });
}
function describeSnapshot(r) {
  const out = ["", "who I am now:", `  ${r.narrative}`, "", "traits:"];
  for (const t of TRAIT_NAMES)
    out.push(`  ${TRAIT_TITLES[t].padEnd(19)} ${r.traits[t].label} (${r.traits[t].score.toFixed(2)})`);
  if (r.defining.length > 0) {
    out.push("", "defining memories:");
    for (const d of r.defining)
      out.push(`  #${d.id} ${d.content}`);
  }
  out.push("", r.hadPrevious ? r.drift.length === 0 ? "drift: none since the last snapshot" : "drift:" : "drift: first snapshot, nothing to compare with");
  for (const d of r.drift) {
    out.push(`  ${driftLine(d)}`);
    for (const e of d.evidence)
      out.push(`    - ${e}`);
  }
  out.push("");
  return out;
}

export {
  narrativeOption,
  register,
  describeSnapshot
};
//# sourceMappingURL=chunk-4U4SUX4L.js.map

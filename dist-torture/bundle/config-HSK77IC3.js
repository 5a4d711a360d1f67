import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  printJson,
  standard,
  withEngine
} from "./chunk-EENKQGIA.js";
import "./chunk-2CVVGZF3.js";
import "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/config.js
function register(program) {
  standard(program.command("config").description("print the effective configuration (defaults merged with agent.config.json) and where each value came from").option("--changed", "only the values agent.config.json sets")).action(async (opts) => {
    const view = await withEngine(opts, (engine) => engine.configView());
    const entries = opts.changed ? view.entries.filter((e) => e.source === "file") : view.entries;
    if (opts.json)
      return printJson({ ...view, entries });
    const width = Math.max(10, ...entries.map((e) => e.key.length));
    const out = [`# ${view.file}${view.exists ? "" : " (does not exist: all defaults)"}`];
    for (const e of entries)
      out.push(`${e.key.padEnd(width)}  ${JSON.stringify(e.value)}${e.source === "file" ? "   (agent.config.json)" : ""}`);
    process.stdout.write(out.join("\n") + "\n");
  });
}
export {
  register
};
//# sourceMappingURL=config-HSK77IC3.js.map

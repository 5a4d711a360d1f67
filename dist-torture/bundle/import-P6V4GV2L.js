import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  printJson,
  standard,
  withEngine
} from "./chunk-EENKQGIA.js";
import "./chunk-2CVVGZF3.js";
import {
  UsageError
} from "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/import.js
import { readFileSync } from "node:fs";
function register(program) {
  standard(program.command("import").description("restore state exported by `agent export` into this workspace (refused if it already has state, unless --force)").argument("<file>", 'the exported JSON ("-" reads stdin)').option("--force", "replace this workspace's state (saved first to .agent/backups/)")).action(async (file, opts) => {
    let text;
    try {
      text = readFileSync(file === "-" ? 0 : file, "utf8");
    } catch (e) {
      throw new UsageError(`cannot read ${file}: ${e.code ?? e.message}`);
    }
    let data;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`${file} is not valid JSON (${e.message})`);
    }
    const { r, workspace } = await withEngine(opts, async (engine) => ({ r: (await engine.evolution()).importState(data, { force: opts.force ?? false }), workspace: engine.workspace }));
    if (opts.json)
      return printJson(r);
    const total = Object.values(r.rows).reduce((a, b) => a + b, 0);
    const tables = Object.entries(r.rows).filter(([, n]) => n > 0).map(([t, n]) => `${t} ${n}`).join(", ");
    const lines = [`imported ${total} row(s) into ${workspace}${tables ? `: ${tables}` : ""}`];
    if (r.backup)
      lines.push(`the previous state (${r.replaced} row(s)) was saved to ${r.backup}`);
    process.stdout.write(lines.join("\n") + "\n");
  });
}
export {
  register
};
//# sourceMappingURL=import-P6V4GV2L.js.map

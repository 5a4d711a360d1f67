import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  printJson,
  withJsonOption
} from "./chunk-EENKQGIA.js";
import {
  initWorkspace
} from "./chunk-QHBY2DEB.js";
import "./chunk-FEQ2CM7F.js";
import "./chunk-2CVVGZF3.js";
import "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/init.js
function register(program) {
  withJsonOption(program.command("init").description("create a workspace from the template, with an agent.config.json that validates; existing files are never overwritten").argument("[dir]", "folder for the workspace", ".")).action((dir, opts) => {
    const res = initWorkspace(dir);
    if (opts.json)
      return printJson(res);
    process.stdout.write(`workspace: ${res.workspace}
`);
    for (const f of res.created)
      process.stdout.write(`  created ${f}
`);
    for (const f of res.kept)
      process.stdout.write(`  kept    ${f} (already there, not touched)
`);
    process.stdout.write(`next: agent index --workspace ${dir}   (settings: agent config --workspace ${dir})
`);
  });
}
export {
  register
};
//# sourceMappingURL=init-MOZFYURY.js.map

import { initWorkspace } from "../../workspace/init.js";
import { printJson, withJsonOption } from "../common.js";
export function register(program) {
    withJsonOption(program
        .command("init")
        .description("create a workspace from the template, with an agent.config.json that validates; existing files are never overwritten")
        .argument("[dir]", "folder for the workspace", ".")).action((dir, opts) => {
        const res = initWorkspace(dir);
        if (opts.json)
            return printJson(res);
        process.stdout.write(`workspace: ${res.workspace}\n`);
        for (const f of res.created)
            process.stdout.write(`  created ${f}\n`);
        for (const f of res.kept)
            process.stdout.write(`  kept    ${f} (already there, not touched)\n`);
        process.stdout.write(`next: agent index --workspace ${dir}   (settings: agent config --workspace ${dir})\n`);
    });
}
//# sourceMappingURL=init.js.map
import type { Command } from "commander";
import { initWorkspace } from "../../workspace/init.js";
import { printJson, withJsonOption } from "../common.js";

export function register(program: Command): void {
  withJsonOption(
    program
      .command("init")
      .description("create a workspace from the template, with an agent.config.json that validates; existing files are never overwritten")
      .argument("[dir]", "folder for the workspace", "."),
  ).action((dir: string, opts: { json?: boolean }) => {
    const res = initWorkspace(dir);
    if (opts.json) return printJson(res);
    process.stdout.write(`workspace: ${res.workspace}\n`);
    for (const f of res.created) process.stdout.write(`  created ${f}\n`);
    for (const f of res.kept) process.stdout.write(`  kept    ${f} (already there, not touched)\n`);
    for (const f of res.ignores) process.stdout.write(`  ignore  ${f}: added the lines for this device's own files (yours are kept)\n`);
    process.stdout.write(`next: agent index --workspace ${dir}   (settings: agent config --workspace ${dir})\n`);
  });
}

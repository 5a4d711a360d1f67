import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { exportState, importState, stateJson } from "../../jobs/evolve/export.js";
import { printJson, withJsonOption, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";

/** `agent export` and `agent import`: a JSON backup of all the engine's own state (state.db). */
export function registerExport(program: Command): void {
  withWorkspaceOption(
    program
      .command("export")
      .description("print all the engine's own state as JSON (SOUL versions, runs, inbox, memories and archive, snapshots...): `agent export > state.json`; the index is not included (it is rebuilt from the markdown)"),
  ).action((opts: WorkspaceOpts) => {
    process.stdout.write(stateJson(exportState(workspaceFrom(opts))));
  });
}

export function registerImport(program: Command): void {
  withJsonOption(
    withWorkspaceOption(
      program
        .command("import")
        .description("restore state exported by `agent export` into this workspace (refused if it already has state, unless --force)")
        .argument("<file>", 'the exported JSON ("-" reads stdin)')
        .option("--force", "replace this workspace's state (saved first to .agent/backups/)"),
    ),
  ).action((file: string, opts: WorkspaceOpts & { force?: boolean }) => {
    const workspace = workspaceFrom(opts);
    let text: string;
    try {
      text = readFileSync(file === "-" ? 0 : file, "utf8");
    } catch (e) {
      throw new Error(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new Error(`${file} is not valid JSON (${(e as Error).message})`);
    }
    const r = importState(workspace, data, { force: opts.force ?? false });
    if (opts.json) return printJson(r);
    const total = Object.values(r.rows).reduce((a, b) => a + b, 0);
    const tables = Object.entries(r.rows)
      .filter(([, n]) => n > 0)
      .map(([t, n]) => `${t} ${n}`)
      .join(", ");
    const lines = [`imported ${total} row(s) into ${workspace}${tables ? `: ${tables}` : ""}`];
    if (r.backup) lines.push(`the previous state (${r.replaced} row(s)) was saved to ${r.backup}`);
    process.stdout.write(lines.join("\n") + "\n");
  });
}

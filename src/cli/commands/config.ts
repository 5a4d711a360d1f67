import type { Command } from "commander";
import { printJson, standard, withEngine, type WorkspaceOpts } from "../common.js";

export function register(program: Command): void {
  standard(
    program
      .command("config")
      .description("print the effective configuration (defaults merged with agent.config.json) and where each value came from")
      .option("--changed", "only the values agent.config.json sets"),
  ).action(async (opts: WorkspaceOpts & { changed?: boolean }) => {
    const view = await withEngine(opts, async (engine) => (await engine.admin()).configView());
    const entries = opts.changed ? view.entries.filter((e) => e.source === "file") : view.entries;
    if (opts.json) return printJson({ ...view, entries });
    const width = Math.max(10, ...entries.map((e) => e.key.length));
    const out = [`# ${view.file}${view.exists ? "" : " (does not exist: all defaults)"}`];
    for (const e of entries) out.push(`${e.key.padEnd(width)}  ${JSON.stringify(e.value)}${e.source === "file" ? "   (agent.config.json)" : ""}`);
    process.stdout.write(out.join("\n") + "\n");
  });
}

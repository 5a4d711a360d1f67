import type { Command } from "commander";
import type { IndexSummary } from "../../index.js";
import { printJson, warn, withEngine, withJsonOption, withWorkspaceOption, type WorkspaceOpts } from "../common.js";
import { progressBar } from "../progress.js";

export function registerIndex(program: Command): void {
  withJsonOption(
    withWorkspaceOption(
      program
        .command("index")
        .description("bring the index up to date with the workspace (incremental)")
        .option("--rebuild", "throw the index away and build it again from the markdown"),
    ),
  ).action(async (opts: WorkspaceOpts & { rebuild?: boolean }) => {
    await withEngine(opts, (engine) => {
      const bar = progressBar(!opts.json);
      const onProgress = (p: { done: number; total: number; path: string }) => bar.update(p.done, p.total, p.path);
      let summary: IndexSummary;
      try {
        summary = opts.rebuild ? engine.rebuild({ onProgress }) : engine.index({ onProgress });
      } finally {
        bar.stop();
      }
      if (opts.json) return printJson(summary);
      printSummary(summary);
    });
  });
}

export function printSummary(s: IndexSummary): void {
  for (const p of s.problems) warn(p.message);
  process.stdout.write(
    `indexed ${s.indexed.length} file(s), ${s.unchanged} unchanged, ${s.removed.length} removed; ` +
      `${s.chunks} chunks in the index (${(s.ms / 1000).toFixed(2)} s)\n`,
  );
}

import type { Command } from "commander";
import { warn, withEngine, withJsonOption, withWorkspaceOption, type WorkspaceOpts } from "../common.js";

export function registerWatch(program: Command): void {
  withJsonOption(
    withWorkspaceOption(
      program
        .command("watch")
        .description("keep the index in step with edits until Ctrl-C")
        .option("--debounce <ms>", "quiet time before indexing a burst of changes", (v) => Number(v), 250),
    ),
  ).action(async (opts: WorkspaceOpts & { debounce: number }) => {
    await withEngine(opts, async (engine) => {
      const first = engine.index();
      log(opts, { event: "ready", indexed: first.indexed.length, chunks: first.chunks }, `watching ${engine.workspace} (${first.chunks} chunks; Ctrl-C to stop)`);
      const watcher = engine.watch({
        debounceMs: opts.debounce,
        onSync: (s) => {
          if (s.indexed.length === 0 && s.removed.length === 0 && s.problems.length === 0) return;
          for (const p of s.problems) warn(p.message);
          const parts = [...s.indexed.map((p) => `reindexed ${p}`), ...s.removed.map((p) => `removed ${p}`)];
          log(opts, { event: "sync", indexed: s.indexed, removed: s.removed, ms: Math.round(s.ms) }, `${new Date().toLocaleTimeString()} ${parts.join(", ")} (${Math.round(s.ms)} ms)`);
        },
        onError: (e) => warn(`watch: ${(e as Error).message ?? String(e)}`),
      });
      await watcher.ready;
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once("SIGINT", stop);
        process.once("SIGTERM", stop);
      });
      await watcher.close();
    });
  });
}

function log(opts: { json?: boolean }, obj: Record<string, unknown>, text: string): void {
  if (opts.json) process.stdout.write(JSON.stringify(obj) + "\n");
  else process.stdout.write(text + "\n");
}


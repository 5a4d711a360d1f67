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
      // Signal handlers first: a SIGTERM right after "ready" must close cleanly, not kill.
      let stop!: () => void;
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
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
      try {
        // Index only once the watcher is live, and say "ready" only then: an edit made while
        // it was starting is caught by this pass, any later one by the watcher.
        await watcher.ready;
        const first = engine.index();
        log(opts, { event: "ready", indexed: first.indexed.length, chunks: first.chunks }, `watching ${engine.workspace} (${first.chunks} chunks; Ctrl-C to stop)`);
        await stopped;
      } finally {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        await watcher.close();
      }
    });
  });
}

function log(opts: { json?: boolean }, obj: Record<string, unknown>, text: string): void {
  if (opts.json) process.stdout.write(JSON.stringify(obj) + "\n");
  else process.stdout.write(text + "\n");
}


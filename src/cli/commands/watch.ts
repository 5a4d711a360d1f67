import type { Command } from "commander";
import { standard, warn, withEngine, type WorkspaceOpts } from "../common.js";

export function register(program: Command): void {
  standard(
      program
        .command("watch")
        .description("keep the index in step with edits until Ctrl-C")
        .option("--debounce <ms>", "quiet time before indexing a burst of changes", (v) => Number(v), 250)
        .option("--no-embed", "keep text only in step; leave vectors to `agent index`"),
  ).action(async (opts: WorkspaceOpts & { debounce: number; embed: boolean }) => {
    await withEngine(opts, async (engine) => {
      if (opts.embed) engine.indexing.backgroundEmbedder = "`agent watch`";
      // Signal handlers first: a SIGTERM right after "ready" must close cleanly, not kill.
      let stop!: () => void;
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
      try {
        // The daemon's watcher: live before its first full pass (an edit made while it starts is
        // caught by one or the other), then text at once and vectors in the background.
        const watcher = await engine.indexing.watch({
          debounceMs: opts.debounce,
          embed: opts.embed,
          onSync: (s) => {
            if (s.indexed.length === 0 && s.removed.length === 0 && s.problems.length === 0) return;
            for (const p of s.problems) warn(p.message);
            const parts = [...s.indexed.map((p) => `reindexed ${p}`), ...s.removed.map((p) => `removed ${p}`)];
            log(opts, { event: "sync", indexed: s.indexed, removed: s.removed, ms: Math.round(s.ms) }, `${new Date().toLocaleTimeString()} ${parts.join(", ")} (${Math.round(s.ms)} ms)`);
          },
          onEmbed: (r) => {
            if (r.embedded > 0) log(opts, { event: "embed", embedded: r.embedded, remaining: r.remaining }, `${new Date().toLocaleTimeString()} embedded ${r.embedded} chunk(s)`);
          },
          warn,
        });
        try {
          const first = watcher.initial;
          for (const p of first.problems) warn(p.message);
          log(opts, { event: "ready", indexed: first.indexed.length, chunks: first.chunks }, `watching ${engine.workspace} (${first.chunks} chunks; Ctrl-C to stop)`);
          await stopped;
        } finally {
          // Stops embedding between batches, so the database is closed only after.
          await watcher.close();
        }
      } finally {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
      }
    });
  });
}

function log(opts: { json?: boolean }, obj: Record<string, unknown>, text: string): void {
  if (opts.json) process.stdout.write(JSON.stringify(obj) + "\n");
  else process.stdout.write(text + "\n");
}


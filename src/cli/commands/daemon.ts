import type { Command } from "commander";
import { Daemon, Engine, type DaemonEvent } from "../../index.js";
import { warn, withJsonOption, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";
import { providerFor, withProviderOptions, type ProviderOpts } from "../provider.js";
import { lazyEmbedder } from "../embedder.js";

interface DaemonOpts extends WorkspaceOpts, ProviderOpts {
  watch: boolean;
  embed: boolean;
  stopTimeout: number;
}

export function registerDaemon(program: Command): void {
  withJsonOption(
    withWorkspaceOption(
      withProviderOptions(
        program
          .command("daemon")
          .description("run the scheduler in the foreground: index watcher, pre-compaction flushes, heartbeats and nightly reflection (Ctrl-C or SIGTERM stops it)")
          .option("--no-watch", "do not run the index watcher")
          .option("--no-embed", "watcher keeps text only in step; leave vectors to `agent index`")
          .option("--stop-timeout <ms>", "after a stop signal, exit anyway after this long", (v) => Number(v), 8000),
      ),
    ),
  ).action(async (opts: DaemonOpts) => {
    const workspace = workspaceFrom(opts);
    const provider = providerFor(workspace, opts);
    // Nightly memory formation finds repeated memories by meaning; loaded the first time it is needed.
    const embedder = lazyEmbedder(workspace);
    const print = (e: DaemonEvent) => {
      if (opts.json) {
        process.stdout.write(JSON.stringify({ at: new Date(e.at).toISOString(), level: e.level, event: e.event, message: e.message, ...(e.run ? { run: e.run } : {}) }) + "\n");
      } else {
        const line = `${stamp(e.at)} ${e.message}\n`;
        (e.level === "info" ? process.stdout : process.stderr).write(line);
      }
    };
    const daemon: Daemon = new Daemon({
      workspace,
      provider,
      embedder: embedder.get,
      log: print,
      ...(opts.watch
        ? {
            startWatcher: async () => {
              const engine = Engine.open({ workspace });
              for (const n of engine.notices) warn(n.message);
              // Stops embedding between batches on shutdown, so the database is closed only after.
              const ac = new AbortController();
              let background: Promise<unknown> = Promise.resolve();
              const watcher = engine.watch({
                signal: ac.signal,
                embed: opts.embed,
                onSync: (s) => {
                  for (const p of s.problems) warn(p.message);
                  // A transcript grew: check whether it needs a pre-compaction flush now.
                  if (s.indexed.some((p) => p.startsWith("sessions/"))) daemon.poke();
                },
                onError: (e) => warn(`watch: ${e instanceof Error ? e.message : String(e)}`),
              });
              const close = async () => {
                ac.abort();
                await watcher.close();
                await background;
                engine.close();
              };
              try {
                await watcher.ready;
                await engine.index();
              } catch (e) {
                await close();
                throw e;
              }
              if (opts.embed) {
                // Vectors for what is not embedded yet fill in behind the ready watcher.
                background = engine.embed({ signal: ac.signal }).catch((e: unknown) => warn(`embedding: ${e instanceof Error ? e.message : String(e)}`));
              }
              return { close };
            },
          }
        : {}),
    });

    // Handlers first: a SIGTERM during start-up must still stop cleanly.
    let signals = 0;
    const onSignal = (sig: NodeJS.Signals) => {
      signals++;
      if (signals > 1) {
        warn(`${sig} again: exiting now`);
        process.exit(130);
      }
      daemon.stop(sig);
      // Whatever is still running gets a few seconds (writes are atomic, model calls are cancelled).
      setTimeout(() => {
        warn(`did not stop within ${opts.stopTimeout} ms; exiting anyway`);
        process.exit(1);
      }, opts.stopTimeout).unref();
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    try {
      await daemon.run();
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      await provider.close();
      await embedder.close();
    }
  });
}

/** Local "YYYY-MM-DD HH:MM:SS". */
function stamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

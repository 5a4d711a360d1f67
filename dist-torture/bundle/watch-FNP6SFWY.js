import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  standard,
  warn,
  withEngine
} from "./chunk-EENKQGIA.js";
import "./chunk-2CVVGZF3.js";
import "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/watch.js
function register(program) {
  standard(program.command("watch").description("keep the index in step with edits until Ctrl-C").option("--debounce <ms>", "quiet time before indexing a burst of changes", (v) => Number(v), 250).option("--no-embed", "keep text only in step; leave vectors to `agent index`")).action(async (opts) => {
    await withEngine(opts, async (engine) => {
      let stop;
      const stopped = new Promise((resolve) => stop = resolve);
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
      const ac = new AbortController();
      let background = Promise.resolve();
      const watcher = engine.watch({
        debounceMs: opts.debounce,
        signal: ac.signal,
        onSync: (s) => {
          if (s.indexed.length === 0 && s.removed.length === 0 && s.problems.length === 0)
            return;
          for (const p of s.problems)
            warn(p.message);
          const parts = [...s.indexed.map((p) => `reindexed ${p}`), ...s.removed.map((p) => `removed ${p}`)];
          log(opts, { event: "sync", indexed: s.indexed, removed: s.removed, ms: Math.round(s.ms) }, `${(/* @__PURE__ */ new Date()).toLocaleTimeString()} ${parts.join(", ")} (${Math.round(s.ms)} ms)`);
        },
        embed: opts.embed,
        onEmbed: (r) => {
          if (r.embedded > 0)
            log(opts, { event: "embed", embedded: r.embedded, remaining: r.remaining }, `${(/* @__PURE__ */ new Date()).toLocaleTimeString()} embedded ${r.embedded} chunk(s)`);
        },
        onError: (e) => warn(`watch: ${e.message ?? String(e)}`)
      });
      try {
        await watcher.ready;
        const first = engine.index();
        log(opts, { event: "ready", indexed: first.indexed.length, chunks: first.chunks }, `watching ${engine.workspace} (${first.chunks} chunks; Ctrl-C to stop)`);
        if (opts.embed) {
          background = engine.embed({ signal: ac.signal }).then((r) => r.embedded > 0 && log(opts, { event: "embed", embedded: r.embedded, remaining: r.remaining }, `embedded ${r.embedded} chunk(s)`)).catch((e) => warn(`embedding: ${e.message}`));
        }
        await stopped;
      } finally {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        ac.abort();
        await watcher.close();
        await background;
      }
    });
  });
}
function log(opts, obj, text) {
  if (opts.json)
    process.stdout.write(JSON.stringify(obj) + "\n");
  else
    process.stdout.write(text + "\n");
}
export {
  register
};
//# sourceMappingURL=watch-FNP6SFWY.js.map

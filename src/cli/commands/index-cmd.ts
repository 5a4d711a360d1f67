import type { Command } from "commander";
import type { EmbedReport } from "../../engine/engine.js";
import type { IndexSummary } from "../../indexer/indexer.js";
import { printJson, standard, warn, withCancel, withEngine, type WorkspaceOpts } from "../common.js";
import { progressBar } from "../progress.js";
import { describeHolder } from "../../store/embed-lease.js";

export function register(program: Command): void {
  standard(
      program
        .command("index")
        .description("bring the index up to date with the workspace: text first, then vectors (incremental, resumable)")
        .option("--rebuild", "throw the index away and build it again from the markdown (vectors come back from the cache)")
        .option("--no-embed", "index text only; vectors fill in later (next index, watch or the daemon)"),
  ).action(async (opts: WorkspaceOpts & { rebuild?: boolean; embed: boolean }) => {
    await withEngine(opts, async (engine) => {
      const bar = progressBar(!opts.json, { unit: "files", title: "indexing" });
      const onProgress = (p: { done: number; total: number; path: string }) => bar.update(p.done, p.total, p.path);
      let summary: IndexSummary;
      try {
        summary = opts.rebuild ? engine.indexing.rebuild({ onProgress }) : engine.indexing.index({ onProgress });
      } finally {
        bar.stop();
      }
      if (!opts.json) printSummary(summary);
      let embed: EmbedReport | null = null;
      if (opts.embed) {
        // Ctrl-C stops within the batch in flight; what was embedded is kept and the next run resumes.
        const vbar = progressBar(!opts.json, { unit: "chunks", title: "embedding", announce: true });
        try {
          embed = await withCancel((signal) => engine.indexing.embed({ signal, holder: "`agent index`", onProgress: (p) => vbar.update(p.done, p.total, `embedding (${p.cached} cached)`) }));
        } finally {
          vbar.stop();
        }
        if (!opts.json) printEmbed(embed);
      }
      if (opts.json) printJson({ ...summary, embed });
      if (embed?.interrupted) process.exitCode = 130;
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

function printEmbed(e: EmbedReport): void {
  if (e.provider === null) {
    warn(`${e.reason}; search is keyword-only`);
    return;
  }
  if (e.busy) {
    process.stdout.write(`vectors: ${describeHolder(e.busy)}; its vectors fill in as it goes (keyword search works meanwhile)\n`);
    return;
  }
  if (e.modelChanged) process.stdout.write(`embedding model changed to ${e.modelId}: old vectors dropped\n`);
  const state = e.interrupted ? `interrupted; ${e.remaining} chunk(s) left — run \`agent index\` again to resume` : e.remaining === 0 ? "all chunks have vectors" : `${e.remaining} chunk(s) left`;
  process.stdout.write(`vectors: ${e.embedded} chunk(s) embedded with ${e.modelId} (${e.computed} window(s) computed, ${e.cacheHits} from cache); ${state}\n`);
}

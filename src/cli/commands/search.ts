import type { Command } from "commander";
import type { SearchResult } from "../../index.js";
import { parsePositiveInt, printJson, withEngine, withJsonOption, withWorkspaceOption, type WorkspaceOpts } from "../common.js";

interface SearchCmdOpts extends WorkspaceOpts {
  limit: number;
  explain?: boolean;
  source?: "memory" | "sessions";
}

export function registerSearch(program: Command): void {
  withJsonOption(
    withWorkspaceOption(
      program
        .command("search")
        .description("search the agent's memory (reindexes changed files first)")
        .argument("<query...>", "what to look for, in plain words")
        .option("-n, --limit <n>", "number of results", parsePositiveInt("--limit"), 10)
        .option("--explain", "show how each score was made")
        .option("--source <source>", "only 'memory' (markdown) or 'sessions' (transcripts)"),
    ),
  ).action(async (words: string[], opts: SearchCmdOpts) => {
    const query = words.join(" ");
    if (opts.source && opts.source !== "memory" && opts.source !== "sessions") {
      throw new Error(`--source must be "memory" or "sessions", got "${opts.source}"`);
    }
    await withEngine(opts, (engine) => {
      const res = engine.search(query, {
        limit: opts.limit,
        explain: opts.explain ?? false,
        ...(opts.source ? { filters: { source: opts.source } } : {}),
      });
      if (opts.json) {
        return printJson({ query: res.query, results: res.results });
      }
      if (res.results.length === 0) {
        process.stdout.write(`no results for "${query}"\n`);
        return;
      }
      res.results.forEach((r, i) => process.stdout.write(formatResult(r, i + 1)));
    });
  });
}

function formatResult(r: SearchResult, n: number): string {
  const where = `${r.path}:${r.startLine}-${r.endLine}`;
  const date = r.date ? `  ${r.date}` : "";
  let out = `${n}. ${where}${date}  score ${r.score.toFixed(3)}\n`;
  if (r.heading) out += `   ${r.heading}\n`;
  out += `   ${r.snippet}\n`;
  if (r.explain) {
    const e = r.explain;
    out += `   explain: bm25 ${e.bm25.toFixed(3)} → keyword ${e.keyword.toFixed(3)} = final ${e.final.toFixed(3)}; terms [${e.terms.join(", ")}]\n`;
  }
  return out;
}

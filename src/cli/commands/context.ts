import { Option, type Command } from "commander";
import {
  assembleContext,
  auditWorkspace,
  contextConfig,
  isPrivatePath,
  loadContextFiles,
  type MemoryHit,
  type SessionType,
} from "../../index.js";
import { loadConfig } from "../../workspace/config.js";
import { parsePositiveInt, printJson, warn, withEngine, withJsonOption, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";

interface ContextOpts extends WorkspaceOpts {
  session: SessionType;
  query?: string;
  budget?: number;
  perFile?: number;
}

export function registerContext(program: Command): void {
  withJsonOption(
    withWorkspaceOption(
      program
        .command("context")
        .description("print the system prompt an assistant should inject: bootstrap files, recent daily notes and relevant memories, within budget")
        .addOption(
          new Option("--session <type>", "main (private, gets everything); group or isolated (never MEMORY.md, USER.md or daily notes)")
            .choices(["main", "group", "isolated"])
            .default("main"),
        )
        .option("--query <task>", "add the memories most relevant to this task or question")
        .option("--budget <chars>", "total characters (default: context.totalChars, 16000)", parsePositiveInt("--budget"))
        .option("--per-file <chars>", "characters per file (default: context.perFileChars, 4000)", parsePositiveInt("--per-file")),
    ),
  ).action(async (opts: ContextOpts) => {
    const workspace = workspaceFrom(opts);
    const cfg = contextConfig(loadConfig(workspace));
    const totalChars = opts.budget ?? cfg.totalChars;
    const perFileChars = opts.perFile ?? cfg.perFileChars;
    if (totalChars < 500) throw new Error(`--budget must be at least 500 characters, got ${totalChars}`);

    let memories: MemoryHit[] | undefined;
    const query = opts.query?.trim();
    if (query && cfg.memoryResults > 0) {
      memories = await withEngine(opts, async (engine) => {
        // Group and isolated sessions cannot see private files: ask for more, keep the public ones.
        const limit = opts.session === "main" ? cfg.memoryResults : cfg.memoryResults * 4;
        const res = await engine.search(query, { limit });
        const hits: MemoryHit[] = res.results.map((r) => ({
          path: r.path,
          startLine: r.startLine,
          endLine: r.endLine,
          heading: r.heading,
          date: r.date,
          snippet: r.snippet,
        }));
        return (opts.session === "main" ? hits : hits.filter((h) => !isPrivatePath(h.path))).slice(0, cfg.memoryResults);
      });
    }

    const now = Date.now();
    const files = loadContextFiles(workspace, { now, ...(cfg.timeZone !== undefined ? { timeZone: cfg.timeZone } : {}) });
    const ctx = assembleContext(files, {
      session: opts.session,
      perFileChars,
      totalChars,
      root: workspace,
      ...(query ? { query } : {}),
      ...(memories !== undefined ? { memories } : {}),
    });
    const audit = auditWorkspace(workspace);
    if (opts.json) return printJson({ workspace, text: ctx.text, chars: ctx.chars, report: ctx.report, audit, problems: files.problems });
    for (const m of audit.messages) warn(m);
    for (const p of files.problems) warn(p);
    if (ctx.report.truncated.length > 0) warn(`cut to fit the budget: ${ctx.report.truncated.join(", ")}`);
    if (ctx.report.omitted.length > 0) warn(`left out (over the ${totalChars}-character budget): ${ctx.report.omitted.join(", ")}`);
    process.stdout.write(ctx.text);
  });
}

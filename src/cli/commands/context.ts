import { Option, type Command } from "commander";
import { auditWorkspace, contextConfig, isPrivatePath, type MemoryHit, type SessionType } from "../../index.js";
import { loadConfig } from "../../workspace/config.js";
import type { Embedder } from "../../embed/types.js";
import { buildEvolvedContext, type EvolvedContext } from "../../jobs/evolve/context.js";
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

    const query = opts.query?.trim();
    const now = Date.now();
    // Issue #6: the latest snapshot's "who you are now", and with a query the memories ranked
    // for it (by meaning when an embedder is configured); the ones shown are marked recalled.
    const build = (memories: MemoryHit[] | undefined, embedder: Embedder | null): Promise<EvolvedContext> =>
      buildEvolvedContext({
        workspace,
        session: opts.session,
        now,
        perFileChars,
        totalChars,
        embedder,
        ...(cfg.timeZone !== undefined ? { timeZone: cfg.timeZone } : {}),
        ...(query ? { query } : {}),
        ...(memories !== undefined ? { memories } : {}),
      });
    let ctx: EvolvedContext;
    if (query) {
      ctx = await withEngine(opts, async (engine) => {
        let memories: MemoryHit[] | undefined;
        if (cfg.memoryResults > 0) {
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
          memories = (opts.session === "main" ? hits : hits.filter((h) => !isPrivatePath(h.path))).slice(0, cfg.memoryResults);
        }
        return build(memories, (await engine.embedder()).embedder);
      });
    } else {
      ctx = await build(undefined, null);
    }
    const audit = auditWorkspace(workspace);
    const experience = {
      identity: ctx.experience.identity,
      relevance: ctx.experience.relevance,
      memories: ctx.experience.ranked.map((r) => ({ id: r.memory.id, type: r.memory.type, score: r.score, relevance: r.relevance, shown: ctx.report.experience.shownIds.includes(r.memory.id) })),
      recalled: ctx.recalled,
    };
    if (opts.json) return printJson({ workspace, text: ctx.text, chars: ctx.chars, report: ctx.report, audit, problems: ctx.problems, experience });
    for (const m of audit.messages) warn(m);
    for (const p of ctx.problems) warn(p);
    for (const w of ctx.experience.warnings) warn(w);
    if (ctx.report.truncated.length > 0) warn(`cut to fit the budget: ${ctx.report.truncated.join(", ")}`);
    if (ctx.report.omitted.length > 0) warn(`left out (over the ${totalChars}-character budget): ${ctx.report.omitted.join(", ")}`);
    process.stdout.write(ctx.text);
  });
}

import type { Command } from "commander";
import { runReflection, type ReflectionResult } from "../../index.js";
import { printJson, warn, withJsonOption, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";
import { providerFor, withProviderOptions, type ProviderOpts } from "../provider.js";
import { lazyEmbedder } from "../embedder.js";

interface ReflectOpts extends WorkspaceOpts, ProviderOpts {
  dryRun?: boolean;
  since?: string;
}

export function registerReflect(program: Command): void {
  withJsonOption(
    withWorkspaceOption(
      withProviderOptions(
        program
          .command("reflect")
          .description("reflect on recent conversations and re-distil SOUL.md (safely: see `agent soul log`)")
          .option("--dry-run", "show the diff of what would change; write nothing")
          .option("--since <duration>", 'look back this far, e.g. "24h", "3d" (default: since the last reflection, else 24h)'),
      ),
    ),
  ).action(async (opts: ReflectOpts) => {
    const workspace = workspaceFrom(opts);
    const provider = providerFor(workspace, opts);
    // Memory formation (issue #6) finds repeats by meaning; the model loads only if memories are proposed.
    const embedder = lazyEmbedder(workspace);

    // Ctrl-C cancels the model call cleanly: the run is recorded as an error, nothing else is written.
    const controller = new AbortController();
    const onSignal = () => controller.abort();
    process.once("SIGINT", onSignal);
    process.once("SIGTERM", onSignal);
    let result: ReflectionResult;
    try {
      result = await runReflection({
        workspace,
        provider,
        dryRun: opts.dryRun ?? false,
        embedder: embedder.get,
        options: { signal: controller.signal, ...(opts.since !== undefined ? { since: opts.since } : {}) },
      });
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      await provider.close();
      await embedder.close();
    }

    if (opts.json) {
      printJson(result);
    } else {
      for (const w of result.warnings) warn(w);
      process.stdout.write(describe(result));
      if (result.memories) process.stdout.write(describeMemories(result));
    }
    // A run whose model output could not be used did not do its job: exit 1 (main prints the reason).
    if (result.status === "kept") throw new Error(result.reason ?? "the model's SOUL could not be used");
  });
}

function describe(r: ReflectionResult): string {
  const out: string[] = [];
  const sessions = r.sessions.length === 1 ? "1 session" : `${r.sessions.length} sessions`;
  if (r.dryRun) {
    if (r.diff) out.push(r.diff.trimEnd());
    out.push(`dry run (${r.model}): ${dryRunLine(r)}; nothing was written`);
    return out.join("\n") + "\n";
  }
  switch (r.status) {
    case "skipped":
      out.push(`reflection skipped: ${r.reason}`);
      break;
    case "updated":
      out.push(
        `SOUL.md updated: version ${r.version}, ${r.words} words, ~${r.tokens} tokens (from ${sessions}, ${r.model})`,
      );
      if (r.baselineVersion !== undefined) out.push(`  the previous SOUL.md was saved first as version ${r.baselineVersion}`);
      if (r.summary) out.push(`  ${r.summary}`);
      if (r.reportPath) out.push(`  report: ${r.reportPath}`);
      out.push("  undo with `agent soul rollback N`; see `agent soul log`");
      break;
    case "proposed":
      out.push(`SOUL.md not changed: ${r.reason}`);
      out.push("  compare: diff SOUL.md SOUL.proposed.md — to accept it, move it over SOUL.md");
      if (r.reportPath) out.push(`  report: ${r.reportPath}`);
      break;
    case "unchanged":
      out.push(`SOUL.md unchanged: ${r.reason}`);
      break;
    case "kept":
      out.push("SOUL.md unchanged (the model's answer could not be used)");
      break;
  }
  for (const line of r.restoredLocked) out.push(`  locked text restored: ${line}`);
  return out.join("\n") + "\n";
}

/** Issue #6: what memory formation and the fade pass did. */
function describeMemories(r: ReflectionResult): string {
  const m = r.memories!;
  const would = m.dryRun ? "would be " : "";
  const parts: string[] = [];
  if (m.candidates > 0) parts.push(`${m.created.length} ${would}formed, ${m.reinforced.length} ${would}reinforced, ${m.rejected.length} below their threshold (duplicates by ${m.dedupe})`);
  if (m.archived.length > 0) parts.push(`${m.archived.length} faded into the archive`);
  return parts.length > 0 ? `  memories: ${parts.join("; ")} — see \`agent memories\`\n` : "";
}

function dryRunLine(r: ReflectionResult): string {
  switch (r.status) {
    case "skipped":
      return `would skip: ${r.reason}`;
    case "updated":
      return `would update SOUL.md (${r.words} words, ~${r.tokens} tokens, ${Math.round((r.changeShare ?? 0) * 100)}% of lines changed)`;
    case "proposed":
      return `would write a proposal: ${r.reason}`;
    case "unchanged":
      return "SOUL.md would stay the same";
    case "kept":
      return `would keep SOUL.md: ${r.reason}`;
  }
}

import { jobFailure } from "../job-error.js";
import type { Command } from "commander";
import type { ReflectionResult } from "../../jobs/reflect/pipeline.js";
import { parsePositiveInt, printJson, type ProviderOpts, standard, warn, withEngine, withJobCancel, withProviderOptions, type WorkspaceOpts } from "../common.js";

interface ReflectOpts extends WorkspaceOpts, ProviderOpts {
  dryRun?: boolean;
  since?: string;
  show?: number;
  here?: boolean;
}

export function register(program: Command): void {
  standard(
    withProviderOptions(
      program
        .command("reflect")
        .description("reflect on recent conversations and re-distil SOUL.md (safely: see `agent soul log`)")
        .option("--dry-run", "show the diff of what would change; write nothing")
        .option("--here", "run it on this device even when another device is the home of the writing jobs (`agent jobs`)")
        .option("--since <duration>", 'look back this far, e.g. "24h", "3d" (default: since the last reflection, else 24h)')
        .option("--show <run>", "show a past run: its inputs, the model's raw replies and the decision with its reason", parsePositiveInt("--show")),
    ),
  ).action(async (opts: ReflectOpts) => {
    if (opts.show !== undefined) {
      const id = opts.show;
      const { run, text } = await withEngine(opts, async (engine) => {
        const soul = await engine.soul();
        const r = soul.run(id);
        return { run: r, text: (await import("../../jobs/reflect/review.js")).describeReflectionRun(r) };
      });
      if (opts.json) return printJson(run);
      process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
      return;
    }
    // Ctrl-C cancels the model call cleanly: the run is recorded as an error, nothing else is written.
    const { run, value } = await withEngine(opts, (engine) =>
      withJobCancel(engine, (signal) => engine.runJob("reflect", { dryRun: opts.dryRun ?? false, ...(opts.since !== undefined ? { since: opts.since } : {}) }, { signal, here: opts.here === true })),
    );
    if (value === undefined) throw jobFailure(run, "the reflection failed");
    const result = value;
    if (opts.json) {
      printJson(result);
    } else {
      for (const w of result.warnings) warn(w);
      process.stdout.write(describe(result));
      if (result.memories) process.stdout.write(describeMemories(result));
    }
    // A run whose model output could not be used did not do its job: exit 1 (the reason is printed).
    if (result.status === "kept") throw new Error(result.reason ?? "the model's SOUL could not be used");
  });
}

function describe(r: ReflectionResult): string {
  const out: string[] = [];
  // What the night read: notes first, then conversations (a notes-only day names no sessions).
  const read = [
    ...(r.notes.length > 0 ? [r.notes.length === 1 ? "1 note" : `${r.notes.length} notes`] : []),
    ...(r.sessions.length > 0 || r.notes.length === 0 ? [r.sessions.length === 1 ? "1 session" : `${r.sessions.length} sessions`] : []),
  ];
  const sessions = read.join(" and ");
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
      out.push("  review it: `agent soul proposed`, then `agent soul accept` or `agent soul reject --reason \"...\"`");
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
  if (r.restoredFrom !== undefined) out.push(`  SOUL.md was missing: restored from version ${r.restoredFrom} before reflecting`);
  if (r.mapped && r.layers) out.push(`  ${r.layers.note}`);
  if (r.keptPath) out.push(`  an edit made during the swap was kept beside SOUL.md in ${r.keptPath}: merge it by hand, then \`agent soul save\``);
  return out.join("\n") + "\n";
}

/** What memory formation and the fade pass did. */
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

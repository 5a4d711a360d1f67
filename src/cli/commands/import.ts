import { readFileSync } from "node:fs";
import type { Command } from "commander";
import path from "node:path";
import type { AssistantAdapter } from "../../assistants/adapter.js";
import { ASSISTANT_NAMES as HARNESSES, findAssistant } from "../../assistants/registry.js";
import { UsageError } from "../../engine/errors.js";
import { parseDateOption, printJson, standard, withEngine, type WorkspaceOpts } from "../common.js";

interface ImportOpts extends WorkspaceOpts {
  force?: boolean;
  since?: string;
}

/**
 * `agent import FILE`: restore state exported by `agent export`.
 * `agent import claude-code|codex|opencode [PATH] [--since DATE]`: back-fill an assistant's
 * past conversations into sessions/ (the same lines its hooks write, so nothing twice).
 */
export function register(program: Command): void {
  standard(
    program
      .command("import")
      .description(`restore state exported by \`agent export\` (refused if the workspace has state, unless --force); or back-fill past conversations of ${HARNESSES.join(", ")} into sessions/`)
      .argument("<file|assistant>", `the exported JSON ("-" reads stdin), or ${HARNESSES.join(", ")}`)
      .argument("[path]", "with an assistant: its store (default: its own folder or database)")
      .option("--force", "replace this workspace's state (saved first to backups/ in this device's folder)")
      .option("--since <date>", "with an assistant: only turns on or after this day (YYYY-MM-DD)", parseDateOption("--since")),
  ).action(async (what: string, store: string | undefined, opts: ImportOpts) => {
    const assistant = findAssistant(what);
    if (assistant !== undefined) return importHarness(assistant, store, opts);
    if (store !== undefined) throw new UsageError(`a path after the file is only for an assistant (${HARNESSES.join(", ")}): got "${what}" "${store}"`);
    if (opts.since !== undefined) throw new UsageError(`--since is only for an assistant's history (${HARNESSES.join(", ")})`);
    await importExport(what, opts);
  });
}

async function importHarness(assistant: AssistantAdapter, store: string | undefined, opts: ImportOpts): Promise<void> {
  const tty = process.stderr.isTTY === true;
  const harness = assistant.name;
  const source = await assistant.importSource(path.resolve(store ?? assistant.defaultStore(process.env)));
  const r = await withEngine(opts, async (engine) =>
    (await engine.assistants()).importHistory({
      harness,
      source,
      ...(opts.since !== undefined ? { since: opts.since } : {}),
      onProgress: (p) => {
        if (opts.json) return;
        const line = `importing ${harness}: ${p.done}/${p.total} sessions (${p.session}: ${p.appended} new turns)`;
        process.stderr.write(tty ? `\r${line}\x1b[K` : `${line}\n`);
      },
    }),
  );
  if (tty && !opts.json) process.stderr.write("\n");
  // A session that cannot be read is said and skipped; the exit code fails only when nothing could be imported.
  if (r.sessions === 0 && r.problems.length > 0) process.exitCode = 1;
  if (opts.json) return printJson(r);
  for (const p of r.problems) process.stderr.write(`agent: ${p}\n`);
  const skipped = r.failed.length > 0 ? `; ${r.failed.length} session(s) could not be imported (above)` : "";
  process.stdout.write(`imported ${r.appended} turn(s) from ${r.sessions} ${harness} session(s) in ${r.source}; ${r.already} were already in sessions/${skipped}\n`);
}

async function importExport(file: string, opts: ImportOpts): Promise<void> {
  let text: string;
  try {
    text = readFileSync(file === "-" ? 0 : file, "utf8");
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new UsageError(`${file} is not valid JSON (${(e as Error).message})`);
  }
  const { r, workspace } = await withEngine(opts, async (engine) => ({ r: (await engine.evolution()).importState(data, { force: opts.force ?? false }), workspace: engine.workspace }));
  if (opts.json) return printJson(r);
  const total = Object.values(r.rows).reduce((a, b) => a + b, 0);
  const tables = Object.entries(r.rows)
    .filter(([, n]) => n > 0)
    .map(([t, n]) => `${t} ${n}`)
    .join(", ");
  const lines = [`imported ${total} row(s) into ${workspace}${tables ? `: ${tables}` : ""}`];
  if (r.backup) lines.push(`the previous state (${r.replaced} row(s)) was saved to ${r.backup}`);
  process.stdout.write(lines.join("\n") + "\n");
}

import type { Command } from "commander";
import { Engine } from "../../engine/engine.js";
import type { DoctorReport } from "../../engine/admin.js";
import { printJson, standard, warn, workspaceFrom, type WorkspaceOpts } from "../common.js";
import { viaDaemon, withDaemonOption, type DaemonRouting } from "../remote.js";

interface DoctorOpts extends WorkspaceOpts, DaemonRouting {
  restoreState?: boolean;
  backup?: string;
  force?: boolean;
}

const MARK = { ok: "✓", warn: "!", fail: "✗" } as const;

export function register(program: Command): void {
  withDaemonOption(standard(
    program
      .command("doctor")
      .description("check everything in one go — config, databases, embedder, LLM, daemon, index freshness — and say what to do (exit 1 when anything fails)")
      .option("--restore-state", "put the newest good backup of state.db in place of a damaged one (the damaged file is kept)")
      .option("--backup <file>", "with --restore-state: this backup instead of the newest")
      .option("--force", "with --restore-state: replace a state.db that is still readable"),
  )).action(async (opts: DoctorOpts) => {
    const workspace = workspaceFrom(opts);
    if (opts.restoreState) {
      const r = await Engine.restoreState(workspace, { ...(opts.backup ? { backup: opts.backup } : {}), force: opts.force ?? false });
      if (opts.json) return printJson(r);
      process.stdout.write(`state.db restored from ${r.restored.file}${r.movedAside ? `; the previous file was kept as ${r.movedAside}` : ""}\n`);
      return;
    }
    // The running daemon answers when there is one (the same checks, the same report).
    const r = (await viaDaemon<DoctorReport>(opts, "doctor", {}, { timeoutMs: 120_000 })) ?? (await Engine.doctor(workspace));
    // The assistants' connections are the person's config files, read here (the engine knows no assistant).
    r.checks.push(...(await (await import("../connect-status.js")).assistantChecks(workspace)));
    if (opts.json) printJson(r);
    else {
      const width = Math.max(...r.checks.map((c) => c.name.length));
      const out = [`workspace: ${r.workspace}`];
      for (const c of r.checks) {
        out.push(`${MARK[c.status]} ${c.name.padEnd(width)}  ${c.detail}`);
        if (c.fix && c.status !== "ok") out.push(`  ${" ".repeat(width)}  → ${c.fix}`);
      }
      out.push(verdict(r.checks));
      process.stdout.write(out.join("\n") + "\n");
      if (!r.ok) warn("some checks failed; see above");
    }
    if (!r.ok) process.exitCode = 1;
  });
}

/**
 * The last line: passed or failed, and the warnings by name, so a "!" line above is not
 * read as passed without a word ("all checks passed; 1 warning: llm").
 */
export function verdict(checks: readonly { name: string; status: "ok" | "warn" | "fail" }[]): string {
  const named = (status: "warn" | "fail") => checks.filter((c) => c.status === status).map((c) => c.name);
  const failed = named("fail");
  const warned = named("warn");
  const head = failed.length === 0 ? "all checks passed" : `${failed.length} check(s) failed: ${failed.join(", ")}`;
  return warned.length === 0 ? head : `${head}; ${warned.length} warning(s): ${warned.join(", ")}`;
}

import path from "node:path";
import { Option, type Command } from "commander";
import { planClaudePlugin, planClaudePluginRemoval, removeEmptyPluginFolders } from "../../assistants/claude-code/plugin.js";
import { applyChanges, connectionStatus, planConnect, planDisconnect, type ConnectOptions, type FileChange, type Scope } from "../../assistants/connect.js";
import { HARNESSES, isHarness } from "../../workspace/harness-turns.js";
import { UsageError } from "../../engine/errors.js";
import { lastHookLogLine } from "../../workspace/hook-log.js";
import { parsePositiveInt, printJson, standard, workspaceFrom, type WorkspaceOpts } from "../common.js";
import type { ConnectOpenClawOpts } from "../../assistants/openclaw/connect-command.js";

export interface ConnectCliOpts extends WorkspaceOpts, ConnectOpenClawOpts {
  scope: Scope;
  dryRun?: boolean;
  status?: boolean;
  budgetMs?: number;
  plugin?: string;
}

/** `agent connect <assistant>` / `agent disconnect <assistant>`: shared options. */
export function connectCommand(program: Command, name: "connect" | "disconnect", description: string): Command {
  return standard(
    program
      .command(name)
      .description(description)
      .argument(name === "connect" ? "[assistant]" : "<assistant>", name === "connect" ? `${HARNESSES.join(", ")}, openclaw` : HARNESSES.join(", "))
      .addOption(new Option("--scope <scope>", "user: for every project; project: this folder only (Claude Code, OpenCode)").choices(["user", "project"]).default("user"))
      .option("--dry-run", "print exactly what would be written, write nothing")
      .option("--plugin <dir>", "claude-code: a plugin folder (for `claude --plugin-dir DIR`) instead of settings hooks"),
  );
}

export function register(program: Command): void {
  connectCommand(program, "connect", "connect Claude Code, Codex or OpenCode to this workspace: hooks (capture, inject, flush), plugin and MCP server; idempotent, keeps your other settings, backs files up (openclaw: this engine as its memory plugin)")
    .option("--status", "which assistants are connected, to which workspace")
    .option("--budget-ms <ms>", "how long a prompt may wait for memories (default 300)", parsePositiveInt("--budget-ms"))
    .option("--openclaw-config <file>", "openclaw: its config file (default: $OPENCLAW_CONFIG_PATH, else ~/.openclaw/openclaw.json)")
    .action(async (harness: string | undefined, opts: ConnectCliOpts) => {
      if (opts.status) return status(opts);
      if (harness === undefined) throw new UsageError(`name the assistant: agent connect ${HARNESSES.join("|")}|openclaw`);
      if (harness === "openclaw") return (await import("../../assistants/openclaw/connect-command.js")).connectOpenClawCommand(opts);
      run("connect", harness, opts);
    });
}

export function run(mode: "connect" | "disconnect", harness: string, opts: ConnectCliOpts): void {
  if (!isHarness(harness)) throw new UsageError(`unknown assistant "${harness}": ${HARNESSES.join(", ")}`);
  const o: ConnectOptions = {
    harness,
    workspace: path.resolve(workspaceFrom(opts)),
    scope: opts.scope,
    cwd: process.cwd(),
    env: process.env,
    node: process.execPath,
    cli: path.resolve(process.argv[1] ?? "dist/cli/main.js"),
    ...(opts.budgetMs !== undefined ? { budgetMs: opts.budgetMs } : {}),
  };
  if (opts.plugin !== undefined && harness !== "claude-code") throw new UsageError("--plugin is for claude-code only");
  const plugin = opts.plugin !== undefined ? path.resolve(opts.plugin) : undefined;
  const changes = plugin !== undefined ? (mode === "connect" ? planClaudePlugin(o, plugin) : planClaudePluginRemoval(plugin)) : mode === "connect" ? planConnect(o) : planDisconnect(o);
  if (opts.dryRun) return report(mode, harness, changes, true, opts.json);
  applyChanges(changes, mode);
  if (plugin !== undefined && mode === "disconnect") removeEmptyPluginFolders(plugin);
  report(mode, harness, changes, false, opts.json);
  if (plugin !== undefined && mode === "connect" && !opts.json) process.stdout.write(`use it with: claude --plugin-dir ${plugin}\n`);
}

function report(mode: string, harness: string, changes: FileChange[], dry: boolean, json: boolean | undefined): void {
  if (json) return printJson({ mode, harness, dryRun: dry, files: changes.map((c) => ({ file: c.file, what: c.what, changed: c.after !== c.before, removed: c.after === null && c.before !== null, after: dry ? c.after : undefined })) });
  const changed = changes.filter((c) => c.after !== c.before);
  if (changed.length === 0) {
    process.stdout.write(`${harness}: nothing to change (already ${mode === "connect" ? "connected" : "disconnected"})\n`);
    return;
  }
  for (const c of changed) {
    const verb = c.after === null ? "remove" : c.before === null ? "create" : "update";
    if (dry) {
      process.stdout.write(`--- would ${verb} ${c.file} (${c.what})\n`);
      if (c.after !== null) process.stdout.write(c.after.endsWith("\n") ? c.after : `${c.after}\n`);
    } else process.stdout.write(`${verb}d ${c.file} (${c.what})${c.before !== null && mode === "connect" && c.what !== "plugin" ? ` — backup: ${path.basename(c.file)}.agent-memory-backup` : ""}\n`);
  }
  if (!dry && mode === "connect" && harness === "codex") process.stdout.write("codex runs hooks only once you trust them: start `codex` once and accept, or see docs/assistants.md\n");
}

/** The newest line of the workspace's hooks.log for this assistant (the harness hides a hook's stderr). */
function lastHookError(workspace: string, harness: string): string | undefined {
  return lastHookLogLine(workspace, ` agent hook ${harness} `);
}

function status(opts: ConnectCliOpts): void {
  const rows = connectionStatus(process.cwd(), process.env);
  if (opts.json) return printJson(rows);
  const connected = new Set(rows.map((r) => r.harness));
  for (const r of rows) {
    process.stdout.write(`${r.harness.padEnd(12)} ${r.scope.padEnd(8)} → ${r.workspace ?? "?"}  (${r.file})\n`);
    const last = r.workspace !== null ? lastHookError(r.workspace, r.harness) : undefined;
    if (last !== undefined) process.stdout.write(`  last hook problem: ${last}\n`);
  }
  for (const h of HARNESSES) if (!connected.has(h)) process.stdout.write(`${h.padEnd(12)} not connected\n`);
}

import path from "node:path";
import { Option, type Command } from "commander";
import type { AssistantAdapter, ConnectOptions, FileChange, Scope } from "../../assistants/adapter.js";
import { applyChanges } from "../../assistants/connect.js";
import { ASSISTANT_NAMES, ASSISTANTS, findAssistant } from "../../assistants/registry.js";
import { UsageError } from "../../engine/errors.js";
import { parsePositiveInt, printJson, standard, workspaceFrom, type WorkspaceOpts } from "../common.js";
import { connectionReport } from "../connect-status.js";
import type { HelloResult } from "../../daemon/protocol.js";

export interface ConnectCliOpts extends WorkspaceOpts {
  scope: Scope;
  dryRun?: boolean;
  status?: boolean;
  budgetMs?: number;
  plugin?: string;
  /** "daemon": the assistant posts its hooks and MCP calls to the running daemon over HTTP. */
  via?: "daemon" | "command";
  /** An assistant's own config-file option (its adapter names it), by commander's attribute name. */
  [option: string]: unknown;
}

const withScope = (s: Scope) => ASSISTANTS.filter((a) => a.connect.scopes.includes(s)).map((a) => a.label);
const withPlugin = () => ASSISTANTS.filter((a) => a.connect.plugin !== undefined).map((a) => a.name);

/** `agent connect <assistant>` / `agent disconnect <assistant>`: the same options (the registry's assistants and their own options). */
export function connectCommand(program: Command, name: "connect" | "disconnect", description: string): Command {
  const cmd = program
    .command(name)
    .description(description)
    .argument(name === "connect" ? "[assistant]" : "<assistant>", ASSISTANT_NAMES.join(", "))
    .addOption(new Option("--scope <scope>", `user: for every project; project: this folder only (${withScope("project").join(", ")})`).choices(["user", "project"]).default("user"))
    .option("--dry-run", "print exactly what would be written, write nothing")
    .option("--plugin <dir>", `${withPlugin().join(", ")}: a plugin folder (for \`claude --plugin-dir DIR\`) instead of settings hooks`);
  for (const a of ASSISTANTS) if (a.connect.configOption) cmd.addOption(new Option(a.connect.configOption.flags, a.connect.configOption.description));
  return standard(cmd);
}

export function register(program: Command): void {
  connectCommand(program, "connect", `connect an assistant (${ASSISTANTS.map((a) => a.label).join(", ")}) to this workspace: hooks or its memory plugin (capture, inject, flush) and MCP server; idempotent, keeps your other settings, backs files up`)
    .option("--status", "which assistants are connected, to which workspace, and how their hooks fared")
    .option("--budget-ms <ms>", "how long a prompt may wait for memories (default 300)", parsePositiveInt("--budget-ms"))
    .addOption(new Option("--via <way>", "command: hook commands and a stdio MCP server (default); daemon: Claude Code posts its hooks and MCP calls to the running `agent daemon --http` itself (no process of ours per turn)").choices(["command", "daemon"]))
    .action(async (harness: string | undefined, opts: ConnectCliOpts) => {
      if (opts.status) return connectionReport(opts, configFiles(opts));
      if (harness === undefined) throw new UsageError(`name the assistant: agent connect ${ASSISTANT_NAMES.join("|")}`);
      await run("connect", harness, opts);
    });
}

/** Each assistant's own config file given on the command line (its configOption), by name. */
function configFiles(opts: ConnectCliOpts): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of ASSISTANTS) {
    const v = a.connect.configOption ? opts[new Option(a.connect.configOption.flags).attributeName()] : undefined;
    if (typeof v === "string") out.set(a.name, path.resolve(v));
  }
  return out;
}

function assistantFor(harness: string, opts: ConnectCliOpts): AssistantAdapter {
  const a = findAssistant(harness);
  if (a === undefined) throw new UsageError(`unknown assistant "${harness}": ${ASSISTANT_NAMES.join(", ")}`);
  if (!a.connect.scopes.includes(opts.scope)) throw new UsageError(`${a.label} reads its config only for --scope ${a.connect.scopes.join(" or ")}: use --scope user (the default) for ${a.name}`);
  if (opts.plugin !== undefined && a.connect.plugin === undefined) throw new UsageError(`--plugin is for ${withPlugin().join(", ")} only`);
  for (const [other, file] of configFiles(opts)) if (other !== a.name) throw new UsageError(`${file}: that option is for ${other} only`);
  return a;
}

/** One connect and one disconnect for every assistant: its adapter plans, this writes (or, with --dry-run, prints). */
export async function run(mode: "connect" | "disconnect", harness: string, opts: ConnectCliOpts): Promise<void> {
  const a = assistantFor(harness, opts);
  const configFile = configFiles(opts).get(a.name);
  const o: ConnectOptions = {
    harness: a.name,
    workspace: path.resolve(workspaceFrom(opts)),
    scope: opts.scope,
    cwd: process.cwd(),
    env: process.env,
    node: process.execPath,
    cli: path.resolve(process.argv[1] ?? "dist/cli/main.js"),
    ...(opts.budgetMs !== undefined ? { budgetMs: opts.budgetMs } : {}),
    ...(configFile !== undefined ? { configFile } : {}),
  };
  if (mode === "connect" && opts.via === "daemon") o.daemon = await daemonForHooks(a, o.workspace);
  const folder = opts.plugin !== undefined ? a.connect.plugin : undefined;
  const plugin = opts.plugin !== undefined ? path.resolve(opts.plugin) : undefined;
  const changes = folder !== undefined && plugin !== undefined ? await (mode === "connect" ? folder.plan(o, plugin) : folder.planRemoval(plugin)) : await (mode === "connect" ? a.connect.plan(o) : a.connect.planRemoval(o));
  // What --dry-run prints may end in a log or a shared screen: the daemon's token is shown by where it is, not by its value.
  if (opts.dryRun) return report(mode, a, o.daemon === undefined ? changes : changes.map((c) => ({ ...c, after: c.after?.split(o.daemon!.token).join(`<the token in ${o.daemon!.tokenFile}>`) ?? null })), true, opts.json);
  applyChanges(changes, mode);
  if (folder !== undefined && plugin !== undefined && mode === "disconnect") await folder.tidy(plugin);
  report(mode, a, changes, false, opts.json);
  if (mode !== "connect" || opts.json || !changes.some((c) => c.after !== c.before)) return;
  if (folder !== undefined && plugin !== undefined) process.stdout.write(`${folder.usage(plugin)}\n`);
  else if (a.connect.afterConnect !== undefined) process.stdout.write(`${a.connect.afterConnect}\n`);
}

/**
 * The running daemon's HTTP origin and token, for `--via daemon`: it must run and serve HTTP now
 * (its port is what the hooks will name), and the assistant must post hooks itself.
 */
async function daemonForHooks(a: AssistantAdapter, workspace: string): Promise<NonNullable<ConnectOptions["daemon"]>> {
  if (!a.connect.viaDaemon) throw new UsageError(`--via daemon is for assistants that post their hooks over HTTP themselves (${ASSISTANTS.filter((x) => x.connect.viaDaemon).map((x) => x.name).join(", ")}); ${a.name} runs hook commands, which ask the daemon when it runs`);
  const [{ askDaemon }, { httpTokenPath }, { readToken }] = await Promise.all([import("../../daemon/client.js"), import("../../daemon/protocol.js"), import("../../daemon/http.js")]);
  const hello = await askDaemon<HelloResult>(workspace, "hello", {}, { timeoutMs: 5_000, onFallback: () => undefined }).catch(() => undefined);
  const start = `start it with \`agent daemon --http -w ${workspace}\` (or set daemon.http.enabled), keep it running (a service), and connect again`;
  if (hello === undefined) throw new UsageError(`--via daemon: no daemon runs for ${workspace}; ${start}`);
  if (hello.http === undefined) throw new UsageError(`--via daemon: the daemon of ${workspace} serves no HTTP; ${start}`);
  const tokenFile = httpTokenPath(workspace);
  return { origin: hello.http, token: readToken(tokenFile), tokenFile };
}

function report(mode: string, a: AssistantAdapter, changes: FileChange[], dry: boolean, json: boolean | undefined): void {
  if (json) return printJson({ mode, harness: a.name, dryRun: dry, files: changes.map((c) => ({ file: c.file, what: c.what, changed: c.after !== c.before, removed: c.after === null && c.before !== null, after: dry ? c.after : undefined })) });
  const changed = changes.filter((c) => c.after !== c.before);
  if (changed.length === 0) {
    process.stdout.write(`${a.name}: nothing to change (already ${mode === "connect" ? "connected" : "disconnected"})\n`);
    return;
  }
  for (const c of changed) {
    const verb = c.after === null ? "remove" : c.before === null ? "create" : "update";
    if (dry) {
      process.stdout.write(`--- would ${verb} ${c.file} (${c.what})\n`);
      if (c.after !== null) process.stdout.write(c.after.endsWith("\n") ? c.after : `${c.after}\n`);
    } else process.stdout.write(`${verb}d ${c.file} (${c.what})${c.before !== null && mode === "connect" && c.what !== "plugin" ? ` — backup: ${path.basename(c.file)}.agent-memory-backup` : ""}\n`);
  }
}

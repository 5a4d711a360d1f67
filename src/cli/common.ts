import { Option, type Command } from "commander";
import type { Engine, EngineOptions } from "../engine/engine.js";
import { UsageError } from "../engine/errors.js";
import { resolveWorkspace } from "../workspace/paths.js";
import { openEngine, warnLine } from "./open-engine.js";

export interface WorkspaceOpts {
  workspace?: string;
  json?: boolean;
}

/** --provider / --model, for every command that may call the local model. */
export interface ProviderOpts {
  provider?: "ollama" | "llama-cpp";
  model?: string;
}

/** Every command takes --workspace; the fallback order is documented in resolveWorkspace. */
export function withWorkspaceOption(cmd: Command): Command {
  return cmd.option("-w, --workspace <dir>", "workspace folder (default: $AGENT_WORKSPACE, else found from the current folder)");
}

export function withJsonOption(cmd: Command): Command {
  return cmd.option("--json", "machine-readable JSON on stdout (errors too)");
}

export function withProviderOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option("--provider <provider>", "LLM for this run (overrides agent.config.json)").choices(["ollama", "llama-cpp"]))
    .option("--model <name|path>", "Ollama model name or GGUF file path for this run");
}

/** The usual option set of a command: --workspace and --json. */
export function standard(cmd: Command): Command {
  return withJsonOption(withWorkspaceOption(cmd));
}

export function workspaceFrom(opts: WorkspaceOpts): string {
  const o: { flag?: string; env?: string } = {};
  if (opts.workspace !== undefined) o.flag = opts.workspace;
  if (process.env.AGENT_WORKSPACE !== undefined) o.env = process.env.AGENT_WORKSPACE;
  return resolveWorkspace(o);
}

/** Opens the engine for a command, prints what happened on open, always closes it. */
export async function withEngine<T>(opts: WorkspaceOpts & ProviderOpts, fn: (engine: Engine) => T | Promise<T>, extra: Partial<EngineOptions> = {}): Promise<T> {
  const llm = { ...(opts.provider ? { provider: opts.provider } : {}), ...(opts.model ? { model: opts.model } : {}) };
  const engine = await openEngine({ workspace: workspaceFrom(opts), ...(Object.keys(llm).length > 0 ? { llm } : {}), ...extra });
  try {
    return await fn(engine);
  } finally {
    await engine.close();
  }
}

/**
 * An AbortSignal that Ctrl-C and SIGTERM abort, for the length of `fn`: every long operation
 * (embedding, a model call) stops at its next check and leaves consistent state. A second
 * signal exits at once.
 */
export async function withCancel<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onSignal = (sig: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(sig === "SIGINT" ? 130 : 143);
    controller.abort(new Error(`stopped by ${sig}`));
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    return await fn(controller.signal);
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}

/**
 * withCancel for a job run, its one-time work on the main thread done first: the job modules,
 * state.db (opened, folded, its daily backup; only when it exists, so a dry run still creates
 * none) and Node's HTTP client (its undici is compiled when `Headers` or `fetch` is first
 * touched). Before Ctrl-C is taken over a signal ends the process at once, nothing written; at
 * load 24 this work held the thread for 0.4–1.4 s right after the handler went on, and a stop
 * sent then waited for it.
 */
export async function withJobCancel<T>(engine: Engine, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  await engine.jobs();
  if (engine.hasState()) engine.state();
  void globalThis.Headers;
  return withCancel(fn);
}

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + "\n");
}

export function warn(message: string): void {
  warnLine(message);
}

export function parsePositiveInt(name: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0) throw new UsageError(`${name} must be a positive whole number, got "${v}"`);
    return n;
  };
}

/** A real calendar date "YYYY-MM-DD" (2026-13-45 is refused). */
export function parseDateOption(name: string) {
  return (v: string): string => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
    if (!m || !d || d.getUTCFullYear() !== Number(m[1]) || d.getUTCMonth() !== Number(m[2]) - 1 || d.getUTCDate() !== Number(m[3])) {
      throw new UsageError(`${name} must be a real date like 2026-03-01, got "${v}"`);
    }
    return v;
  };
}

/** Joins the words of a query and refuses an empty one. */
export function queryFrom(words: string[], example: string): string {
  const q = words.join(" ").trim();
  if (q === "") throw new UsageError(`give something to look for, e.g. ${example}`);
  return q;
}

/** Local "YYYY-MM-DD HH:MM:SS". */
export function stamp(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

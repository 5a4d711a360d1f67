import type { Command } from "commander";
import { Engine, resolveWorkspace } from "../index.js";

export interface WorkspaceOpts {
  workspace?: string;
  json?: boolean;
}

/** Every command takes --workspace; the fallback order is documented in resolveWorkspace. */
export function withWorkspaceOption(cmd: Command): Command {
  return cmd.option("-w, --workspace <dir>", "workspace folder (default: $AGENT_WORKSPACE, else found from the current folder)");
}

export function withJsonOption(cmd: Command): Command {
  return cmd.option("--json", "machine-readable JSON on stdout");
}

export function workspaceFrom(opts: WorkspaceOpts): string {
  const o: { flag?: string; env?: string } = {};
  if (opts.workspace !== undefined) o.flag = opts.workspace;
  if (process.env.AGENT_WORKSPACE !== undefined) o.env = process.env.AGENT_WORKSPACE;
  return resolveWorkspace(o);
}

/** Opens the engine for a command, prints what happened on open, always closes it. */
export async function withEngine<T>(opts: WorkspaceOpts, fn: (engine: Engine) => T | Promise<T>): Promise<T> {
  const engine = Engine.open({ workspace: workspaceFrom(opts) });
  for (const n of engine.notices) warn(n.message);
  try {
    return await fn(engine);
  } finally {
    engine.close();
  }
}

export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + "\n");
}

export function warn(message: string): void {
  process.stderr.write(`agent: ${message}\n`);
}

export function parsePositiveInt(name: string) {
  return (v: string): number => {
    const n = Number(v);
    if (!Number.isInteger(n) || n <= 0) throw new Error(`${name} must be a positive whole number, got "${v}"`);
    return n;
  };
}

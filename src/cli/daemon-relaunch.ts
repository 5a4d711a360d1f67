/**
 * `agent daemon` runs with its own V8 heap flags (src/shared/v8-flags.ts): they can only be set
 * when Node starts, and the daemon is started by a person, a systemd unit or a script as a plain
 * `agent daemon`. So the launcher (dist/cli/main.js) calls this first, before the CLI loads:
 * the process replaces itself (same pid, same stdio, same environment) with one started with
 * the flags. Imports nothing but the flag list, so it costs nothing on any other command.
 */
import { DAEMON_V8_FLAGS, setsYoungGeneration } from "../shared/v8-flags.js";

/** The command line to start again with, or undefined when this process should just go on. */
export function daemonRelaunchArgs(execPath: string, execArgv: readonly string[], argv: readonly string[], env: NodeJS.ProcessEnv): string[] | undefined {
  // Set already (this is the relaunched process, or the user chose their own size).
  if (setsYoungGeneration(execArgv, env.NODE_OPTIONS)) return undefined;
  if (env.AGENT_DAEMON_V8_FLAGS === "off") return undefined;
  return [execPath, ...DAEMON_V8_FLAGS, ...execArgv, ...argv.slice(1)];
}

/**
 * Replaces this process with the daemon started with its heap flags, where Node can
 * (`process.execve`: Node 22.15+, 23.11+; POSIX only); elsewhere the daemon runs with Node's
 * defaults.
 */
export function relaunchDaemonWithHeapFlags(): void {
  const execve = (process as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never }).execve;
  if (typeof execve !== "function" || process.platform === "win32") return;
  const args = daemonRelaunchArgs(process.execPath, process.execArgv, process.argv, process.env);
  if (args === undefined) return;
  try {
    execve.call(process, process.execPath, args, process.env);
  } catch {
    // Refused by the OS (or the runtime): the daemon runs with Node's defaults.
  }
}

/** Runs the built CLI (dist/cli/main.js) in a child process without blocking this one. */
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { CLI } from "./workspace.js";

export interface AgentRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** `agent ...args` to completion; AGENT_WORKSPACE is cleared unless `env` sets it. */
export function runAgent(args: string[], env: NodeJS.ProcessEnv = {}, input?: string, cwd?: string): Promise<AgentRun> {
  const child = spawnAgent(args, env, cwd);
  child.stdin.end(input ?? "");
  return child.done;
}

export interface RunningAgent extends ChildProcessWithoutNullStreams {
  /** Output so far. */
  out(): { stdout: string; stderr: string };
  /** Resolves with everything once the process has exited. */
  done: Promise<AgentRun>;
  /** Resolves once stdout or stderr matches `re` (rejects after `timeoutMs` or on exit). */
  waitFor(re: RegExp, timeoutMs?: number): Promise<void>;
}

/** A long-running `agent` (the daemon): output is collected, stdin stays open until ended. */
export function spawnAgent(args: string[], env: NodeJS.ProcessEnv = {}, cwd?: string): RunningAgent {
  const child = spawn(process.execPath, [CLI, ...args], {
    ...(cwd !== undefined ? { cwd } : {}),
    env: { ...process.env, AGENT_WORKSPACE: "", ...env },
    stdio: ["pipe", "pipe", "pipe"],
  }) as RunningAgent;
  let stdout = "";
  let stderr = "";
  const listeners = new Set<() => void>();
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString("utf8");
    for (const l of listeners) l();
  });
  child.stderr.on("data", (d: Buffer) => {
    stderr += d.toString("utf8");
    for (const l of listeners) l();
  });
  child.out = () => ({ stdout, stderr });
  child.done = new Promise<AgentRun>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => {
      resolve({ code, signal, stdout, stderr });
      for (const l of listeners) l();
    });
  });
  child.waitFor = (re, timeoutMs = 15_000) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (re.test(stdout) || re.test(stderr)) {
          cleanup();
          resolve();
        } else if (child.exitCode !== null || child.signalCode !== null) {
          cleanup();
          reject(new Error(`agent exited before printing ${re}:\n${stdout}\n${stderr}`));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`agent did not print ${re} within ${timeoutMs} ms:\n${stdout}\n${stderr}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });
  return child;
}

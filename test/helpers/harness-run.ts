/** Running a real assistant in a test: an isolated home, a timeout on every run, output kept. */
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll } from "vitest";
import type { ModelServer } from "./model-server.js";
import { cleanup } from "./workspace.js";

export interface HarnessRun {
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** HOME, XDG_* and CODEX_HOME inside `root`, so nothing of this machine's own setup is read or written. */
export function isolatedEnv(root: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const home = path.join(root, "home");
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, ".config"),
    XDG_DATA_HOME: path.join(home, ".local/share"),
    XDG_STATE_HOME: path.join(home, ".local/state"),
    XDG_CACHE_HOME: path.join(home, ".cache"),
    CODEX_HOME: path.join(home, ".codex"),
    TMPDIR: process.env.TMPDIR ?? "/tmp",
    // The same device as the test itself (its per-file state home): the hooks use the index it built.
    ...(process.env.AGENT_STATE_HOME ? { AGENT_STATE_HOME: process.env.AGENT_STATE_HOME } : {}),
    AGENT_WORKSPACE: "",
    ...extra,
  };
  for (const k of ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME", "CODEX_HOME"]) mkdirSync(env[k]!, { recursive: true });
  return env;
}

/** Runs a harness command to completion, killed after `timeoutMs` (a harness whose model does not answer retries silently). */
export function runHarness(bin: string, args: string[], opts: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<HarnessRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let timedOut = false;
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, opts.timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

/** What a real-assistant test leaves to clean up: its scratch folder and its model server. */
export interface RealRunScratch {
  root: string;
  server?: ModelServer;
}

/**
 * Registers the after-all of a real-assistant test file: the model server closed, the scratch
 * folder removed (kept with KEEP_TEST_DIR=1, to look into after a failure). The test sets
 * `root` and `server` when it makes them.
 */
export function realRunScratch(): RealRunScratch {
  const s: RealRunScratch = { root: "" };
  afterAll(async () => {
    await s.server?.close();
    if (!process.env.KEEP_TEST_DIR && s.root !== "") cleanup(s.root);
  }, 60_000);
  return s;
}

/**
 * V8 heap flags of the daemon's process. They can only be given when a process starts (V8 sizes
 * its heap once; `v8.setFlagsFromString` later changes nothing), and a worker thread refuses
 * them in its `execArgv` (ERR_WORKER_INVALID_EXEC_ARGV): the heap flags are the process's.
 */

/**
 * The daemon's young generation: V8 grows each semi-space to 32 MB on a 64-bit machine with
 * memory to spare, so a long-lived host that allocates a little on every batch it embeds ends
 * up holding ~64 MB of nursery for a few MB of live young objects (measured: the daemon's main
 * heap 100 MB committed for 36–60 MB used while it embeds). With 4 MB semi-spaces it held
 * 44–46 MB at the same CPU per window; docs/performance.md has the before/after.
 */
export const DAEMON_V8_FLAGS: readonly string[] = ["--max-semi-space-size=4"];

/** Flags a worker thread must not be handed: V8's heap sizes (the process's), and the eval input type. */
const NOT_FOR_WORKERS = ["--max-semi-space-size", "--max-old-space-size", "--input-type"];

/** The parent's execArgv as a worker thread may take it (a refused flag's value goes with it, `--flag value` or `--flag=value`). */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const a = execArgv[i]!;
    if (NOT_FOR_WORKERS.some((f) => a.startsWith(`${f}=`))) continue;
    if (NOT_FOR_WORKERS.includes(a)) {
      if (i + 1 < execArgv.length && !execArgv[i + 1]!.startsWith("-")) i++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/** True when the command line or NODE_OPTIONS already sets the young generation's size: the user's choice stands. */
export function setsYoungGeneration(execArgv: readonly string[], nodeOptions = ""): boolean {
  return [...execArgv, ...nodeOptions.split(/\s+/)].some((a) => a.startsWith("--max-semi-space-size"));
}

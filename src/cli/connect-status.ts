/** `agent connect --status`: per assistant, where it is connected, its last capture and injection, the misses of the last day, and what is broken. */
import path from "node:path";
import { assistantsHealth, type ConnectionHealth } from "../assistants/health.js";
import type { DoctorCheck } from "../engine/admin.js";
import { printJson, type WorkspaceOpts } from "./common.js";

function ago(iso: string | undefined, now: number): string {
  if (iso === undefined) return "never";
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  const span = s < 120 ? `${s} s` : s < 7200 ? `${Math.round(s / 60)} min` : s < 172_800 ? `${Math.round(s / 3600)} h` : `${Math.round(s / 86_400)} days`;
  return `${iso} (${span} ago)`;
}

function lines(c: ConnectionHealth, now: number): string[] {
  const out: string[] = [];
  if (c.activity !== undefined) {
    out.push(`  last capture: ${ago(c.activity.lastCapture, now)}; last injection: ${ago(c.activity.lastInject, now)}; misses in the last day: ${c.activity.missesLastDay}`);
    if (c.activity.lastProblem !== undefined) out.push(`  last hook problem: ${c.activity.lastProblem}`);
  }
  for (const p of c.problems) out.push(`  BROKEN: ${p}`);
  return out;
}

export async function connectionReport(opts: WorkspaceOpts, configFiles: ReadonlyMap<string, string>): Promise<void> {
  const now = Date.now();
  const all = await assistantsHealth(process.cwd(), process.env, configFiles, now);
  if (opts.json) return printJson(all.flatMap((a) => a.connections));
  for (const a of all) {
    if (a.connections.length === 0) process.stdout.write(`${a.harness.padEnd(12)} not connected\n`);
    for (const c of a.connections) {
      process.stdout.write(`${a.harness.padEnd(12)} ${c.scope.padEnd(8)} → ${c.workspace ?? "?"}  (${c.file})\n`);
      for (const l of lines(c, now)) process.stdout.write(`${l}\n`);
    }
  }
}

/**
 * `agent doctor`'s lines about the assistants: a connection whose Node, CLI or workspace is
 * gone (whatever workspace it names: its hooks fail silently), and the misses of the last day
 * of the ones connected to this workspace. Warnings: the workspace itself is fine.
 */
export async function assistantChecks(workspace: string): Promise<DoctorCheck[]> {
  const out: DoctorCheck[] = [];
  const here = path.resolve(workspace);
  for (const a of await assistantsHealth(process.cwd(), process.env)) {
    for (const c of a.connections) {
      const name = `assistant ${a.harness}`;
      for (const p of c.problems) out.push({ name, status: "warn", detail: `${c.file}: ${p}`, fix: `agent connect ${a.harness} --workspace DIR` });
      const misses = c.workspace !== null && path.resolve(c.workspace) === here ? (c.activity?.missesLastDay ?? 0) : 0;
      if (misses > 0) out.push({ name, status: "warn", detail: `${misses} hook miss(es) in the last day (.agent/hooks.log); last: ${c.activity?.lastProblem ?? "?"}`, fix: "agent connect --status" });
    }
  }
  return out;
}

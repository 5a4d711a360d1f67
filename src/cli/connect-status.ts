/** `agent connect --status`: per assistant, where it is connected, its last capture and injection, the misses of the last day, and what is broken. */
import path from "node:path";
import { assistantsHealth, type ConnectionHealth } from "../assistants/health.js";
import type { DoctorCheck } from "../engine/admin.js";
import type { HelloResult } from "../daemon/protocol.js";
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
      for (const l of [...lines(c, now), ...(await daemonLines(c))]) process.stdout.write(`${l}\n`);
    }
  }
}

/**
 * A connection through the daemon (HTTP hooks) works only while it runs and serves HTTP where
 * the hooks post: Claude Code says nothing when the URL refuses, so this says it.
 */
async function daemonLines(c: ConnectionHealth): Promise<string[]> {
  if (c.via !== "daemon" || c.workspace === null) return [];
  const { askDaemon } = await import("../daemon/client.js");
  const hello = await askDaemon<HelloResult>(c.workspace, "hello", {}, { timeoutMs: 2_000, onFallback: () => undefined }).catch(() => undefined);
  const start = `start \`agent daemon --http -w ${c.workspace}\`${c.origin !== undefined ? ` (port ${new URL(c.origin).port})` : ""}; the session's next turn then captures the turns missed, \`agent import ${c.harness}\` the other sessions'`;
  if (hello === undefined) return [`  DOWN: no daemon answers for ${c.workspace}: turns run without memories and are not captured; ${start}`];
  if (hello.http !== c.origin) return [`  BROKEN: the hooks post to ${c.origin ?? "?"} but the daemon serves ${hello.http ?? "no HTTP"}: run \`agent connect ${c.harness}${c.scope === "project" ? " --scope project" : ""} --via daemon\` again`];
  return [`  through the daemon at ${c.origin} (running, pid ${hello.pid})`];
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
      const down = (await daemonLines(c)).find((l) => /DOWN|BROKEN/.test(l));
      if (down !== undefined) out.push({ name, status: "warn", detail: `${c.file}: ${down.trim()}`, fix: "agent connect --status" });
      const misses = c.workspace !== null && path.resolve(c.workspace) === here ? (c.activity?.missesLastDay ?? 0) : 0;
      if (misses > 0) out.push({ name, status: "warn", detail: `${misses} hook miss(es) in the last day (.agent/hooks.log); last: ${c.activity?.lastProblem ?? "?"}`, fix: "agent connect --status" });
    }
  }
  return out;
}

/**
 * `agent status`'s line about the assistants connected to this workspace: each one, with its
 * last capture (the full picture is `agent connect --status`).
 */
export async function assistantsLine(workspace: string, now = Date.now()): Promise<string> {
  const here = path.resolve(workspace);
  const parts: string[] = [];
  for (const a of await assistantsHealth(process.cwd(), process.env, new Map(), now)) {
    const mine = a.connections.filter((c) => c.workspace !== null && path.resolve(c.workspace) === here);
    if (mine.length === 0) continue;
    const last = mine.map((c) => c.activity?.lastCapture).filter((t): t is string => t !== undefined).sort().pop();
    const broken = mine.some((c) => c.problems.length > 0);
    parts.push(`${a.harness} (${mine.map((c) => c.scope).join(", ")}; last capture ${last === undefined ? "never" : last}${broken ? "; BROKEN: see `agent connect --status`" : ""})`);
  }
  return `assistants: ${parts.length === 0 ? "none connected here (`agent connect <assistant>`)" : parts.join(", ")}`;
}

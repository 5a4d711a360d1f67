/**
 * What `agent doctor` says about the device logs, read straight from the files (no database
 * needed): lines that do not parse (file and line), events of a type this engine does not
 * know (kept, skipped), and a device whose newest event is far behind the others (lagging:
 * its sync stopped, or it was retired).
 */
import { EVENT_TYPES } from "./apply.js";
import { parseHlc } from "./hlc.js";
import { listLogs, logFile, readLog, unsafeLogs } from "./log.js";

export interface LogCheck {
  status: "ok" | "warn";
  detail: string;
  fix?: string;
}

/** A device this far behind the newest event is called lagging. */
export const LAGGING_MS = 14 * 86_400_000;

const known = new Set<string>(EVENT_TYPES);

export function checkLogs(workspace: string): LogCheck[] {
  const devices = listLogs(workspace);
  const unsafe = unsafeLogs(workspace).map((detail): LogCheck => ({ status: "warn", detail, fix: "it is left out of the fold until it is a plain file again" }));
  if (devices.length === 0 && unsafe.length > 0) return unsafe;
  if (devices.length === 0) return [{ status: "ok", detail: "no device logs yet (.agent-state/ appears with the first SOUL version, memory or recall)" }];
  const out: LogCheck[] = [...unsafe];
  const last = new Map<string, { at: number; name: string }>();
  let events = 0;
  for (const d of devices) {
    const file = logFile(workspace, d);
    const r = readLog(file, d, 0);
    events += r.events.length;
    for (const p of r.problems.slice(0, 5)) out.push({ status: "warn", detail: `${file}:${p.line}: ${p.reason}`, fix: "the line is skipped; every other event still folds. A device's own log is only written by that device: if the line came from a sync conflict, keep the complete copy" });
    if (r.problems.length > 5) out.push({ status: "warn", detail: `${file}: ${r.problems.length - 5} more line(s) that do not parse` });
    const unknown = r.events.filter((e) => !known.has(e.type));
    if (unknown.length > 0) {
      const types = [...new Set(unknown.map((e) => e.type))].slice(0, 5).join(", ");
      out.push({ status: "warn", detail: `${file}: ${unknown.length} event(s) of a type this engine does not know (${types}): kept in the log, skipped in the fold`, fix: "a newer engine wrote them; upgrade this device to fold them" });
    }
    const name = r.events.find((e) => e.type === "log.start" && typeof e.name === "string")?.name as string | undefined;
    const newest = r.events.reduce((n, e) => Math.max(n, parseHlc(e.hlc)?.wall ?? 0), 0);
    if (newest > 0) last.set(d, { at: newest, name: name ?? d });
  }
  const top = Math.max(0, ...[...last.values()].map((x) => x.at));
  for (const [d, x] of last) {
    const behind = top - x.at;
    if (behind > LAGGING_MS) out.push({ status: "warn", detail: `device ${x.name} (${d}) is lagging: its newest event is ${Math.round(behind / 86_400_000)} days older than the newest of all`, fix: "if it still syncs this workspace, check its sync; if it was retired, nothing to do (its events stay part of the history)" });
  }
  out.unshift({ status: "ok", detail: `${devices.length} device log(s) in .agent-state/, ${events} event(s)` });
  return out;
}

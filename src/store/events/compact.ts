/**
 * Compaction of this device's own log (never another's): events whose effect is certainly
 * gone are dropped, and the fold of all logs gives the same digest after as before. Today
 * that is the recall log's rows that a later retention prune removed before anything else
 * looked at them: an insert of recalls all older than the cut-off of the first prune (of any
 * device) that sorts after it, when that prune sorts before every other device's newest event
 * (a device's later events sort after its newest, so none can still arrive in between). The log is rewritten whole (temporary file, fsync, rename)
 * under the write lock; its first line changes (`compacted` is added), so every device that
 * had read it sees the rewrite and folds it again from the start.
 */
import { readLogBytes, rewriteLog } from "../../workspace/state-logs.js";
import type { DB } from "../open.js";
import { catchUp, clockOf, writeTx } from "./fold.js";
import { formatHlc } from "./hlc.js";
import { flushPending, type Ledger } from "./ledger.js";
import { eventKey, listLogs, logFile, parseEvent, readLog, type StateEvent } from "./log.js";

export interface CompactResult {
  before: number;
  after: number;
  dropped: number;
  bytesBefore: number;
  bytesAfter: number;
}

export function compactOwnLog(db: DB, l: Ledger): CompactResult {
  flushPending(db);
  return writeTx(db, () => {
    catchUp(db, l.workspace);
    const file = logFile(l.workspace, l.device.id);
    const text = readLogBytes(file, 0).toString("utf8");
    const lines = text.split("\n");
    if (lines[lines.length - 1] === "") lines.pop();
    const { prunes, settled } = allPrunes(l.workspace, l.device.id);
    const kept: string[] = [];
    let dropped = 0;
    lines.forEach((line, i) => {
      const e = parseEvent(line, l.device.id);
      if (typeof e === "string") {
        // A bad line stays where it was (doctor still shows it); a torn last one is left out.
        if (i < lines.length - 1 || text.endsWith("\n")) kept.push(line);
        return;
      }
      if (i === 0 && e.type === "log.start") return kept.push(JSON.stringify({ ...e, compacted: formatHlc(clockOf(db)) }));
      if (gone(e, prunes, settled)) dropped++;
      else kept.push(line);
    });
    const out = kept.map((x) => `${x}\n`).join("");
    rewriteLog(file, out);
    catchUp(db, l.workspace);
    return { before: lines.length, after: kept.length, dropped, bytesBefore: Buffer.byteLength(text), bytesAfter: Buffer.byteLength(out) };
  });
}

interface Prune {
  key: string;
  olderThan: number;
}

/** Every prune of every log, in fold order, and the key before which no other device can add an event. */
function allPrunes(workspace: string, own: string): { prunes: Prune[]; settled: string } {
  const out: Prune[] = [];
  let settled = "\uffff";
  for (const device of listLogs(workspace)) {
    let newest = "";
    for (const e of readLog(logFile(workspace, device), device, 0).events) {
      const key = eventKey(e);
      if (key > newest) newest = key;
      if (e.type === "recalls.prune" && typeof e.olderThan === "number") out.push({ key, olderThan: e.olderThan });
    }
    if (device !== own && newest < settled) settled = newest;
  }
  return { prunes: out.sort((a, b) => (a.key < b.key ? -1 : 1)), settled };
}

/** An insert of recall rows that the first prune after it deletes whole. */
function gone(e: StateEvent, prunes: Prune[], settled: string): boolean {
  if (e.type !== "row.insert" || e.table !== "recalls" || !Array.isArray(e.rows) || e.rows.length === 0) return false;
  const key = eventKey(e);
  const next = prunes.find((p) => p.key > key);
  if (next === undefined || next.key >= settled) return false;
  return (e.rows as { at?: unknown }[]).every((r) => typeof r.at === "number" && r.at < next.olderThan);
}

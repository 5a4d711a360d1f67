import path from "node:path";
import { backupStateDb, dailyBackupDueAt, type StateBackup } from "../../store/backup.js";
import { statWorkspacePath } from "../../workspace/guard.js";
import { stateDbPath } from "../../workspace/paths.js";
import { notDue, type Job, type JobDeps } from "../job.js";

export const BACKUP_JOB = "backup";

/** The daily backup takes no arguments: the schedule runs it once a day, a person whenever. */
export type BackupArgs = Record<string, never>;

/**
 * The daily copy of state.db (backups/ beside it, SQLite's online backup): due when no backup
 * of any reason was taken in the last 24 hours. A cancel stops the copy between two steps
 * and leaves no partial file.
 */
export function backupJob(deps: JobDeps): Job<BackupArgs, StateBackup | null> {
  const file = () => stateDbPath(deps.workspace);
  return {
    name: BACKUP_JOB,
    due(now) {
      // Nothing to protect yet, and a look must not create the file.
      if (statWorkspacePath(path.dirname(file()), path.basename(file())) === null) return notDue("there is no state database yet");
      const at = dailyBackupDueAt(file(), now);
      if (at > now) return notDue("state.db was backed up in the last 24 hours", at);
      return { due: true, nextAt: now, reason: "no backup of state.db in the last 24 hours", runs: [{ key: BACKUP_JOB, args: {} }] };
    },
    startDetails: (_args, trigger) => ({ trigger: trigger === "manual" ? "manual" : "daily" }),
    recorded: () => true,
    async run(_args, ctx) {
      const b = await backupStateDb(file(), { reason: ctx.trigger === "manual" ? "manual" : "daily", now: deps.now(), signal: ctx.signal });
      if (b === null) return { result: { outcome: "skip", reason: "there is no state database yet" }, value: null };
      return { result: { outcome: "ok", reason: `state backed up to ${b.file}`, details: { file: b.file, bytes: b.bytes } }, value: b };
    },
  };
}

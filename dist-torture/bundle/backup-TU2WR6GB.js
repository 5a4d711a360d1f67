import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  STATE_BACKUP_GENERATIONS,
  STATE_RESTORE_HINT,
  StateDbError,
  backupStateDb,
  backupStateDbSync,
  backupStateIfDue,
  checkIntegrity,
  explainStateError,
  isCorruptionError,
  listStateBackups,
  restoreStateBackup,
  stateBackupDir
} from "./chunk-MSVBQ5DD.js";
import "./chunk-QVKI7VQX.js";
export {
  STATE_BACKUP_GENERATIONS,
  STATE_RESTORE_HINT,
  StateDbError,
  backupStateDb,
  backupStateDbSync,
  backupStateIfDue,
  checkIntegrity,
  explainStateError,
  isCorruptionError,
  listStateBackups,
  restoreStateBackup,
  stateBackupDir
};
//# sourceMappingURL=backup-TU2WR6GB.js.map

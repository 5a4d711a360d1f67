/**
 * One sentence a person can act on for any error the engine lets out, and a stable code for
 * `--json` callers. Raw library text (an errno, SQLite's "file is not a database", llama.cpp's
 * context-size complaint) is turned into what it means and what to do.
 */

import path from "node:path";
import { DiskFullError, diskFullDir } from "../shared/disk.js";

export interface ErrorInfo {
  /** Stable, machine-readable: "config", "usage", "not-found", "refused", "llm", "state", "io"... */
  code: string;
  message: string;
}

// Defined in the bottom layer so the search layer's bounds can raise it too.
export { UsageError } from "../shared/errors.js";

const NAME_CODES: Record<string, string> = {
  UsageError: "usage",
  ConfigError: "config",
  WorkspaceError: "workspace",
  PathRefusedError: "refused",
  PrivateFileError: "refused",
  AppendRefusedError: "refused",
  AppendVerificationError: "io",
  ImportRefusedError: "refused",
  MemoryNotFoundError: "not-found",
  DaemonLockedError: "locked",
  StateVersionError: "state",
  StateDbError: "state",
  EmbedError: "embedder",
  LLMError: "llm",
  FlushAppendError: "io",
  DiskFullError: "disk-full",
  RangeError: "usage",
};

export function errorInfo(e: unknown): ErrorInfo {
  if (!(e instanceof Error)) return { code: "error", message: String(e) };
  // An error passed on from another process (the daemon) already says what it means.
  const given = (e as { errorInfo?: ErrorInfo }).errorInfo;
  if (given !== undefined) return given;
  const errno = (e as NodeJS.ErrnoException).code;
  const code = NAME_CODES[e.name] ?? (diskFullDir(e) !== null ? "disk-full" : typeof errno === "string" && errno.startsWith("E") ? "io" : typeof errno === "string" && errno.startsWith("SQLITE") ? "database" : "error");
  return { code, message: errorText(e) };
}

/** The error's message as one actionable line. */
export function errorText(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const err = e as NodeJS.ErrnoException;
  const file = err.path ?? "";
  switch (err.code) {
    case "EACCES":
    case "EPERM":
      return `${file || "a file"}: permission denied; check the owner and mode of the file (or run as its owner)`;
    case "ENOSPC":
      if (e instanceof DiskFullError) return e.message;
      return `disk full: ${file ? `could not write ${file}` : "a write failed"}; free space at ${file ? path.dirname(file) : (diskFullDir(e) ?? "the disk that holds the workspace")}`;
    case "EROFS":
      return `${file || "the workspace"}: the file system is read-only`;
    case "SQLITE_NOTADB":
    case "SQLITE_CORRUPT":
      return `${err.message}: a database file is damaged; run \`agent doctor\` to see which one and how to restore it`;
    case "SQLITE_BUSY":
      return "the database stayed locked by another agent process for too long; try again (is a rebuild running?)";
  }
  // SQLite's "database or disk is full", and its "disk I/O error" on a disk with no space left.
  const full = diskFullDir(e);
  if (full !== null) return `disk full: ${err.message.split("\n")[0]}; free space at ${full}`;
  const m = err.message;
  // llama.cpp and node-llama-cpp report an over-long prompt in several raw ways.
  if (/context size|n_ctx|context window|too many tokens|exceeds the context/i.test(m) && !/llm\.contextSize/.test(m)) {
    return `the prompt does not fit the model's context window (${m.split("\n")[0]}); raise llm.contextSize in agent.config.json (llama-cpp) or use a model with a larger context`;
  }
  return m.split("\n")[0] ?? m;
}

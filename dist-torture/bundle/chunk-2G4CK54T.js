import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);

// dist/engine/errors.js
var UsageError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "UsageError";
  }
};
var NAME_CODES = {
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
  RangeError: "usage"
};
function errorInfo(e) {
  if (!(e instanceof Error))
    return { code: "error", message: String(e) };
  const given = e.errorInfo;
  if (given !== void 0)
    return given;
  const errno = e.code;
  const code = NAME_CODES[e.name] ?? (typeof errno === "string" && errno.startsWith("E") ? "io" : typeof errno === "string" && errno.startsWith("SQLITE") ? "database" : "error");
  return { code, message: errorText(e) };
}
function errorText(e) {
  if (!(e instanceof Error))
    return String(e);
  const err = e;
  const file = err.path ?? "";
  switch (err.code) {
    case "EACCES":
    case "EPERM":
      return `${file || "a file"}: permission denied; check the owner and mode of the file (or run as its owner)`;
    case "ENOSPC":
      return `${file || "the disk"}: no space left on the device; free some space and try again`;
    case "EROFS":
      return `${file || "the workspace"}: the file system is read-only`;
    case "SQLITE_NOTADB":
    case "SQLITE_CORRUPT":
      return `${err.message}: a database file is damaged; run \`agent doctor\` to see which one and how to restore it`;
    case "SQLITE_BUSY":
      return "the database stayed locked by another agent process for too long; try again (is a rebuild running?)";
  }
  const m = err.message;
  if (/context size|n_ctx|context window|too many tokens|exceeds the context/i.test(m) && !/llm\.contextSize/.test(m)) {
    return `the prompt does not fit the model's context window (${m.split("\n")[0]}); raise llm.contextSize in agent.config.json (llama-cpp) or use a model with a larger context`;
  }
  return m.split("\n")[0] ?? m;
}

export {
  UsageError,
  errorInfo,
  errorText
};
//# sourceMappingURL=chunk-2G4CK54T.js.map

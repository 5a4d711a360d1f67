import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  agentDir
} from "./chunk-U66UVQVN.js";

// dist/daemon/protocol.js
import { createHash } from "node:crypto";
import { mkdirSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
var FALLBACK_CODES = /* @__PURE__ */ new Set(["unknown-method", "config-changed", "stopping"]);
var PROTOCOL_VERSION = 1;
var MAX_LINE_BYTES = 64 * 1024 * 1024;
var MAX_SOCKET_PATH = 100;
function socketPath(workspace, opts = {}) {
  const inWorkspace = path.join(agentDir(workspace), "daemon.sock");
  if (Buffer.byteLength(inWorkspace) <= MAX_SOCKET_PATH)
    return inWorkspace;
  const id = createHash("sha256").update(path.resolve(workspace)).digest("hex").slice(0, 24);
  return path.join(opts.create ? privateRuntimeDir() : runtimeDirPath(), `${id}.sock`);
}
function runtimeDirPath() {
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  const base = process.env.XDG_RUNTIME_DIR && process.env.XDG_RUNTIME_DIR.length < 60 ? process.env.XDG_RUNTIME_DIR : os.tmpdir();
  return path.join(base, `agent-memory-${uid}`);
}
function privateRuntimeDir() {
  const uid = typeof process.getuid === "function" ? process.getuid() : 0;
  const dir = runtimeDirPath();
  mkdirSync(dir, { recursive: true, mode: 448 });
  const st = statSync(dir);
  if (st.uid !== uid || (st.mode & 63) !== 0) {
    throw new Error(`${dir} must belong to this user and be private (mode 0700); remove it and start the daemon again`);
  }
  return dir;
}
function httpTokenPath(workspace) {
  return path.join(agentDir(workspace), "mcp-http.token");
}
var OVERSIZE_HEAD_BYTES = 64 * 1024;
var LineSplitter = class {
  max;
  onOversize;
  parts = [];
  size = 0;
  /** Set while skipping an oversize line: its head and the bytes seen so far. */
  skipping = null;
  constructor(max = MAX_LINE_BYTES, onOversize) {
    this.max = max;
    this.onOversize = onOversize;
  }
  push(chunk) {
    const out = [];
    let start = 0;
    for (; ; ) {
      const nl = chunk.indexOf(10, start);
      if (nl === -1)
        break;
      const piece = chunk.subarray(start, nl);
      start = nl + 1;
      if (this.skipping) {
        const { head, bytes } = this.skipping;
        this.skipping = null;
        this.onOversize?.({ head: head.toString("utf8"), bytes: bytes + piece.length });
        continue;
      }
      if (this.size + piece.length > this.max && this.onOversize) {
        const head = Buffer.concat([...this.parts, piece]).subarray(0, OVERSIZE_HEAD_BYTES);
        const bytes = this.size + piece.length;
        this.parts = [];
        this.size = 0;
        this.onOversize({ head: head.toString("utf8"), bytes });
        continue;
      }
      const line = this.parts.length === 0 ? piece : Buffer.concat([...this.parts, piece]);
      this.parts = [];
      this.size = 0;
      out.push(line.toString("utf8").replace(/\r$/, ""));
    }
    if (start < chunk.length) {
      const rest = chunk.subarray(start);
      if (this.skipping) {
        this.skipping.bytes += rest.length;
        return out;
      }
      this.size += rest.length;
      if (this.size > this.max) {
        if (!this.onOversize)
          throw new Error(`a line longer than ${this.max} bytes`);
        this.skipping = { head: Buffer.concat([...this.parts, rest]).subarray(0, OVERSIZE_HEAD_BYTES), bytes: this.size };
        this.parts = [];
        this.size = 0;
        return out;
      }
      this.parts.push(Buffer.from(rest));
    }
    return out;
  }
};
function idOfHead(head) {
  const params = head.indexOf('"params"');
  const before = params === -1 ? head : head.slice(0, params);
  const m = /"id"\s*:\s*(-?\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*")/.exec(before);
  if (!m)
    return null;
  try {
    return JSON.parse(m[1]);
  } catch {
    return null;
  }
}
function oversizeError(line, max) {
  const message = `message of ${line.bytes} bytes is over the ${max}-byte limit; it was not read and nothing was done (send less at a time)`;
  return { jsonrpc: "2.0", id: idOfHead(line.head), error: { code: -32600, message } };
}

export {
  FALLBACK_CODES,
  PROTOCOL_VERSION,
  MAX_LINE_BYTES,
  socketPath,
  httpTokenPath,
  LineSplitter,
  idOfHead,
  oversizeError
};
//# sourceMappingURL=chunk-C7XSXXD5.js.map

import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  LineTransport
} from "./chunk-4UKMVRFV.js";
import "./chunk-AIKM6EGO.js";
import {
  LineSplitter,
  MAX_LINE_BYTES,
  PROTOCOL_VERSION,
  httpTokenPath,
  idOfHead,
  oversizeError,
  socketPath
} from "./chunk-C7XSXXD5.js";
import {
  parsePositiveInt,
  stamp,
  standard,
  warn,
  withProviderOptions,
  workspaceFrom
} from "./chunk-EENKQGIA.js";
import {
  auditWorkspace
} from "./chunk-U6FEY52V.js";
import {
  JobService,
  ScheduleLoop
} from "./chunk-VS47U3ON.js";
import "./chunk-SYRWSFJK.js";
import "./chunk-3FNR63DB.js";
import "./chunk-JY63XUVN.js";
import "./chunk-2YPZIKJZ.js";
import "./chunk-2RZH2ITT.js";
import "./chunk-7TYOPXQS.js";
import "./chunk-D3YNOGQB.js";
import "./chunk-QHBY2DEB.js";
import {
  acquireDaemonLock
} from "./chunk-TYLLTPQG.js";
import {
  Engine,
  watchWorkspace
} from "./chunk-VEPDMEQG.js";
import "./chunk-RVKSXO2E.js";
import "./chunk-DCOOZYPX.js";
import "./chunk-SOHIBQDK.js";
import "./chunk-P4TWOYVN.js";
import "./chunk-LTX5SA6R.js";
import "./chunk-EQ5JI7WZ.js";
import "./chunk-6GL6RHDK.js";
import "./chunk-ALMWBFSW.js";
import "./chunk-UXHALSJY.js";
import "./chunk-DDYDWEWT.js";
import "./chunk-FEQ2CM7F.js";
import {
  Option
} from "./chunk-2CVVGZF3.js";
import {
  UsageError,
  errorInfo
} from "./chunk-2G4CK54T.js";
import {
  backupStateIfDue
} from "./chunk-MSVBQ5DD.js";
import "./chunk-Q7MNPCDJ.js";
import "./chunk-YGG5RE66.js";
import "./chunk-EYPOEGPV.js";
import "./chunk-C7GQ5C77.js";
import "./chunk-PUIWUURG.js";
import "./chunk-UWHEQYUJ.js";
import "./chunk-IH6GUBBK.js";
import "./chunk-JKQF62IV.js";
import {
  agentDir,
  configPath
} from "./chunk-U66UVQVN.js";
import "./chunk-QD2MJU4L.js";
import "./chunk-IWEEPCH3.js";
import "./chunk-L3UHGH52.js";
import {
  external_exports
} from "./chunk-EIUDDPL2.js";
import "./chunk-AKCMT4GJ.js";
import "./chunk-AWOS4YYZ.js";
import "./chunk-QVKI7VQX.js";

// dist/daemon/host.js
import { chmodSync as chmodSync3, statSync as statSync2 } from "node:fs";

// dist/shared/clock.js
var MAX_TIMER_MS = 2 ** 31 - 1;
var systemClock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise((resolve) => {
      if (signal?.aborted)
        return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, Math.min(ms, MAX_TIMER_MS)));
      signal?.addEventListener("abort", done, { once: true });
    });
  }
};

// dist/daemon/http.js
import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import http from "node:http";
var MCP_HTTP_PATH = "/mcp";
var MAX_SESSIONS = 64;
var EVICTABLE_IDLE_MS = 10 * 6e4;
var MAX_BODY_BYTES = 4 * 1024 * 1024;
var LOCAL_HOSTS = ["127.0.0.1", "localhost", "[::1]"];
var McpHttpServer = class _McpHttpServer {
  http;
  opts;
  Transport;
  isInitialize;
  sessions = /* @__PURE__ */ new Map();
  constructor(http2, opts, Transport, isInitialize) {
    this.http = http2;
    this.opts = opts;
    this.Transport = Transport;
    this.isInitialize = isInitialize;
  }
  get port() {
    const a = this.http.address();
    return typeof a === "object" && a !== null ? a.port : this.opts.port;
  }
  get url() {
    return `http://127.0.0.1:${this.port}${MCP_HTTP_PATH}`;
  }
  static async listen(opts) {
    const [{ StreamableHTTPServerTransport: Transport }, { isInitializeRequest }] = await Promise.all([
      import("./streamableHttp-PS3ZGH32.js"),
      import("./types-74HIE2MR.js")
    ]);
    const server = http.createServer();
    const s = new _McpHttpServer(server, opts, Transport, isInitializeRequest);
    server.on("request", (req, res) => {
      s.handle(req, res).catch((e) => {
        opts.warn(`mcp http: ${e instanceof Error ? e.message : String(e)}`);
        if (!res.headersSent)
          reply(res, 500, "internal error");
        else
          res.end();
      });
    });
    await new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(opts.port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
    return s;
  }
  async close() {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(all.map((x) => x.transport.close().catch(() => void 0)));
    await Promise.all(all.map((x) => x.server.close().catch(() => void 0)));
    this.http.closeAllConnections();
    await new Promise((resolve) => this.http.close(() => resolve()));
  }
  async handle(req, res) {
    const allowed = [...LOCAL_HOSTS, ...this.opts.allowedHosts].map((h) => h.toLowerCase());
    const host = hostnameOf(req.headers.host);
    if (host === null || !allowed.includes(host))
      return reply(res, 403, `Host ${JSON.stringify(req.headers.host ?? "")} is not allowed`);
    const origin = req.headers.origin;
    if (origin !== void 0) {
      const o = originHostname(origin);
      if (o === null || !allowed.includes(o))
        return reply(res, 403, `Origin ${JSON.stringify(origin)} is not allowed`);
    }
    if (!this.authorized(req.headers.authorization)) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="agent-memory"');
      return reply(res, 401, "a valid bearer token is required (see .agent/mcp-http.token)");
    }
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname !== MCP_HTTP_PATH)
      return reply(res, 404, `not found; the MCP endpoint is ${MCP_HTTP_PATH}`);
    const sid = req.headers["mcp-session-id"];
    if (typeof sid === "string") {
      const s = this.sessions.get(sid);
      if (!s)
        return jsonRpcError(res, 404, -32001, "Session not found");
      s.lastSeen = Date.now();
      return s.transport.handleRequest(req, res);
    }
    if (req.method !== "POST")
      return jsonRpcError(res, 400, -32e3, "Bad Request: No valid session ID provided");
    const body = await readJson(req);
    if (body === void 0)
      return jsonRpcError(res, 400, -32700, "Parse error");
    if (!this.isInitialize(body))
      return jsonRpcError(res, 400, -32e3, "Bad Request: No valid session ID provided");
    if (this.sessions.size >= MAX_SESSIONS && !await this.evictIdle()) {
      return jsonRpcError(res, 503, -32e3, `too many MCP sessions (${MAX_SESSIONS}); close one and try again`);
    }
    const server = this.opts.createServer();
    const transport = new this.Transport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        this.sessions.set(id, { transport, server, lastSeen: Date.now() });
      },
      onsessionclosed: (id) => {
        this.sessions.delete(id);
      }
    });
    transport.onclose = () => {
      if (transport.sessionId)
        this.sessions.delete(transport.sessionId);
      void server.close().catch(() => void 0);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }
  /** Closes the longest-idle session if it has been idle long enough; whether one was closed. */
  async evictIdle() {
    let oldest;
    for (const e of this.sessions)
      if (!oldest || e[1].lastSeen < oldest[1].lastSeen)
        oldest = e;
    if (!oldest || Date.now() - oldest[1].lastSeen < EVICTABLE_IDLE_MS)
      return false;
    this.sessions.delete(oldest[0]);
    await oldest[1].transport.close().catch(() => void 0);
    return true;
  }
  authorized(header) {
    const m = header === void 0 ? null : /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!m)
      return false;
    const given = Buffer.from(m[1]);
    const want = Buffer.from(this.opts.token);
    return given.length === want.length && timingSafeEqual(given, want);
  }
};
function hostnameOf(host) {
  if (host === void 0 || host === "")
    return null;
  const m = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+)(?::(\d+))?$/.exec(host.trim());
  return m ? m[1].toLowerCase() : null;
}
function originHostname(origin) {
  try {
    const u = new URL(origin);
    if (u.protocol !== "http:" && u.protocol !== "https:")
      return null;
    return u.hostname.toLowerCase();
  } catch {
    return null;
  }
}
function reply(res, status, message) {
  res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8" });
  res.end(`${message}
`);
}
function jsonRpcError(res, status, code, message) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
function readJson(req) {
  return new Promise((resolve, reject) => {
    const parts = [];
    let size = 0;
    req.on("data", (c) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        req.destroy();
        resolve(void 0);
        return;
      }
      parts.push(c);
    });
    req.on("end", () => {
      try {
        resolve(JSON.parse(Buffer.concat(parts).toString("utf8")));
      } catch {
        resolve(void 0);
      }
    });
    req.on("error", reject);
  });
}
function ensureToken(file, warn2) {
  try {
    writeFileSync(file, randomBytes(32).toString("base64url") + "\n", { flag: "wx", mode: 384 });
  } catch (e) {
    if (e.code !== "EEXIST")
      throw e;
  }
  const st = statSync(file);
  if (!st.isFile())
    throw new Error(`${file} is not a regular file; remove it and start the daemon again`);
  if ((st.mode & 63) !== 0) {
    chmodSync(file, 384);
    warn2(`${file} was readable by others (mode ${(st.mode & 511).toString(8)}); made it 0600 \u2014 replace the token if others may have read it (delete the file and restart)`);
  }
  const token = readFileSync(file, "utf8").trim();
  if (token.length < 16)
    throw new Error(`${file} holds no usable token (at least 16 characters); delete it and start the daemon again to make a new one`);
  return token;
}

// dist/daemon/methods.js
var Session = external_exports.enum(["main", "group", "isolated"]);
var Str = external_exports.string();
var PosInt = external_exports.number().int().positive();
var SearchParams = external_exports.object({
  query: Str,
  options: external_exports.object({
    limit: PosInt.optional(),
    explain: external_exports.boolean().optional(),
    mode: external_exports.enum(["hybrid", "keyword", "vector"]).optional(),
    session: Session.optional(),
    filters: external_exports.object({
      source: external_exports.enum(["memory", "sessions"]).optional(),
      dateFrom: Str.optional(),
      dateTo: Str.optional(),
      project: Str.optional(),
      annotations: external_exports.record(Str, Str).optional()
    }).strict().optional()
  }).strict().default({})
});
var ContextParams = external_exports.object({ session: Session.optional(), query: Str.optional(), budget: PosInt.optional(), perFile: PosInt.optional() }).strict();
var BootParams = external_exports.object({
  query: Str,
  options: external_exports.object({
    session: Session.optional(),
    days: PosInt.optional(),
    project: Str.optional(),
    limit: PosInt.optional(),
    includeDaily: external_exports.boolean().optional()
  }).strict().default({})
});
var AskParams = external_exports.object({
  question: Str.min(1),
  options: external_exports.object({ session: Str.optional(), fork: external_exports.boolean().optional(), project: Str.optional(), maxToolCalls: PosInt.optional() }).strict().default({})
});
var ReadParams = external_exports.object({ path: Str.min(1), from: PosInt.optional(), lines: PosInt.optional(), session: Session.optional() }).strict();
var AppendParams = external_exports.object({ text: Str.min(1), title: Str.optional() }).strict();
var BadRequestError = class extends Error {
  constructor(message) {
    super(message);
    this.name = "BadRequestError";
  }
};
var UnknownMethodError = class extends Error {
  constructor(method) {
    super(`this daemon has no method "${method}"`);
    this.name = "UnknownMethodError";
  }
};
var DaemonUnavailableError = class extends Error {
  wireCode;
  constructor(wireCode, message) {
    super(message);
    this.wireCode = wireCode;
    this.name = "DaemonUnavailableError";
  }
};
function parse(schema, params, method) {
  const r = schema.safeParse(params ?? {});
  if (!r.success)
    throw new BadRequestError(`${method}: ${r.error.issues.map((i) => `${i.path.join(".") || "params"}: ${i.message}`).join("; ")}`);
  return r.data;
}
function defined(o) {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== void 0));
}
async function callMethod(ctx, method, params) {
  const { engine } = ctx;
  switch (method) {
    case "hello": {
      const r = { protocol: PROTOCOL_VERSION, pid: process.pid, workspace: engine.workspace, session: ctx.session };
      return r;
    }
    case "search": {
      const p = parse(SearchParams, params, method);
      const { filters, ...rest } = p.options;
      return engine.search(p.query, defined({ ...rest, ...filters ? { filters: defined(filters) } : {} }));
    }
    case "context":
      return engine.context(defined(parse(ContextParams, params, method)));
    case "boot": {
      const p = parse(BootParams, params, method);
      return engine.boot(p.query, defined(p.options));
    }
    case "ask": {
      const p = parse(AskParams, params, method);
      const ask = engine.ask;
      if (typeof ask !== "function")
        throw new UnknownMethodError(method);
      return ask.call(engine, p.question, { ...defined(p.options), signal: ctx.signal });
    }
    case "status":
      return engine.statusReport();
    case "doctor":
      return Engine.doctor(engine.workspace);
    case "readFile": {
      const p = parse(ReadParams, params, method);
      return engine.readFile(p.path, defined({ from: p.from, lines: p.lines, session: p.session }));
    }
    case "appendNote": {
      const p = parse(AppendParams, params, method);
      return engine.appendNote(p.text, p.title);
    }
    default:
      throw new UnknownMethodError(method);
  }
}
function daemonErrorCode(e) {
  if (e instanceof BadRequestError)
    return "bad-request";
  if (e instanceof DaemonUnavailableError)
    return e.wireCode;
  if (e instanceof UnknownMethodError)
    return "unknown-method";
  if (e instanceof UsageError)
    return "usage";
  return void 0;
}

// dist/daemon/socket-server.js
import { chmodSync as chmodSync2, lstatSync, unlinkSync } from "node:fs";
import net from "node:net";
var SocketServer = class _SocketServer {
  server;
  path;
  conns = /* @__PURE__ */ new Set();
  stopping = new AbortController();
  constructor(server, path) {
    this.server = server;
    this.path = path;
  }
  static async listen(opts) {
    removeStaleSocket(opts.path);
    const server = net.createServer();
    const s = new _SocketServer(server, opts.path);
    server.on("connection", (conn) => s.serve(conn, opts));
    await new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(opts.path, () => {
        server.off("error", reject);
        resolve();
      });
    });
    chmodSync2(opts.path, 384);
    server.on("error", (e) => opts.warn(`socket: ${e.message}`));
    return s;
  }
  /** Stops accepting, cancels the calls in flight, closes every connection and removes the socket. */
  async close() {
    this.stopping.abort(new Error("the daemon is stopping"));
    const closed = new Promise((resolve) => this.server.close(() => resolve()));
    for (const c of this.conns)
      c.destroy();
    await closed;
    removeStaleSocket(this.path);
  }
  serve(conn, opts) {
    this.conns.add(conn);
    const ac = new AbortController();
    const onStop = () => ac.abort(this.stopping.signal.reason);
    this.stopping.signal.addEventListener("abort", onStop, { once: true });
    let mcp = null;
    let mcpReady = null;
    const write = (obj) => {
      if (!conn.destroyed)
        conn.write(JSON.stringify(obj) + "\n");
    };
    const lines = new LineSplitter(MAX_LINE_BYTES, (big) => {
      opts.warn(`socket: a message of ${big.bytes} bytes skipped (over ${MAX_LINE_BYTES})`);
      if (mcp !== null) {
        const t = mcp;
        if (mcpReady)
          mcpReady = mcpReady.then(() => t.refuse(big, MAX_LINE_BYTES));
        else
          t.refuse(big, MAX_LINE_BYTES);
      } else
        write({ id: idOfHead(big.head), error: { code: "bad-request", message: oversizeError(big, MAX_LINE_BYTES).error.message } });
    });
    conn.on("close", () => {
      this.conns.delete(conn);
      this.stopping.signal.removeEventListener("abort", onStop);
      ac.abort(new Error("the client went away"));
      mcp?.ended();
    });
    conn.on("error", () => void 0);
    conn.on("data", (chunk) => {
      for (const line of lines.push(chunk)) {
        if (mcp !== null) {
          const t = mcp;
          if (mcpReady)
            mcpReady = mcpReady.then(() => t.receive(line));
          else
            t.receive(line);
          continue;
        }
        if (line.trim() === "")
          continue;
        let req;
        try {
          req = JSON.parse(line);
          if (typeof req !== "object" || req === null || typeof req.method !== "string" || typeof req.id !== "number")
            throw new Error("expected {id, method, params}");
        } catch (e) {
          write({ id: null, error: { code: "bad-request", message: `not a request: ${e.message}` } });
          continue;
        }
        if (req.method === "mcp") {
          const t = new LineTransport({ write: (l) => void (!conn.destroyed && conn.write(l)), end: () => conn.end() });
          mcp = t;
          mcpReady = opts.openMcp(req.params, t).then(() => {
            write({ id: req.id, result: { mcp: true } });
            mcpReady = null;
          }, (e) => {
            write({ id: req.id, error: errorInfo(e) });
            conn.end();
          });
          continue;
        }
        const id = req.id;
        opts.call(req.method, req.params, ac.signal).then((result) => write({ id, result: result === void 0 ? null : result }), (e) => {
          const info = errorInfo(e);
          write({ id, error: { code: daemonErrorCode(e) ?? info.code, message: info.message } });
        });
      }
    });
  }
};
function removeStaleSocket(file) {
  let st;
  try {
    st = lstatSync(file);
  } catch (e) {
    if (e.code === "ENOENT")
      return;
    throw e;
  }
  if (!st.isSocket())
    throw new Error(`${file} exists and is not a socket; move it away and start the daemon again`);
  unlinkSync(file);
}

// dist/daemon/watcher.js
var HOT_MS = 1e3;
var MAX_BUSY_WAIT_MS = 250;
var DaemonWatcher = class _DaemonWatcher {
  opts;
  watcher;
  /** Files of recent batches, and when their batch ran. */
  hot = /* @__PURE__ */ new Map();
  trailing = /* @__PURE__ */ new Set();
  broken = null;
  needsFullPass = false;
  embedding = null;
  embedAgain = false;
  constructor(opts) {
    this.opts = opts;
  }
  /** Starts watching, then brings the index up to date; vectors start filling in behind it. */
  static async start(opts) {
    const w = new _DaemonWatcher(opts);
    w.watcher = watchWorkspace(opts.engine.workspace, {
      ...opts.debounceMs !== void 0 ? { debounceMs: opts.debounceMs } : {},
      onBatch: ({ paths, rescan }) => w.onBatch(paths, rescan),
      onError: (e) => w.onWatchError(e)
    });
    try {
      await w.watcher.ready;
      opts.onSync?.(opts.engine.index());
    } catch (e) {
      await w.close();
      throw e;
    }
    w.kickEmbed();
    return w;
  }
  /** Whether search may trust the index without scanning (see the contract above). */
  get healthy() {
    return this.watcher !== void 0 && this.broken === null;
  }
  /**
   * For Engine.freshness: true once the index has every change the watcher has seen, false
   * when search must scan.
   */
  async fresh() {
    if (!this.healthy || !this.watcher)
      return false;
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    for (let waited = 0; this.watcher?.busy() && waited < MAX_BUSY_WAIT_MS; waited += 2) {
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    if (!this.watcher)
      return false;
    await this.watcher.settle();
    const now = Date.now();
    const hot = [];
    for (const [p, at] of this.hot) {
      if (now - at <= HOT_MS)
        hot.push(p);
      else
        this.hot.delete(p);
    }
    if (hot.length > 0) {
      try {
        this.afterSync(this.opts.engine.syncPaths(hot));
      } catch {
        this.needsFullPass = true;
      }
    }
    if (this.needsFullPass) {
      try {
        this.opts.onSync?.(this.opts.engine.index());
        this.needsFullPass = false;
      } catch {
        return false;
      }
    }
    return this.healthy;
  }
  /** Computes vectors for whatever lacks them, unless a run is going (then once more after it). */
  kickEmbed() {
    if (!this.opts.embed || this.opts.signal.aborted)
      return;
    if (this.embedding) {
      this.embedAgain = true;
      return;
    }
    this.embedding = (async () => {
      do {
        this.embedAgain = false;
        const r = await this.opts.engine.embed({ signal: this.opts.signal, batchChunks: this.opts.embedBatchChunks ?? 8 });
        this.opts.onEmbed?.(r);
      } while (this.embedAgain && !this.opts.signal.aborted);
    })().catch((e) => {
      if (!this.opts.signal.aborted)
        this.opts.warn(`embedding: ${e instanceof Error ? e.message : String(e)}`);
    }).finally(() => {
      this.embedding = null;
    });
  }
  /** Stops watching; waits for the batch in flight and for background embedding to stop. */
  async close() {
    for (const t of this.trailing)
      clearTimeout(t);
    this.trailing.clear();
    const w = this.watcher;
    this.watcher = void 0;
    await w?.close();
    await this.embedding;
  }
  onBatch(paths, rescan) {
    let s;
    try {
      s = rescan ? this.opts.engine.index() : this.opts.engine.syncPaths(paths);
    } catch (e) {
      this.needsFullPass = true;
      this.opts.warn(`index: ${e instanceof Error ? e.message : String(e)}`);
      return;
    }
    this.opts.onSync?.(s);
    if (s.indexed.length > 0)
      this.kickEmbed();
    if (rescan || paths.length === 0)
      return;
    const at = Date.now();
    for (const p of paths)
      this.hot.set(p, at);
    const t = setTimeout(() => {
      this.trailing.delete(t);
      if (!this.watcher)
        return;
      try {
        this.afterSync(this.opts.engine.syncPaths(paths));
      } catch {
        this.needsFullPass = true;
      }
    }, HOT_MS);
    t.unref();
    this.trailing.add(t);
  }
  /** After a re-check: reported only when it found something the watcher had missed. */
  afterSync(s) {
    if (s.indexed.length === 0 && s.removed.length === 0)
      return;
    this.opts.onSync?.(s);
    if (s.indexed.length > 0)
      this.kickEmbed();
  }
  onWatchError(e) {
    const message = e instanceof Error ? e.message : String(e);
    if (this.broken === null) {
      this.broken = message;
      this.opts.warn(`watch: ${message}; from now on every search checks every file (restart the daemon to watch again)`);
    }
  }
};

// dist/daemon/host.js
var SESSIONS = ["main", "group", "isolated"];
var BACKUP_CHECK_MS = 36e5;
var DaemonHost = class {
  opts;
  workspace;
  clock;
  stopCtl = new AbortController();
  lock;
  engine;
  jobs;
  loop;
  socket;
  http;
  watcher;
  backupTimer;
  backingUp = Promise.resolve();
  configSeen = "";
  configWarned = false;
  session = "main";
  state = "new";
  constructor(opts) {
    this.opts = opts;
    this.workspace = opts.workspace;
    this.clock = opts.clock ?? systemClock;
  }
  get stopping() {
    return this.stopCtl.signal.aborted;
  }
  /** The socket path clients connect to. */
  get socketPath() {
    return this.socket?.path;
  }
  /** The MCP HTTP endpoint, when served. */
  get httpUrl() {
    return this.http?.url;
  }
  /** Takes the lock, opens the engine, starts serving, watching and the job loop's services. */
  async start() {
    if (this.state !== "new")
      throw new Error("the daemon was already started");
    this.lock = acquireDaemonLock(this.workspace, { now: this.clock.now() });
    this.state = "started";
    try {
      const took = this.lock.takenOver;
      if (took !== void 0) {
        this.emit("warn", "lock", "pid" in took ? `took over a stale lock left by pid ${took.pid} (started ${new Date(took.startedAt).toISOString()}), which is no longer running` : "took over an unreadable stale lock file");
      }
      const engine = await Engine.load({ workspace: this.workspace, now: this.clock.now, ...this.opts.llm && Object.keys(this.opts.llm).length > 0 ? { llm: this.opts.llm } : {} });
      this.engine = engine;
      engine.onNotice = (n) => this.emit("warn", "warning", n.message);
      this.configSeen = configSignature(this.workspace);
      this.session = this.opts.session ?? engine.config.daemon.session;
      privateAgentDir(this.workspace);
      const jobs = new JobService(engine.jobDeps(), { log: (e) => this.emit(e.level, e.event, e.message, e.run), startedAt: this.clock.now() });
      this.jobs = jobs;
      this.loop = new ScheduleLoop(jobs, this.clock);
      this.emit("info", "started", `daemon started on ${this.workspace} (pid ${this.lock.info.pid}); ${jobs.describeSchedule()}`);
      for (const m of auditWorkspace(this.workspace).messages)
        this.emit("warn", "audit", m);
      jobs.recoverInterrupted();
      this.socket = await SocketServer.listen({
        path: socketPath(this.workspace, { create: true }),
        call: (method, params, signal) => this.call(method, params, signal),
        openMcp: (params, transport) => this.openMcp(params, transport),
        warn: (m) => this.emit("warn", "warning", m)
      });
      this.emit("info", "serving", `serving the engine on ${this.socket.path}${this.session !== "main" ? ` (MCP scope ${this.session})` : ""}`);
      const httpCfg = engine.config.daemon.http;
      if (this.opts.http?.enabled ?? httpCfg.enabled) {
        const tokenFile = httpTokenPath(this.workspace);
        const token = ensureToken(tokenFile, (m) => this.emit("warn", "warning", m));
        const { createMcpServer } = await import("./server-JCXAAKT4.js");
        const session = this.session;
        this.http = await McpHttpServer.listen({
          port: this.opts.http?.port ?? httpCfg.port,
          token,
          allowedHosts: httpCfg.allowedHosts,
          createServer: () => createMcpServer({ engine, session }),
          warn: (m) => this.emit("warn", "warning", m)
        });
        this.emit("info", "serving", `MCP over HTTP at ${this.http.url} (scope ${session}; bearer token in ${tokenFile})`);
      }
      if (this.opts.watch ?? true) {
        this.watcher = await DaemonWatcher.start({
          engine,
          embed: this.opts.embed ?? true,
          signal: this.stopCtl.signal,
          ...this.opts.debounceMs !== void 0 ? { debounceMs: this.opts.debounceMs } : {},
          onSync: (s) => {
            for (const p of s.problems)
              this.emit("warn", "warning", p.message);
            if (s.indexed.some((p) => p.startsWith("sessions/")))
              this.loop?.poke();
          },
          warn: (m) => this.emit("warn", "warning", m)
        });
        const watcher = this.watcher;
        engine.freshness = () => watcher.fresh();
        const st = engine.status();
        this.emit("info", "watching", `index up to date (${st.files} files, ${st.chunks} chunks, ${st.vectors.missing} without vectors); watching for changes`);
      }
      this.warmUp(engine);
      this.backupTimer = setInterval(() => this.backup(), BACKUP_CHECK_MS);
      this.backupTimer.unref();
      this.backup();
    } catch (e) {
      await this.cleanup(false);
      throw e;
    }
  }
  /** Runs until stop(): the job loop; then closes everything. */
  async run() {
    if (this.state === "new") {
      if (this.stopping)
        return;
      await this.start();
    }
    if (this.state === "stopped")
      return;
    try {
      if (!this.stopping)
        await this.loop.run(this.stopCtl.signal);
    } finally {
      await this.cleanup(true);
    }
  }
  /** No new job or call starts; what is in flight is cancelled. */
  stop(reason = "stop requested") {
    if (this.stopping)
      return;
    if (this.state === "started")
      this.emit("info", "stopping", `stopping (${reason})`);
    this.stopCtl.abort(new Error(`the daemon is stopping (${reason})`));
  }
  async call(method, params, signal) {
    if (this.stopping)
      throw new DaemonUnavailableError("stopping", "the daemon is stopping");
    this.checkConfig();
    return callMethod({ engine: this.engine, signal, session: this.session }, method, params);
  }
  async openMcp(params, transport) {
    if (this.stopping)
      throw new DaemonUnavailableError("stopping", "the daemon is stopping");
    this.checkConfig();
    const asked = params?.session;
    if (asked !== void 0 && (typeof asked !== "string" || !SESSIONS.includes(asked)))
      throw new BadRequestError(`mcp: session must be main, group or isolated`);
    const session = asked ?? this.session;
    const { createMcpServer } = await import("./server-JCXAAKT4.js");
    const server = createMcpServer({ engine: this.engine, session });
    transport.onclose = () => void server.close().catch(() => void 0);
    await server.connect(transport);
  }
  /**
   * A config edited since the daemon started makes its answers differ from a fresh process's:
   * clients are sent back to work in-process until the daemon is restarted.
   */
  checkConfig() {
    if (configSignature(this.workspace) === this.configSeen)
      return;
    if (!this.configWarned) {
      this.configWarned = true;
      this.emit("warn", "warning", `${configPath(this.workspace)} changed since the daemon started; commands work in-process until the daemon is restarted`);
    }
    throw new DaemonUnavailableError("config-changed", `${configPath(this.workspace)} changed; restart the daemon to use it`);
  }
  /** Loads what the first search would otherwise wait for: the embedder and the MCP server code. */
  warmUp(engine) {
    const quiet = () => void 0;
    if (engine.config.search.mode !== "keyword") {
      engine.embedder().then((s) => s.embedder?.init?.()).catch(quiet);
    }
    import("./server-JCXAAKT4.js").catch(quiet);
  }
  /** The daily copy of state.db, when due (one at a time; a stop waits for the one in progress). */
  backup() {
    const engine = this.engine;
    if (this.stopping || !engine)
      return;
    this.backingUp = this.backingUp.then(async () => {
      if (this.stopping)
        return;
      try {
        const b = await backupStateIfDue(engine.statePath, { now: this.clock.now() });
        if (b)
          this.emit("info", "backup", `state backed up to ${b.file}`);
      } catch (e) {
        this.emit("warn", "warning", `state backup failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    });
  }
  async cleanup(announce) {
    if (this.state === "stopped")
      return;
    this.state = "stopped";
    this.stopCtl.abort(new Error("the daemon is stopping"));
    if (this.backupTimer)
      clearInterval(this.backupTimer);
    const step = async (what, fn) => {
      try {
        await fn();
      } catch (e) {
        this.emit("warn", "warning", `closing ${what} failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    };
    await step("the socket", () => this.socket?.close());
    await step("the HTTP server", () => this.http?.close());
    await step("the watcher", () => this.watcher?.close());
    await step("the state backup", () => this.backingUp);
    await step("the engine", () => this.engine?.close());
    this.lock?.release();
    if (announce)
      this.emit("info", "stopped", "daemon stopped; lock released");
  }
  emit(level, event, message, run) {
    this.opts.log({ at: this.clock.now(), level, event, message, ...run !== void 0 ? { run } : {} });
  }
};
function configSignature(workspace) {
  try {
    const st = statSync2(configPath(workspace));
    return `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return "none";
  }
}
function privateAgentDir(workspace) {
  const dir = agentDir(workspace);
  try {
    const st = statSync2(dir);
    const uid = typeof process.getuid === "function" ? process.getuid() : st.uid;
    if (st.uid === uid && (st.mode & 63) !== 0)
      chmodSync3(dir, 448);
  } catch (e) {
    if (e.code !== "ENOENT")
      throw e;
  }
}

// dist/cli/commands/daemon.js
function register(program) {
  standard(withProviderOptions(program.command("daemon").description("serve the workspace's engine warm to the CLI and assistants (Unix socket in .agent/, optional MCP over HTTP), keep the index and vectors in step, and run the scheduled jobs; foreground (Ctrl-C or SIGTERM stops it)").option("--no-watch", "do not run the index watcher (searches then check every file, as without a daemon)").option("--no-embed", "the watcher keeps text only in step; leave vectors to `agent index`").option("--http", "also serve MCP over Streamable HTTP on 127.0.0.1 (default: daemon.http.enabled)").option("--port <n>", "port of --http (default: daemon.http.port, 7357; 0 picks a free one)", parsePort).addOption(new Option("--session <type>", "privacy scope of MCP clients that do not name one: main, or group/isolated (never MEMORY.md, USER.md, daily notes or transcripts); default daemon.session").choices([
    "main",
    "group",
    "isolated"
  ])).option("--stop-timeout <ms>", "after a stop signal, exit anyway after this long", parsePositiveInt("--stop-timeout"), 2e3))).action(async (opts) => {
    const workspace = workspaceFrom(opts);
    const print = (e) => {
      if (opts.json) {
        process.stdout.write(JSON.stringify({ at: new Date(e.at).toISOString(), level: e.level, event: e.event, message: e.message, ...e.run ? { run: e.run } : {} }) + "\n");
      } else {
        (e.level === "info" ? process.stdout : process.stderr).write(`${stamp(e.at)} ${e.message}
`);
      }
    };
    const llm = { ...opts.provider ? { provider: opts.provider } : {}, ...opts.model ? { model: opts.model } : {} };
    const http2 = { ...opts.http ? { enabled: true } : {}, ...opts.port !== void 0 ? { port: opts.port } : {} };
    const daemon = new DaemonHost({
      workspace,
      llm,
      watch: opts.watch,
      embed: opts.embed,
      http: http2,
      ...opts.session ? { session: opts.session } : {},
      log: print
    });
    let signals = 0;
    const onSignal = (sig) => {
      signals++;
      if (signals > 1) {
        warn(`${sig} again: exiting now`);
        process.exit(130);
      }
      daemon.stop(sig);
      setTimeout(() => {
        warn(`did not stop within ${opts.stopTimeout} ms; exiting anyway`);
        process.exit(1);
      }, opts.stopTimeout).unref();
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    try {
      await daemon.run();
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
    await new Promise((resolve) => process.stdout.write("", () => resolve()));
    process.exit(process.exitCode ?? 0);
  });
}
function parsePort(v) {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new UsageError(`--port must be a whole number from 0 to 65535, got "${v}"`);
  return n;
}
export {
  register
};
//# sourceMappingURL=daemon-MFVYNAGG.js.map

/**
 * `agent mcp`'s stdio server: in-process, or forwarded to the workspace's daemon. Forwarding
 * passes every message to the daemon's warm engine (no model or index to load: the first
 * answer is warm); if the daemon goes away mid-session it carries on in-process, replaying the
 * handshake and the requests still unanswered, so the client never notices.
 *
 * stdout carries nothing but JSON-RPC (the command sends console output to stderr).
 */
import type net from "node:net";
import type { SessionType } from "../context/assemble.js";
import type { Engine } from "../engine/engine.js";
import { daemonSocketExists } from "../daemon/client.js";
import { LineSplitter, MAX_LINE_BYTES, oversizeError, socketPath } from "../daemon/protocol.js";
import { warnLine as warn } from "./open-engine.js";
import { connectDaemon, routingEnabled, workspaceOf, type DaemonRouting } from "./remote.js";

/** An MCP connection to the workspace's daemon. */
export interface DaemonMcp {
  socket: net.Socket;
  /** The splitter that read the answer (it may hold the start of the next line). */
  lines: LineSplitter;
  /** MCP lines that came with the answer. */
  early: string[];
}

/** Asks the workspace's daemon for an MCP session; undefined when none answers. */
export async function connectMcp(workspace: string, session: SessionType | undefined): Promise<DaemonMcp | undefined> {
  if (!daemonSocketExists(workspace)) return undefined;
  const socket = await connectDaemon(socketPath(workspace));
  if (!socket) return undefined;
  const lines = new LineSplitter();
  return new Promise((resolve) => {
    const done = (ok: boolean, pending: string[] = []) => {
      socket.off("data", onData);
      socket.off("close", onClose);
      if (!ok) {
        socket.destroy();
        return resolve(undefined);
      }
      // Anything after the answer is already MCP traffic: hand it on with the splitter.
      socket.pause();
      resolve({ socket, lines, early: pending });
    };
    const onData = (chunk: Buffer) => {
      let got: string[];
      try {
        got = lines.push(chunk);
      } catch {
        return done(false);
      }
      if (got.length === 0) return;
      try {
        const answer = JSON.parse(got[0]!) as { id?: number; result?: { mcp?: boolean } };
        done(answer.id === 1 && answer.result?.mcp === true, got.slice(1));
      } catch {
        done(false);
      }
    };
    const onClose = () => done(false);
    socket.on("data", onData);
    socket.on("close", onClose);
    socket.write(JSON.stringify({ id: 1, method: "mcp", params: session ? { session } : {} }) + "\n");
  });
}

/** A server over this workspace's own engine, its output lines handed to `write`. */
interface LocalServer {
  engine: Engine;
  transport: import("../daemon/line-transport.js").LineTransport;
  close(): Promise<void>;
}

async function localServer(workspace: string, session: SessionType | undefined, write: (line: string) => void, ended: () => void = () => undefined): Promise<LocalServer> {
  // Loaded here, not at start-up: the SDK adds ~0.4 s to every other command otherwise.
  const [{ createMcpServer }, { serveConnection }, { Engine }, { LineTransport }] = await Promise.all([
    import("../mcp/server.js"),
    import("../mcp/serve.js"),
    import("../engine/engine.js"),
    import("../daemon/line-transport.js"),
  ]);
  const engine = await Engine.load({ workspace });
  engine.onNotice = (n) => warn(n.message);
  const scope = session ?? engine.config.daemon.session;
  // Our own line framing rather than the SDK's stdio transport, whose buffer ends the
  // session on a message over 10 MiB: here such a message is skipped and refused alone.
  const transport = new LineTransport({ write, end: ended });
  const conn = serveConnection(transport, () => createMcpServer({ engine, session: scope }));
  return {
    engine,
    transport,
    async close() {
      await conn.close().catch(() => undefined);
      await engine.close();
    },
  };
}

/** Calls `end` when the client ends the session: it closes our stdin, or sends a signal. */
/** How long a closed stdin waits for the replies still owed, at most. */
const ANSWER_WAIT_MS = 30_000;

/** Resolves once `owed()` is 0 (checked every 20 ms), or after ANSWER_WAIT_MS. */
function answered(owed: () => number): Promise<void> {
  const until = Date.now() + ANSWER_WAIT_MS;
  return new Promise((resolve) => {
    const check = (): void => {
      if (owed() === 0 || Date.now() > until) resolve();
      else setTimeout(check, 20);
    };
    check();
  });
}

/** stdin's end waits for the replies still owed (`owed`); a signal ends at once. */
function onSessionEnd(end: () => void, owed: () => number = () => 0): void {
  const drained = () => void answered(owed).then(end);
  process.stdin.once("end", drained);
  process.stdin.once("close", drained);
  process.once("SIGINT", end);
  process.once("SIGTERM", end);
}

/** The in-process server over stdio (no daemon). */
export async function serveInProcess(workspace: string, session: SessionType | undefined): Promise<void> {
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  // Requests asked and not answered yet: a client may write them all and close stdin at once.
  const pending = new Set<string>();
  onSessionEnd(() => stop(), () => pending.size);
  const local = await localServer(
    workspace,
    session,
    (l) => {
      const m = peek(l);
      if (m?.id !== undefined && m.method === undefined) pending.delete(JSON.stringify(m.id));
      process.stdout.write(l);
    },
    () => stop(),
  );
  local.engine.indexing.warm().catch(() => undefined);
  const lines = new LineSplitter(MAX_LINE_BYTES, (big) => local.transport.refuse(big, MAX_LINE_BYTES));
  try {
    process.stdin.on("data", (chunk: Buffer) => {
      for (const line of lines.push(chunk)) {
        const m = peek(line);
        if (owesAnswer(m)) pending.add(JSON.stringify(m!.id));
        local.transport.receive(line);
      }
    });
    warn(`MCP server for ${workspace} on stdio`);
    await stopped;
  } finally {
    process.stdin.destroy();
    await local.close();
  }
}

/**
 * Requests that open a stream rather than ask for one answer (the 2026-07 revision's
 * `subscriptions/listen`, which Claude Code sends first): never "owed", so a client that closes
 * stdin is not kept waiting for them.
 */
const STREAMS: ReadonlySet<string> = new Set(["subscriptions/listen"]);

/** Whether a message is a request that owes one answer. */
function owesAnswer(m: { id?: string | number; method?: string } | undefined): boolean {
  return m?.method !== undefined && m.id !== undefined && !STREAMS.has(m.method);
}

/** The id under which the handshake is replayed to a fresh in-process server; its answer is dropped. */
const REPLAY_ID = "agent-mcp-replayed-initialize";

/**
 * Passes stdin to the daemon and the daemon's lines to stdout. Remembers the handshake and
 * the requests not answered yet, so that if the daemon goes away the session carries on
 * in-process without the client noticing.
 */
export async function forwardToDaemon(conn: DaemonMcp, workspace: string, session: SessionType | undefined): Promise<void> {
  const { socket, lines: fromDaemon } = conn;
  warn(`MCP server for ${workspace} on stdio, through the running daemon`);
  for (const line of conn.early) process.stdout.write(line + "\n");
  const seen: Handshake = { initialize: null, initialized: null, inflight: new Map() };
  let sink: (line: string) => void = (line) => socket.write(line + "\n");
  let ended = false;
  let local: LocalServer | undefined;
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  const endInput = () => {
    if (ended) return;
    ended = true;
    socket.end();
    stop();
  };
  // stdin closed: the requests already passed on are still answered before the socket ends.
  onSessionEnd(endInput, () => (local === undefined && !socket.destroyed ? seen.inflight.size : 0));
  process.stdin.on("data", stdinReader(seen, (line) => sink(line)));

  socket.on("data", (chunk: Buffer) => {
    for (const line of fromDaemon.push(chunk)) {
      const m = peek(line);
      if (m?.id !== undefined && m.method === undefined) seen.inflight.delete(JSON.stringify(m.id));
      process.stdout.write(line + "\n");
    }
  });
  socket.on("error", () => undefined);
  socket.once("close", () => {
    if (ended) return;
    // The daemon went away mid-session: carry on in-process.
    warn("the daemon went away; serving in-process from now on");
    const queued: string[] = [];
    sink = (line) => queued.push(line);
    takeOver(workspace, session, seen)
      .then((server) => {
        local = server;
        sink = (line) => server.transport.receive(line);
        for (const l of queued) server.transport.receive(l);
      })
      .catch((e: unknown) => {
        warn(`could not serve in-process: ${e instanceof Error ? e.message : String(e)}`);
        process.exitCode = 1;
        endInput();
      });
  });
  socket.resume();
  await stopped;
  // Nothing more is read: an open stdin would keep the process alive after a signal.
  process.stdin.destroy();
  await local?.close();
}

/** What the forwarder remembers to replay: the handshake, and requests not answered yet (by id). */
interface Handshake {
  initialize: string | null;
  initialized: string | null;
  inflight: Map<string, string>;
}

/** Splits stdin into messages, remembers what a take-over must replay, and passes each on. */
function stdinReader(seen: Handshake, pass: (line: string) => void): (chunk: Buffer) => void {
  // A message too large to pass on is answered here and never reaches the daemon.
  const lines = new LineSplitter(MAX_LINE_BYTES, (big) => {
    const reply = oversizeError(big, MAX_LINE_BYTES);
    warn(reply.error.message);
    process.stdout.write(JSON.stringify(reply) + "\n");
  });
  return (chunk) => {
    for (const line of lines.push(chunk)) {
      if (line.trim() === "") continue;
      const m = peek(line);
      if (m?.method === "initialize") seen.initialize = line;
      if (m?.method === "notifications/initialized") seen.initialized = line;
      if (owesAnswer(m)) seen.inflight.set(JSON.stringify(m!.id), line);
      pass(line);
    }
  };
}

/**
 * An in-process server in the daemon's place: the handshake replayed (its answer dropped when
 * the client already has one), then the requests still unanswered, in order.
 */
async function takeOver(workspace: string, session: SessionType | undefined, seen: Handshake): Promise<LocalServer> {
  const server = await localServer(workspace, session, (l) => {
    if (peek(l)?.id === REPLAY_ID) return;
    process.stdout.write(l);
  });
  const { transport } = server;
  const pending = [...seen.inflight.values()];
  const { initialize, initialized } = seen;
  if (initialize !== null) {
    const init = peek(initialize);
    const answered = init?.id === undefined || !seen.inflight.has(JSON.stringify(init.id));
    if (answered) transport.receive(JSON.stringify({ ...(JSON.parse(initialize) as object), id: REPLAY_ID }));
  }
  // The handshake first (unless it is among the unanswered, then in its place), then the rest in order.
  const order = pending.filter((l) => l === initialize);
  if (initialized !== null) order.push(initialized);
  order.push(...pending.filter((l) => l !== initialize));
  for (const l of order) transport.receive(l);
  return server;
}

function peek(line: string): { id?: string | number; method?: string } | undefined {
  try {
    const v = JSON.parse(line) as unknown;
    return typeof v === "object" && v !== null ? (v as { id?: string | number; method?: string }) : undefined;
  } catch {
    return undefined;
  }
}

export interface McpOpts extends DaemonRouting {
  session?: SessionType;
}

/**
 * `agent mcp`: the MCP server on stdio, through the workspace's daemon when one runs (it
 * carries on in-process if the daemon goes away), else in-process.
 *
 * stdout carries nothing but JSON-RPC: everything a library might print with console.log is
 * sent to stderr, and so are our own messages.
 */
export async function runMcpCommand(opts: McpOpts): Promise<void> {
  const toStderr = (...args: unknown[]) => console.error(...args);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  const workspace = workspaceOf(opts);
  const conn = routingEnabled(opts) ? await connectMcp(workspace, opts.session) : undefined;
  if (conn) await forwardToDaemon(conn, workspace, opts.session);
  else await serveInProcess(workspace, opts.session);
  // Nothing should keep the process alive now; if a native handle does, do not linger: the
  // client (Claude Code ends its servers with SIGINT, then SIGTERM) waits for this exit.
  setTimeout(() => process.exit(process.exitCode ?? 0), 50).unref();
}

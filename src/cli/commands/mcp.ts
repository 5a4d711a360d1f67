import { existsSync } from "node:fs";
import type net from "node:net";
import { Option, type Command } from "commander";
import type { SessionType } from "../../context/assemble.js";
import type { Engine } from "../../engine/engine.js";
import { LineSplitter, MAX_LINE_BYTES, oversizeError, socketPath } from "../../daemon/protocol.js";
import { warn, withWorkspaceOption, workspaceFrom, type WorkspaceOpts } from "../common.js";
import { connectDaemon, routingEnabled, withDaemonOption } from "../remote.js";

interface McpOpts extends WorkspaceOpts {
  session?: SessionType;
  daemon?: boolean;
}

/**
 * `agent mcp`: the MCP server on stdio. With a daemon running for the workspace it forwards
 * every message to the daemon's warm engine (no model or index to load: the first answer is
 * warm); if the daemon goes away mid-session it carries on in-process, replaying the
 * handshake and the requests still unanswered. Without a daemon it serves in-process.
 *
 * stdout carries nothing but JSON-RPC: everything a library might print with console.log is
 * sent to stderr, and so are our own messages.
 */
export function register(program: Command): void {
  withDaemonOption(
    withWorkspaceOption(
      program
        .command("mcp")
        .description("serve this workspace's memory to an MCP client over stdio (through the running daemon when there is one)")
        .addOption(
          new Option("--session <type>", "privacy scope: main (everything), or group/isolated (never MEMORY.md, USER.md, daily notes or transcripts); default daemon.session").choices([
            "main",
            "group",
            "isolated",
          ]),
        ),
    ),
  ).action(async (opts: McpOpts) => {
    const toStderr = (...args: unknown[]) => console.error(...args);
    console.log = toStderr;
    console.info = toStderr;
    console.debug = toStderr;
    const workspace = workspaceFrom(opts);
    const conn = routingEnabled(opts) ? await mcpViaDaemon(workspace, opts.session) : undefined;
    if (conn) await forward(conn, workspace, opts.session);
    else await serveInProcess(workspace, opts.session);
    // Nothing should keep the process alive now; if a native handle does, do not linger.
    setTimeout(() => process.exit(process.exitCode ?? 0), 1000).unref();
  });
}

/** An MCP connection to the workspace's daemon, or undefined when none answers. */
interface DaemonMcp {
  socket: net.Socket;
  /** The splitter that read the answer (it may hold the start of the next line). */
  lines: LineSplitter;
  /** MCP lines that came with the answer. */
  early: string[];
}

async function mcpViaDaemon(workspace: string, session: SessionType | undefined): Promise<DaemonMcp | undefined> {
  const sock = socketPath(workspace);
  if (!existsSync(sock)) return undefined;
  const socket = await connectDaemon(sock);
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

/** The in-process server over stdio (no daemon). */
async function serveInProcess(workspace: string, session: SessionType | undefined): Promise<void> {
  // Loaded here, not at start-up: the SDK adds ~0.4 s to every other command otherwise.
  const [{ createMcpServer }, { Engine }, { LineTransport }] = await Promise.all([
    import("../../mcp/server.js"),
    import("../../engine/engine.js"),
    import("../../daemon/line-transport.js"),
  ]);
  const engine = await Engine.load({ workspace });
  engine.onNotice = (n) => warn(n.message);
  engine.warm().catch(() => undefined);
  const server = createMcpServer({ engine, session: session ?? engine.config.daemon.session });
  // Our own line framing rather than the SDK's stdio transport, whose buffer ends the
  // session on a message over 10 MiB: here such a message is skipped and refused alone.
  const transport = new LineTransport({ write: (l) => process.stdout.write(l), end: () => undefined });
  const lines = new LineSplitter(MAX_LINE_BYTES, (big) => transport.refuse(big, MAX_LINE_BYTES));
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  // The client ends the session by closing our stdin (or with a signal).
  process.stdin.once("end", () => stop());
  process.stdin.once("close", () => stop());
  process.once("SIGINT", () => stop());
  process.once("SIGTERM", () => stop());
  try {
    await server.connect(transport);
    server.server.onclose = () => stop();
    process.stdin.on("data", (chunk: Buffer) => {
      for (const line of lines.push(chunk)) transport.receive(line);
    });
    warn(`MCP server for ${workspace} on stdio`);
    await stopped;
  } finally {
    process.stdin.pause();
    await server.close().catch(() => undefined);
    await engine.close();
  }
}

/** The id under which the handshake is replayed to a fresh in-process server; its answer is dropped. */
const REPLAY_ID = "agent-mcp-replayed-initialize";

/**
 * Passes stdin to the daemon and the daemon's lines to stdout. Remembers the handshake and
 * the requests not answered yet, so that if the daemon goes away the session carries on
 * in-process without the client noticing.
 */
async function forward(conn: DaemonMcp, workspace: string, session: SessionType | undefined): Promise<void> {
  const { socket, lines: fromDaemon } = conn;
  warn(`MCP server for ${workspace} on stdio, through the running daemon`);
  for (const line of conn.early) process.stdout.write(line + "\n");
  let initialize: string | null = null;
  let initialized: string | null = null;
  const inflight = new Map<string, string>();
  let sink: (line: string) => void = (line) => socket.write(line + "\n");
  let ended = false;
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => (stop = resolve));
  let engine: Engine | undefined;
  let local: { close(): Promise<void> } | undefined;

  // A message too large to pass on is answered here and never reaches the daemon.
  const stdinLines = new LineSplitter(MAX_LINE_BYTES, (big) => {
    const reply = oversizeError(big, MAX_LINE_BYTES);
    warn(reply.error.message);
    process.stdout.write(JSON.stringify(reply) + "\n");
  });
  const onStdin = (chunk: Buffer) => {
    for (const line of stdinLines.push(chunk)) {
      if (line.trim() === "") continue;
      const m = peek(line);
      if (m?.method === "initialize") initialize = line;
      if (m?.method === "notifications/initialized") initialized = line;
      if (m?.method !== undefined && m.id !== undefined) inflight.set(JSON.stringify(m.id), line);
      sink(line);
    }
  };
  const endInput = () => {
    if (ended) return;
    ended = true;
    socket.end();
    stop();
  };
  process.stdin.on("data", onStdin);
  process.stdin.once("end", endInput);
  process.stdin.once("close", endInput);
  process.once("SIGINT", endInput);
  process.once("SIGTERM", endInput);

  socket.on("data", (chunk: Buffer) => {
    for (const line of fromDaemon.push(chunk)) {
      const m = peek(line);
      if (m?.id !== undefined && m.method === undefined) inflight.delete(JSON.stringify(m.id));
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
    void (async () => {
      const [{ createMcpServer }, { Engine }, { LineTransport }] = await Promise.all([
        import("../../mcp/server.js"),
        import("../../engine/engine.js"),
        import("../../daemon/line-transport.js"),
      ]);
      engine = await Engine.load({ workspace });
      engine.onNotice = (n) => warn(n.message);
      const server = createMcpServer({ engine, session: session ?? engine.config.daemon.session });
      local = server;
      const transport = new LineTransport({
        write: (l) => {
          if (peek(l)?.id === REPLAY_ID) return;
          process.stdout.write(l);
        },
        end: () => undefined,
      });
      await server.connect(transport);
      const pending = [...inflight.values()];
      if (initialize !== null) {
        const init = peek(initialize);
        const answered = init?.id === undefined || !inflight.has(JSON.stringify(init.id));
        if (answered) transport.receive(JSON.stringify({ ...(JSON.parse(initialize) as object), id: REPLAY_ID }));
      }
      // The handshake first (unless it is among the unanswered, then in its place), then the rest in order.
      const order = pending.filter((l) => l === initialize);
      if (initialized !== null) order.push(initialized);
      order.push(...pending.filter((l) => l !== initialize));
      for (const l of order) transport.receive(l);
      sink = (line) => transport.receive(line);
      for (const l of queued) transport.receive(l);
    })().catch((e: unknown) => {
      warn(`could not serve in-process: ${e instanceof Error ? e.message : String(e)}`);
      process.exitCode = 1;
      endInput();
    });
  });
  socket.resume();
  await stopped;
  await local?.close().catch(() => undefined);
  await engine?.close();
}

function peek(line: string): { id?: string | number; method?: string } | undefined {
  try {
    const v = JSON.parse(line) as unknown;
    return typeof v === "object" && v !== null ? (v as { id?: string | number; method?: string }) : undefined;
  } catch {
    return undefined;
  }
}

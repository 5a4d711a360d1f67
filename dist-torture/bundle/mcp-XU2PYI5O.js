import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  connectDaemon,
  routingEnabled,
  withDaemonOption
} from "./chunk-UVXRVTYK.js";
import {
  LineSplitter,
  MAX_LINE_BYTES,
  oversizeError,
  socketPath
} from "./chunk-C7XSXXD5.js";
import {
  warn,
  withWorkspaceOption,
  workspaceFrom
} from "./chunk-EENKQGIA.js";
import {
  Option
} from "./chunk-2CVVGZF3.js";
import "./chunk-2G4CK54T.js";
import "./chunk-U66UVQVN.js";
import "./chunk-QVKI7VQX.js";

// dist/cli/commands/mcp.js
import { existsSync } from "node:fs";
function register(program) {
  withDaemonOption(withWorkspaceOption(program.command("mcp").description("serve this workspace's memory to an MCP client over stdio (through the running daemon when there is one)").addOption(new Option("--session <type>", "privacy scope: main (everything), or group/isolated (never MEMORY.md, USER.md, daily notes or transcripts); default daemon.session").choices([
    "main",
    "group",
    "isolated"
  ])))).action(async (opts) => {
    const toStderr = (...args) => console.error(...args);
    console.log = toStderr;
    console.info = toStderr;
    console.debug = toStderr;
    const workspace = workspaceFrom(opts);
    const conn = routingEnabled(opts) ? await mcpViaDaemon(workspace, opts.session) : void 0;
    if (conn)
      await forward(conn, workspace, opts.session);
    else
      await serveInProcess(workspace, opts.session);
    setTimeout(() => process.exit(process.exitCode ?? 0), 1e3).unref();
  });
}
async function mcpViaDaemon(workspace, session) {
  const sock = socketPath(workspace);
  if (!existsSync(sock))
    return void 0;
  const socket = await connectDaemon(sock);
  if (!socket)
    return void 0;
  const lines = new LineSplitter();
  return new Promise((resolve) => {
    const done = (ok, pending = []) => {
      socket.off("data", onData);
      socket.off("close", onClose);
      if (!ok) {
        socket.destroy();
        return resolve(void 0);
      }
      socket.pause();
      resolve({ socket, lines, early: pending });
    };
    const onData = (chunk) => {
      let got;
      try {
        got = lines.push(chunk);
      } catch {
        return done(false);
      }
      if (got.length === 0)
        return;
      try {
        const answer = JSON.parse(got[0]);
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
async function serveInProcess(workspace, session) {
  const [{ createMcpServer }, { Engine }, { LineTransport }] = await Promise.all([
    import("./server-JCXAAKT4.js"),
    import("./engine-FXCWWIQ3.js"),
    import("./line-transport-3EKIE4L3.js")
  ]);
  const engine = await Engine.load({ workspace });
  engine.onNotice = (n) => warn(n.message);
  const server = createMcpServer({ engine, session: session ?? engine.config.daemon.session });
  const transport = new LineTransport({ write: (l) => process.stdout.write(l), end: () => void 0 });
  const lines = new LineSplitter(MAX_LINE_BYTES, (big) => transport.refuse(big, MAX_LINE_BYTES));
  let stop = () => void 0;
  const stopped = new Promise((resolve) => stop = resolve);
  process.stdin.once("end", () => stop());
  process.stdin.once("close", () => stop());
  process.once("SIGINT", () => stop());
  process.once("SIGTERM", () => stop());
  try {
    await server.connect(transport);
    server.server.onclose = () => stop();
    process.stdin.on("data", (chunk) => {
      for (const line of lines.push(chunk))
        transport.receive(line);
    });
    warn(`MCP server for ${workspace} on stdio`);
    await stopped;
  } finally {
    process.stdin.pause();
    await server.close().catch(() => void 0);
    await engine.close();
  }
}
var REPLAY_ID = "agent-mcp-replayed-initialize";
async function forward(conn, workspace, session) {
  const { socket, lines: fromDaemon } = conn;
  warn(`MCP server for ${workspace} on stdio, through the running daemon`);
  for (const line of conn.early)
    process.stdout.write(line + "\n");
  let initialize = null;
  let initialized = null;
  const inflight = /* @__PURE__ */ new Map();
  let sink = (line) => socket.write(line + "\n");
  let ended = false;
  let stop = () => void 0;
  const stopped = new Promise((resolve) => stop = resolve);
  let engine;
  let local;
  const stdinLines = new LineSplitter(MAX_LINE_BYTES, (big) => {
    const reply = oversizeError(big, MAX_LINE_BYTES);
    warn(reply.error.message);
    process.stdout.write(JSON.stringify(reply) + "\n");
  });
  const onStdin = (chunk) => {
    for (const line of stdinLines.push(chunk)) {
      if (line.trim() === "")
        continue;
      const m = peek(line);
      if (m?.method === "initialize")
        initialize = line;
      if (m?.method === "notifications/initialized")
        initialized = line;
      if (m?.method !== void 0 && m.id !== void 0)
        inflight.set(JSON.stringify(m.id), line);
      sink(line);
    }
  };
  const endInput = () => {
    if (ended)
      return;
    ended = true;
    socket.end();
    stop();
  };
  process.stdin.on("data", onStdin);
  process.stdin.once("end", endInput);
  process.stdin.once("close", endInput);
  process.once("SIGINT", endInput);
  process.once("SIGTERM", endInput);
  socket.on("data", (chunk) => {
    for (const line of fromDaemon.push(chunk)) {
      const m = peek(line);
      if (m?.id !== void 0 && m.method === void 0)
        inflight.delete(JSON.stringify(m.id));
      process.stdout.write(line + "\n");
    }
  });
  socket.on("error", () => void 0);
  socket.once("close", () => {
    if (ended)
      return;
    warn("the daemon went away; serving in-process from now on");
    const queued = [];
    sink = (line) => queued.push(line);
    void (async () => {
      const [{ createMcpServer }, { Engine }, { LineTransport }] = await Promise.all([
        import("./server-JCXAAKT4.js"),
        import("./engine-FXCWWIQ3.js"),
        import("./line-transport-3EKIE4L3.js")
      ]);
      engine = await Engine.load({ workspace });
      engine.onNotice = (n) => warn(n.message);
      const server = createMcpServer({ engine, session: session ?? engine.config.daemon.session });
      local = server;
      const transport = new LineTransport({
        write: (l) => {
          if (peek(l)?.id === REPLAY_ID)
            return;
          process.stdout.write(l);
        },
        end: () => void 0
      });
      await server.connect(transport);
      const pending = [...inflight.values()];
      if (initialize !== null) {
        const init = peek(initialize);
        const answered = init?.id === void 0 || !inflight.has(JSON.stringify(init.id));
        if (answered)
          transport.receive(JSON.stringify({ ...JSON.parse(initialize), id: REPLAY_ID }));
      }
      const order = pending.filter((l) => l === initialize);
      if (initialized !== null)
        order.push(initialized);
      order.push(...pending.filter((l) => l !== initialize));
      for (const l of order)
        transport.receive(l);
      sink = (line) => transport.receive(line);
      for (const l of queued)
        transport.receive(l);
    })().catch((e) => {
      warn(`could not serve in-process: ${e instanceof Error ? e.message : String(e)}`);
      process.exitCode = 1;
      endInput();
    });
  });
  socket.resume();
  await stopped;
  await local?.close().catch(() => void 0);
  await engine?.close();
}
function peek(line) {
  try {
    const v = JSON.parse(line);
    return typeof v === "object" && v !== null ? v : void 0;
  } catch {
    return void 0;
  }
}
export {
  register
};
//# sourceMappingURL=mcp-XU2PYI5O.js.map

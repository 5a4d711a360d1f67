import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  FALLBACK_CODES,
  LineSplitter,
  socketPath
} from "./chunk-C7XSXXD5.js";
import {
  resolveWorkspace
} from "./chunk-U66UVQVN.js";

// dist/cli/remote.js
import { existsSync } from "node:fs";
import net from "node:net";
function withDaemonOption(cmd) {
  return cmd.option("--no-daemon", "work in this process even when `agent daemon` runs for the workspace");
}
var DaemonAnswerError = class extends Error {
  errorInfo;
  constructor(info) {
    super(info.message);
    this.name = "DaemonAnswerError";
    this.errorInfo = info;
  }
};
function daemonMode() {
  const v = process.env.AGENT_DAEMON?.trim().toLowerCase();
  return v === "off" || v === "require" ? v : "auto";
}
function routingEnabled(opts) {
  return opts.daemon !== false && daemonMode() !== "off";
}
function workspaceOf(opts) {
  const o = {};
  if (opts.workspace !== void 0)
    o.flag = opts.workspace;
  if (process.env.AGENT_WORKSPACE !== void 0)
    o.env = process.env.AGENT_WORKSPACE;
  return resolveWorkspace(o);
}
async function viaDaemon(opts, method, params, o = {}) {
  if (!routingEnabled(opts))
    return void 0;
  const answer = await ask(opts, method, params, o);
  if (answer === void 0 && daemonMode() === "require")
    throw new Error(`no agent daemon answered ${method} for this workspace (AGENT_DAEMON=require); start one with \`agent daemon\``);
  return answer;
}
async function ask(opts, method, params, o) {
  const sock = socketPath(workspaceOf(opts));
  if (!existsSync(sock))
    return void 0;
  const conn = await connectDaemon(sock);
  if (conn === void 0)
    return void 0;
  const fallback = o.onFallback ?? ((why) => process.stderr.write(`agent: ${why}; working in-process
`));
  return new Promise((resolve, reject) => {
    const lines = new LineSplitter();
    let settled = false;
    const finish = (fn) => {
      if (settled)
        return;
      settled = true;
      if (timer)
        clearTimeout(timer);
      o.signal?.removeEventListener("abort", onAbort);
      conn.destroy();
      fn();
    };
    const timeoutMs = o.timeoutMs ?? 6e4;
    const timer = timeoutMs > 0 ? setTimeout(() => finish(() => (fallback(`the daemon did not answer ${method} within ${Math.round(timeoutMs / 1e3)} s`), resolve(void 0))), timeoutMs) : void 0;
    const onAbort = () => finish(() => reject(o.signal?.reason instanceof Error ? o.signal.reason : new Error("cancelled")));
    o.signal?.addEventListener("abort", onAbort, { once: true });
    conn.on("data", (chunk) => {
      let got;
      try {
        got = lines.push(chunk);
      } catch {
        return finish(() => (fallback("the daemon sent an unreadable answer"), resolve(void 0)));
      }
      for (const line of got) {
        let msg;
        try {
          msg = JSON.parse(line);
        } catch {
          return finish(() => (fallback("the daemon sent an unreadable answer"), resolve(void 0)));
        }
        if (msg.id !== 1)
          continue;
        if ("result" in msg)
          return finish(() => resolve(msg.result));
        const err = msg.error;
        if (FALLBACK_CODES.has(err.code))
          return finish(() => resolve(void 0));
        return finish(() => reject(new DaemonAnswerError(err)));
      }
    });
    conn.on("close", () => finish(() => (fallback(`the daemon stopped before answering ${method}`), resolve(void 0))));
    conn.on("error", () => void 0);
    conn.write(JSON.stringify({ id: 1, method, params: params ?? {} }) + "\n");
  });
}
function connectDaemon(sock, timeoutMs = 1e3) {
  return new Promise((resolve) => {
    const conn = net.createConnection(sock);
    const timer = setTimeout(() => {
      conn.destroy();
      resolve(void 0);
    }, timeoutMs);
    conn.once("connect", () => {
      clearTimeout(timer);
      conn.removeAllListeners("error");
      resolve(conn);
    });
    conn.once("error", () => {
      clearTimeout(timer);
      conn.destroy();
      resolve(void 0);
    });
  });
}

export {
  withDaemonOption,
  routingEnabled,
  viaDaemon,
  connectDaemon
};
//# sourceMappingURL=chunk-UVXRVTYK.js.map

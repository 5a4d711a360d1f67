/**
 * The daemon's client over a raw pipe (src/daemon/raw-pipe.ts, `askDaemon`'s `rawPipe`), against
 * a real Unix socket served by `net`: the same answers, ends and fallbacks as over `net`, and
 * `net` itself is not loaded by a process that connects this way (the thin search's own test
 * checks its bundle loads no stream module either).
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { askDaemon } from "../../src/daemon/client.js";
import { socketPath } from "../../src/daemon/protocol.js";
import { connectRawPipe, rawPipeBindings } from "../../src/daemon/raw-pipe.js";
import { cleanup, REPO_ROOT, tempDir } from "../helpers/workspace.js";

const execFileP = promisify(execFile);

describe("the daemon's client over a raw pipe", () => {
  let dir = "";
  let server: net.Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
    cleanup(dir);
  });

  /** A daemon stand-in: `onLine` gets each request line and the connection. */
  async function serve(onLine: (line: string, conn: net.Socket) => void): Promise<string> {
    dir = tempDir("agent-raw-pipe-");
    const ws = path.join(dir, "ws");
    mkdirSync(path.join(ws, ".agent"), { recursive: true });
    server = net.createServer((conn) => {
      conn.on("error", () => undefined);
      let buf = "";
      conn.on("data", (d: Buffer) => {
        buf += d.toString("utf8");
        for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
          onLine(buf.slice(0, i), conn);
          buf = buf.slice(i + 1);
        }
      });
    });
    await new Promise<void>((resolve) => server!.listen(socketPath(ws, { create: true }), resolve));
    return ws;
  }

  it("this Node offers the handles it needs, and a connection is made with them", async () => {
    const ws = await serve(() => undefined);
    expect(rawPipeBindings()).toBeDefined();
    const link = await connectRawPipe(socketPath(ws), 1_000);
    expect(link).toBeDefined();
    link!.close();
  });

  it("sends the request line and reads an answer that comes in many pieces", async () => {
    const big = "x".repeat(3_000_000);
    const seen: string[] = [];
    const ws = await serve((line, conn) => {
      seen.push(line);
      const answer = JSON.stringify({ id: 1, result: { text: big, query: (JSON.parse(line) as { params: { query: string } }).params.query } }) + "\n";
      // In small writes a tick apart, so the client reads it in many chunks.
      let at = 0;
      const next = () => {
        conn.write(answer.slice(at, at + 65_536));
        at += 65_536;
        if (at < answer.length) setImmediate(next);
      };
      next();
    });
    const r = await askDaemon<{ text: string; query: string }>(ws, "search", { query: "canoe « é »" }, { timeoutMs: 0, rawPipe: true });
    expect(seen).toEqual([JSON.stringify({ id: 1, method: "search", params: { query: "canoe « é »" } })]);
    expect(r?.query).toBe("canoe « é »");
    expect(r?.text.length).toBe(big.length);
  });

  it("a daemon that closes before answering: undefined, and the caller is told", async () => {
    const ws = await serve((_line, conn) => conn.destroy());
    const why: string[] = [];
    expect(await askDaemon(ws, "search", { query: "canoe" }, { timeoutMs: 0, rawPipe: true, onFallback: (w) => why.push(w) })).toBeUndefined();
    expect(why).toEqual(["the daemon stopped before answering search"]);
  });

  it("the engine's error comes back as over net", async () => {
    const ws = await serve((_line, conn) => conn.write(JSON.stringify({ id: 1, error: { code: "usage", message: "too many words" } }) + "\n"));
    await expect(askDaemon(ws, "search", { query: "canoe" }, { timeoutMs: 0, rawPipe: true })).rejects.toThrow("too many words");
  });

  it("a socket file nothing listens on (its daemon was killed): undefined, nothing said", async () => {
    dir = tempDir("agent-raw-pipe-");
    const ws = path.join(dir, "ws");
    mkdirSync(path.join(ws, ".agent"), { recursive: true });
    const sock = socketPath(ws, { create: true });
    // A process that exits without closing its server leaves the socket file behind.
    const left = spawnSync(process.execPath, ["-e", `require("node:net").createServer().listen(${JSON.stringify(sock)}, () => process.exit(0))`]);
    expect(left.status).toBe(0);
    expect(existsSync(sock)).toBe(true);
    expect(await connectRawPipe(sock, 1_000)).toBeUndefined();
    const why: string[] = [];
    expect(await askDaemon(ws, "search", { query: "canoe" }, { timeoutMs: 0, rawPipe: true, onFallback: (w) => why.push(w) })).toBeUndefined();
    expect(why).toEqual([]);
  });

  it("a process asking this way does not load net; with pending deprecations on it uses net and prints no warning", async () => {
    const ws = await serve((_line, conn) => conn.write(JSON.stringify({ id: 1, result: { text: "the memory" } }) + "\n"));
    const script = [
      `import { askDaemon } from ${JSON.stringify(path.join(REPO_ROOT, "dist/daemon/client.js"))};`,
      `const r = await askDaemon(${JSON.stringify(ws)}, "search", { query: "canoe" }, { timeoutMs: 0, rawPipe: true, exiting: true });`,
      `console.log(JSON.stringify({ text: r.text, net: process.moduleLoadList.includes("NativeModule net") }));`,
    ].join("\n");
    // Asynchronously: the stand-in daemon answers from this process's event loop.
    const run = (env: Record<string, string>) =>
      execFileP(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8", env: { ...process.env, ...env } }).then(
        (o) => ({ status: 0, stdout: o.stdout, stderr: o.stderr }),
        (e: { code: number; stdout: string; stderr: string }) => ({ status: e.code, stdout: e.stdout, stderr: e.stderr }),
      );
    const raw = await run({});
    expect(raw.status, raw.stderr).toBe(0);
    expect(JSON.parse(raw.stdout)).toEqual({ text: "the memory", net: false });
    expect(raw.stderr).toBe("");
    const pending = await run({ NODE_OPTIONS: "--pending-deprecation" });
    expect(pending.status, pending.stderr).toBe(0);
    expect(JSON.parse(pending.stdout)).toMatchObject({ text: "the memory", net: true });
    expect(pending.stderr).not.toMatch(/DEP0111|DeprecationWarning/);
  });
});

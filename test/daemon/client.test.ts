/**
 * The daemon's client (src/daemon/client.ts), against a real Unix socket: an answer that came
 * within the time asked for is taken even when the caller's event loop was blocked past it
 * (OpenClaw's process, busy building its prompt, runs its due timers before it reads the socket).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { askDaemon, daemonSocketExists } from "../../src/daemon/client.js";
import { socketPath } from "../../src/daemon/protocol.js";
import { cleanup, tempDir } from "../helpers/workspace.js";

describe("askDaemon", () => {
  let dir = "";
  let server: net.Server | undefined;
  afterEach(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
    cleanup(dir);
  });

  /** A daemon stand-in that answers at once and then blocks this whole process for `blockMs` (the client's timer comes due meanwhile). */
  async function answeringThenBlocking(ws: string, blockMs: number): Promise<void> {
    mkdirSync(path.join(ws, ".agent"), { recursive: true });
    server = net.createServer((conn) => {
      conn.on("error", () => undefined);
      conn.on("data", () => {
        conn.write(JSON.stringify({ id: 1, result: { text: "the memory" } }) + "\n");
        const end = Date.now() + blockMs;
        while (Date.now() < end);
      });
    });
    await new Promise<void>((resolve) => server!.listen(socketPath(ws, { create: true }), resolve));
  }

  it("an answer that arrived before the timeout is taken though the loop was blocked past it", async () => {
    dir = tempDir("agent-client-");
    const ws = path.join(dir, "ws");
    await answeringThenBlocking(ws, 300);
    const why: string[] = [];
    const r = await askDaemon<{ text: string }>(ws, "inject", { prompt: "x" }, { timeoutMs: 100, onFallback: (w) => why.push(w) });
    expect(why).toEqual([]);
    expect(r).toEqual({ text: "the memory" });
  });

  it("no daemon: undefined at once, nothing said", async () => {
    dir = tempDir("agent-client-");
    const why: string[] = [];
    expect(await askDaemon(path.join(dir, "ws"), "inject", {}, { timeoutMs: 100, onFallback: (w) => why.push(w) })).toBeUndefined();
    expect(why).toEqual([]);
  });

  it("a path that is no workspace (a file) has no daemon: false and undefined, never an error", async () => {
    dir = tempDir("agent-client-");
    const file = path.join(dir, "notes.txt");
    writeFileSync(file, "not a workspace\n");
    expect(daemonSocketExists(file)).toBe(false);
    expect(await askDaemon(file, "inject", {}, { timeoutMs: 100 })).toBeUndefined();
  });
});

/**
 * Edges of what a workspace is, on real folders and a real daemon: a folder that is not a
 * workspace is refused (nothing created in it), a copied workspace's daemon lock does not
 * block the copy, and an embedding cache folder that is not a folder gets a clear error.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { EmbeddingCache } from "../../src/embed/cache.js";
import { initWorkspace } from "../../src/workspace/init.js";
import { runAgent, spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

let dir = "";
const daemons: RunningAgent[] = [];
afterEach(async () => {
  for (const d of daemons.splice(0)) {
    if (d.exitCode === null && d.signalCode === null) d.kill("SIGKILL");
    await d.done.catch(() => undefined);
  }
  cleanup(dir);
});

describe("what a workspace is", { timeout: 120_000 }, () => {
  it("a folder with no workspace marker is refused: no .agent/ made, nothing indexed", async () => {
    dir = tempDir("agent-edges-");
    const plain = path.join(dir, "etc-like");
    mkdirSync(plain);
    writeFileSync(path.join(plain, "hosts.md"), "# not notes\n");
    const r = await runAgent(["search", "x", "--workspace", plain]);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/is not a workspace .*agent init/);
    // Neither the engine's folders nor the workspace id (which would key a device folder) appeared.
    expect(readdirSync(plain)).toEqual(["hosts.md"]);
  });

  it("a copied workspace is refused until it has its own id; then its daemon serves beside the original's", async () => {
    dir = tempDir("agent-edges-");
    const a = path.join(dir, "a");
    initWorkspace(a);
    write(a, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, heartbeat: { enabled: false }, flush: { enabled: false }, schedule: { reflect: false }, evolution: { weekly: false } }));
    const da = spawnAgent(["daemon", "--workspace", a, "--no-watch"]);
    daemons.push(da);
    await da.waitFor(/serving the engine on /, 60_000);
    const b = path.join(dir, "b");
    execFileSync("cp", ["-r", a, b]);
    // The lock is in this device's folder now, not in the copy; the copy carries the id instead.
    const refused = await runAgent(["status", "--workspace", b]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/same workspace id as .*rm .*\.agent-workspace/s);
    rmSync(path.join(b, ".agent-workspace"));
    const db = spawnAgent(["daemon", "--workspace", b, "--no-watch"]);
    daemons.push(db);
    await db.waitFor(/serving the engine on /, 60_000);
    expect(db.out().stderr + db.out().stdout).not.toMatch(/already running/);
  });

  it("rm -rf .agent under a running daemon: it stops and says why, so two daemons never serve at once", async () => {
    dir = tempDir("agent-edges-");
    const a = path.join(dir, "a");
    initWorkspace(a);
    write(a, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, heartbeat: { enabled: false }, flush: { enabled: false }, schedule: { reflect: false }, evolution: { weekly: false } }));
    const first = spawnAgent(["daemon", "--workspace", a, "--no-watch"]);
    daemons.push(first);
    await first.waitFor(/serving the engine on /, 60_000);
    // The daemon may write a file into the folder while it is being removed: rm -rf then says
    // "Directory not empty"; a person runs it again, and so does this (ENOTEMPTY is retried).
    rmSync(agentDir(a), { recursive: true, force: true, maxRetries: 20, retryDelay: 50 });
    await first.waitFor(/daemon\.lock was removed or replaced/, 30_000);
    expect((await first.done).code).toBe(0);
    const second = spawnAgent(["daemon", "--workspace", a, "--no-watch"]);
    daemons.push(second);
    await second.waitFor(/serving the engine on /, 60_000);
  });

  it("a client that never reads its answers is dropped once they pass the bound; other clients are served", async () => {
    dir = tempDir("agent-edges-");
    const a = path.join(dir, "a");
    initWorkspace(a);
    write(a, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, heartbeat: { enabled: false }, flush: { enabled: false }, schedule: { reflect: false }, evolution: { weekly: false } }));
    write(a, "notes/big.md", Array.from({ length: 60_000 }, (_, i) => `line ${i} ${"lorem ipsum dolor ".repeat(5)}`).join("\n") + "\n");
    const d = spawnAgent(["daemon", "--workspace", a, "--no-watch"]);
    daemons.push(d);
    await d.waitFor(/serving the engine on /, 60_000);
    const c = net.connect(path.join(agentDir(a), "daemon.sock"));
    c.pause(); // never reads: its answers pile up in the daemon
    c.on("error", () => undefined);
    await new Promise<void>((resolve) => c.on("connect", () => resolve()));
    // 400 answers of 2,000 lines (the most one read returns), about 80 MB in all.
    for (let id = 1; id <= 400; id++) c.write(JSON.stringify({ id, method: "readFile", params: { path: "notes/big.md", from: ((id - 1) % 30) * 2000 + 1, lines: 2000 } }) + "\n");
    await d.waitFor(/left \d+ bytes of answers unread .*connection dropped/, 60_000);
    c.destroy();
    const other = await runAgent(["search", "lorem", "--json", "--workspace", a], { AGENT_DAEMON: "require" });
    expect(other.code, other.stderr).toBe(0);
  });

  it("embed.cacheDir that is not a folder (/dev/null) gets an error naming the setting", () => {
    expect(() => new EmbeddingCache("/dev/null/embeddings.db")).toThrow(/\/dev\/null is not a folder.*embed\.cacheDir/);
  });
});

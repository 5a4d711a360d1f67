/**
 * `agent doctor` says one line per problem: an error text with a stack trace in it (an
 * Ollama behind a proxy that answers 500 with its trace, a native library's multi-line
 * message) is cut to its message, never printed frame by frame.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { runAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

const TRACE = "Error: model runner crashed\n    at Runner.load (/usr/lib/ollama/runner.js:10:5)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)\n";

let ws = "";
let server: http.Server | undefined;
afterEach(async () => {
  if (server) await new Promise<void>((r) => server!.close(() => r()));
  server = undefined;
  cleanup(ws);
});

async function tracingServer(): Promise<string> {
  server = http.createServer((_req, res) => {
    res.writeHead(500, { "content-type": "text/plain" });
    res.end(TRACE);
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("doctor: one line per problem", () => {
  it("an LLM server answering with a stack trace is reported in one line, without its frames", async () => {
    ws = tempDir("agent-doctor-");
    write(ws, "agent.config.json", JSON.stringify({ llm: { host: await tracingServer() }, embed: { provider: "none" } }));
    const r = await Engine.doctor(ws);
    const llm = r.checks.find((c) => c.name === "llm")!;
    // A warning or a failure depending on whether a scheduled job needs the model; one line either way.
    expect(llm.status).not.toBe("ok");
    expect(llm.detail).toContain("model runner crashed");
    for (const c of r.checks) {
      expect(c.detail, c.name).not.toMatch(/\n|\s+at \S+ \(/);
      expect(c.fix ?? "", c.name).not.toMatch(/\n/);
    }
    const cli = await runAgent(["doctor", "--workspace", ws]);
    expect(cli.stdout).toMatch(/[✗!] llm .*model runner crashed/);
    expect(cli.stdout + cli.stderr).not.toMatch(/^\s+at /m);
  });
});

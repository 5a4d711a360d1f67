/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, installed outside
 * the project by `scripts/harness.sh install conformance`) against the daemon's real HTTP
 * endpoint, for both requirement sets: 2025-11-25 and 2026-07-28. The suite sends no
 * Authorization header, so a small proxy adds the bearer token and passes everything else
 * (Host and Origin included) through unchanged: the daemon's own Host/Origin checks answer
 * the DNS-rebinding scenario.
 *
 * Every scenario that applies to a memory server must pass; the ones that exercise the
 * reference server's own test fixtures (tools named test_*, resources under test://, prompts,
 * logging, completions, tasks, sampling, elicitation) do not apply and are listed with the
 * reason in docs/mcp.md.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnAgent, type RunningAgent } from "../helpers/cli.js";
import { titled } from "../helpers/needs.js";
import { cleanup, read, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

const run = promisify(execFile);

/** The suite's command in the cache of scripts/harness.sh, or undefined when it is not installed. */
function suiteBin(): string | undefined {
  const bin = execFileSync("bash", [path.join(REPO_ROOT, "scripts/harness.sh"), "path", "conformance"], { encoding: "utf8" }).trim();
  return existsSync(bin) ? bin : undefined;
}

const nodeMajor = Number(process.versions.node.split(".")[0]);
const BIN = suiteBin();
const WHY =
  BIN === undefined
    ? "needs the MCP conformance suite (`scripts/harness.sh install conformance`)"
    : nodeMajor < 22
      ? "needs Node >= 22 to run the MCP conformance suite"
      : undefined;

/** Scenarios that apply to this server, per requirement set: each must end with no failed check. */
const APPLICABLE: Record<"2025-11-25" | "2026-07-28", string[]> = {
  "2025-11-25": [
    "server-initialize",
    "ping",
    "tools-list",
    "resources-list",
    "prompts-list",
    "dns-rebinding-protection",
    "server-session-lifecycle",
    "server-sse-polling",
    "server-sse-multiple-streams",
  ],
  "2026-07-28": [
    "server-stateless",
    "tools-list",
    "resources-list",
    "prompts-list",
    "sep-2164-resource-not-found",
    "dns-rebinding-protection",
    "caching",
    "http-header-validation",
    "server-sse-multiple-streams",
    "input-required-result-unsupported-methods",
    "input-required-result-validate-input",
  ],
};

interface Check {
  id: string;
  status: "SUCCESS" | "FAILURE" | "WARNING" | "INFO" | "SKIPPED";
  errorMessage?: string;
  details?: { untestable?: boolean };
}

/**
 * A check the suite could not run against any server but its reference one: it calls a
 * diagnostic tool (test_missing_capability, test_logging_tool, …) that a real server has no
 * reason to offer. The suite marks those itself.
 */
const untestable = (c: Check) => c.details?.untestable === true;

describe.skipIf(WHY !== undefined)(titled("the MCP conformance suite against the daemon's HTTP endpoint", WHY), { timeout: 240_000 }, () => {
  let dir = "";
  let daemon: RunningAgent | undefined;
  let proxy: http.Server | undefined;
  let url = "";

  beforeAll(async () => {
    dir = tempDir("agent-conformance-");
    const ws = path.join(dir, "ws");
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, context: { timeZone: "UTC" }, heartbeat: { enabled: false }, flush: { enabled: false }, schedule: { reflect: false }, evolution: { weekly: false } }));
    write(ws, "MEMORY.md", "# MEMORY\n\n- The fridge supplier is Kühlmann.\n");
    write(ws, "memory/2026-11-02.md", "# 2026-11-02\n\nPlanted the tulip bulbs.\n");
    daemon = spawnAgent(["daemon", "--workspace", ws, "--http", "--port", "0", "--no-watch"], { TZ: "UTC" });
    await daemon.waitFor(/MCP over HTTP at /, 60_000);
    const target = new URL(/MCP over HTTP at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(daemon.out().stdout)![1]!);
    const token = read(agentDir(ws), "mcp-http.token").trim();
    proxy = await bearerProxy(Number(target.port), token);
    const a = proxy.address() as { port: number };
    url = `http://127.0.0.1:${a.port}/mcp`;
  });

  afterAll(async () => {
    proxy?.closeAllConnections();
    await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()));
    if (daemon && daemon.exitCode === null) daemon.kill("SIGTERM");
    await daemon?.done.catch(() => undefined);
    cleanup(dir);
  });

  for (const revision of ["2025-11-25", "2026-07-28"] as const) {
    it(`passes every scenario of ${revision} that applies to a memory server`, async () => {
      const out = path.join(dir, `results-${revision}`);
      // The suite exits 1 when any scenario fails, fixtures included: the checks decide here.
      await run(process.execPath, [BIN!, "server", "--url", url, "--requirements", revision, "-o", out], { maxBuffer: 64 * 1024 * 1024, timeout: 200_000 }).catch(
        (e: { code?: unknown; stderr?: string }) => {
          if (typeof e.code !== "number") throw e;
        },
      );
      const results = readResults(out);
      for (const scenario of APPLICABLE[revision]) {
        const checks = results.get(scenario);
        expect(checks, `${scenario} did not run`).toBeDefined();
        const failed = checks!.filter((c) => c.status === "FAILURE" && !untestable(c)).map((c) => `${c.id}: ${c.errorMessage ?? ""}`);
        expect(failed, scenario).toEqual([]);
        expect(checks!.length, scenario).toBeGreaterThan(0);
      }
      // What this server does not declare is refused as such, not half-served.
      const logging = results.get("logging-set-level");
      if (logging) expect(logging.find((c) => c.id === "logging-set-level")?.errorMessage).toMatch(/Method not found/);
    });
  }
});

/** scenario → its checks, from the suite's output folder (one `server-<scenario>-<time>/checks.json` each). */
function readResults(out: string): Map<string, Check[]> {
  const m = new Map<string, Check[]>();
  for (const name of readdirSync(out)) {
    const s = /^server-(.+)-\d{4}-\d{2}-\d{2}T[\d-]+Z$/.exec(name);
    const file = path.join(out, name, "checks.json");
    if (s && existsSync(file)) m.set(s[1]!, JSON.parse(readFileSync(file, "utf8")) as Check[]);
  }
  return m;
}

/** A pass-through proxy on 127.0.0.1 that adds the daemon's bearer token to every request. */
function bearerProxy(port: number, token: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const up = http.request({ host: "127.0.0.1", port, path: req.url, method: req.method, headers: { ...req.headers, authorization: `Bearer ${token}` } }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    up.on("error", () => res.destroy());
    res.on("close", () => up.destroy());
    req.pipe(up);
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

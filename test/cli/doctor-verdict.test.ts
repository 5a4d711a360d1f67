/**
 * `agent doctor`'s last line names what it warned about: with no model reachable, search still
 * works and doctor passes (exit 0), but its summary says the llm warning instead of a bare
 * "all checks passed" under a "!" line. A real CLI run on a real workspace.
 */
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { verdict } from "../../src/cli/commands/doctor.js";
import { runAgent } from "../helpers/cli.js";
import { cleanup, tempDir, write } from "../helpers/workspace.js";

/** A port nothing listens on: one taken and released. */
async function closedPort(): Promise<number> {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe("doctor's summary line", () => {
  const ws = tempDir("agent-doctor-verdict-");
  afterAll(() => cleanup(ws));

  it("with no model reachable: passes, and the last line names the llm warning", async () => {
    write(ws, "agent.config.json", JSON.stringify({ llm: { host: `http://127.0.0.1:${await closedPort()}` }, embed: { provider: "none" } }));
    write(ws, "memory/2026-11-20.md", "# Today\n\nWe kept the VPS at Hetzner.\n");
    const r = await runAgent(["doctor", "--workspace", ws], { AGENT_DAEMON: "off" });
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines.some((l) => /^! llm\b/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/^all checks passed; \d+ warning\(s\): (.+, )?llm(, .+)?$/);
  });

  it("says the failed checks by name, then the warnings", () => {
    expect(verdict([{ name: "config", status: "ok" }])).toBe("all checks passed");
    expect(
      verdict([
        { name: "index database", status: "fail" },
        { name: "llm", status: "warn" },
        { name: "vectors", status: "fail" },
      ]),
    ).toBe("2 check(s) failed: index database, vectors; 1 warning(s): llm");
  });
});

import { execFile } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { loadAgentConfig } from "../../src/engine/config.js";
import { readConfigCache, writeConfigCache } from "../../src/engine/config-cache.js";
import { CLI, cleanup, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

const execFileP = promisify(execFile);
let dir = "";
afterEach(() => cleanup(dir));

describe("the validated-config cache", () => {
  it("serves a config only for the same file bytes and the same build", () => {
    dir = tempDir();
    write(agentDir(dir), ".keep", "");
    const text = JSON.stringify({ search: { limit: 7 } });
    write(dir, "agent.config.json", text);
    const cfg = loadAgentConfig(dir);
    // No build id (tsc build, tests, library): nothing is written or read.
    writeConfigCache(dir, text, cfg, null);
    expect(existsSync(path.join(agentDir(dir), "config.validated.json"))).toBe(false);
    writeConfigCache(dir, text, cfg, "build-a");
    expect(statSync(path.join(agentDir(dir), "config.validated.json")).mode & 0o777).toBe(0o600);
    expect(readConfigCache(dir, "build-a")?.search.limit).toBe(7);
    expect(readConfigCache(dir, null)).toBeNull();
    // Another build (the schemas or defaults may have changed): validate again.
    expect(readConfigCache(dir, "build-b")).toBeNull();
    // One byte of the file changed: validate again.
    write(dir, "agent.config.json", JSON.stringify({ search: { limit: 8 } }));
    expect(readConfigCache(dir, "build-a")).toBeNull();
    // Back to the bytes it was made from: served again. Removed: the defaults are another key.
    write(dir, "agent.config.json", text);
    expect(readConfigCache(dir, "build-a")?.search.limit).toBe(7);
  });

  it("the built CLI reuses it, and a file edited into an error is reported, never served from the cache", async () => {
    dir = tempDir();
    write(dir, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, search: { limit: 3 } }));
    write(dir, "MEMORY.md", "# Memory\n\nThe kayak is orange.\n");
    const search = () => execFileP(process.execPath, [CLI, "search", "kayak", "--workspace", dir, "--json", "--no-daemon"]);
    expect(JSON.parse((await search()).stdout).results).toHaveLength(1);
    // The first run made .agent/ (the cache is never the reason to create it); the second fills it.
    expect(JSON.parse((await search()).stdout).results).toHaveLength(1);
    const cacheFile = path.join(agentDir(dir), "config.validated.json");
    const cached = JSON.parse(readFileSync(cacheFile, "utf8")) as { config: { search: { limit: number } } };
    expect(cached.config.search.limit).toBe(3);
    expect((await search()).stdout).toContain("MEMORY.md");
    expect(statSync(cacheFile).mode & 0o777).toBe(0o600);
    writeFileSync(path.join(dir, "agent.config.json"), JSON.stringify({ embed: { provider: "none" }, search: { limt: 3 } }));
    const err = await search().then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(err?.code).toBe(1);
    // --json: the error is a JSON object on stdout.
    expect(err?.stdout).toMatch(/agent\.config\.json: unknown key \\"search\.limt\\" \(did you mean \\"limit\\"\?\)/);
  });
});

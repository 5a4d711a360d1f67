import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLI, cleanup, read, tempDir, write } from "../helpers/workspace.js";

function run(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd: opts.cwd ?? process.cwd(),
    env: { ...process.env, AGENT_WORKSPACE: "", ...opts.env },
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("agent CLI (built dist/cli/main.js)", () => {
  let dir = "";
  let ws = "";
  beforeAll(() => {
    dir = tempDir();
    ws = path.join(dir, "assistant");
    expect(run(["init", ws]).code).toBe(0);
    write(ws, "memory/2026-05-01.md", "# 2026-05-01\n\nWe decided to keep the VPS at Hetzner for another year.\n");
  });
  afterAll(() => cleanup(dir));

  it("has --help for every command", () => {
    for (const cmd of ["init", "index", "search", "watch", "status"]) {
      const r = run([cmd, "--help"]);
      expect(r.code, cmd).toBe(0);
      expect(r.stdout).toContain(`Usage: agent ${cmd}`);
      if (cmd !== "init") expect(r.stdout).toContain("--workspace");
    }
  });

  it("indexes, then search --json prints the documented shape with workspace-relative paths", () => {
    expect(run(["index", "--workspace", ws]).code).toBe(0);
    const r = run(["search", "what did we decide about the VPS", "--workspace", ws, "--json", "--limit", "3"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.query).toBe("what did we decide about the VPS");
    expect(out.results.length).toBeGreaterThan(0);
    expect(out.results.length).toBeLessThanOrEqual(3);
    const top = out.results[0];
    expect(Object.keys(top)).toEqual(expect.arrayContaining(["path", "startLine", "endLine", "heading", "date", "score", "snippet", "source"]));
    expect(top.path).toBe("memory/2026-05-01.md");
    expect(top.date).toBe("2026-05-01");
    expect(path.isAbsolute(top.path)).toBe(false);
  });

  it("finds the workspace from AGENT_WORKSPACE and from the current folder", () => {
    const byEnv = run(["status", "--json"], { cwd: dir, env: { AGENT_WORKSPACE: ws } });
    expect(byEnv.code).toBe(0);
    expect(JSON.parse(byEnv.stdout).workspace).toBe(ws);
    const byCwd = run(["status", "--json"], { cwd: path.join(ws, "memory") });
    expect(byCwd.code).toBe(0);
    expect(JSON.parse(byCwd.stdout).workspace).toBe(ws);
  });

  it("status --json reports files, chunks, age, stale and problems", () => {
    write(ws, "memory/2026-05-02.md", "# new note\n\nnot indexed yet\n");
    const s = JSON.parse(run(["status", "--workspace", ws, "--json"]).stdout);
    expect(s.files).toBeGreaterThan(5);
    // Text identical to the shipped template is never indexed: the chunks are the user's note.
    expect(s.chunks).toBe(1);
    expect(s.ageMs).toBeGreaterThanOrEqual(0);
    expect(s.stale).toEqual(["memory/2026-05-02.md"]);
    expect(s.problems).toEqual([]);
  });

  it("reads quoted phrases and exclusions, and prints how it read them", () => {
    write(ws, "memory/2026-05-03.md", "# 2026-05-03\n\nThe VPS backup failed again; moved the backup job to Sunday.\n");
    expect(run(["index", "--workspace", ws]).code).toBe(0);
    const phrase = run(["search", 'the "backup job" of the VPS', "--workspace", ws]);
    expect(phrase.code, phrase.stderr).toBe(0);
    expect(phrase.stdout).toContain('phrases: must contain "backup job"\n');
    expect(phrase.stdout).toContain("memory/2026-05-03.md");
    expect(phrase.stdout).not.toContain("memory/2026-05-01.md");
    const excluded = JSON.parse(run(["search", "VPS -backup", "--workspace", ws, "--json"]).stdout);
    expect(excluded.syntax).toEqual({ phrases: [], excluded: ["backup"], relaxed: [] });
    expect(excluded.results.map((r: { path: string }) => r.path)).toEqual(["memory/2026-05-01.md"]);
    const relaxed = run(["search", '"VPS at Contabo" hetzner', "--workspace", ws]);
    expect(relaxed.stdout).toContain('phrases: no note contains "vps at contabo", searched as plain words\n');
    expect(relaxed.stdout).toContain("memory/2026-05-01.md");
  });

  it("--explain prints the floor, why each result passed it, and the best candidates it left out", () => {
    expect(run(["index", "--workspace", ws]).code).toBe(0);
    const hit = run(["search", "Hetzner VPS", "--workspace", ws, "--mode", "keyword", "--explain"]);
    expect(hit.code).toBe(0);
    expect(hit.stdout).toMatch(/^floor: keyword coverage ≥ 0\.15; \d+ of \d+ candidate\(s\) passed\n/);
    expect(hit.stdout).toMatch(/\nterms: hetzner \(in 1 chunk, idf \d\.\d{3}\), vps \(in \d chunks?, idf \d\.\d{3}\)\n/);
    expect(hit.stdout).toContain("   floor: keyword (coverage 1.000: hetzner, vps)\n");
    // An irregular verb says which forms it stood for.
    const verb = run(["search", "when did we keep the VPS", "--workspace", ws, "--mode", "keyword", "--explain"]);
    expect(verb.stdout).toMatch(/\nterms: keep \(or kept; in \d chunks?, idf \d\.\d{3}\), vps \(in \d chunks?, idf \d\.\d{3}\)\n/);
    // Only "hetzner" of five words is in a note: too little of the query to count.
    const miss = run(["search", "quarterly Hetzner invoice spreadsheet forecast", "--workspace", ws, "--mode", "keyword", "--explain"]);
    expect(miss.code).toBe(0);
    expect(miss.stdout).toMatch(/^floor: keyword coverage ≥ 0\.15; 0 of 1 candidate\(s\) passed\n/);
    expect(miss.stdout).toContain('no results for "quarterly Hetzner invoice spreadsheet forecast": nothing relevant');
    expect(miss.stdout).toMatch(/\nbelow the floor \(best 1\):\n   memory\/2026-05-01\.md:\d+-\d+  score \d\.\d{3}  coverage 0\.\d{3} < 0\.15 \(hetzner\)\n$/);
    // The same explanation is in --json, where MCP clients read it.
    const json = JSON.parse(run(["search", "quarterly Hetzner invoice spreadsheet forecast", "--workspace", ws, "--mode", "keyword", "--explain", "--json"]).stdout);
    expect(json.explain.floor.nearMisses).toEqual([expect.objectContaining({ path: "memory/2026-05-01.md", matched: ["hetzner"], cosine: null, evidence: [] })]);
  });

  it("fails with exit code 1 and one clear line on stderr", () => {
    const missing = run(["search", "x", "--workspace", path.join(dir, "nope")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split("\n")).toHaveLength(1);
    expect(missing.stderr).toMatch(/does not exist: create it with `agent init/);
    const badLimit = run(["search", "x", "--workspace", ws, "--limit", "zero"]);
    expect(badLimit.code).not.toBe(0);
    expect(badLimit.stderr).toMatch(/limit must be a whole number from 1 to 100, got "zero"/);
    const nowhere = run(["status"], { cwd: "/" });
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toMatch(/no workspace found/);
  });

  it("init through the CLI never overwrites a file", () => {
    write(ws, "USER.md", "# USER\n\nMy own words.\n");
    const r = run(["init", ws, "--json"]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).created).toEqual([]);
    expect(read(ws, "USER.md")).toBe("# USER\n\nMy own words.\n");
  });

  it("npx --no-install resolves the package's own bin inside the clone", () => {
    const out = execFileSync("npx", ["--no-install", "agent", "--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    expect(out.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});

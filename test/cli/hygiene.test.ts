/**
 * What a user expects of any command, now that every command is an adapter over the engine:
 * quiet exits into closed pipes, JSON errors with --json, one clear line for bad input,
 * doctor/config/models that say what is wrong, and shell completion.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initWorkspace } from "../../src/workspace/init.js";
import { runAgent } from "../helpers/cli.js";
import { CLI, cleanup, tempDir, write } from "../helpers/workspace.js";
import { agentDir } from "../../src/workspace/paths.js";

describe("CLI hygiene (built CLI)", () => {
  let dir = "";
  let ws = "";
  beforeAll(() => {
    dir = tempDir();
    ws = path.join(dir, "ws");
    initWorkspace(ws);
    // Nothing listens on port 9: the model is unreachable, and quickly so.
    write(ws, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, llm: { host: "http://127.0.0.1:9" } }));
    write(ws, "MEMORY.md", `# Memory\n\n${"- a long line about the database decision and what followed from it\n".repeat(6000)}`);
  });
  afterAll(() => cleanup(dir));

  it("writing into a closed pipe exits quietly (no EPIPE stack trace, exit 0)", () => {
    const r = spawnSync("bash", ["-c", `set -o pipefail; "${process.execPath}" "${CLI}" context --workspace "${ws}" --budget 1000000 --per-file 1000000 | head -c 10 >/dev/null`], { encoding: "utf8" });
    expect(r.stderr).not.toMatch(/EPIPE|Error|at /);
    expect(r.status).toBe(0);
  });

  it("with --json, errors are JSON on stdout and the exit code is non-zero", async () => {
    const empty = await runAgent(["search", "", "--workspace", ws, "--json"]);
    expect(empty.code).toBe(1);
    expect(JSON.parse(empty.stdout)).toEqual({ error: { code: "usage", message: expect.stringMatching(/give something to look for/) } });
    const nowhere = await runAgent(["status", "--workspace", path.join(dir, "nope"), "--json"]);
    expect(nowhere.code).toBe(1);
    expect(JSON.parse(nowhere.stdout).error.message).toMatch(/does not exist/);
    const badFlag = await runAgent(["search", "x", "--bogus", "--workspace", ws, "--json"]);
    expect(badFlag.code).not.toBe(0);
    expect(JSON.parse(badFlag.stdout).error.code).toBe("usage");
  });

  it("refuses bad input with one clear line", async () => {
    const cases: [string[], RegExp][] = [
      [["search", "   "], /give something to look for/],
      [["search", "x", "--from", "2026-13-45"], /^agent: from must be a real date like 2026-03-01, got "2026-13-45"$/m],
      [["search", "x", "--from", "2026-05-02", "--to", "2026-05-01"], /from 2026-05-02 is after to 2026-05-01/],
      [["jobs", "--job", "bogus"], /there is no job "bogus": the jobs are reflect, flush, heartbeat, evolve/],
      [["boot", "--days", "0"], /days must be a whole number from 1 to 3650, got 0/],
      [["boot", "--days", "1e9"], /days must be a whole number from 1 to 3650, got 1000000000/],
    ];
    for (const [args, re] of cases) {
      const r = await runAgent([...args, "--workspace", ws]);
      expect(r.code, args.join(" ")).toBe(1);
      expect(r.stderr, args.join(" ")).toMatch(re);
      expect(r.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
    }
    const deep = path.join(dir, "deep");
    initWorkspace(deep);
    writeFileSync(path.join(deep, "agent.config.json"), '{"search": ' + '{"x": '.repeat(20000) + "1" + "}".repeat(20000) + "}");
    const d = await runAgent(["search", "x", "--workspace", deep]);
    expect(d.code).toBe(1);
    expect(d.stderr).toMatch(/agent\.config\.json: nested more than 32 levels deep/);
    if (process.platform === "linux") {
      const proc = await runAgent(["init", "/proc/agent-no-such-folder"]);
      expect(proc.code).toBe(1);
      expect(proc.stderr).toMatch(/cannot create the workspace folder \/proc\/agent-no-such-folder/);
    }
    const file = write(dir, "a-file.txt", "not a folder\n");
    const r = await runAgent(["search", "x", "--workspace", file]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/is a file, not a folder/);
  });

  it("agent models exits non-zero when the LLM is unreachable; doctor says what is missing without calling search broken", async () => {
    const models = await runAgent(["models", "--workspace", ws]);
    expect(models.code).toBe(1);
    expect(models.stdout).toMatch(/NOT reachable/);
    const doctor = await runAgent(["doctor", "--workspace", ws, "--json"]);
    expect(doctor.code).toBe(0);
    const report = JSON.parse(doctor.stdout) as { ok: boolean; checks: { name: string; status: string; detail: string; fix?: string }[] };
    expect(report.ok).toBe(true);
    const byName = Object.fromEntries(report.checks.map((c) => [c.name, c]));
    expect(byName.config!.status).toBe("ok");
    expect(byName.llm!.status).toBe("warn");
    expect(byName.llm!.detail).toMatch(/search works without it; .* wait until a model answers/);
    expect(byName.llm!.fix).toMatch(/install Ollama .*ollama pull llama3\.2:3b/);
    // Its context window is unknown then: no check about it (it used to read "undefined tokens").
    expect(byName["llm context"]).toBeUndefined();
    expect(byName.daemon!.status).toBe("ok");
    for (const name of ["index database", "state database", "embedding cache", "index", "vectors", "embedder"]) expect(byName[name], name).toBeDefined();
  });

  it("doctor only warns about an unreachable LLM when no scheduled job needs it (a person who only searches)", async () => {
    const only = path.join(dir, "search-only");
    initWorkspace(only);
    write(only, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, llm: { host: "http://127.0.0.1:9" }, schedule: { reflect: false }, heartbeat: { enabled: false }, flush: { enabled: false } }));
    const r = await runAgent(["doctor", "--workspace", only, "--json"]);
    const report = JSON.parse(r.stdout) as { ok: boolean; checks: { name: string; status: string; detail: string }[] };
    const llm = report.checks.find((c) => c.name === "llm")!;
    expect(llm.status).toBe("warn");
    expect(llm.detail).toMatch(/no scheduled job needs it/);
    expect(report.ok).toBe(true);
    expect(r.code).toBe(0);
    // One job that needs it switched back on: still a warning, naming the job that waits.
    write(only, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, llm: { host: "http://127.0.0.1:9" }, schedule: { reflect: false }, heartbeat: { enabled: true }, flush: { enabled: false } }));
    const again = JSON.parse((await runAgent(["doctor", "--workspace", only, "--json"])).stdout) as { checks: { name: string; status: string; detail: string }[] };
    expect(again.checks.find((c) => c.name === "llm")).toMatchObject({ status: "warn", detail: expect.stringMatching(/heartbeat\.enabled wait until a model answers$/) });
    // A search that reranks with the LLM is broken without it: that one fails.
    write(only, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, llm: { host: "http://127.0.0.1:9" }, search: { rerank: { enabled: true, provider: "llm" } } }));
    const rerank = await runAgent(["doctor", "--workspace", only, "--json"]);
    expect(rerank.code).toBe(1);
    expect((JSON.parse(rerank.stdout) as { checks: { name: string; status: string; detail: string }[] }).checks.find((c) => c.name === "llm")).toMatchObject({ status: "fail", detail: expect.stringMatching(/needed by search\.rerank \(llm\) on every search$/) });
  });

  it("a heartbeat without a reachable model is a state said once in the inbox (how to set it up), never a failure streak", async () => {
    const hb = path.join(dir, "heartbeat-fails");
    initWorkspace(hb);
    // Nothing listens on port 9: every heartbeat fails to reach the model.
    write(hb, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, llm: { host: "http://127.0.0.1:9" } }));
    write(hb, "HEARTBEAT.md", "# HEARTBEAT\n\n- Check whether the NAS backup ran.\n");
    const inbox = async () => (JSON.parse((await runAgent(["inbox", "--workspace", hb, "--json", "--all", "--keep"])).stdout) as { items: { title: string; body: string; source: string }[] }).items;
    for (let i = 1; i <= 4; i++) {
      const r = await runAgent(["heartbeat", "--now", "--workspace", hb]);
      expect(r.code, r.stderr).not.toBe(0);
      expect(await inbox(), `after run ${i}`).toHaveLength(1);
    }
    const [item] = await inbox();
    expect(item).toMatchObject({ title: "No local model answers yet: reflection, heartbeat and flush wait for one", source: "heartbeat" });
    expect(item!.body).toMatch(/127\.0\.0\.1:9/);
    expect(item!.body).toMatch(/install Ollama .*ollama pull llama3\.2:3b/);
  });

  it("doctor names a damaged state.db and the way back; a broken config is a failed check, not a crash", async () => {
    const other = path.join(dir, "broken");
    initWorkspace(other);
    write(other, "agent.config.json", JSON.stringify({ embed: { provider: "none" }, llm: { host: "http://127.0.0.1:9" } }));
    write(agentDir(other), "state.db", "this is not a database at all, just text that is long enough to look like a file".repeat(100));
    const r = await runAgent(["doctor", "--workspace", other]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/✗ state database\s+.*state\.db is damaged/);
    expect(r.stdout).toMatch(/agent doctor --restore-state/);
    writeFileSync(path.join(other, "agent.config.json"), '{ "serach": {} }');
    const bad = await runAgent(["doctor", "--workspace", other, "--json"]);
    expect(bad.code).toBe(1);
    const checks = (JSON.parse(bad.stdout) as { checks: { name: string; status: string; detail: string }[] }).checks;
    expect(checks[0]).toMatchObject({ name: "config", status: "fail", detail: expect.stringMatching(/unknown key "serach" \(did you mean "search"\?\)/) });
  });

  it("agent config prints the effective configuration and where each value came from", async () => {
    const r = await runAgent(["config", "--workspace", ws]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^llm\.host\s+"http:\/\/127\.0\.0\.1:9"\s+\(agent\.config\.json\)$/m);
    expect(r.stdout).toMatch(/^search\.limit\s+10$/m);
    const changed = JSON.parse((await runAgent(["config", "--workspace", ws, "--changed", "--json"])).stdout) as { entries: { key: string }[] };
    expect(changed.entries.map((e) => e.key).sort()).toEqual(["embed.provider", "llm.host"]);
  });

  it("prints bash and zsh completion scripts, and completes commands and options", async () => {
    for (const shell of ["bash", "zsh"]) {
      const r = await runAgent(["completion", shell]);
      expect(r.code, shell).toBe(0);
      expect(r.stdout, shell).toMatch(/agent complete --/);
    }
    const cmds = await runAgent(["complete", "--", "se"]);
    expect(cmds.stdout).toMatch(/^search\b/m);
    const opts = await runAgent(["complete", "--", "search", "--mo"]);
    expect(opts.stdout).toMatch(/--mode/);
  });

  it("the bash script can be sourced twice, and completes without the bash-completion package", () => {
    // `agent` on PATH as the script calls it; --norc: no bash-completion loaded.
    const bin = path.join(dir, "bin");
    write(bin, "agent", `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    chmodSync(path.join(bin, "agent"), 0o755);
    const script = [
      "source <(agent completion bash)",
      "source <(agent completion bash)",
      // compopt works only while bash itself runs a completion; this calls the function directly.
      "compopt() { :; }",
      "COMP_WORDS=(agent se); COMP_CWORD=1; __agent_complete; echo \"1: ${COMPREPLY[*]}\"",
      "COMP_WORDS=(agent search --mo); COMP_CWORD=2; __agent_complete; echo \"2: ${COMPREPLY[*]}\"",
    ].join("\n");
    const r = spawnSync("bash", ["--norc", "--noprofile", "-c", script], { encoding: "utf8", env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}` } });
    expect(r.stderr).toBe("");
    expect(r.stdout).toBe("1: search\n2: --mode\n");
  });
});

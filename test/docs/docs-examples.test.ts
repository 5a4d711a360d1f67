/**
 * Every command and config block in README.md and docs/*.md runs and validates as written.
 *
 *   - every ```json / ```jsonc block parses; one that looks like agent.config.json is validated
 *     by the engine's own validator; an MCP client block starts `agent mcp` with arguments
 *     the CLI accepts, or names the daemon's real HTTP endpoint;
 *   - every `agent …` command in a ```sh / ```bash block (also after `claude mcp add … --`, in
 *     a crontab line, and in a client's `args`) parses with the real command definitions:
 *     command, subcommand, options, option values and arguments, without running it;
 *   - blocks marked `<!-- docs-check: run -->` really run, in order, in bash, in a temp home
 *     with `agent` on PATH and a stand-in Ollama, and must exit 0;
 *   - every relative link points to a file that exists, and to a heading in it;
 *   - docs/configuration.md lists every key of the config schema, with its real default.
 *
 * A block preceded by `<!-- docs-check: skip -->` is left out (keep such exceptions rare).
 */
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Command, CommanderError } from "commander";
import type { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONFIG_SECTIONS, SECTION_NAMES, validateAgentConfig, withoutNulls } from "../../src/engine/config.js";
import { DaemonConfigSchema } from "../../src/engine/daemon-config.js";
import { MCP_HTTP_PATH } from "../../src/daemon/http.js";
import { startFakeOllama, type FakeOllama } from "../helpers/fake-ollama.js";
import { CLI, cleanup, REPO_ROOT, tempDir } from "../helpers/workspace.js";

/**
 * Commands other work is adding; their lines are documented ahead of the code. When one lands,
 * the test below fails on purpose: remove it from this list so its lines are checked.
 */
const PENDING_COMMANDS = new Set<string>([]);

const DOC_FILES = ["README.md", ...readdirSync(path.join(REPO_ROOT, "docs")).filter((f) => f.endsWith(".md")).sort().map((f) => `docs/${f}`)];

interface Block {
  file: string;
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  text: string;
  marker: "run" | "skip" | null;
}

function blocksOf(file: string): Block[] {
  const lines = readFileSync(path.join(REPO_ROOT, file), "utf8").split("\n");
  const out: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && !/^\s*```\s*$/.test(lines[j]!); j++) body.push(lines[j]!.slice(Math.min(indent, lines[j]!.length - lines[j]!.trimStart().length)));
    let k = i - 1;
    while (k >= 0 && lines[k]!.trim() === "") k--;
    const m = k >= 0 ? /^<!-- docs-check: (run|skip) -->$/.exec(lines[k]!.trim()) : null;
    out.push({ file, line: i + 1, lang: open[2]!, text: body.join("\n"), marker: (m?.[1] as "run" | "skip" | undefined) ?? null });
    i = j;
  }
  return out;
}

const ALL_BLOCKS = DOC_FILES.flatMap(blocksOf);
const CHECKED = ALL_BLOCKS.filter((b) => b.marker !== "skip");
const where = (b: Block) => `${b.file}:${b.line}`;

// ---------------------------------------------------------------- shell lines

interface Word {
  text: string;
  /** An unquoted shell operator (&&, |, ;, >, 2>&1 …). */
  op: boolean;
}

/** Splits a shell script into words the way sh would for these purposes: quotes, comments, operators. */
function shellWords(script: string): Word[][] {
  const out: Word[][] = [];
  for (const rawLine of script.replace(/\\\n/g, " ").split("\n")) {
    const words: Word[] = [];
    let cur = "";
    let has = false;
    const push = () => {
      if (has) words.push({ text: cur, op: false });
      cur = "";
      has = false;
    };
    const line = rawLine;
    for (let i = 0; i < line.length; i++) {
      const c = line[i]!;
      if (c === "'" || c === '"') {
        const end = line.indexOf(c, i + 1);
        if (end < 0) throw new Error(`unclosed quote in: ${line}`);
        cur += line.slice(i + 1, end);
        has = true;
        i = end;
      } else if (/\s/.test(c)) push();
      else if (c === "#" && !has) break;
      else if (!has && /^(&&|\|\||[|;&]|\d*>>?(&\d+)?|<\(|<)/.test(line.slice(i))) {
        const op = /^(&&|\|\||[|;&]|\d*>>?(&\d+)?|<\(|<)/.exec(line.slice(i))![0];
        words.push({ text: op, op: true });
        i += op.length - 1;
      } else {
        cur += c;
        has = true;
      }
    }
    push();
    if (words.length > 0) out.push(words);
  }
  return out;
}

const CRON_SCHEDULE = /^(@\w+|([\d*/,-]+ ){4}[\d*/,-]+)$/;

/** The `agent` argument lists a shell block runs (redirections and other programs left out). */
function agentCommands(script: string): string[][] {
  const found: string[][] = [];
  for (let words of shellWords(script)) {
    // A crontab line: drop the schedule.
    for (let n = 1; n <= 5; n++) {
      if (CRON_SCHEDULE.test(words.slice(0, n).map((w) => w.text).join(" ")) && words.slice(0, n).every((w) => !w.op)) {
        words = words.slice(n);
        break;
      }
    }
    // Segments between control operators; a redirection takes its target word with it.
    let seg: string[] = [];
    const segments: string[][] = [];
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (!w.op) seg.push(w.text);
      else if (/^\d*>>?$|^<$/.test(w.text)) i++;
      else if (/^\d*>&\d+$/.test(w.text)) continue;
      else {
        segments.push(seg);
        seg = [];
      }
    }
    segments.push(seg);
    for (let s of segments) {
      while (s.length > 0 && /^[A-Za-z_][A-Za-z0-9_]*=/.test(s[0]!)) s = s.slice(1);
      if (s[0] === "npx" && s[1] === "--no-install") s = s.slice(2);
      if (s[0] === "claude" && s.includes("--")) s = s.slice(s.indexOf("--") + 1);
      if (s.length > 0 && (s[0] === "agent" || s[0]!.endsWith("/agent"))) found.push(s.slice(1));
    }
  }
  return found;
}

/** The real command definitions, with every action replaced by nothing: parsing only. */
async function parsingProgram(): Promise<Command> {
  const program = new Command("agent").version("0.1.0").exitOverride().configureOutput({ writeOut: () => {}, writeErr: () => {} });
  for (const f of readdirSync(path.join(REPO_ROOT, "src/cli/commands")).filter((x) => x.endsWith(".ts")).sort()) {
    const mod = (await import(`../../src/cli/commands/${f}`)) as { register(p: Command): void };
    mod.register(program);
  }
  program.command("completion").argument("<shell>").description("print a shell completion script");
  const silence = (c: Command) => {
    c.action(() => {});
    c.commands.forEach(silence);
  };
  program.commands.forEach(silence);
  return program;
}

/** Why the CLI refuses these arguments, or null when they parse. */
async function parseError(argv: string[]): Promise<string | null> {
  const program = await parsingProgram();
  try {
    await program.parseAsync(argv, { from: "user" });
    return null;
  } catch (e) {
    if (e instanceof CommanderError) return e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help" ? null : e.message;
    return (e as Error).message;
  }
}

interface AgentLine {
  at: string;
  argv: string[];
}

function mcpClientCommands(b: Block, obj: Record<string, unknown>): AgentLine[] {
  const servers = (obj.mcpServers ?? obj.servers) as Record<string, Record<string, unknown>>;
  const out: AgentLine[] = [];
  for (const [name, s] of Object.entries(servers)) {
    if (typeof s.url === "string") {
      const url = new URL(s.url);
      expect(url.hostname, `${where(b)} ${name}: the daemon listens on 127.0.0.1 only`).toBe("127.0.0.1");
      expect(Number(url.port), `${where(b)} ${name}: the daemon's default port`).toBe(DaemonConfigSchema.parse({}).http.port);
      expect(url.pathname, `${where(b)} ${name}: the daemon's MCP path`).toBe(MCP_HTTP_PATH);
      expect(JSON.stringify(s.headers ?? {}), `${where(b)} ${name}: the bearer token`).toMatch(/"Authorization":"Bearer /);
      continue;
    }
    expect(typeof s.command, `${where(b)} ${name}: a command or a url`).toBe("string");
    const args = (s.args ?? []) as string[];
    const argv = String(s.command).endsWith("agent") ? args : String(s.command) === "node" && args[0]?.endsWith("dist/cli/main.js") ? args.slice(1) : null;
    expect(argv, `${where(b)} ${name}: starts agent`).not.toBeNull();
    out.push({ at: `${where(b)} (${name})`, argv: argv! });
  }
  return out;
}

/** Strips // and /* *\/ comments outside strings and trailing commas, for ```jsonc blocks. */
function fromJsonc(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      const m = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(i))!;
      out += m[0];
      i += m[0].length - 1;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      out += "\n";
    } else if (c === "/" && text[i + 1] === "*") i = text.indexOf("*/", i + 2) + 1;
    else out += c;
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
}

const NOTE_KEYS = ["$comment", "$schema"];

function isConfigLike(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const keys = Object.keys(v).filter((k) => !NOTE_KEYS.includes(k));
  return keys.length > 0 && keys.every((k) => (SECTION_NAMES as string[]).includes(k));
}

/** Every `agent` line in the docs: shell blocks, MCP client configs, YAML `args`. */
function allAgentLines(): AgentLine[] {
  const lines: AgentLine[] = [];
  for (const b of CHECKED) {
    if (b.lang === "sh" || b.lang === "bash") for (const argv of agentCommands(b.text)) lines.push({ at: where(b), argv });
    if (b.lang === "json" || b.lang === "jsonc") {
      const v = JSON.parse(b.lang === "jsonc" ? fromJsonc(b.text) : b.text) as Record<string, unknown>;
      if (typeof v === "object" && v !== null && ("mcpServers" in v || "servers" in v)) lines.push(...mcpClientCommands(b, v));
    }
    if (b.lang === "yaml" && /^\s*command: agent\s*$/m.test(b.text)) {
      const args = /^\s*args: (\[.*\])\s*$/m.exec(b.text);
      expect(args, `${where(b)}: args as a one-line list`).not.toBeNull();
      lines.push({ at: where(b), argv: JSON.parse(args![1]!) as string[] });
    }
  }
  return lines;
}

// ---------------------------------------------------------------- config reference

interface Leaf {
  key: string;
  schema: z.ZodType;
}

function unwrap(s: unknown): { shape?: Record<string, z.ZodType>; def?: { innerType?: unknown } } {
  let cur = s as { shape?: Record<string, z.ZodType>; def?: { innerType?: unknown } };
  for (let i = 0; i < 10 && cur && !cur.shape && cur.def?.innerType; i++) cur = cur.def.innerType as typeof cur;
  return cur;
}

function leaves(schema: unknown, prefix: string): Leaf[] {
  const shape = unwrap(schema).shape;
  if (!shape) return [{ key: prefix, schema: schema as z.ZodType }];
  return Object.entries(shape).flatMap(([k, v]) => leaves(v, `${prefix}.${k}`));
}

function valueAt(obj: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((o, k) => (typeof o === "object" && o !== null ? (o as Record<string, unknown>)[k] : undefined), obj);
}

// ---------------------------------------------------------------- links

/** GitHub's anchor for a heading. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1]!)));
}

function runBash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-euo", "pipefail", "-c", script], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString("utf8")));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString("utf8")));
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
}

// ---------------------------------------------------------------- tests

describe("README and docs: every example runs and validates as written", () => {
  it("every JSON block parses, and every config-like one passes the engine's validator", () => {
    let configs = 0;
    for (const b of CHECKED.filter((x) => x.lang === "json" || x.lang === "jsonc" || x.lang === "jsonl")) {
      if (b.lang === "jsonl") {
        for (const l of b.text.split("\n").filter((x) => x.trim() !== "")) expect(() => JSON.parse(l), `${where(b)}: ${l}`).not.toThrow();
        continue;
      }
      let v: unknown;
      expect(() => (v = JSON.parse(b.lang === "jsonc" ? fromJsonc(b.text) : b.text)), `${where(b)} is not valid JSON`).not.toThrow();
      if (!isConfigLike(v)) continue;
      configs++;
      expect(() => validateAgentConfig(where(b), withoutNulls(v) as Record<string, unknown>), where(b)).not.toThrow();
    }
    // README, docs/configuration.md (two), search.md (two), assistants.md, evolution.md.
    expect(configs).toBeGreaterThanOrEqual(7);
  });

  it("every agent command line parses with the real CLI definitions (commands, options, values, arguments)", async () => {
    const lines = allAgentLines();
    expect(lines.length).toBeGreaterThanOrEqual(30);
    const program = await parsingProgram();
    const failures: string[] = [];
    for (const { at, argv } of lines) {
      if (PENDING_COMMANDS.has(argv[0]!)) {
        if (program.commands.some((c) => c.name() === argv[0])) failures.push(`${at}: \`agent ${argv[0]}\` exists now: remove it from PENDING_COMMANDS`);
        continue;
      }
      const why = await parseError(argv);
      if (why) failures.push(`${at}: agent ${argv.join(" ")}: ${why}`);
    }
    expect(failures).toEqual([]);
  });

  it("the line extraction finds agent behind redirections, env assignments, crontab schedules and claude mcp add", () => {
    expect(agentCommands('0 3 * * * AGENT_WORKSPACE="$HOME/a b" /usr/local/bin/agent reflect >> "$HOME/log" 2>&1')).toEqual([["reflect"]]);
    expect(agentCommands("agent export --workspace ~/w > state.json   # a comment")).toEqual([["export", "--workspace", "~/w"]]);
    expect(agentCommands("claude mcp add --scope user memory -- agent mcp --workspace /w")).toEqual([["mcp", "--workspace", "/w"]]);
    expect(agentCommands("cd ~/w && agent index && agent search 'a # b' | head -1")).toEqual([["index"], ["search", "a # b"]]);
    expect(agentCommands("printf '# x' >> memory/x.md")).toEqual([]);
  });

  it("a wrong command, option or value in a doc line would be caught", async () => {
    expect(await parseError(["search", "x", "--limt", "3"])).toMatch(/unknown option/);
    expect(await parseError(["serach", "x"])).not.toBeNull();
    expect(await parseError(["search", "x", "--mode", "fuzzy"])).toMatch(/fuzzy/);
    expect(await parseError(["search", "x", "--from", "2026-13-45"])).toMatch(/real date/);
    expect(await parseError(["soul", "rollback"])).toMatch(/missing required argument/);
    expect(await parseError(["search", "what did we decide", "--explain", "-n", "3"])).toBeNull();
  });

});

describe("docs/configuration.md and the links", () => {
  it("docs/configuration.md lists every key of the schema, with its real default", () => {
    const doc = readFileSync(path.join(REPO_ROOT, "docs/configuration.md"), "utf8");
    const rows = new Map([...doc.matchAll(/^\| `([a-zA-Z0-9.]+)` \| ([^|]*) \|/gm)].map((m) => [m[1]!, m[2]!.trim()]));
    const defaults = validateAgentConfig("defaults", {});
    const keys = SECTION_NAMES.flatMap((s) => leaves(CONFIG_SECTIONS[s], s));
    expect(keys.length).toBeGreaterThan(100);
    const problems: string[] = [];
    for (const { key } of keys) {
      const cell = rows.get(key);
      const value = valueAt(defaults, key);
      if (cell === undefined) problems.push(`${key}: not documented`);
      else if (value === undefined ? cell !== "unset" : cell !== "`" + JSON.stringify(value) + "`") problems.push(`${key}: documented default ${cell}, real ${JSON.stringify(value)}`);
    }
    for (const key of rows.keys()) if (!keys.some((k) => k.key === key)) problems.push(`${key}: documented but not in the schema`);
    expect(problems).toEqual([]);
  });

  it("every relative link points to a file that exists, and to a heading in it", () => {
    const broken: string[] = [];
    for (const file of [...DOC_FILES, "CHANGELOG.md"]) {
      const abs = path.join(REPO_ROOT, file);
      if (!existsSync(abs)) continue;
      const text = readFileSync(abs, "utf8").replace(/```[\s\S]*?```/g, "");
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1]!;
        if (/^[a-z]+:/.test(target)) continue;
        const [rel, anchor] = target.split("#") as [string, string | undefined];
        const dest = rel === "" ? abs : path.resolve(path.dirname(abs), rel);
        if (!existsSync(dest)) broken.push(`${file}: ${target} (no such file)`);
        else if (anchor && dest.endsWith(".md") && !anchorsOf(dest).has(anchor)) broken.push(`${file}: ${target} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("README and docs: the blocks marked to run, in a temp home", () => {
  let home = "";
  let ollama: FakeOllama;
  beforeAll(async () => {
    home = tempDir("agent-docs-");
    mkdirSync(path.join(home, "bin"));
    const shim = path.join(home, "bin", "agent");
    writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${CLI}" "$@"\n`);
    chmodSync(shim, 0o755);
    ollama = await startFakeOllama(() => "HEARTBEAT_OK", { models: ["llama3.2:3b"] });
  });
  afterAll(async () => {
    await ollama.close();
    cleanup(home);
  });

  it("run in document order, exit 0, and cover init, index, search, config and doctor", async () => {
    const runs = CHECKED.filter((b) => b.marker === "run");
    const covered = new Set(runs.flatMap((b) => agentCommands(b.text).map((a) => a[0])));
    for (const cmd of ["init", "index", "search", "config", "doctor"]) expect(covered, `a run block with agent ${cmd}`).toContain(cmd);
    const outputs: string[] = [];
    for (const b of runs) {
      const ws = path.join(home, "assistant");
      // Asynchronously: the stand-in Ollama answers from this process.
      const r = await runBash(b.text, existsSync(ws) ? ws : home, {
        ...process.env,
        HOME: home,
        PATH: `${path.join(home, "bin")}:${process.env.PATH}`,
        AGENT_WORKSPACE: "",
        AGENT_DAEMON: "off",
        OLLAMA_HOST: ollama.host,
      });
      expect(r.status, `${where(b)} exited ${r.status}:\n${r.stdout}\n${r.stderr}`).toBe(0);
      outputs.push(r.stdout);
    }
    // What the README's first five minutes says the reader will see.
    const all = outputs.join("\n");
    expect(all).toMatch(/^1\. memory\/\d{4}-\d{2}-\d{2}\.md:1-3 /m);
    expect(all).toMatch(/We decided to keep the VPS at Hetzner/);
    expect(all).toMatch(/explain: keyword/);
    expect(all).toMatch(/no results for "when does my mother come": nothing relevant/);
    // The README's sample outputs are what these runs printed, word for word (the day aside).
    const samples = ALL_BLOCKS.filter((b) => b.file === "README.md" && b.lang === "text");
    expect(samples.length).toBeGreaterThanOrEqual(2);
    for (const b of samples) {
      const pattern = b.text.trim().replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\d{4}-\d{2}-\d{2}/g, "\\d{4}-\\d{2}-\\d{2}");
      expect(all, `${where(b)}: the README shows output the run did not print`).toMatch(new RegExp(pattern));
    }
  });
});

describe("README and docs: exceptions", () => {
  it("stay rare", () => {
    expect(ALL_BLOCKS.filter((b) => b.marker === "skip").map(where).length).toBeLessThanOrEqual(3);
  });
});

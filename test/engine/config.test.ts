import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { configEntries, loadAgentConfig, SECTION_NAMES, validateAgentConfig, withoutNulls } from "../../src/engine/config.js";
import { Engine } from "../../src/index.js";
import { ConfigError } from "../../src/workspace/config.js";
import { initWorkspace } from "../../src/workspace/init.js";
import { cleanup, REPO_ROOT, tempDir, write } from "../helpers/workspace.js";

/** Strips // and /* *\/ comments outside strings (README's blocks are JSONC). */
function stripJsonComments(text: string): string {
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
    } else if (c === "/" && text[i + 1] === "*") {
      i = text.indexOf("*/", i + 2) + 1;
    } else out += c;
  }
  return out;
}

/** The value as JSON keeps it: keys whose value is undefined left out, at every level. */
function stripUndefined(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripUndefined);
  if (typeof v !== "object" || v === null) return v;
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined).map(([k, x]) => [k, stripUndefined(x)]));
}

/** Every ```json / ```jsonc block of README.md and docs/configuration.md that holds a config object. */
function readmeConfigBlocks(): { at: string; text: string }[] {
  const out: { at: string; text: string }[] = [];
  for (const file of ["README.md", "docs/configuration.md"]) out.push(...configBlocksOf(file));
  return out;
}

function configBlocksOf(file: string): { at: string; text: string }[] {
  const readme = readFileSync(path.join(REPO_ROOT, file), "utf8");
  const out: { at: string; text: string }[] = [];
  const re = /```jsonc?\n([\s\S]*?)```/g;
  for (let m = re.exec(readme); m; m = re.exec(readme)) {
    const text = stripJsonComments(m[1]!).trim();
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      continue; // not a whole JSON document (an MCP client snippet with "..." and the like)
    }
    const keys = typeof v === "object" && v !== null ? Object.keys(v) : [];
    const sections = keys.filter((k) => k !== "$comment");
    if (sections.length > 0 && sections.every((k) => (SECTION_NAMES as string[]).includes(k))) out.push({ at: `${file}:${readme.slice(0, m.index).split("\n").length}`, text });
  }
  return out;
}

describe("agent.config.json, validated whole", () => {
  let dir = "";
  afterEach(() => cleanup(dir));

  it("the documented defaults block (nulls included) validates, and so does every other config example", () => {
    const blocks = readmeConfigBlocks();
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    // The big defaults block lists every section.
    const defaults = blocks.find((b) => SECTION_NAMES.every((s) => b.text.includes(`"${s}"`)));
    expect(defaults, "docs/configuration.md's defaults block names every section").toBeDefined();
    for (const b of blocks) {
      const raw = withoutNulls(JSON.parse(b.text)) as Record<string, unknown>;
      expect(() => validateAgentConfig(b.at, raw), b.at).not.toThrow();
    }
  });

  it("a validated config survives a JSON round trip unchanged (what the validated-config cache stores)", () => {
    for (const b of [...readmeConfigBlocks(), { at: "empty", text: "{}" }]) {
      const cfg = validateAgentConfig(b.at, withoutNulls(JSON.parse(b.text)) as Record<string, unknown>);
      expect(JSON.parse(JSON.stringify(cfg)), b.at).toStrictEqual(stripUndefined(cfg));
    }
  });

  it("refuses unknown keys at any level, naming the key and the file, with a suggestion", () => {
    dir = tempDir();
    write(dir, "agent.config.json", JSON.stringify({ serach: { limit: 3 } }));
    expect(() => loadAgentConfig(dir)).toThrow(ConfigError);
    expect(() => loadAgentConfig(dir)).toThrow(/agent\.config\.json: unknown key "serach" \(did you mean "search"\?\)/);
    write(dir, "agent.config.json", JSON.stringify({ search: { limt: 3 } }));
    expect(() => loadAgentConfig(dir)).toThrow(/unknown key "search\.limt" \(did you mean "limit"\?\)/);
    write(dir, "agent.config.json", JSON.stringify({ search: { fusion: { vectorWieght: 0.2 } } }));
    expect(() => loadAgentConfig(dir)).toThrow(/unknown key "search\.fusion\.vectorWieght"/);
  });

  it("accepts null wherever a key may be left unset, and a UTF-8 byte-order mark", () => {
    dir = tempDir();
    const cfg = { search: { fusion: { vectorWeight: null }, dates: { timeZone: null } }, embed: { modelPath: null, host: null }, llm: { host: null, threads: null }, context: { timeZone: null } };
    writeFileSync(path.join(dir, "agent.config.json"), "\uFEFF" + JSON.stringify(cfg));
    const c = loadAgentConfig(dir);
    expect(c.search.fusion.vectorWeight).toBeUndefined();
    expect(c.search.limit).toBe(10);
  });

  it("validates every section when the engine opens: a bad reflection section fails at once, not at 03:00", () => {
    dir = tempDir();
    initWorkspace(dir);
    write(dir, "agent.config.json", JSON.stringify({ reflection: { changeBudget: 7 } }));
    expect(() => Engine.open({ workspace: dir })).toThrow(/reflection\.changeBudget/);
    write(dir, "agent.config.json", JSON.stringify({ heartbeat: { timeZone: "Mars/Olympus" } }));
    expect(() => Engine.open({ workspace: dir })).toThrow(/agent\.config\.json: heartbeat\.timeZone/);
  });

  it("llm.host and embed.host take only an http or https address (a scheme-less host:port is read as http)", () => {
    dir = tempDir();
    for (const bad of ["file:///etc/passwd", "ftp://127.0.0.1/", "javascript:alert(1)//x", "http://"]) {
      write(dir, "agent.config.json", JSON.stringify({ llm: { host: bad } }));
      expect(() => loadAgentConfig(dir), bad).toThrow(/agent\.config\.json: llm\.host.*http:\/\/ or https:\/\/ address/);
    }
    write(dir, "agent.config.json", JSON.stringify({ embed: { host: "file:///etc/passwd" } }));
    expect(() => loadAgentConfig(dir)).toThrow(/embed\.host/);
    for (const good of ["http://127.0.0.1:11434", "https://ollama.local:443/", "127.0.0.1:11434", "localhost:11434"]) {
      write(dir, "agent.config.json", JSON.stringify({ llm: { host: good }, embed: { host: good } }));
      expect(loadAgentConfig(dir).llm.host, good).toBe(good);
    }
  });

  it("agent init writes a config that validates, and never overwrites one", () => {
    dir = tempDir();
    const r = initWorkspace(dir);
    expect(r.created).toContain("agent.config.json");
    expect(() => loadAgentConfig(dir)).not.toThrow();
    write(dir, "agent.config.json", JSON.stringify({ search: { limit: 3 } }));
    expect(initWorkspace(dir).kept).toContain("agent.config.json");
    expect(loadAgentConfig(dir).search.limit).toBe(3);
  });

  it("configEntries says where each value came from", () => {
    dir = tempDir();
    write(dir, "agent.config.json", JSON.stringify({ search: { limit: 3 } }));
    const entries = configEntries(loadAgentConfig(dir));
    expect(entries.find((e) => e.key === "search.limit")).toEqual({ key: "search.limit", value: 3, source: "file" });
    expect(entries.find((e) => e.key === "search.mode")).toEqual({ key: "search.mode", value: "hybrid", source: "default" });
  });

  it("reads JSONC: comments and trailing commas, as the README shows the config", () => {
    dir = tempDir();
    write(dir, "agent.config.json", '{\n  // how many results\n  "search": { "limit": 4, /* fewer */ },\n  "embed": { "provider": "none", },\n}\n');
    const c = loadAgentConfig(dir);
    expect(c.search.limit).toBe(4);
    expect(c.embed.provider).toBe("none");
  });

  it("a syntax error names its line and column", () => {
    dir = tempDir();
    write(dir, "agent.config.json", '{\n  "search": { "limit": 4 }\n  "embed": {}\n}\n');
    expect(() => loadAgentConfig(dir)).toThrow(/agent\.config\.json: not valid JSON at line 3, column 3: expected , or } after the value of "search"/);
    write(dir, "agent.config.json", '{\n  "search": { "limit": tru }\n}\n');
    expect(() => loadAgentConfig(dir)).toThrow(/line 2, column 24/);
    write(dir, "agent.config.json", '{ "search": { "mode": \'keyword\' } }');
    expect(() => loadAgentConfig(dir)).toThrow(/line 1, column 23: strings take double quotes/);
  });

  it("search.autoEmbedLimit still loads, with a warning that it has no effect, and `agent config` leaves it out", () => {
    dir = tempDir();
    write(dir, "agent.config.json", JSON.stringify({ search: { autoEmbedLimit: 0 } }));
    const c = loadAgentConfig(dir);
    expect(c.warnings).toEqual([expect.stringMatching(/agent\.config\.json: search\.autoEmbedLimit no longer has any effect .*; remove it$/)]);
    expect(configEntries(c).map((e) => e.key)).not.toContain("search.autoEmbedLimit");
    write(dir, "agent.config.json", "{}");
    expect(loadAgentConfig(dir).warnings).toBeUndefined();
  });

  it("configEntries lists every key the schema knows, set or not (embed.model included)", () => {
    dir = tempDir();
    write(dir, "agent.config.json", "{}");
    const keys = configEntries(loadAgentConfig(dir)).map((e) => e.key);
    expect(keys).toEqual(expect.arrayContaining(["embed.model", "embed.modelPath", "embed.host", "llm.model", "search.limit"]));
    expect(configEntries(loadAgentConfig(dir)).find((e) => e.key === "embed.model")).toEqual({ key: "embed.model", value: null, source: "default" });
  });
});

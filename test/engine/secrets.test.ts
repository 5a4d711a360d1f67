/** Every engine path that writes captured or appended text redacts it first (the OpenClaw plugin and import capture through the same service). */
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { Engine } from "../../src/index.js";
import { parseSessionText } from "../../src/workspace/sessions.js";
import { allBytes, cleanup, tempDir, write } from "../helpers/workspace.js";

const KEY = "sk-ant-" + "api03-" + "Zq8Lm2Vb7Ty4Np0Rz8Kd3Wf6Hj1Sa5Ue".repeat(2) + "AA";
const AWS = "AKIA" + "Z7Q2W3E4R5T6Y7U8";
let dir = "";
let engine: Engine | undefined;
afterEach(async () => {
  await engine?.close();
  engine = undefined;
  cleanup(dir);
});

function open(): Engine {
  dir = tempDir("agent-secrets-");
  write(dir, "agent.config.json", JSON.stringify({ embed: { provider: "none" } }));
  engine = Engine.open({ workspace: dir, now: () => Date.parse("2026-11-28T10:00:00Z") });
  return engine;
}

describe("redaction before anything is written", () => {
  it("capture (hooks, OpenClaw) and import: the turn's text and tool lines, files 0600", async () => {
    const e = open();
    const svc = await e.assistants();
    svc.capture({ harness: "openclaw", session: "s1", turns: [{ id: "m1", role: "user", text: `use ${KEY} <private>my PIN is 4321</private> ok`, time: "" }] });
    svc.capture({ harness: "codex", session: "s2", turns: [{ id: "m2", role: "tool", text: `Bash: export AWS_ACCESS_KEY_ID=${AWS}`, time: "" }] });
    const a = readFileSync(path.join(dir, "sessions/openclaw-s1.jsonl"), "utf8");
    expect(JSON.parse(a)).toMatchObject({ content: "use [redacted: anthropic key] [redacted: private] ok" });
    const b = readFileSync(path.join(dir, "sessions/codex-s2.jsonl"), "utf8");
    expect(JSON.parse(b)).toMatchObject({ content: "Bash: export AWS_ACCESS_KEY_ID=[redacted: aws access key]" });
    for (const f of ["sessions/openclaw-s1.jsonl", "sessions/codex-s2.jsonl"]) expect(statSync(path.join(dir, f)).mode & 0o777).toBe(0o600);
    e.indexing.index();
    const text = allBytes(dir);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain("4321");
    expect(text).not.toContain(AWS);
  });

  it("memory_append (MCP, socket): the daily note gets the placeholder", async () => {
    const e = open();
    const r = await (await e.assist()).appendNote(`deploy key ${KEY}; db at postgres://app:hunter22@db.local/app`, `token ${AWS}`);
    const note = readFileSync(path.join(dir, r.path), "utf8");
    expect(note).toContain("deploy key [redacted: anthropic key]; db at postgres://app:[redacted: password]@db.local/app");
    expect(note).toContain("token [redacted: aws access key]");
    expect(note).not.toContain(KEY);
    expect(note).not.toContain("hunter22");
  });

  it("every reader of a transcript (index, reflection, flush, boot) gets it redacted, even one written before", () => {
    const t = parseSessionText("old", JSON.stringify({ role: "user", content: `key ${KEY}`, ts: "2026-11-01T00:00:00Z" }) + "\n");
    expect(t.turns[0]!.content).toBe("key [redacted: anthropic key]");
  });
});

/**
 * A key kept in SOUL.md reaches the model as its placeholder; the SOUL the model writes back
 * must never put that placeholder in the person's file in place of what they wrote. Real
 * workspace, real state.db, a scripted model that echoes (or rewrites, or drops) the line.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ScriptedProvider } from "../../../src/llm/index.js";
import { redactNote } from "../../../src/shared/redact.js";
import { cleanup, tempDir, write } from "../../helpers/workspace.js";
import { CUSTOM_SOUL, HOUR, reflectionJson, reflectIn, soulJson, T0, templateWorkspace, writeSession } from "./helpers.js";

// Built in pieces so no scanner flags the test itself.
const KEY = "ghp_" + "R8kTz2Lq9Wm4Xv7Bn3Yc6Pd1Hs5Gf0Ja2Ke8";
const LINE = `- The deploy bot signs in with ${KEY} (rotate yearly).`;
const SOUL = CUSTOM_SOUL.replace("- Check memory before asking.\n", `- Check memory before asking.\n${LINE}\n`);
const SHOWN = redactNote(SOUL);
const GROWN = (soul: string) => soul.replace("- Learned to confirm time zones.\n", "- Learned to confirm time zones.\n- Learned to keep summaries short.\n");

let ws = "";
beforeEach(() => {
  ws = templateWorkspace(tempDir("agent-soul-secrets-"));
  write(ws, "SOUL.md", SOUL);
  writeSession(ws, "s1", 4, T0 - HOUR);
});
afterEach(() => cleanup(ws));

const soul = () => readFileSync(path.join(ws, "SOUL.md"), "utf8");

async function reflectWith(reply: string) {
  return reflectIn({ workspace: ws, provider: new ScriptedProvider([reflectionJson(), soulJson(reply)]), now: () => T0 });
}

describe("a secret in SOUL.md through a reflection", () => {
  it("the model echoes the placeholder: the person's line is written back as they wrote it", async () => {
    expect(SHOWN).toContain("signs in with [redacted: github token]");
    const r = await reflectWith(GROWN(SHOWN));
    expect(r.status, r.reason ?? "").toBe("updated");
    expect(soul()).toBe(GROWN(SOUL));
    expect(soul()).not.toContain("[redacted:");
  });

  it("the model rewrites the line around the placeholder: refused, SOUL.md kept", async () => {
    const r = await reflectWith(GROWN(SHOWN).replace("The deploy bot signs in with", "The deploy bot uses"));
    expect(r.status).toBe("kept");
    expect(r.reason).toMatch(/rewrote a line of SOUL.md that holds a secret .*kept the existing SOUL.md/);
    expect(soul()).toBe(SOUL);
  });

  it("the model drops the line it only saw redacted: refused, the key is not lost", async () => {
    const r = await reflectWith(GROWN(SHOWN).replace(`${redactNote(LINE)}\n`, ""));
    expect(r.status).toBe("kept");
    expect(r.reason).toMatch(/drops line 16 of SOUL.md, which holds a secret the model never saw/);
    expect(soul()).toBe(SOUL);
  });
});

describe("a key block in SOUL.md", () => {
  const BLOCK = ["-----BEGIN OPENSSH PRIVATE KEY-----", "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW", "QyNTUxOQAAACBx7fK2mPqR9sT4vW8yZ1aB3cD5eF7gH9iJ0kL2mN4oPwAAAJgAAAAAAAAA", "-----END OPENSSH PRIVATE KEY-----"].join("\n");
  const BLOCKED = CUSTOM_SOUL.replace("- Check memory before asking.\n", `- Check memory before asking.\n${BLOCK}\n`);

  it("is shown as its placeholder and blank lines; a SOUL that keeps only the placeholder is refused, no blank line becomes a key line", async () => {
    write(ws, "SOUL.md", BLOCKED);
    const shown = redactNote(BLOCKED);
    expect(shown).toContain("[redacted: private key]");
    const r = await reflectWith(GROWN(shown).replace(/\n\n\n+/g, "\n\n"));
    expect(r.status).toBe("kept");
    expect(r.reason).toMatch(/drops lines .* which hold a secret the model never saw/);
    expect(soul()).toBe(BLOCKED);
  });
});

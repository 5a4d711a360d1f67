/**
 * Keys as people paste them into an assistant while setting one up: a provider's config
 * (OpenCode's `opencode.json`, OpenClaw's `openclaw.json`, an SDK's options) holds the key
 * under `apiKey`, and the hosted routers local-model users point their assistants at have keys
 * of their own shapes (OpenRouter's `sk-or-v1-…`, Groq's `gsk_…`). And a long tool call whose
 * key sits across the 160th character of its one-line summary.
 */
import { describe, expect, it } from "vitest";
import { redact } from "../../src/shared/redact.js";
import { summariseTool, TOOL_LINE_CHARS } from "../../src/workspace/harness-turns.js";

// Fakes built from parts: no string here is a live credential or a scanner's match.
const BARE = "9f3kQ2mZ7vX1" + "pL8rT4wY6uB0nC5d";
const OPENROUTER = "sk-or-v1-" + "0123456789abcdef".repeat(4);
const GROQ = "gsk_" + "a1B2c3D4e5F6g7H8" + "i9J0k1L2m3N4o5P6q7R8s9T0";
const XAI = "xai-" + "A1b2C3d4E5f6G7h8I9j0" + "K1l2M3n4O5p6Q7r8S9t0";
const GITHUB = "ghp_" + "1a2B3c4D5e6F7g8H9i0JkLmNoPqRsTuVwXyZ";
const TELEGRAM = "7123456789:" + "AAH" + "x4Yk2Lq9Zr7Tm3Wn8Pb5Vc1Jd6Fs0Gh-";
const DISCORD = "MTA4NzY1NDMyMTA5ODc2NTQz" + "." + "GaBcDe" + "." + "x1Y2z3A4b5C6d7E8f9G0h1I2j3K4l5M6";

describe("keys in a pasted config", () => {
  const cases: [string, string][] = [
    ["opencode.json's apiKey", `{"provider": {"mistral": {"options": {"apiKey": "${BARE}"}}}}`],
    ["an unquoted apiKey", `apiKey: ${BARE}`],
    ["a prefixed camelCase name", `const openaiApiKey = "${BARE}";`],
    ["accessToken", `"accessToken": "${BARE}"`],
    ["clientSecret", `clientSecret: '${BARE}'`],
    ["an x-api-key header in a curl line", `Bash: curl -H "x-api-key: ${BARE}" https://api.example.com/v1/models`],
    ["an OpenRouter key in prose", `my openrouter key is ${OPENROUTER}, use it`],
    ["an OpenRouter key in a config", `"apiKey": "${OPENROUTER}"`],
    ["a Groq key", `groq ${GROQ}`],
    ["an xAI key", `grok key ${XAI}`],
    ["a Telegram bot token for an OpenClaw channel", `set channels.telegram.botToken to ${TELEGRAM} please`],
    ["a Discord bot token", `discord bot: ${DISCORD}`],
  ];
  for (const [name, text] of cases) {
    it(name, () => {
      const out = redact(text);
      for (const secret of [BARE, OPENROUTER, GROQ, XAI, TELEGRAM, DISCORD]) expect(out).not.toContain(secret);
      // Not even a telling part of it.
      expect(out).not.toContain(BARE.slice(0, 8));
      expect(out).not.toContain(OPENROUTER.slice(9, 25));
      expect(out).not.toContain(TELEGRAM.slice(11, 25));
      expect(out).not.toContain(DISCORD.slice(30));
      expect(out).toContain("[redacted:");
    });
  }

  it("keeps the name and the sentence", () => {
    expect(redact(`"apiKey": "${BARE}"`)).toBe('"apiKey": "[redacted: secret]"');
    expect(redact(`my openrouter key is ${OPENROUTER}, use it`)).toBe("my openrouter key is [redacted: api key], use it");
  });

  it("leaves code and prose that only name a key alone", () => {
    for (const text of ["const apiKey = process.env.OPENAI_API_KEY;", "pass the apiKey option", 'apiKey: "$OPENROUTER_API_KEY"', "the monkey: 12 bananas", "a keyboard: 3 keys", "xai-grok is a model family"]) {
      expect(redact(text)).toBe(text);
    }
  });
});

describe("a tool call's one-line summary", () => {
  it("holds no part of a key the 160-character cut would halve", () => {
    // "Bash: curl -s x… -H "X-Token " is 149 characters: the cut alone would keep "ghp_1a2B3c", too short to be a token's shape.
    const command = `curl -s ${"x".repeat(TOOL_LINE_CHARS - 6 - 8 - 13 - 11)} -H "X-Token ${GITHUB}" https://api.github.com/user`;
    const line = redact(summariseTool("Bash", { command }));
    expect(line.length).toBeLessThanOrEqual(TOOL_LINE_CHARS);
    expect(line).not.toContain(GITHUB.slice(0, 8));
  });
});

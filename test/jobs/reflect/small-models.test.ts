/**
 * Replies shaped the way small local models (1-3 B parameters) really answer, through the
 * parsers and the whole pipeline: parsed when that is safe, refused with a reason otherwise.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ScriptedProvider } from "../../../src/llm/index.js";
import { parseReflection, parseSoul, REFLECTION_SCHEMA, SOUL_SCHEMA } from "../../../src/jobs/reflect/prompts.js";
import { canonicalLayers } from "../../../src/jobs/reflect/layers.js";
import { cleanup, read, tempDir, write } from "../../helpers/workspace.js";
import { CUSTOM_SOUL, HOUR, reflectIn, T0, templateWorkspace, writeSession } from "./helpers.js";

const LOCKED = '<!-- locked -->\n- I tell the truth, including "I don\'t know".\n<!-- /locked -->';

describe("call 1 replies from small models", () => {
  it("JSON in a fenced block between chatty prose", () => {
    const r = parseReflection(
      "Sure! Here is my reflection:\n\n```json\n{\"insights\":[{\"content\":\"Sam liked the summary.\",\"topics\":[\"went-well\"]}],\"principles\":[\"Do: keep it short.\"]}\n```\n\nLet me know if you need anything else!",
    );
    expect(r).toEqual({ kind: "ok", insights: [{ content: "Sam liked the summary.", topics: ["went-well"] }], principles: ["Do: keep it short."] });
  });

  it("single quotes, Python literals and a trailing comma", () => {
    const r = parseReflection("{'insights': [{'content': 'I didn't check my notes', 'topics': ['went-badly']}], 'principles': ['Don't guess'], 'skip': False,}");
    expect(r).toEqual({ kind: "ok", insights: [{ content: "I didn't check my notes", topics: ["went-badly"] }], principles: ["Don't guess"] });
  });

  it("a missing closing brace", () => {
    const r = parseReflection('{"insights": [{"content": "Mornings work best.", "topics": ["pattern"]}], "principles": []');
    expect(r).toMatchObject({ kind: "ok", insights: [{ content: "Mornings work best." }] });
  });

  it("the skip token inside a sentence skips; inside real JSON content it does not", () => {
    expect(parseReflection("After reading the conversations, nothing important happened, so: REFLECTION_SKIP.")).toMatchObject({ kind: "skip" });
    expect(parseReflection('{"insights":[{"content":"I almost answered REFLECTION_SKIP but Sam asked for help.","topics":[]}],"principles":[]}')).toMatchObject({
      kind: "ok",
    });
    // A word that merely contains it is not the token.
    expect(parseReflection("NO_REFLECTION_SKIPPING here").kind).toBe("fallback");
  });

  it("prose with no JSON and no skip token is kept as one insight, with the reason", () => {
    expect(parseReflection("The user was happy today.")).toMatchObject({ kind: "fallback", reason: "the reflection was not valid JSON (no JSON object in the reply)" });
  });
});

describe("call 2 replies from small models", () => {
  const soul = (core: string, values: string, growth: string) => `# SOUL\n\n${core}\n\n${LOCKED}\n- I work for Sam.\n\n${values}\n\n- Brief.\n\n${growth}\n\n- Mornings.\n`;
  const canonical = soul("## Core Identity", "## Active Values", "## Recent Growth");

  it("headings with other case or numbering are read as the layers", () => {
    for (const [c, v, g] of [
      ["## 1. CORE IDENTITY", "## 2. active values", "## 3. Recent growth:"],
      ["### Core identity", "### **Active Values**", "# Recent Growth"],
      ["## I. Core Identity", "## II. Active Values", "## III. Recent Growth"],
    ] as const) {
      const r = parseSoul(JSON.stringify({ soul: soul(c, v, g), report: "r", summary: "s" }));
      expect(r).toEqual({ kind: "ok", soul: canonical, report: "r", summary: "s" });
    }
  });

  it("sections in another order are put in order, each with everything under it", () => {
    const shuffled = `# SOUL\n\n## Recent Growth\n\n- Mornings.\n\n## Core Identity\n\n${LOCKED}\n- I work for Sam.\n\n## Active Values\n\n- Brief.\n`;
    expect(parseSoul(JSON.stringify({ soul: shuffled, report: "", summary: "x" }))).toMatchObject({ kind: "ok", soul: canonical });
    expect(canonicalLayers(canonical)).toEqual({ text: canonical, mapped: false, renamed: false });
  });

  it("JSON with a missing closing brace, wrapped in a fence", () => {
    const text = "```json\n" + JSON.stringify({ soul: canonical, report: "r", summary: "s" }).slice(0, -1) + "\n```";
    expect(parseSoul(text)).toMatchObject({ kind: "ok", soul: canonical });
  });

  it("a SOUL escaped twice arrives as one line with literal \\n: read as lines", () => {
    const text = JSON.stringify({ soul: canonical.replace(/\n/g, "\\n"), report: "r", summary: "s" });
    expect(parseSoul(text)).toMatchObject({ kind: "ok", soul: canonical });
  });

  it("refused with a reason: cut off inside the SOUL, no layers at all, a story", () => {
    expect(parseSoul('{"soul": "# SOUL\\n\\n## Core Identity\\n\\n- I am')).toEqual({
      kind: "malformed",
      reason: "the reply looked like JSON but could not be read: the reply was cut off inside a JSON string",
    });
    expect(parseSoul(JSON.stringify({ soul: "# Me\n\n## Tone\n\n- Calm.\n" }))).toMatchObject({ kind: "malformed", reason: expect.stringMatching(/lacks the section/) });
    expect(parseSoul("Once upon a time there was a cat.")).toMatchObject({ kind: "malformed" });
  });
});

describe("the pipeline with small-model replies", () => {
  let ws = "";
  beforeEach(() => {
    ws = templateWorkspace(tempDir("agent-small-"));
  });
  afterEach(() => cleanup(ws));

  it("chatty fenced call 1, shuffled numbered unclosed call 2: SOUL.md updated in canonical shape; both calls carry the JSON schema", async () => {
    write(ws, "SOUL.md", CUSTOM_SOUL);
    writeSession(ws, "s1", 4, T0 - HOUR);
    const next = CUSTOM_SOUL.replace("- Learned to confirm time zones.", "- Learned to confirm dates.");
    const shuffled = next
      .replace("## Core Identity", "## 1. core identity")
      .replace("## Active Values", "## 2) ACTIVE VALUES")
      .replace("## Recent Growth", "## 3. Recent Growth:");
    const provider = new ScriptedProvider([
      "Here's what I noticed:\n```json\n{'insights': [{'content': 'Sam asked twice.', 'topics': ['went-badly']}], 'principles': ['Do: save summaries.'],}\n```\nHope that helps.",
      "Sure, here is the new SOUL:\n" + JSON.stringify({ soul: shuffled, report: "Confirm dates.", summary: "dates" }).slice(0, -1),
    ]);
    const r = await reflectIn({ workspace: ws, provider, now: () => T0 });
    expect(r.status).toBe("updated");
    expect(r.insights).toEqual([{ content: "Sam asked twice.", topics: ["went-badly"] }]);
    expect(read(ws, "SOUL.md")).toBe(next);
    expect(provider.calls[0]!.jsonSchema).toBe(REFLECTION_SCHEMA);
    expect(provider.calls[1]!.jsonSchema).toBe(SOUL_SCHEMA);
  });

  it("the skip token in a sentence ends the run after one call", async () => {
    writeSession(ws, "s1", 4, T0 - HOUR);
    const provider = new ScriptedProvider(["Nothing new today. REFLECTION_SKIP"]);
    const r = await reflectIn({ workspace: ws, provider, now: () => T0 });
    expect(r).toMatchObject({ status: "skipped", reason: expect.stringMatching(/REFLECTION_SKIP \(in a sentence\)/) });
    expect(provider.calls).toHaveLength(1);
  });
});

import { describe, expect, it } from "vitest";
import {
  buildReflectionPrompt,
  buildSoulPrompt,
  parseReflection,
  parseSoul,
  REFLECTION_SCHEMA,
  REFLECTION_SKIP,
  SOUL_SCHEMA,
} from "../../../src/jobs/reflect/prompts.js";

const GOOD_SOUL = "# SOUL\n\n## Core Identity\n\n- I help.\n\n## Active Values\n\n- Brief.\n\n## Recent Growth\n\n- Learned.\n";

describe("buildReflectionPrompt", () => {
  it("puts the transcript, the date, the JSON shape and the skip word in one user message with a schema", () => {
    const req = buildReflectionPrompt({
      transcript: "## Session s1 (3 messages)\n[2026-11-21 09:00] user: hello",
      sessionCount: 1,
      since: "2026-11-20 09:00",
      today: "2026-11-21",
      soul: "# SOUL\nme",
    });
    expect(req.system).toMatch(/reflective/);
    expect(req.messages).toHaveLength(1);
    const text = req.messages[0]!.content;
    expect(text).toContain("user: hello");
    expect(text).toContain("Today is 2026-11-21");
    expect(text).toContain(REFLECTION_SKIP);
    expect(text).toContain('"insights"');
    expect(text).toContain("<soul>");
    expect(req.jsonSchema).toBe(REFLECTION_SCHEMA);
  });
});

describe("parseReflection", () => {
  it("reads the documented JSON shape", () => {
    const r = parseReflection(
      JSON.stringify({
        insights: [{ content: "The user prefers short replies.", topics: ["style", "went-well"] }],
        principles: ["Do: answer first.", "Don't: pad."],
      }),
    );
    expect(r).toEqual({
      kind: "ok",
      insights: [{ content: "The user prefers short replies.", topics: ["style", "went-well"] }],
      principles: ["Do: answer first.", "Don't: pad."],
    });
  });

  it("accepts JSON inside a code fence or prose, and lenient item shapes", () => {
    const r = parseReflection('Here you go:\n```json\n{"insights":["plain string"],"principles":[{"do":"check the calendar"}]}\n```');
    expect(r).toEqual({ kind: "ok", insights: [{ content: "plain string", topics: [] }], principles: ["check the calendar"] });
  });

  it("treats REFLECTION_SKIP and empty lists as a skip", () => {
    expect(parseReflection("REFLECTION_SKIP").kind).toBe("skip");
    expect(parseReflection("  `REFLECTION_SKIP`. ").kind).toBe("skip");
    expect(parseReflection('{"insights":[],"principles":[]}').kind).toBe("skip");
    expect(parseReflection("").kind).toBe("skip");
  });

  it("turns malformed JSON into one fallback insight holding the raw text", () => {
    const raw = '{"insights": [ {"content": "cut off';
    const r = parseReflection(raw);
    expect(r.kind).toBe("fallback");
    if (r.kind !== "fallback") return;
    expect(r.insights).toEqual([{ content: raw, topics: [] }]);
    expect(r.principles).toEqual([]);
    expect(r.reason).toMatch(/not valid JSON/);
    expect(parseReflection('{"foo": 1}').kind).toBe("fallback");
    expect(parseReflection("The day went fine, the user was happy.").kind).toBe("fallback");
  });
});

describe("buildSoulPrompt", () => {
  const reflection = { insights: [{ content: "Prefers mornings.", topics: ["pattern"] }], principles: ["Do: be brief."] };

  it("asks for a first SOUL when there is none", () => {
    const req = buildSoulPrompt({ fromTemplate: false, recent: [], reflection, today: "2026-11-21", minWords: 400, maxWords: 600, lockCoreIdentity: false });
    const text = req.messages[0]!.content;
    expect(text).toContain("There is no SOUL.md yet");
    expect(text).toContain("Prefers mornings. [pattern]");
    expect(text).toContain("Do: be brief.");
    expect(text).toContain("400 to 600 words");
    for (const h of ["## Core Identity", "## Active Values", "## Recent Growth"]) expect(text).toContain(h);
    expect(req.jsonSchema).toBe(SOUL_SCHEMA);
  });

  it("includes the current SOUL, the template hint, recent versions' growth and the lock rules", () => {
    const req = buildSoulPrompt({
      current: "# SOUL\ncurrent text",
      fromTemplate: true,
      recent: [{ number: 2, date: "2026-11-20", summary: "learned about mornings", content: GOOD_SOUL }],
      reflection,
      today: "2026-11-21",
      minWords: 400,
      maxWords: 600,
      lockCoreIdentity: true,
    });
    const text = req.messages[0]!.content;
    expect(text).toContain("current text");
    expect(text).toContain("starter template");
    expect(text).toContain("version 2 (2026-11-20): learned about mornings");
    expect(text).toContain("- Learned.");
    expect(text).toContain("<!-- locked -->");
    expect(text).toContain("Core Identity section exactly as it is");
  });
});

describe("parseSoul", () => {
  it("reads {soul, report, summary} and normalises the SOUL", () => {
    const r = parseSoul(JSON.stringify({ soul: GOOD_SOUL + "\n\n", report: "I grew. A lot.", summary: "grew" }));
    expect(r).toEqual({ kind: "ok", soul: GOOD_SOUL, report: "I grew. A lot.", summary: "grew" });
  });

  it("derives a summary from the report, and accepts plain markdown or a fenced SOUL", () => {
    const r = parseSoul(JSON.stringify({ soul: "```markdown\n" + GOOD_SOUL + "```", report: "Added mornings. Then more." }));
    expect(r).toMatchObject({ kind: "ok", soul: GOOD_SOUL, summary: "Added mornings." });
    expect(parseSoul(GOOD_SOUL)).toMatchObject({ kind: "ok", soul: GOOD_SOUL, report: "" });
  });

  it("calls empty, shapeless or layer-less output malformed, with the reason", () => {
    expect(parseSoul("")).toEqual({ kind: "malformed", reason: "the model returned an empty SOUL" });
    expect(parseSoul('{"soul":"   ","report":"x"}')).toMatchObject({ kind: "malformed", reason: expect.stringMatching(/empty/) });
    expect(parseSoul('{"report":"x"}')).toMatchObject({ kind: "malformed", reason: expect.stringMatching(/no "soul"/) });
    expect(parseSoul("Once upon a time there was a dog.")).toMatchObject({ kind: "malformed" });
    const r = parseSoul(JSON.stringify({ soul: "# SOUL\n\n## Core Identity\n\n- me\n", report: "", summary: "" }));
    expect(r).toMatchObject({ kind: "malformed", reason: expect.stringMatching(/"Active Values", "Recent Growth"/) });
  });
});

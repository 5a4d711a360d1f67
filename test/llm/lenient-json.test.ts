import { describe, expect, it } from "vitest";
import { parseLenientJson } from "../../src/llm/lenient-json.js";

const ok = (text: string) => {
  const r = parseLenientJson(text);
  if (!r.ok) throw new Error(`expected a parse, got: ${r.reason}`);
  return r;
};

describe("parseLenientJson: JSON as small local models write it", () => {
  it("plain JSON needs no repair", () => {
    expect(ok('{"a":1}')).toEqual({ ok: true, value: { a: 1 }, repairs: [] });
  });

  it("JSON in a fenced block between prose", () => {
    const r = ok('Sure! Here is the JSON:\n```json\n{"principles":["p"]}\n```\nHope this helps!');
    expect(r.value).toEqual({ principles: ["p"] });
    expect(r.repairs).toContain("took the JSON out of a code fence");
  });

  it("trailing prose and a trailing comma", () => {
    const r = ok('Here you go: {"a": [1, 2,]} and that is all.');
    expect(r.value).toEqual({ a: [1, 2] });
    expect(r.repairs).toEqual(expect.arrayContaining(["ignored text after the JSON", "dropped trailing commas"]));
  });

  it("single quotes, with apostrophes inside the strings", () => {
    const r = ok("{'insights': [{'content': 'it wasn\\'t great, I don't know why', 'topics': ['a']}], 'principles': ['Don't guess'],}");
    expect(r.value).toEqual({ insights: [{ content: "it wasn't great, I don't know why", topics: ["a"] }], principles: ["Don't guess"] });
  });

  it("Python literals", () => {
    expect(ok('{"a": True, "b": None, "c": False}').value).toEqual({ a: true, b: null, c: false });
  });

  it("a missing closing brace after a complete value is added", () => {
    const r = ok('{"insights":[{"content":"x","topics":["a"]}],"principles":["p"]');
    expect(r.value).toEqual({ insights: [{ content: "x", topics: ["a"] }], principles: ["p"] });
    expect(r.repairs.join()).toMatch(/missing closing bracket/);
  });

  it("a reply cut off inside a string is refused, not completed", () => {
    expect(parseLenientJson('{"soul":"# SOUL\\n## Core Identity\\n- I am')).toEqual({
      ok: false,
      reason: "the reply was cut off inside a JSON string",
    });
  });

  it("no object at all is refused", () => {
    expect(parseLenientJson("I could not do that.").ok).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { chunkMarkdown } from "../../src/indexer/chunk.js";

function sliceLines(text: string, start: number, end: number): string {
  return text.split("\n").slice(start - 1, end).join("\n");
}

function sampleDoc(): string {
  const parts: string[] = ["# Projects", ""];
  for (let s = 1; s <= 6; s++) {
    parts.push(`## Section ${s}`, "");
    for (let p = 1; p <= 25; p++) {
      parts.push(`Paragraph ${s}.${p}: we discussed the VPS migration, backups and the pharmacy project in detail today.`);
      if (p % 5 === 0) parts.push("");
    }
  }
  parts.push("```sh", "# not a heading, a shell comment", "echo done", "```", "");
  return parts.join("\n") + "\n";
}

describe("chunkMarkdown", () => {
  const opts = { targetTokens: 200, overlapTokens: 40 };

  it("gives line ranges that map back to exactly the chunk text", () => {
    const doc = sampleDoc();
    const chunks = chunkMarkdown(doc, opts);
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.startLine).toBeGreaterThanOrEqual(1);
      expect(c.endLine).toBeGreaterThanOrEqual(c.startLine);
      expect(sliceLines(doc, c.startLine, c.endLine)).toBe(c.text);
    }
  });

  it("never splits a line and covers every non-blank line", () => {
    const doc = sampleDoc();
    const lines = doc.split("\n");
    const covered = new Set<number>();
    for (const c of chunkMarkdown(doc, opts)) for (let l = c.startLine; l <= c.endLine; l++) covered.add(l);
    lines.forEach((line, i) => {
      if (line.trim() !== "") expect(covered.has(i + 1), `line ${i + 1} "${line}"`).toBe(true);
    });
  });

  it("keeps chunks near the target size and overlaps consecutive chunks of a section", () => {
    const chunks = chunkMarkdown(sampleDoc(), opts);
    for (const c of chunks) expect(c.tokens).toBeLessThanOrEqual(opts.targetTokens + 40);
    const sameSection = chunks.filter((c) => c.heading === "Projects > Section 2");
    expect(sameSection.length).toBeGreaterThan(1);
    expect(sameSection[1]!.startLine).toBeLessThanOrEqual(sameSection[0]!.endLine);
  });

  it("records the heading path and ignores # lines inside code fences", () => {
    const chunks = chunkMarkdown(sampleDoc(), opts);
    // "# Projects" has no content of its own: its line opens the first subsection's chunk.
    expect(chunks[0]!.heading).toBe("Projects > Section 1");
    expect(chunks[0]!.startLine).toBe(1);
    expect(chunks.some((c) => c.heading === "Projects > Section 3")).toBe(true);
    expect(chunks.some((c) => c.heading.includes("not a heading"))).toBe(false);
    const last = chunks[chunks.length - 1]!;
    expect(last.text).toContain("# not a heading, a shell comment");
  });

  it("keeps an over-long single line whole, in a chunk of its own", () => {
    const long = "word ".repeat(2000).trim();
    const doc = `# Title\n\nshort line\n${long}\nafter\n`;
    const chunks = chunkMarkdown(doc, opts);
    const withLong = chunks.filter((c) => c.text.includes(long));
    expect(withLong).toHaveLength(1);
    expect(sliceLines(doc, withLong[0]!.startLine, withLong[0]!.endLine)).toBe(withLong[0]!.text);
  });

  it("handles empty text, CRLF-free blank documents and a file without a trailing newline", () => {
    expect(chunkMarkdown("", opts)).toEqual([]);
    expect(chunkMarkdown("\n\n\n", opts)).toEqual([]);
    const c = chunkMarkdown("one\ntwo", opts);
    expect(c).toEqual([{ startLine: 1, endLine: 2, heading: "", text: "one\ntwo", tokens: expect.any(Number) }]);
  });
});

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  changedLineShare,
  countWords,
  estimateTokens,
  findLockedBlocks,
  findSection,
  lockedEnd,
  missingLayers,
  restoreLocked,
  truncateAtSentence,
  verifyLocked,
} from "../../../src/jobs/reflect/soul-safety.js";
import { REPO_ROOT } from "../../helpers/workspace.js";

const TEMPLATE = readFileSync(path.join(REPO_ROOT, "workspace-template/SOUL.md"), "utf8");

const LOCKED = "<!-- locked -->\n- I never invent a memory.\n- I keep secrets.\n<!-- /locked -->";
const SOUL = `# SOUL

## Core Identity

${LOCKED}
- I like clear answers.

## Active Values

- Brevity first.
- Ask before acting.

## Recent Growth

- Learned to check the calendar first.
`;

const noLockCore = { lockCoreIdentity: false };
const lockCore = { lockCoreIdentity: true };

describe("locked sections", () => {
  it("finds blocks with their heading, and the template's Core Identity block", () => {
    const { blocks, problems } = findLockedBlocks(SOUL);
    expect(problems).toEqual([]);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.text).toBe(LOCKED);
    expect(blocks[0]!.heading).toBe("## Core Identity");
    expect(SOUL.slice(blocks[0]!.start, blocks[0]!.end)).toBe(LOCKED);
    const t = findLockedBlocks(TEMPLATE).blocks;
    expect(t).toHaveLength(1);
    expect(t[0]!.heading).toBe("## Core Identity");
  });

  it("treats an unclosed block as locked to the end and reports stray markers", () => {
    const text = "a\n<!-- /locked -->\nb\n<!-- locked -->\nc\n";
    const { blocks, problems } = findLockedBlocks(text);
    expect(blocks).toHaveLength(1);
    expect(blocks[0]!.text).toBe("<!-- locked -->\nc\n");
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/line 2/);
    expect(problems[1]).toMatch(/never closed/);
  });

  it("keeps a proposal that copied the block untouched", () => {
    const proposal = SOUL.replace("Brevity first.", "Brevity first, always.");
    expect(restoreLocked(SOUL, proposal, noLockCore)).toEqual({ text: proposal, restored: [] });
    expect(verifyLocked(SOUL, proposal, noLockCore)).toEqual([]);
  });

  it("puts back a block the model edited inside, byte for byte", () => {
    const proposal = SOUL.replace("- I keep secrets.", "- I keep most secrets.");
    expect(verifyLocked(SOUL, proposal, noLockCore)).not.toEqual([]);
    const r = restoreLocked(SOUL, proposal, noLockCore);
    expect(r.text).toBe(SOUL);
    expect(r.restored).toHaveLength(1);
    expect(verifyLocked(SOUL, r.text, noLockCore)).toEqual([]);
  });

  it("re-inserts a dropped block under its heading", () => {
    const proposal = SOUL.replace(`${LOCKED}\n`, "");
    const r = restoreLocked(SOUL, proposal, noLockCore);
    expect(verifyLocked(SOUL, r.text, noLockCore)).toEqual([]);
    const core = findSection(r.text, "Core Identity")!;
    expect(core.text).toContain(LOCKED);
    expect(r.text).toContain("- I like clear answers.");
  });

  it("re-inserts a block whose heading disappeared at the end, with the heading", () => {
    const orig = "# SOUL\n\n## Boundaries\n\n<!-- locked -->\n- Ask before paying.\n<!-- /locked -->\n";
    const proposal = "# SOUL\n\n## Core Identity\n\n- x\n\n## Active Values\n\n- y\n\n## Recent Growth\n\n- z\n";
    const r = restoreLocked(orig, proposal, noLockCore);
    expect(verifyLocked(orig, r.text, noLockCore)).toEqual([]);
    expect(r.text.endsWith("## Boundaries\n\n<!-- locked -->\n- Ask before paying.\n<!-- /locked -->\n")).toBe(true);
  });

  it("removes a locked block the model invented", () => {
    const proposal = SOUL.replace("- Brevity first.", "<!-- locked -->\n- I am always right.\n<!-- /locked -->\n- Brevity first.");
    const r = restoreLocked(SOUL, proposal, noLockCore);
    expect(verifyLocked(SOUL, r.text, noLockCore)).toEqual([]);
    expect(r.text).not.toContain("always right");
    expect(r.text).toContain("- Brevity first.");
  });

  it("with lockCoreIdentity, the whole Core Identity section comes back byte-identical", () => {
    const proposal = SOUL.replace("- I like clear answers.", "- I like long answers.");
    expect(verifyLocked(SOUL, proposal, noLockCore)).toEqual([]);
    expect(verifyLocked(SOUL, proposal, lockCore)).toHaveLength(1);
    const r = restoreLocked(SOUL, proposal, lockCore);
    expect(r.text).toBe(SOUL);
    expect(verifyLocked(SOUL, r.text, lockCore)).toEqual([]);
  });

  it("with lockCoreIdentity, a missing Core Identity section is put back first", () => {
    const proposal = "# SOUL\n\n## Active Values\n\n- new\n\n## Recent Growth\n\n- grew\n";
    const r = restoreLocked(SOUL, proposal, lockCore);
    expect(verifyLocked(SOUL, r.text, lockCore)).toEqual([]);
    expect(missingLayers(r.text)).toEqual([]);
    expect(r.text.indexOf("## Core Identity")).toBeLessThan(r.text.indexOf("## Active Values"));
  });
});

describe("findSection", () => {
  it("spans the heading to the next heading of the same level, without trailing blank lines", () => {
    const s = findSection(SOUL, "active values")!;
    expect(s.text).toBe("## Active Values\n\n- Brevity first.\n- Ask before acting.");
    expect(findSection(SOUL, "Nope")).toBeUndefined();
    expect(missingLayers(SOUL)).toEqual([]);
    expect(missingLayers(TEMPLATE)).toEqual(["Active Values", "Recent Growth"]);
  });
});

describe("changedLineShare", () => {
  const ten = Array.from({ length: 10 }, (_, i) => `- line ${i}`).join("\n") + "\n";
  it("is 0 for the same text, ignoring blank lines and trailing spaces", () => {
    expect(changedLineShare(ten, ten)).toBe(0);
    expect(changedLineShare(ten, ten.replace(/\n/g, "  \n\n"))).toBe(0);
  });
  it("is k/n when k of n lines are replaced", () => {
    const three = ten.replace("line 1", "LINE 1").replace("line 4", "LINE 4").replace("line 7", "LINE 7");
    expect(changedLineShare(ten, three)).toBeCloseTo(0.3);
  });
  it("is 1 for a complete rewrite and k/(2n+k) for k added lines", () => {
    expect(changedLineShare(ten, "- something else\n")).toBe(1);
    expect(changedLineShare(ten, ten + "- new 1\n- new 2\n")).toBeCloseTo(2 / 22);
    expect(changedLineShare("", "")).toBe(0);
  });
});

describe("words and tokens", () => {
  it("counts words, not markdown symbols or lock markers", () => {
    expect(countWords("## Core Identity\n\n<!-- locked -->\n- I don't invent day-to-day facts.\n<!-- /locked -->")).toBe(7);
    expect(countWords("")).toBe(0);
  });
  it("estimates about 4 characters per token", () => {
    expect(estimateTokens("a".repeat(400))).toBe(100);
  });
});

describe("truncateAtSentence", () => {
  it("leaves text within the limit unchanged", () => {
    expect(truncateAtSentence("One two three.", 10)).toEqual({ text: "One two three.", truncated: false, words: 3 });
  });

  it("cuts at the last complete sentence within the limit", () => {
    const text = "# SOUL\n\n## Recent Growth\n\nFirst sentence here. Second one is here! Third sentence goes over the limit now.\n";
    const r = truncateAtSentence(text, 12);
    expect(r.truncated).toBe(true);
    expect(r.text).toBe("# SOUL\n\n## Recent Growth\n\nFirst sentence here. Second one is here!\n");
    expect(r.words).toBeLessThanOrEqual(12);
  });

  it("treats the end of a list item as a sentence end and drops headings left empty", () => {
    const text = "## Active Values\n\n- brevity over polish\n- ask first\n\n## Recent Growth\n\n- a very long item that goes on and on and on\n";
    const r = truncateAtSentence(text, 10);
    expect(r.text).toBe("## Active Values\n\n- brevity over polish\n- ask first\n");
  });

  it("never cuts before the end of the last locked block", () => {
    const text = `<!-- locked -->\nOne two three four five six seven eight.\n<!-- /locked -->\nMore words. And more.\n`;
    const r = truncateAtSentence(text, 3, lockedEnd(text));
    expect(r.text).toContain("<!-- /locked -->");
    expect(findLockedBlocks(r.text).blocks[0]!.text).toBe(findLockedBlocks(text).blocks[0]!.text);
  });

  it("cuts a 900-word SOUL to at most 600 words ending in a full sentence", () => {
    const sentence = "I keep my answers short and kind to the person I help.";
    const body = Array.from({ length: 75 }, () => sentence).join(" ");
    const text = `# SOUL\n\n## Core Identity\n\n${body}\n\n## Active Values\n\n${body}\n\n## Recent Growth\n\n- item.\n`;
    const r = truncateAtSentence(text, 600);
    expect(r.truncated).toBe(true);
    expect(r.words).toBeLessThanOrEqual(600);
    expect(r.words).toBeGreaterThan(580);
    expect(r.text.trimEnd().endsWith("help.")).toBe(true);
  });
});

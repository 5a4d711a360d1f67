import { describe, expect, it } from "vitest";
import { canonicalLayers, layerOf, mapToLayers } from "../../../src/jobs/reflect/layers.js";
import { droppedLocked, removedLineShare, requiredLockedTexts, wordFloor } from "../../../src/jobs/reflect/soul-safety.js";

describe("layerOf", () => {
  it("reads a layer whatever its case, numbering, emphasis or colon", () => {
    for (const t of ["Core Identity", "core identity", "1. Core Identity", "2) CORE IDENTITY:", "**Core Identity**", "IV. Core identity", "Layer 1: Core Identity"]) {
      expect(layerOf(t)).toBe("Core Identity");
    }
    expect(layerOf("Identity")).toBeUndefined();
    expect(layerOf("Core Identity and more")).toBeUndefined();
  });
});

describe("mapToLayers: the mapping rule", () => {
  it("a SOUL with the three layers is left alone", () => {
    const soul = "# SOUL\n\n## Core Identity\n\n- a\n\n## Active Values\n\n- b\n\n## Recent Growth\n\n- c\n";
    expect(mapToLayers(soul)).toEqual({ text: soul, mapped: false, renamed: false });
  });

  it("other headings: the person's text (their title too) becomes one locked block; the layers follow, empty", () => {
    const own = "# Jarvis\n\n## Personality\n\n- Terse.\n\n## Rules\n\n- Ask first.\n";
    expect(mapToLayers(own).text).toBe(
      "<!-- locked -->\n# Jarvis\n\n## Personality\n\n- Terse.\n\n## Rules\n\n- Ask first.\n<!-- /locked -->\n\n## Core Identity\n\n## Active Values\n\n## Recent Growth\n",
    );
  });

  it("no headings: a generic title, the text locked", () => {
    expect(mapToLayers("Be kind.\n").text).toBe("# SOUL\n\n<!-- locked -->\nBe kind.\n<!-- /locked -->\n\n## Core Identity\n\n## Active Values\n\n## Recent Growth\n");
  });

  it("layers already there keep their text (editable) and move into order; missing ones are added", () => {
    const own = "# SOUL\n\n### 3. recent growth\n\n- learned X\n\n## Notes\n\n- mine\n\n### core identity:\n\n- I am Y\n";
    expect(mapToLayers(own).text).toBe(
      "# SOUL\n\n<!-- locked -->\n## Notes\n\n- mine\n<!-- /locked -->\n\n## Core Identity\n\n- I am Y\n\n## Active Values\n\n## Recent Growth\n\n- learned X\n",
    );
  });
});

describe("canonicalLayers", () => {
  it("leaves a duplicated layer alone rather than guess which one is meant", () => {
    const twice = "## Core Identity\n\n- a\n\n## Recent Growth\n\n- b\n\n## Core Identity\n\n- c\n";
    expect(canonicalLayers(twice).text).toBe(twice);
  });
});

describe("floors", () => {
  it("removedLineShare counts only the old text's lines that went, not additions or headings", () => {
    const mapped = "# SOUL\n\n<!-- locked -->\nBe kind.\n<!-- /locked -->\n\n## Core Identity\n\n## Active Values\n\n## Recent Growth\n";
    const filled = mapped.replace("## Active Values\n", "## Active Values\n\n- new 1\n- new 2\n");
    expect(removedLineShare(mapped, filled)).toBe(0);
    expect(removedLineShare(mapped, filled.replace("Be kind.\n", ""))).toBeCloseTo(1 / 3);
  });

  it("requiredLockedTexts walks back to the newest version the person made", () => {
    const lock = (t: string) => `<!-- locked -->\n${t}\n<!-- /locked -->`;
    const req = requiredLockedTexts(`x\n${lock("A")}\n`, [
      { number: 3, content: `${lock("A")}\n${lock("B")}`, byUser: false },
      { number: 2, content: lock("C"), byUser: true },
      { number: 1, content: lock("D"), byUser: false },
    ]);
    expect(req.map((r) => [r.from, r.text.replace(/<!--.*?-->|\n/g, "")])).toEqual([
      ["SOUL.md", "A"],
      ["version 3", "B"],
      ["version 2", "C"],
    ]);
    expect(droppedLocked(req, `${lock("A")} ${lock("C")}`).map((r) => r.from)).toEqual(["version 3"]);
    // Inside a bigger block counts as kept.
    expect(droppedLocked(req.slice(0, 1), `<!-- locked -->\nzz\n${lock("A")}\n<!-- /locked -->`)).toEqual([]);
  });

  it("wordFloor: the configured floor, or the current SOUL's length when shorter", () => {
    expect(wordFloor(200, undefined)).toBe(200);
    expect(wordFloor(200, 336)).toBe(200);
    expect(wordFloor(200, 13)).toBe(13);
  });
});

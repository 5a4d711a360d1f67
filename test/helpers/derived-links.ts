import { extractStatements } from "../../src/indexer/statements.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import { derived } from "../../src/indexer/truth.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";

/** Each line a daily note of its own, a day apart from 10 September 2030, its statements as the index stores them. */
export const dailyStatements = (lines: string[]): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2030-09-${String(10 + i).padStart(2, "0")}.md`, order: Date.UTC(2030, 8, 10 + i, 12), st: derived(st) })));

/** The links of one kind among those lines, as [older line, newer line] pairs. */
export const derivedLinksOf = (lines: string[], kind: "update" | "contradiction"): number[][] =>
  linkWithClashes(dailyStatements(lines))
    .filter((l) => l.kind === kind)
    .map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

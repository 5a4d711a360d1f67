import { extractStatements, findValues } from "../../src/indexer/statements.js";
import { linkStatements, type PlacedStatement } from "../../src/indexer/supersede.js";

/** The values a text holds, as "type:norm". */
export const typedValues = (text: string) => findValues(text).map((v) => `${v.type}:${v.norm}`);

/** Each line a daily note of its own, a day apart in order; statement j of line i has id i*100+j. */
export const dailyLines = (lines: string[], month = "2030-05"): PlacedStatement[] =>
  lines.flatMap((text, i) => extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/${month}-${String(10 + i).padStart(2, "0")}.md`, order: i * 86_400_000, st })));

/** The update links among such lines, as [older line, newer line]. */
export const updatesAmong = (lines: string[]) => linkStatements(dailyLines(lines)).filter((l) => l.kind === "update").map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);

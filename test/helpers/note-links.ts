import { extractStatements, type Statement } from "../../src/indexer/statements.js";
import { linkWithClashes } from "../../src/indexer/value-clash.js";
import type { PlacedStatement } from "../../src/indexer/supersede.js";

/**
 * Each text a daily note of its own, a day apart (its lines in order within the day), its
 * statements as the index stores them (`stored` adds what truth.ts adds before storing).
 */
export function placedNotes(notes: readonly string[], stored: (st: Statement) => Statement = (st) => st): PlacedStatement[] {
  return notes.flatMap((text, i) =>
    extractStatements(text).map((st, j) => ({ id: i * 100 + j, path: `memory/2031-01-${String(10 + i).padStart(2, "0")}.md`, order: i * 86_400_000 + st.line, st: stored(st) })),
  );
}

/** The update links among the notes, each as [older note's index, newer note's index]. */
export function noteUpdates(notes: readonly string[], stored?: (st: Statement) => Statement): number[][] {
  return linkWithClashes(placedNotes(notes, stored))
    .filter((l) => l.kind === "update")
    .map((l) => [Math.floor(l.older / 100), Math.floor(l.newer / 100)]);
}

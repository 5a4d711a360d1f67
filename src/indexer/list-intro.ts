/**
 * A list or a table written again under a line saying so: "Packing list, revised:", "Updated
 * budget:", "## New rota". Each entry under it is said as the value that holds now, as if it
 * said "now" itself: "- Thesis deadline: 29 October" under "revised" is the deadline changed,
 * where the same line in a plain list is only the deadline said. Pure.
 */

/** A list entry or a table row. */
const ENTRY = /^\s*(?:[-*+]|\d+\.|\|)\s?/;
/** An introducing line that says what follows replaces what was: "revised", "updated", "new", "corrected". */
const SAYS_REVISED = /\b(?:revised|updated|update|new|corrected|amended|changed|latest|current)\b/i;
/** It introduces: a heading, or a line ending in a colon. */
const INTRODUCES = /^\s*#{1,6}\s|:\s*$/;

/** The 0-based indexes of the lines that are entries of a list or table introduced as revised. */
export function revisedEntries(lines: readonly string[]): Set<number> {
  const out = new Set<number>();
  let revised = false;
  let inBlock = false;
  lines.forEach((line, i) => {
    if (ENTRY.test(line)) {
      if (!inBlock) {
        // The intro is the last non-blank line before the block, at most one blank line up.
        const before = lines[i - 1]?.trim() === "" ? lines[i - 2] : lines[i - 1];
        revised = before !== undefined && INTRODUCES.test(before) && SAYS_REVISED.test(before);
        inBlock = true;
      }
      if (revised) out.add(i);
    } else {
      inBlock = false;
      revised = false;
    }
  });
  return out;
}

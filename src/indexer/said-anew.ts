/**
 * Values given anew with no change word, each read by its own small rule: a start date said in
 * other words (start-dates.ts), a value the person says they wrote wrong (typo-fixes.ts), a time
 * of one occasion on one day given again (occasion-times.ts), a to-do ticked off with another count
 * (ticked-todos.ts), a quote replaced by what was taken (quote-taken.ts). Run after the slot linker; a pair
 * it already linked is left as it is.
 *
 * Pure: statements in, links out.
 */
import type { Link, PlacedStatement } from "./supersede.js";
import { startDateUpdates } from "./start-dates.js";
import { typoFixUpdates } from "./typo-fixes.js";
import { occasionTimeUpdates } from "./occasion-times.js";
import { tickedTodoUpdates } from "./ticked-todos.js";
import { quoteTakenUpdates } from "./quote-taken.js";

export function saidAnewUpdates(all: readonly PlacedStatement[], links: readonly Link[]): Link[] {
  const seen = new Set(links.flatMap((l) => [`${l.older}:${l.newer}`, `${l.newer}:${l.older}`]));
  const out: Link[] = [];
  for (const l of [...typoFixUpdates(all), ...startDateUpdates(all), ...occasionTimeUpdates(all), ...tickedTodoUpdates(all), ...quoteTakenUpdates(all)]) {
    if (seen.has(`${l.older}:${l.newer}`)) continue;
    seen.add(`${l.older}:${l.newer}`).add(`${l.newer}:${l.older}`);
    out.push(l);
  }
  return out;
}

/**
 * The search several linking rules share: of the statements said before a newer one, the latest
 * that a rule's test accepts. A line the person marked `still-true::` is never replaced, and a
 * question states nothing (unless a rule asks for questions too). Pure.
 */
import type { PlacedStatement } from "./supersede.js";

/** The latest statement before `n` that `matches` accepts, or undefined. */
export function latestBefore(all: readonly PlacedStatement[], n: PlacedStatement, matches: (o: PlacedStatement) => boolean, opts: { questions?: boolean } = {}): PlacedStatement | undefined {
  let latest: PlacedStatement | undefined;
  for (const o of all) {
    if (o.order >= n.order || o.st.mark?.key === "still-true" || (opts.questions !== true && o.st.asks === true) || (latest && o.order <= latest.order)) continue;
    if (matches(o)) latest = o;
  }
  return latest;
}

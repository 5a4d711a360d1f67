// Ratios of paired processes: each pair is one process of the thing measured (a whole
// `agent search`) and one `node -e 0` started right before or after it (the order alternates
// pair by pair), so both see the same moment's load. The ratio is taken within each pair, and
// its p50 and p95 over the pairs get a 95 % bootstrap interval (pairs resampled, seeded: the
// same pairs give the same interval). bench-search-embedding.mjs prints these.
import { rng } from "../sample-notes.mjs";
import { pct } from "./bench-kit.mjs";

/**
 * `stat(sample)` over `pairs` and its 95 % bootstrap interval: `resamples` samples of as many
 * pairs, drawn with replacement by a generator seeded with `seed`.
 */
export function bootstrap(pairs, stat, resamples = 2000, seed = 45) {
  const r = rng(seed);
  const boots = [];
  for (let b = 0; b < resamples; b++) boots.push(stat(Array.from({ length: pairs.length }, () => pairs[Math.floor(r() * pairs.length)])));
  boots.sort((a, b) => a - b);
  return { value: stat(pairs), lo: boots[Math.floor(0.025 * resamples)], hi: boots[Math.min(resamples - 1, Math.floor(0.975 * resamples))] };
}

/**
 * Over pairs `{ search, node }` (ms): the p50 and p95 of the per-pair ratios search / node, the
 * ratio of the two sides' p50s, each with its interval; and each side's own p50 and p95.
 */
export function pairFigures(pairs) {
  const ratios = (xs) => xs.map((x) => x.search / x.node);
  return {
    n: pairs.length,
    ratioP50: bootstrap(pairs, (xs) => pct(ratios(xs), 50)),
    ratioP95: bootstrap(pairs, (xs) => pct(ratios(xs), 95)),
    p50OverP50: bootstrap(pairs, (xs) => pct(xs.map((x) => x.search), 50) / pct(xs.map((x) => x.node), 50)),
    search: { p50: pct(pairs.map((x) => x.search), 50), p95: pct(pairs.map((x) => x.search), 95) },
    node: { p50: pct(pairs.map((x) => x.node), 50), p95: pct(pairs.map((x) => x.node), 95) },
    atOrUnder2: pairs.filter((x) => x.search <= 2 * x.node).length,
  };
}

/** One line: `1.93x [1.80, 2.05]`. */
export const withInterval = (b, digits = 2) => `${b.value.toFixed(digits)}x [${b.lo.toFixed(digits)}, ${b.hi.toFixed(digits)}]`;

/**
 * Whether at least `n` of `xs` pass `test`, stopping at the n-th: the statement stages ask it
 * of every statement of every candidate ("two of the query's words"), where counting with
 * `filter(…).length` made an array for each and read every word.
 */
export function holdsAtLeast<T>(xs: readonly T[], n: number, test: (x: T) => boolean): boolean {
  if (n <= 0) return true;
  let found = 0;
  for (let i = 0; i < xs.length; i++) if (test(xs[i]!) && ++found >= n) return true;
  return false;
}

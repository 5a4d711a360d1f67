/** Six decimals: what explanations and scores show (more would only be float noise). */
export function round(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

import { turnStatements } from "../../src/indexer/statements.js";
import type { ValueStatement } from "../../src/search/pipeline/twin-values.js";

/** The first statement holding a value in a user's turn, as the indexer stores it. */
export function said(text: string): ValueStatement {
  const st = turnStatements(text, 1).find((s) => s.values.length > 0);
  if (!st) throw new Error(`no value in: ${text}`);
  return st;
}

/**
 * A question's bounds, the one rule every entry point that reads a query goes through
 * (search, boot, context, ask and the memories a context recalls; every front calls one of
 * them): every word costs work in each stage, and a document pasted as a query would hold
 * every other client of a daemon up. `planSearch` applies it, so no plan exists for a query
 * over the bounds; callers that take a query without planning it (context, ask) call
 * `checkQuerySize` first.
 */
import { UsageError } from "../shared/errors.js";

export const MAX_QUERY_BYTES = 8 * 1024;
export const MAX_QUERY_WORDS = 400;

/** Throws a UsageError naming the limit when `query` is over either bound; `what` names the request ("search", "boot", "context", "question"). */
export function checkQuerySize(query: string, what = "search"): void {
  // Counted without building a copy: a megabyte-long query is refused in its own time.
  const bytes = Buffer.byteLength(query, "utf8");
  if (bytes > MAX_QUERY_BYTES) {
    throw new UsageError(`the query is ${bytes} bytes, over the ${MAX_QUERY_BYTES}-byte limit for a ${what}; nothing was searched — ask a question, not a document (a few words to a paragraph)`);
  }
  const words = query.split(/\s+/).filter((w) => w !== "").length;
  if (words > MAX_QUERY_WORDS) {
    throw new UsageError(`the query has ${words} words, over the ${MAX_QUERY_WORDS}-word limit for a ${what}; nothing was searched — ask with fewer words`);
  }
}

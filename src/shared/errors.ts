/**
 * An error's message for a line a person reads, with the system code of its cause when the
 * message lacks it ("fetch failed (ECONNREFUSED)"): fetch and the native libraries put the
 * useful part there.
 */
export function messageOf(err: unknown): string {
  const e = err as { message?: unknown; cause?: { code?: unknown } } | null;
  const msg = typeof e?.message === "string" ? e.message : String(err);
  const code = e?.cause?.code;
  return typeof code === "string" && !msg.includes(code) ? `${msg} (${code})` : msg;
}

/** The first line of an error's message: what a job run records as its reason. */
export function errorMessage(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split("\n")[0] ?? msg;
}

/** An error in what the caller asked (bad flag value, empty query, a query over its bounds): exit code 2 on the CLI. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

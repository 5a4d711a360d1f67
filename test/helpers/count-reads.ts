import type { DB } from "../../src/store/open.js";

/** How many statements' `all()` ran while `fn` did, on any connection: the reads a search makes of the index (the tokenizer's probe reads its tokens so too). */
export function readsIn<T>(d: DB, fn: () => T): { value: T; reads: number } {
  const proto = Object.getPrototypeOf(d.prepare("SELECT 1")) as { all: (...args: unknown[]) => unknown };
  const all = proto.all;
  let reads = 0;
  proto.all = function (this: unknown, ...args: unknown[]) {
    reads++;
    return all.apply(this, args);
  };
  try {
    return { value: fn(), reads };
  } finally {
    proto.all = all;
  }
}

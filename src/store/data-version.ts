import type Database from "better-sqlite3";
import type { DB } from "./open.js";

const versionStmts = new WeakMap<DB, Database.Statement<[], [number, number]>>();

/**
 * Changes whenever the database may hold other data than before: another connection
 * committed (data_version) or this one wrote (total_changes()). Values read from the
 * database can be kept under it and reused until it changes. Asked dozens of times per
 * search, so both are read by one statement prepared once per connection (`db.pragma()`
 * would prepare one on every call).
 */
export function dataVersion(db: DB): string {
  return pinned.get(db) ?? readVersion(db);
}

function readVersion(db: DB): string {
  let stmt = versionStmts.get(db);
  if (!stmt) versionStmts.set(db, (stmt = db.prepare<[], [number, number]>("SELECT (SELECT data_version FROM pragma_data_version()), total_changes()").raw()));
  const [version, changes] = stmt.get()!;
  return `${version}:${changes}`;
}

/** The data version of a connection inside a read that writes nothing (`readingPinned`). */
const pinned = new WeakMap<DB, string>();

/**
 * Runs `fn` with the connection's data version read once, at its start: for a read in one
 * snapshot (a search's) that writes nothing through `db`. Inside it no other connection's
 * commit is seen and this one changes nothing, so the version cannot move; each stage's look
 * at what is kept then costs a map look-up instead of a statement (dozens a search). `fn` must
 * not write through `db`: a write would move the version and find values kept from before it.
 */
export function readingPinned<T>(db: DB, fn: () => T): T {
  if (pinned.has(db)) return fn();
  pinned.set(db, readVersion(db));
  try {
    return fn();
  } finally {
    pinned.delete(db);
  }
}

/**
 * Values read from the database, kept while it is unchanged (its data version) and dropped
 * all at once when it changes. A warm host (the daemon, an MCP server, the web page) asks
 * the same words again and again: counting a common word, ranking its matches with FTS5's
 * bm25() and reading its frequencies each walk the word's whole posting list, and give the
 * same answer until the index changes. A search still reads them inside its snapshot, so
 * every stage of one search sees the same numbers.
 */
const kept = new WeakMap<DB, { version: string; values: Map<string, unknown> }>();

/** A value computed once per version of the database under `name`. */
export function keptWhileUnchanged<T>(db: DB, name: string, make: () => T): T {
  const version = dataVersion(db);
  let k = kept.get(db);
  if (!k || k.version !== version) kept.set(db, (k = { version, values: new Map() }));
  let v = k.values.get(name) as T | undefined;
  if (v === undefined) k.values.set(name, (v = make()));
  return v;
}

/**
 * A value per key under `name`, computed once per version of the database and bounded:
 * when the kept values' total `size` would pass `max`, they all go at once (a long-lived
 * host asked ever-new things does not grow without end).
 */
export function keptPer<T>(db: DB, name: string, key: string, bound: { max: number; size?: (v: T) => number }, make: () => T): T {
  const kept = keptWhileUnchanged(db, name, () => ({ byKey: new Map<string, T>(), size: 0 }));
  let v = kept.byKey.get(key);
  if (v === undefined) keepOne(kept, key, (v = make()), bound);
  return v;
}

/** Keeps `v` under `key`, starting afresh when the bound would be passed. */
function keepOne<T, K>(kept: { byKey: Map<K, T>; size: number }, key: K, v: T, bound: { max: number; size?: (v: T) => number }): void {
  const n = bound.size ? bound.size(v) : 1;
  if (kept.size + n > bound.max) {
    kept.byKey.clear();
    kept.size = 0;
  }
  kept.byKey.set(key, v);
  kept.size += n;
}

/**
 * `keptPer` for many keys at once, with one look at the data version: the keys not kept are
 * made by one call of `make` (one query for all of them), which must answer each of them.
 * Keys may be numbers (a chunk id): a warm host looks up thousands a search, and a small
 * number is hashed for free where a string made for the look-up is allocated and hashed.
 * One name keeps one kind of key.
 */
export function keptMany<T, K extends string | number = string>(db: DB, name: string, keys: readonly K[], bound: { max: number; size?: (v: T) => number }, make: (missing: K[]) => Map<K, T>): T[] {
  const kept = keptWhileUnchanged(db, name, () => ({ byKey: new Map<K, T>(), size: 0 }));
  // One look-up a key (a kept value is never undefined: make must answer every key), on a
  // warm host's hot path: hundreds of keys a search, nearly all kept.
  const out: T[] = new Array<T>(keys.length);
  let missing: Set<K> | null = null;
  for (let i = 0; i < keys.length; i++) {
    const v = kept.byKey.get(keys[i]!);
    if (v === undefined) (missing ??= new Set()).add(keys[i]!);
    else out[i] = v;
  }
  if (missing === null) return out;
  const made = make([...missing]);
  for (const key of missing) {
    const v = made.get(key);
    if (v === undefined) throw new Error(`keptMany(${name}): nothing was made for ${key}`);
    keepOne(kept, key, v, bound);
  }
  for (let i = 0; i < keys.length; i++) if (missing.has(keys[i]!)) out[i] = made.get(keys[i]!)!;
  return out;
}

/** The value `keptMany` holds for `key` under `name` in this version of the database, or undefined. */
export function keptValue<T, K extends string | number>(db: DB, name: string, key: K): T | undefined {
  const kept = keptWhileUnchanged(db, name, () => ({ byKey: new Map<K, T>(), size: 0 }));
  return kept.byKey.get(key);
}

/** The total `size` of the values `keptMany` holds under `name` (what its bound is compared with). */
export function keptSize(db: DB, name: string): number {
  return keptWhileUnchanged(db, name, () => ({ byKey: new Map<unknown, unknown>(), size: 0 })).size;
}

/** Whether `keptPer` holds a value for `key` under `name` in this version of the database. */
export function isKept(db: DB, name: string, key: string): boolean {
  const kept = keptWhileUnchanged(db, name, () => ({ byKey: new Map<string, unknown>(), size: 0 }));
  return kept.byKey.has(key);
}

/**
 * Whether `key` was asked before while the database is unchanged; remembers that it now was.
 * What is worth keeping is what is asked twice: reading a word's whole postings costs more
 * than one search needs, and right after a change a host has kept nothing.
 */
export function askedBefore(db: DB, key: string): boolean {
  const asked = keptWhileUnchanged(db, "asked", () => new Set<string>());
  if (asked.has(key)) return true;
  if (asked.size >= 100_000) asked.clear();
  asked.add(key);
  return false;
}

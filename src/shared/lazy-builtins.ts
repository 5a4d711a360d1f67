/**
 * Node built-ins that the hot paths (every assistant hook, `agent mcp`, the thin search client)
 * need only now and then, loaded on first use instead of at start-up: loading `node:crypto`
 * costs a hook process about as much as all of its own modules, yet a hook hashes or draws
 * random bytes only when it makes a workspace id or a device folder, or when a socket path is
 * too long. `process.getBuiltinModule` would do, but Node 22.0–22.2 lack it.
 */
import { createRequire } from "node:module";

const load = createRequire(import.meta.url);

/** `node:crypto`, loaded the first time it is asked for. */
export function nodeCrypto(): typeof import("node:crypto") {
  return load("node:crypto") as typeof import("node:crypto");
}

/** `node:worker_threads`, loaded the first time it is asked for. */
export function workerThreads(): typeof import("node:worker_threads") {
  return load("node:worker_threads") as typeof import("node:worker_threads");
}

/** `node:net`, loaded the first time it is asked for (the thin search connects without it when it can). */
export function nodeNet(): typeof import("node:net") {
  return load("node:net") as typeof import("node:net");
}

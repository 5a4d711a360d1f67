/** Blocks the thread for `ms` milliseconds: for short waits inside synchronous code (SQLite calls, file writes). */
export function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

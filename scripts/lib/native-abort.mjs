// What a native abort looks like from outside a process, for the scripts that run ours
// (scripts/smoke.mjs, scripts/pack-check.mjs): Node's C++ CHECKs print "Assertion failed" (V8's
// "# Fatal error in") and abort (exit 134, SIGABRT); a crash in native code is SIGSEGV (exit
// 139); V8 out of heap prints "FATAL ERROR". test/node/native-exit.ts holds the same list.
export const ABORT_LINE = /Assertion failed|Segmentation fault|\(core dumped\)|# Fatal error in|FATAL ERROR:|^Aborted\b|\bSIGABRT\b|\bSIGSEGV\b/;

/**
 * Why a finished process counts as a native abort, or undefined when it does not: exit code
 * 134/139, death by a signal we did not send, or an abort line in its output.
 */
export function abortOf({ status, signal, output }, sent = []) {
  if (signal && !sent.includes(signal)) return `died of ${signal}`;
  if (status === 134 || status === 139) return `exit code ${status}`;
  const line = String(output ?? "").split("\n").find((l) => ABORT_LINE.test(l));
  return line === undefined ? undefined : `printed "${line.trim()}"`;
}

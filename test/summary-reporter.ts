import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends every run with the plain line "N passed, N failed, N skipped", which CI reads
 * (vitest's own summary is not in that form), preceded by one "skipped: N × reason" line per
 * reason a test was skipped for (the "[skipped: ...]" in its title, see test/helpers/needs.ts).
 * A test file that fails to load, and an unhandled error, each count as a failure so they can
 * never pass silently.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const reasons = new Map<string, number>();
    for (const mod of testModules) {
      let modFailed = 0;
      for (const t of mod.children.allTests()) {
        const state = t.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") modFailed++;
        else {
          skipped++;
          const why = skipReason(t.fullName) ?? `no reason given (${mod.moduleId.split("/test/").at(-1)}: ${t.name})`;
          reasons.set(why, (reasons.get(why) ?? 0) + 1);
        }
      }
      if (modFailed === 0 && mod.state() === "failed") modFailed = 1;
      failed += modFailed;
    }
    failed += unhandledErrors.length;
    const lines = [...reasons].sort(([a], [b]) => a.localeCompare(b)).map(([why, n]) => `skipped: ${n} × ${why}`);
    process.stdout.write(`\n${lines.map((l) => `${l}\n`).join("")}${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

/** The reason in a test's or one of its suites' titles. */
function skipReason(fullName: string): string | undefined {
  return /\[skipped: ([^\]]+)\]/.exec(fullName)?.[1];
}

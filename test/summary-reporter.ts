import type { Reporter, TestModule } from "vitest/node";

/**
 * Ends every run with the plain line "N passed, N failed, N skipped", which CI reads
 * (vitest's own summary is not in that form). A test file that fails to load, and an
 * unhandled error, each count as a failure so they can never pass silently.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      let modFailed = 0;
      for (const t of mod.children.allTests()) {
        const state = t.result().state;
        if (state === "passed") passed++;
        else if (state === "failed") modFailed++;
        else skipped++;
      }
      if (modFailed === 0 && mod.state() === "failed") modFailed = 1;
      failed += modFailed;
    }
    failed += unhandledErrors.length;
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}

/**
 * The torture suite's smallest cases (`npm run torture -- --quick`, cut down further), so CI
 * keeps the experiments honest: they run the built CLI (dist/cli/main.js) on generated
 * workspaces and must report every run passed. The full suite is `npm run torture`.
 */
import { describe, expect, it } from "vitest";
import { titled } from "../helpers/needs.js";
import { tmpfsMissing } from "../helpers/tmpfs.js";

interface Tally {
  name: string;
  runs: number;
  passed: number;
  failed: number;
  failures: { what: string; repro: string }[];
}
interface TortureModule {
  runTorture(o: { quick: boolean; tiny: boolean; keep: boolean; only: string[]; scale: number; minutes: string | null; seed: number; json: null }, log?: (s: string) => void): Promise<Tally[]>;
  formatTable(results: Tally[]): string;
}

const load = async (): Promise<TortureModule> => (await import(new URL("../../scripts/torture/run.mjs", import.meta.url).href)) as TortureModule;

const EXPERIMENTS: [string, number][] = [
  ["mcp", 120_000],
  ["reflect-race", 180_000],
  ["rebuild-daemon", 180_000],
  ["kill9", 300_000],
  ["signals", 300_000],
  ["malformed", 300_000],
  ["soak", 180_000],
  ["soul-swap", 120_000],
  // Spins its own CPU hogs (one more than there are cores): the load is part of the case.
  ["swap-load", 180_000],
  ["links", 240_000],
  ["big-query", 180_000],
  ["dream-file", 300_000],
  ["soul-link", 180_000],
  ["config-freshness", 120_000],
  ["daemon-vectors", 240_000],
  ["space", 180_000],
  ["inject-trust", 180_000],
  ["transcripts", 300_000],
  ["secrets", 300_000],
  // config-race is not here: a program that rewrites the file every 2 ms with no lock can always
  // rename between connect's last look and its rename (a race no lock-free writer wins every time),
  // so it is a measurement (`npm run torture -- --only config-race`). The interleavings it
  // exercises are deterministic tests in test/assistants/config-files.test.ts.
  ["hooks-log", 60_000],
];

describe("torture suite, smallest cases", () => {
  for (const [name, timeout] of EXPERIMENTS) {
    it(
      name,
      async () => {
        const { runTorture, formatTable } = await load();
        const [t] = await runTorture({ quick: true, tiny: true, keep: false, only: [name], scale: 1, minutes: "0.15", seed: 1, json: null }, () => {});
        expect(t!.runs).toBeGreaterThan(0);
        expect(t!.failed, formatTable([t!])).toBe(0);
      },
      timeout,
    );
  }
});

// A real full disk needs a tmpfs mount (root): skipped with the reason elsewhere.
const noTmpfs = tmpfsMissing();
describe.skipIf(noTmpfs !== undefined)(titled("torture suite, smallest cases, on a real full disk", noTmpfs), () => {
  it(
    "disk-full",
    async () => {
      const { runTorture, formatTable } = await load();
      const [t] = await runTorture({ quick: true, tiny: true, keep: false, only: ["disk-full"], scale: 1, minutes: "0.15", seed: 1, json: null }, () => {});
      expect(t!.runs).toBeGreaterThan(0);
      expect(t!.failed, formatTable([t!])).toBe(0);
    },
    180_000,
  );
});

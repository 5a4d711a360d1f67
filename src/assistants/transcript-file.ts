/** An assistant's own transcript file (outside the workspace), read as it is now; never written. */
import { readFileSync } from "node:fs";
import { readHarnessTranscript } from "./index.js";
import type { HarnessName, HarnessTurn } from "../workspace/harness-turns.js";

export function readTranscriptFile(harness: HarnessName, file: string): HarnessTurn[] {
  return readHarnessTranscript(harness, readFileSync(file, "utf8"));
}

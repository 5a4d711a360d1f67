/**
 * An assistant's own transcript file (outside the workspace), read through the file door
 * (workspace/outside-read.ts: regular files only, no link out, a size bound, streamed line by
 * line); never written. A capture reads only what was appended since the last one
 * (engine/capture.ts, with the adapter's line reader handed in).
 */
import type { HarnessTurn } from "../workspace/harness-turns.js";
import { outsideLines } from "../workspace/outside-read.js";
import type { AssistantAdapter } from "./adapter.js";

/** The whole transcript's turns. */
export function readTranscriptFile(assistant: Pick<AssistantAdapter, "readTranscriptLines">, file: string): HarnessTurn[] {
  return assistant.readTranscriptLines(outsideLines(file), 1);
}

/** An assistant's own transcript file (outside the workspace), read as it is now; never written. */
import { readFileSync } from "node:fs";
import type { HarnessTurn } from "../workspace/harness-turns.js";
import type { AssistantAdapter } from "./adapter.js";

export function readTranscriptFile(assistant: Pick<AssistantAdapter, "readTranscript">, file: string): HarnessTurn[] {
  return assistant.readTranscript(readFileSync(file, "utf8"));
}

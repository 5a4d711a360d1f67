/** Codex's store for `agent import codex`: its rollout files under `$CODEX_HOME/sessions/YYYY/MM/DD/`. Only reads. */
import path from "node:path";
import type { ImportSource } from "../../workspace/harness-turns.js";
import { outsideLines } from "../../workspace/outside-read.js";
import { jsonlSource, missingStore } from "../stores.js";
import { readCodexRollout } from "./transcript.js";

export function codexSource(location: string): ImportSource {
  return missingStore("codex", location) ?? jsonlSource(location, readCodexRollout, codexSession);
}

/** Codex's session id: in the session_meta line, else the uuid at the end of the rollout file's name. */
function codexSession(file: string, root: string): string {
  try {
    const first = [...outsideLines(file, { root, maxLines: 1 })][0] ?? "";
    const o = JSON.parse(first) as { type?: string; payload?: { id?: unknown } };
    if (o.type === "session_meta" && typeof o.payload?.id === "string") return o.payload.id;
  } catch {
    // The name says it too (and the read says what is wrong with the file).
  }
  const m = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i.exec(file);
  return m ? m[1]! : path.basename(file, ".jsonl");
}


/** Shared fixtures for the reflection tests: workspaces, sessions, model replies. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { initWorkspace } from "../../../src/workspace/init.js";
import { openSoulHistory } from "../../../src/jobs/reflect/history.js";
import type { ReflectionRun, SoulVersion } from "../../../src/store/soul-versions.js";
import { REPO_ROOT, write } from "../../helpers/workspace.js";

export const T0 = Date.parse("2026-11-21T03:00:00.000Z");
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export const TEMPLATE_SOUL = readFileSync(path.join(REPO_ROOT, "workspace-template/SOUL.md"), "utf8");
export const TEMPLATE_LOCKED = /<!-- locked -->[\s\S]*?<!-- \/locked -->/.exec(TEMPLATE_SOUL)![0];

/** A workspace made by `agent init` (SOUL.md is the starter template). */
export function templateWorkspace(dir: string): string {
  initWorkspace(dir);
  return dir;
}

/** Writes a session with `n` alternating user/assistant messages, the last one at `at`. */
export function writeSession(ws: string, id: string, n: number, at: number, thread?: string): void {
  let text = "";
  for (let i = 0; i < n; i++) {
    const role = i % 2 === 0 ? "user" : "assistant";
    const ts = new Date(at - (n - 1 - i) * 60_000).toISOString();
    text += JSON.stringify({ role, content: `${role} message ${i + 1} in ${id}`, ts, ...(thread ? { thread } : {}) }) + "\n";
  }
  write(ws, `sessions/${id}.jsonl`, text);
}

export const CUSTOM_SOUL = `# SOUL

## Core Identity

<!-- locked -->
- I tell the truth, including "I don't know".
<!-- /locked -->
- I am a personal assistant for one person.
- I keep private things private.

## Active Values

- Brief answers first, details on request.
- Ask before anything irreversible.
- Check memory before asking.
- Mark opinions as opinions.

## Recent Growth

- Learned that Sam prefers mornings for calls.
- Learned to confirm time zones.
`;

/** The first distillation of the template: three layers, the template's locked block kept. */
export const FIRST_SOUL = `# SOUL

## Core Identity

${TEMPLATE_LOCKED}
- I ask before anything irreversible.

## Active Values

- Warm, direct and brief: the answer first.
- I write down decisions while they are fresh.

## Recent Growth

- Sam likes morning summaries; I now send them before 9.
`;

export function reflectionJson(
  insights: { content: string; topics: string[] }[] = [
    { content: "Sam asked twice for the same summary; I should have kept it.", topics: ["went-badly", "memory"] },
    { content: "Morning summaries landed well.", topics: ["went-well", "pattern"] },
  ],
  principles: string[] = ["Do: save summaries to today's note.", "Don't: re-ask what is in memory."],
): string {
  return JSON.stringify({ insights, principles });
}

export function soulJson(soul: string, report = "I now keep summaries. Morning habit noted.", summary = "keeps summaries; morning habit"): string {
  return JSON.stringify({ soul, report, summary });
}

export function history(ws: string): { versions: SoulVersion[]; runs: ReflectionRun[] } {
  const h = openSoulHistory(ws);
  try {
    const versions = h.store.list().map((v) => h.store.get(v.number)!);
    return { versions, runs: h.store.runs(100).reverse() };
  } finally {
    h.close();
  }
}

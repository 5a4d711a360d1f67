/** Shared fixtures for the reflection tests: workspaces, sessions, model replies. */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { initWorkspace } from "../../../src/workspace/init.js";
import { configSection, loadConfig } from "../../../src/workspace/config.js";
import { stateDbPath } from "../../../src/workspace/paths.js";
import { openStateDb } from "../../../src/store/state.js";
import type { DB } from "../../../src/store/open.js";
import { ReflectionConfigSchema, type ReflectionConfigInput } from "../../../src/jobs/reflect/config.js";
import { EvolutionConfigSchema } from "../../../src/jobs/evolve/config.js";
import {
  rollbackSoul as rollbackWith,
  soulDiff as soulDiffWith,
  soulLog as soulLogWith,
  type SoulRef,
  type SoulSwap,
} from "../../../src/jobs/reflect/history.js";
import { runReflection, type ReflectionResult } from "../../../src/jobs/reflect/pipeline.js";
import type { LLMProvider } from "../../../src/llm/types.js";
import type { EmbedderInput } from "../../../src/jobs/evolve/memory-db.js";
import { SoulVersionStore, type ReflectionRun, type SoulVersion } from "../../../src/store/soul-versions.js";
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

/** The first distillation of the template: three layers, the template's locked block kept, over the 200-word floor. */
export const FIRST_SOUL = `# SOUL

## Core Identity

${TEMPLATE_LOCKED}
- I ask before anything irreversible.

## Active Values

- Warm, direct and brief: the answer first.
- I write down decisions while they are fresh.
- I check my notes before I ask a question I may already have the answer to.
- I keep my opinions marked as opinions, and I follow the person's decision once it is made.
- I ask before anything irreversible: deleting, sending, paying, publishing or changing files.
- I do not pretend to have done something I have not done; a plan is not a result.
- When I make a mistake I note what happened and what I will do differently, once, calmly.
- I prefer the person's own words for their preferences and do not generalise from one remark.
- I match the person's language and level of detail, and I do not pad my answers.
- What I am told in confidence stays in this workspace and is never shared with others.

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

/**
 * Opens the workspace's state database the way a front does (in memory when `ifExists` and
 * there is none yet), runs `fn` with it, closes it.
 */
export function withDb<T>(ws: string, fn: (db: DB) => T, opts: { ifExists?: boolean } = {}): T {
  const file = stateDbPath(ws);
  const db = opts.ifExists && !existsSync(file) ? openStateDb(":memory:") : openStateDb(file);
  try {
    const out = fn(db);
    if (out instanceof Promise) {
      return out.finally(() => db.close()) as T;
    }
    db.close();
    return out;
  } catch (e) {
    db.close();
    throw e;
  }
}

export function withStore<T>(ws: string, fn: (store: SoulVersionStore) => T, opts: { ifExists?: boolean } = {}): T {
  return withDb(ws, (db) => fn(new SoulVersionStore(db)), opts);
}

export interface ReflectIn {
  workspace: string;
  provider: LLMProvider;
  now?: () => number;
  dryRun?: boolean;
  embedder?: EmbedderInput;
  options?: { since?: string; config?: Partial<ReflectionConfigInput>; signal?: AbortSignal; swap?: SoulSwap };
}

/** runReflection as the CLI calls it: config loaded and validated, state db opened and closed here. */
export function reflectIn(input: ReflectIn): Promise<ReflectionResult> {
  const loaded = loadConfig(input.workspace);
  const section = (v: unknown) => (typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {});
  const reflection = configSection(
    {
      file: loaded.file,
      // The fixtures here are short SOULs; the word floor has its own tests (lifecycle.test.ts).
      raw: { ...loaded.raw, reflection: { minSoulWords: 1, ...section(loaded.raw.reflection), ...(input.options?.config ?? {}) } },
    },
    "reflection",
    ReflectionConfigSchema,
  );
  const evolution = configSection(loaded, "evolution", EvolutionConfigSchema);
  const o = input.options ?? {};
  return withDb(
    input.workspace,
    (db) =>
      runReflection({
        workspace: input.workspace,
        db,
        reflection,
        evolution,
        provider: input.provider,
        ...(input.now ? { now: input.now } : {}),
        ...(input.dryRun !== undefined ? { dryRun: input.dryRun } : {}),
        ...(input.embedder !== undefined ? { embedder: input.embedder } : {}),
        ...(o.since !== undefined ? { since: o.since } : {}),
        ...(o.signal ? { signal: o.signal } : {}),
        ...(o.swap ? { swap: o.swap } : {}),
      }),
    { ifExists: input.dryRun ?? false },
  );
}

export function rollbackSoul(opts: { workspace: string; number: number; now?: () => number; swap?: SoulSwap }) {
  return withStore(opts.workspace, (store) => rollbackWith({ ...opts, store }), { ifExists: true });
}

export function soulLog(ws: string) {
  return withStore(ws, (store) => soulLogWith(ws, store), { ifExists: true });
}

export function soulDiff(ws: string, a?: SoulRef, b?: SoulRef) {
  return withStore(ws, (store) => soulDiffWith(ws, store, a, b), { ifExists: true });
}

export function history(ws: string): { versions: SoulVersion[]; runs: ReflectionRun[] } {
  return withStore(ws, (store) => {
    const versions = store.list().map((v) => store.get(v.number)!);
    return { versions, runs: store.runs(100).reverse() };
  });
}

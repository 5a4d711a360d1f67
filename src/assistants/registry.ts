/**
 * The assistants this engine plugs into, one adapter each (adapter.ts says what one is). Adding
 * an assistant: its folder src/assistants/<name>/ with an adapter.ts, and its line here.
 */
import type { AssistantAdapter } from "./adapter.js";
import { claudeCode } from "./claude-code/adapter.js";
import { codex } from "./codex/adapter.js";
import { openClaw } from "./openclaw/adapter.js";
import { openCode } from "./opencode/adapter.js";

export const ASSISTANTS: readonly AssistantAdapter[] = [claudeCode, codex, openCode, openClaw];

/** The assistants' names, in the registry's order. */
export const ASSISTANT_NAMES: readonly string[] = ASSISTANTS.map((a) => a.name);

export function findAssistant(name: string): AssistantAdapter | undefined {
  return ASSISTANTS.find((a) => a.name === name);
}

/** The adapter of that name, or an error naming the ones there are. */
export function assistantNamed(name: string): AssistantAdapter {
  const a = findAssistant(name);
  if (a === undefined) throw new UnknownAssistantError(name);
  return a;
}

export class UnknownAssistantError extends Error {
  constructor(readonly given: string) {
    super(`unknown assistant "${given}": ${ASSISTANT_NAMES.join(", ")}`);
    this.name = "UnknownAssistantError";
  }
}

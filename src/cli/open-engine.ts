/**
 * Opening the engine for a command: loaded only then (a command the daemon answers never needs
 * the engine's modules), its notices and config warnings printed as warnings. Apart from
 * common.ts so that the hook's worker thread opens the engine without the CLI's other modules.
 */
import type { Engine, EngineOptions } from "../engine/engine.js";

export async function openEngine(options: EngineOptions): Promise<Engine> {
  const { Engine } = await import("../engine/engine.js");
  const engine = await Engine.load(options);
  engine.onNotice = (n) => warnLine(n.message);
  for (const w of engine.config.warnings ?? []) warnLine(w);
  return engine;
}

/** A warning on stderr, as every command prints one. */
export function warnLine(message: string): void {
  process.stderr.write(`agent: ${message}\n`);
}

import { type Command } from "commander";
import type { Engine, EngineOptions } from "../engine/engine.js";
export interface WorkspaceOpts {
    workspace?: string;
    json?: boolean;
}
/** --provider / --model, for every command that may call the local model. */
export interface ProviderOpts {
    provider?: "ollama" | "llama-cpp";
    model?: string;
}
/** Every command takes --workspace; the fallback order is documented in resolveWorkspace. */
export declare function withWorkspaceOption(cmd: Command): Command;
export declare function withJsonOption(cmd: Command): Command;
export declare function withProviderOptions(cmd: Command): Command;
/** The usual option set of a command: --workspace and --json. */
export declare function standard(cmd: Command): Command;
export declare function workspaceFrom(opts: WorkspaceOpts): string;
/** Opens the engine for a command, prints what happened on open, always closes it. */
export declare function withEngine<T>(opts: WorkspaceOpts & ProviderOpts, fn: (engine: Engine) => T | Promise<T>, extra?: Partial<EngineOptions>): Promise<T>;
/**
 * An AbortSignal that Ctrl-C and SIGTERM abort, for the length of `fn`: every long operation
 * (embedding, a model call) stops at its next check and leaves consistent state. A second
 * signal exits at once.
 */
export declare function withCancel<T>(fn: (signal: AbortSignal) => Promise<T>): Promise<T>;
export declare function printJson(value: unknown): void;
export declare function warn(message: string): void;
export declare function parsePositiveInt(name: string): (v: string) => number;
/** A real calendar date "YYYY-MM-DD" (2026-13-45 is refused). */
export declare function parseDateOption(name: string): (v: string) => string;
/** Joins the words of a query and refuses an empty one. */
export declare function queryFrom(words: string[], example: string): string;
/** Local "YYYY-MM-DD HH:MM:SS". */
export declare function stamp(ms: number): string;

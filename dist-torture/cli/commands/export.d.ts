import type { Command } from "commander";
/** `agent export`: a JSON backup of all the engine's own state (state.db). */
export declare function register(program: Command): void;

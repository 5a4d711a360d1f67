import type { Command } from "commander";
/** `agent import`: restore state exported by `agent export`. */
export declare function register(program: Command): void;

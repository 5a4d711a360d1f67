import type { Command } from "commander";
export declare function register(program: Command): void;

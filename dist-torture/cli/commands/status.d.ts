import type { Command } from "commander";
export declare function register(program: Command): void;
export declare function formatAge(ms: number): string;

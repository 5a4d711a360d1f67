import { type Command } from "commander";
import type { BootResult } from "../../search/boot-sources.js";
export declare function register(program: Command): void;
export declare function formatBoot(r: BootResult): string;

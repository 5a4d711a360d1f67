import type { Command } from "commander";
import type { IndexSummary } from "../../indexer/indexer.js";
export declare function register(program: Command): void;
export declare function printSummary(s: IndexSummary): void;

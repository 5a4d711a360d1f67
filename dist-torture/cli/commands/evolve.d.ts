import { type Command } from "commander";
import { type SnapshotResult } from "../../jobs/evolve/index.js";
import { type ProviderOpts, type WorkspaceOpts } from "../common.js";
export interface EvolveOpts extends WorkspaceOpts, ProviderOpts {
    narrative?: "rules" | "model";
}
export declare function narrativeOption(cmd: Command): Command;
export declare function register(program: Command): void;
export declare function describeSnapshot(r: SnapshotResult): string[];

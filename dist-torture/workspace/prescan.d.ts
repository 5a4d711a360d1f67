import type { RawScan } from "./scan.js";
export interface Prescan {
    /** The scan, or null when none could be made here. */
    result: Promise<RawScan | null>;
    /** Stops the worker when the scan is not wanted after all (a daemon answered). */
    cancel(): void;
}
export declare function startPrescan(workspace: string): Prescan;

export declare const NIGHTLY_STATE_KEY = "nightly.lastDate";
export interface NightlyStatus {
    due: boolean;
    /** "YYYY-MM-DD" of the night in question. */
    night: string;
    /** The `reflectAt` instant of that night. */
    scheduledAt: number;
    /** When due: now. When done: the next `reflectAt`. */
    next: number;
    /** True when due well after its time (the daemon was not running then). */
    catchUp: boolean;
    reason: string;
}
export interface NightlyInput {
    now: number;
    reflectAt: string;
    timeZone?: string;
    /** The last night recorded as done. */
    lastDate: string | undefined;
    /** Whether some reflection finished (complete or skip) at or after this instant. */
    reflectedSince: (ms: number) => boolean;
    /** Lateness beyond which a due run counts as catch-up (the tick length). */
    graceMs: number;
}
export declare function nightlyStatus(input: NightlyInput): NightlyStatus;

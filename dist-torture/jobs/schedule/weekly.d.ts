export declare const WEEKLY_STATE_KEY = "evolution.lastWeek";
export interface WeeklyAt {
    /** 0 = Sunday ... 6 = Saturday. */
    weekday: number;
    /** Minutes since midnight. */
    minutes: number;
}
/** "sun 04:00", "Sunday 4:00", "mon 09:30" → weekday and time; undefined when malformed. */
export declare function parseWeeklyAt(text: string): WeeklyAt | undefined;
/** The latest instant at or before `atMs` matching `spec` in `timeZone`. */
export declare function previousWeeklyTime(spec: string, timeZone: string | undefined, atMs: number): number;
/** The next instant at or after `fromMs` matching `spec` in `timeZone`. */
export declare function nextWeeklyTime(spec: string, timeZone: string | undefined, fromMs: number): number;
export interface WeeklyStatus {
    due: boolean;
    /** ISO week of the occurrence in question, "2026-W47". */
    week: string;
    scheduledAt: number;
    /** When due: now. Otherwise the next occurrence. */
    next: number;
    catchUp: boolean;
    reason: string;
}
export interface WeeklyInput {
    now: number;
    weeklyAt: string;
    timeZone?: string;
    /** The last week recorded as done. */
    lastWeek: string | undefined;
    /** Whether some evolution finished (ok or skip) at or after this instant. */
    evolvedSince: (ms: number) => boolean;
    /** For a workspace that never evolved: occurrences before this instant are not owed. */
    owedFrom?: number;
    /** Lateness beyond which a due run counts as catch-up (the tick length). */
    graceMs: number;
}
export declare function weeklyStatus(input: WeeklyInput): WeeklyStatus;

export interface ZonedParts {
    year: number;
    month: number;
    day: number;
    hour: number;
    minute: number;
    second: number;
}
/** True for a time zone name this runtime's Intl knows ("UTC", "Europe/Berlin"...). */
export declare function isValidTimeZone(timeZone: string): boolean;
/** Calendar fields of the instant `ms` as a clock in `timeZone` (default: this machine's zone) shows them. */
export declare function zonedParts(ms: number, timeZone?: string): ZonedParts;
/** "YYYY-MM-DD" of the instant in the zone: the name of that day's note. */
export declare function zonedDate(ms: number, timeZone?: string): string;
/** "HH:MM" of the instant in the zone. */
export declare function zonedTime(ms: number, timeZone?: string): string;
/** Minutes since local midnight (0..1439) of the instant in the zone. */
export declare function zonedMinuteOfDay(ms: number, timeZone?: string): number;
/** Calendar arithmetic on "YYYY-MM-DD": addDays("2026-03-01", -1) is "2026-02-28". */
export declare function addDays(date: string, days: number): string;
/** "HH:MM" (00:00..23:59, or 24:00 when `allow24`) → minutes since midnight; undefined if malformed. */
export declare function parseClockTime(text: string, opts?: {
    allow24?: boolean;
}): number | undefined;
/** The zone's name for messages: the configured one, else the machine's. */
export declare function timeZoneLabel(timeZone?: string): string;
/**
 * The next instant at or after `fromMs` when a clock in `timeZone` shows `hhmm` ("03:00").
 * On the day a DST jump skips that time, the first instant after the gap. Uses croner, which
 * does the time-zone walk (and DST) properly.
 */
export declare function nextClockTime(hhmm: string, timeZone: string | undefined, fromMs: number): number;
/** The latest instant at or before `atMs` when a clock in `timeZone` showed `hhmm`. */
export declare function previousClockTime(hhmm: string, timeZone: string | undefined, atMs: number): number;

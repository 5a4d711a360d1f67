/** "YYYY-MM-DD" → "YYYY-Www". */
export declare function isoWeekOfDate(date: string): string;
/** ISO week of an instant, on the calendar of `timeZone` (default this machine's). */
export declare function isoWeekOf(ms: number, timeZone?: string): string;
/** Monday and Sunday ("YYYY-MM-DD") of an ISO week. */
export declare function isoWeekDates(week: string): {
    monday: string;
    sunday: string;
};

/**
 * The MCP resources' views of daily notes and SOUL.md. The formatting functions are pure
 * (days in, markdown or JSON out); the engine does the reading.
 *
 *   daily://today    today's note
 *   daily://recent   the last 3 days, oldest first
 *   daily://week     the last 7 days, oldest first
 *   daily://list     JSON: the last 30 days, newest first, with whether each note exists
 *
 * Concatenated views give each day a `# YYYY-MM-DD` header and put `---` between days; a day
 * without a note shows a placeholder line, never an error.
 */
import { type DailyDay, type DailyFileInfo } from "../workspace/daily.js";
import type { McpContext } from "./tools/shared.js";
export declare const DAILY_RESOURCES: {
    readonly today: {
        readonly uri: "daily://today";
        readonly days: 1;
        readonly description: "Today's daily note (memory/YYYY-MM-DD.md).";
    };
    readonly recent: {
        readonly uri: "daily://recent";
        readonly days: 3;
        readonly description: "Daily notes of the last 3 days, oldest first, one '# YYYY-MM-DD' section per day.";
    };
    readonly week: {
        readonly uri: "daily://week";
        readonly days: 7;
        readonly description: "Daily notes of the last 7 days, oldest first, one '# YYYY-MM-DD' section per day.";
    };
};
export declare const DAILY_LIST_URI = "daily://list";
export declare const DAILY_LIST_DAYS = 30;
export declare const SOUL_CURRENT_URI = "soul://current";
export declare const SOUL_HISTORY_URI = "soul://history";
export declare const MISSING_DAY = "_(no daily note for this day)_";
/**
 * One `# YYYY-MM-DD` section per day, in the order given, separated by `---`. A note that
 * starts with its own `# YYYY-MM-DD` title does not get it twice.
 */
export declare function formatDailyView(days: DailyDay[]): string;
/** The `daily://list` document: newest first. */
export declare function formatDailyList(today: string, files: DailyFileInfo[]): string;
/** Dates of a view ending today, oldest first. */
export declare function viewDates(today: string, days: number): string[];
/** The MCP resources: the daily-note views (main sessions only: daily notes are private) and SOUL.md. */
export declare function register({ server, engine, session }: McpContext): void;

/**
 * The MCP resources' views of daily notes and SOUL.md. The formatting functions are pure
 * (days in, markdown or JSON out); `dailyViews` does the reading.
 *
 *   daily://today    today's note
 *   daily://recent   the last 3 days, oldest first
 *   daily://week     the last 7 days, oldest first
 *   daily://list     JSON: the last 30 days, newest first, with whether each note exists
 *
 * Concatenated views give each day a `# YYYY-MM-DD` header and put `---` between days; a day
 * without a note shows a placeholder line, never an error.
 */
import { dailyFileInfo, lastDays, readDailyNotes, type DailyDay, type DailyFileInfo } from "../workspace/daily.js";

export const DAILY_RESOURCES = {
  today: { uri: "daily://today", days: 1, description: "Today's daily note (memory/YYYY-MM-DD.md)." },
  recent: { uri: "daily://recent", days: 3, description: "Daily notes of the last 3 days, oldest first, one '# YYYY-MM-DD' section per day." },
  week: { uri: "daily://week", days: 7, description: "Daily notes of the last 7 days, oldest first, one '# YYYY-MM-DD' section per day." },
} as const;

export const DAILY_LIST_URI = "daily://list";
export const DAILY_LIST_DAYS = 30;
export const SOUL_CURRENT_URI = "soul://current";
export const SOUL_HISTORY_URI = "soul://history";

export const MISSING_DAY = "_(no daily note for this day)_";

/**
 * One `# YYYY-MM-DD` section per day, in the order given, separated by `---`. A note that
 * starts with its own `# YYYY-MM-DD` title does not get it twice.
 */
export function formatDailyView(days: DailyDay[]): string {
  if (days.length === 0) return "";
  return (
    days
      .map((d) => {
        const body = d.text === null || d.text.trim() === "" ? MISSING_DAY : stripOwnTitle(d.text, d.date).trim() || MISSING_DAY;
        return `# ${d.date}\n\n${body}\n`;
      })
      .join("\n---\n\n")
  );
}

function stripOwnTitle(text: string, date: string): string {
  const t = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const first = t.split("\n", 1)[0]!.trim();
  return first === `# ${date}` ? t.slice(t.indexOf("\n") + 1 || t.length) : t;
}

/** The `daily://list` document: newest first. */
export function formatDailyList(today: string, files: DailyFileInfo[]): string {
  return JSON.stringify({ today, days: files }, null, 2);
}

/** Dates of a view ending today, oldest first. */
export function viewDates(today: string, days: number): string[] {
  return lastDays(today, days).reverse();
}

export function readDailyView(workspace: string, today: string, days: number): string {
  return formatDailyView(readDailyNotes(workspace, viewDates(today, days)));
}

export function readDailyList(workspace: string, today: string, days = DAILY_LIST_DAYS): string {
  return formatDailyList(
    today,
    lastDays(today, days).map((d) => dailyFileInfo(workspace, d)),
  );
}

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
import { lastDays, type DailyDay, type DailyFileInfo } from "../workspace/daily.js";
import type { McpContext } from "./tools/shared.js";

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

/** The MCP resources: the daily-note views (main sessions only: daily notes are private) and SOUL.md. */
export function register({ server, engine, session }: McpContext): void {
  if (session === "main") {
    for (const [name, r] of Object.entries(DAILY_RESOURCES)) {
      server.registerResource(`daily-${name}`, r.uri, { description: r.description, mimeType: "text/markdown" }, async (uri) => ({
        contents: [{ uri: uri.href, mimeType: "text/markdown", text: formatDailyView((await (await engine.assist()).dailyNotes(r.days)).reverse()) }],
      }));
    }
    server.registerResource(
      "daily-list",
      DAILY_LIST_URI,
      { description: "JSON: the last 30 days, newest first, with each daily note's path, whether it exists and its size.", mimeType: "application/json" },
      async (uri) => {
        const assist = await engine.assist();
        return { contents: [{ uri: uri.href, mimeType: "application/json", text: formatDailyList(await assist.today(), await assist.dailyFiles(DAILY_LIST_DAYS)) }] };
      },
    );
  }
  server.registerResource("soul-current", SOUL_CURRENT_URI, { description: "SOUL.md as it is on disk.", mimeType: "text/markdown" }, async (uri) => {
    const shown = (await engine.soul()).shownText();
    return { contents: [{ uri: uri.href, mimeType: "text/markdown", text: shown ?? "_(SOUL.md does not exist in this workspace)_\n" }] };
  });
  server.registerResource(
    "soul-history",
    SOUL_HISTORY_URI,
    { description: "JSON: SOUL.md versions (number, date, summary, origin) and which one the file matches.", mimeType: "application/json" },
    async (uri) => ({ contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify((await engine.soul()).log(), null, 2) }] }),
  );
}

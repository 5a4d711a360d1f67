/**
 * ISO-8601 weeks ("2026-W47"): weeks start on Monday, and week 1 is the week holding the
 * year's first Thursday, so 2027-01-01 (a Friday) is in 2026-W53. Strings compare in
 * chronological order.
 */
import { zonedDate } from "../../workspace/time.js";
/** "YYYY-MM-DD" → "YYYY-Www". */
export function isoWeekOfDate(date) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
    if (!m)
        throw new Error(`"${date}" is not a YYYY-MM-DD date`);
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
    const dow = d.getUTCDay() || 7; // Monday 1 ... Sunday 7
    d.setUTCDate(d.getUTCDate() + 4 - dow); // the Thursday of this week decides the year
    const year = d.getUTCFullYear();
    const week = Math.ceil(((d.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
    return `${year}-W${String(week).padStart(2, "0")}`;
}
/** ISO week of an instant, on the calendar of `timeZone` (default this machine's). */
export function isoWeekOf(ms, timeZone) {
    return isoWeekOfDate(zonedDate(ms, timeZone));
}
/** Monday and Sunday ("YYYY-MM-DD") of an ISO week. */
export function isoWeekDates(week) {
    const m = /^(\d{4})-W(\d{2})$/.exec(week);
    if (!m)
        throw new Error(`"${week}" is not an ISO week like 2026-W47`);
    const year = Number(m[1]);
    const jan4 = new Date(Date.UTC(year, 0, 4));
    const mondayW1 = Date.UTC(year, 0, 4 - ((jan4.getUTCDay() || 7) - 1));
    const monday = new Date(mondayW1 + (Number(m[2]) - 1) * 7 * 86_400_000);
    const sunday = new Date(monday.getTime() + 6 * 86_400_000);
    const iso = (d) => d.toISOString().slice(0, 10);
    return { monday: iso(monday), sunday: iso(sunday) };
}
//# sourceMappingURL=week.js.map
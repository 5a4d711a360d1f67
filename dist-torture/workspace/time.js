/**
 * Wall-clock time in a named time zone (IANA, e.g. "Europe/Berlin"), or in the machine's own
 * zone when none is given. Daily-note dates, active hours and the nightly reflection are all
 * wall-clock notions, so they go through here rather than through UTC arithmetic: "yesterday"
 * is a calendar step, not now minus 24 hours (which is wrong on the two DST days a year).
 */
import { Cron } from "croner";
const formatters = new Map();
function formatter(timeZone) {
    const key = timeZone ?? "";
    let f = formatters.get(key);
    if (f === undefined) {
        f = new Intl.DateTimeFormat("en-US", {
            ...(timeZone !== undefined ? { timeZone } : {}),
            hourCycle: "h23",
            year: "numeric",
            month: "2-digit",
            day: "2-digit",
            hour: "2-digit",
            minute: "2-digit",
            second: "2-digit",
        });
        formatters.set(key, f);
    }
    return f;
}
/** True for a time zone name this runtime's Intl knows ("UTC", "Europe/Berlin"...). */
export function isValidTimeZone(timeZone) {
    try {
        new Intl.DateTimeFormat("en-US", { timeZone });
        return true;
    }
    catch {
        return false;
    }
}
/** Calendar fields of the instant `ms` as a clock in `timeZone` (default: this machine's zone) shows them. */
export function zonedParts(ms, timeZone) {
    const out = {};
    for (const p of formatter(timeZone).formatToParts(new Date(ms))) {
        if (p.type !== "literal")
            out[p.type] = Number(p.value);
    }
    return {
        year: out.year,
        month: out.month,
        day: out.day,
        hour: out.hour % 24,
        minute: out.minute,
        second: out.second,
    };
}
const pad = (n, w = 2) => String(n).padStart(w, "0");
/** "YYYY-MM-DD" of the instant in the zone: the name of that day's note. */
export function zonedDate(ms, timeZone) {
    const p = zonedParts(ms, timeZone);
    return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
}
/** "HH:MM" of the instant in the zone. */
export function zonedTime(ms, timeZone) {
    const p = zonedParts(ms, timeZone);
    return `${pad(p.hour)}:${pad(p.minute)}`;
}
/** Minutes since local midnight (0..1439) of the instant in the zone. */
export function zonedMinuteOfDay(ms, timeZone) {
    const p = zonedParts(ms, timeZone);
    return p.hour * 60 + p.minute;
}
/** Calendar arithmetic on "YYYY-MM-DD": addDays("2026-03-01", -1) is "2026-02-28". */
export function addDays(date, days) {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
    if (!m)
        throw new Error(`"${date}" is not a YYYY-MM-DD date`);
    const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
    return `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}
/** "HH:MM" (00:00..23:59, or 24:00 when `allow24`) → minutes since midnight; undefined if malformed. */
export function parseClockTime(text, opts = {}) {
    const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
    if (!m)
        return undefined;
    const h = Number(m[1]);
    const min = Number(m[2]);
    if (opts.allow24 && h === 24 && min === 0)
        return 24 * 60;
    if (h > 23 || min > 59)
        return undefined;
    return h * 60 + min;
}
/** The zone's name for messages: the configured one, else the machine's. */
export function timeZoneLabel(timeZone) {
    return timeZone ?? `${Intl.DateTimeFormat().resolvedOptions().timeZone} (local)`;
}
/**
 * The next instant at or after `fromMs` when a clock in `timeZone` shows `hhmm` ("03:00").
 * On the day a DST jump skips that time, the first instant after the gap. Uses croner, which
 * does the time-zone walk (and DST) properly.
 */
export function nextClockTime(hhmm, timeZone, fromMs) {
    const next = dailyCron(hhmm, timeZone).nextRun(new Date(fromMs - 1));
    if (next === null)
        throw new Error(`no next ${hhmm} in ${timeZoneLabel(timeZone)}`);
    return next.getTime();
}
/** The latest instant at or before `atMs` when a clock in `timeZone` showed `hhmm`. */
export function previousClockTime(hhmm, timeZone, atMs) {
    const prev = dailyCron(hhmm, timeZone).previousRuns(1, new Date(atMs + 1))[0];
    if (prev === undefined)
        throw new Error(`no previous ${hhmm} in ${timeZoneLabel(timeZone)}`);
    return prev.getTime();
}
const crons = new Map();
function dailyCron(hhmm, timeZone) {
    const minutes = parseClockTime(hhmm);
    if (minutes === undefined)
        throw new Error(`"${hhmm}" is not a time of day (expected HH:MM, e.g. "03:00")`);
    const key = `${minutes}|${timeZone ?? ""}`;
    let c = crons.get(key);
    if (c === undefined) {
        // Paused and without a callback: used only to compute times, never schedules anything.
        c = new Cron(`${minutes % 60} ${Math.floor(minutes / 60)} * * *`, { paused: true, ...(timeZone !== undefined ? { timezone: timeZone } : {}) });
        crons.set(key, c);
    }
    return c;
}
//# sourceMappingURL=time.js.map
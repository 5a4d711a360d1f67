/**
 * When the weekly evolution is due, with catch-up, like the nightly reflection (nightly.ts)
 * but once per ISO week.
 *
 * `evolution.weeklyAt` is a weekday and a time ("sun 04:00") in `evolution.timeZone`. At
 * any moment the occurrence that matters is the latest one at or before now; its ISO week
 * (on the same calendar) names it. It is done when the state says so
 * ("evolution.lastWeek" ≥ that week) or when an evolution (by the daemon or `agent
 * evolve`) finished after that occurrence. Otherwise it is due now — on time, or as a
 * catch-up after the machine slept. Only the latest week is ever owed.
 *
 * A workspace that has never evolved owes nothing from before the daemon started: its
 * first weekly evolution happens at the first `weeklyAt` the daemon is running for (or
 * sleeps through), not the moment a daemon is first started.
 */
import { Cron } from "croner";
import { isoWeekOf } from "../jobs/evolve/week.js";
import { timeZoneLabel, zonedDate, zonedTime } from "../workspace/time.js";
export const WEEKLY_STATE_KEY = "evolution.lastWeek";
const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
/** "sun 04:00", "Sunday 4:00", "mon 09:30" → weekday and time; undefined when malformed. */
export function parseWeeklyAt(text) {
    const m = /^\s*([a-z]{3})[a-z]*\s+(\d{1,2}):(\d{2})\s*$/i.exec(text);
    if (!m)
        return undefined;
    const weekday = DAYS.indexOf(m[1].toLowerCase());
    const h = Number(m[2]);
    const min = Number(m[3]);
    if (weekday < 0 || h > 23 || min > 59)
        return undefined;
    return { weekday, minutes: h * 60 + min };
}
const crons = new Map();
function weeklyCron(spec, timeZone) {
    const at = parseWeeklyAt(spec);
    if (at === undefined)
        throw new Error(`"${spec}" is not a weekday and time (expected e.g. "sun 04:00")`);
    const key = `${at.weekday}|${at.minutes}|${timeZone ?? ""}`;
    let c = crons.get(key);
    if (c === undefined) {
        // Paused and without a callback: used only to compute times, never schedules anything.
        c = new Cron(`${at.minutes % 60} ${Math.floor(at.minutes / 60)} * * ${at.weekday}`, { paused: true, ...(timeZone !== undefined ? { timezone: timeZone } : {}) });
        crons.set(key, c);
    }
    return c;
}
/** The latest instant at or before `atMs` matching `spec` in `timeZone`. */
export function previousWeeklyTime(spec, timeZone, atMs) {
    const prev = weeklyCron(spec, timeZone).previousRuns(1, new Date(atMs + 1))[0];
    if (prev === undefined)
        throw new Error(`no previous ${spec} in ${timeZoneLabel(timeZone)}`);
    return prev.getTime();
}
/** The next instant at or after `fromMs` matching `spec` in `timeZone`. */
export function nextWeeklyTime(spec, timeZone, fromMs) {
    const next = weeklyCron(spec, timeZone).nextRun(new Date(fromMs - 1));
    if (next === null)
        throw new Error(`no next ${spec} in ${timeZoneLabel(timeZone)}`);
    return next.getTime();
}
export function weeklyStatus(input) {
    const scheduledAt = previousWeeklyTime(input.weeklyAt, input.timeZone, input.now);
    const week = isoWeekOf(scheduledAt, input.timeZone);
    const doneByState = input.lastWeek !== undefined && input.lastWeek >= week;
    const notOwed = input.owedFrom !== undefined && scheduledAt < input.owedFrom;
    if (doneByState || notOwed || input.evolvedSince(scheduledAt)) {
        const next = nextWeeklyTime(input.weeklyAt, input.timeZone, input.now + 1);
        const why = doneByState ? "recorded" : notOwed ? "before the first run" : `an evolution ran after ${input.weeklyAt}`;
        return {
            due: false,
            week,
            scheduledAt,
            next,
            catchUp: false,
            reason: `week ${week} is done (${why}); next at ${zonedDate(next, input.timeZone)} ${zonedTime(next, input.timeZone)} (${timeZoneLabel(input.timeZone)})`,
        };
    }
    const catchUp = input.now - scheduledAt > input.graceMs;
    return {
        due: true,
        week,
        scheduledAt,
        next: input.now,
        catchUp,
        reason: catchUp ? `catch-up: weekly evolution for ${week} (due ${input.weeklyAt}) did not run` : `scheduled weekly evolution for ${week}`,
    };
}
//# sourceMappingURL=weekly.js.map
/**
 * When the nightly reflection is due, with catch-up.
 *
 * Night D is the local date on which `reflectAt` falls (03:00 on 2026-11-21 is night
 * 2026-11-21). At any moment the night that matters is the one of the latest `reflectAt`
 * at or before now. It is done when the state says so ("nightly.lastDate" ≥ D) or when a
 * reflection (by the daemon, cron or by hand) finished after that `reflectAt`. If it is not
 * done, it is due now — on time, or as a catch-up after the machine slept or the daemon was
 * down. Only the latest night is ever owed, so a week away means one run, not seven, and a
 * night is never run twice.
 */
import { previousClockTime, nextClockTime, zonedDate, zonedTime, timeZoneLabel } from "../../workspace/time.js";
export const NIGHTLY_STATE_KEY = "nightly.lastDate";
export function nightlyStatus(input) {
    const scheduledAt = previousClockTime(input.reflectAt, input.timeZone, input.now);
    const night = zonedDate(scheduledAt, input.timeZone);
    const doneByState = input.lastDate !== undefined && input.lastDate >= night;
    if (doneByState || input.reflectedSince(scheduledAt)) {
        const next = nextClockTime(input.reflectAt, input.timeZone, input.now + 1);
        return {
            due: false,
            night,
            scheduledAt,
            next,
            catchUp: false,
            reason: `night ${night} is done (${doneByState ? "recorded" : "a reflection ran after " + input.reflectAt}); next at ${zonedDate(next, input.timeZone)} ${zonedTime(next, input.timeZone)} (${timeZoneLabel(input.timeZone)})`,
        };
    }
    const catchUp = input.now - scheduledAt > input.graceMs;
    return {
        due: true,
        night,
        scheduledAt,
        next: input.now,
        catchUp,
        reason: catchUp
            ? `catch-up: reflection for night ${night} (due ${input.reflectAt}) did not run`
            : `scheduled reflection for night ${night}`,
    };
}
//# sourceMappingURL=nightly.js.map
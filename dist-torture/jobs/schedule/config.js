import { z } from "zod";
import { TimeZoneSchema } from "../../context/config.js";
import { parseDuration } from "../../shared/duration.js";
import { parseClockTime } from "../../workspace/time.js";
/** The `schedule` section of agent.config.json: the daemon's own timing. */
export const ScheduleConfigSchema = z
    .object({
    /** Run the nightly reflection (set false when cron runs `agent reflect` instead). */
    reflect: z.boolean().default(true),
    /** Local time of the nightly reflection. */
    reflectAt: z
        .string()
        .default("03:00")
        .refine((s) => parseClockTime(s) !== undefined, { message: 'expected a time of day "HH:MM" (00:00 to 23:59)' }),
    /** Zone of reflectAt; default context.timeZone, else this machine's. */
    timeZone: TimeZoneSchema.optional(),
    /** How often the daemon wakes to look for due work and growing transcripts. */
    tick: z
        .string()
        .default("1m")
        .refine((s) => {
        const ms = parseDuration(s);
        return ms !== undefined && ms >= 1000 && ms <= 3_600_000;
    }, { message: 'expected a duration between 1s and 1h, like "1m" or "30s"' }),
})
    .strict();
/** Zone of reflectAt: schedule.timeZone, else context.timeZone, else this machine's (undefined). */
export function scheduleTimeZone(c) {
    return c.schedule.timeZone ?? c.context.timeZone;
}
//# sourceMappingURL=config.js.map
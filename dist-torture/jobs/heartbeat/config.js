import { z } from "zod";
import { TimeZoneSchema } from "../../context/config.js";
import { parseClockTime } from "../../workspace/time.js";
import { parseDuration } from "../../shared/duration.js";
const clock = (allow24) => z.string().refine((s) => parseClockTime(s, { allow24 }) !== undefined, {
    message: allow24 ? 'expected a time of day "HH:MM" (00:00 to 24:00)' : 'expected a time of day "HH:MM" (00:00 to 23:59)',
});
/** "08:00"–"22:00"; an end before the start crosses midnight ("22:00"–"06:00"); equal means all day. */
export const ActiveHoursSchema = z
    .object({
    start: clock(false).default("08:00"),
    end: clock(true).default("22:00"),
})
    .strict();
export const NotifierConfigSchema = z
    .object({
    /** Shell command run for each alert, with the alert on stdin (title, blank line, body). */
    command: z.string().min(1).optional(),
    /** URL that receives each alert as a JSON POST. */
    webhook: z
        .string()
        .refine((u) => /^https?:\/\//i.test(u) && URL.canParse(u), { message: "expected an http:// or https:// URL" })
        .optional(),
    /** How long the command or the webhook may take. */
    timeoutMs: z.number().int().min(100).max(600_000).default(10_000),
})
    .strict();
/** The `heartbeat` section of agent.config.json. */
export const HeartbeatConfigSchema = z
    .object({
    enabled: z.boolean().default(true),
    /** Time between heartbeats: "30m", "1h"; at least a minute. */
    interval: z
        .string()
        .default("30m")
        .refine((s) => (parseDuration(s) ?? 0) >= 60_000, { message: 'expected a duration of at least a minute, like "30m" or "1h"' }),
    activeHours: ActiveHoursSchema.prefault({}),
    /** Zone of the active hours; default context.timeZone, else this machine's. */
    timeZone: TimeZoneSchema.optional(),
    /**
     * A reply that starts or ends with HEARTBEAT_OK is "nothing to report" when what is left
     * besides the token is at most this many characters ("HEARTBEAT_OK — all quiet.").
     */
    okMaxChars: z.number().int().min(0).max(2_000).default(120),
    maxReplyTokens: z.number().int().min(16).default(400),
    temperature: z.number().min(0).max(2).default(0.2),
    notifier: NotifierConfigSchema.prefault({}),
})
    .strict();
/** The interval in ms (validated by the schema). */
export function heartbeatIntervalMs(c) {
    return parseDuration(c.interval);
}
//# sourceMappingURL=config.js.map
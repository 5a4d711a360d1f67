import { z } from "zod";
/** The `schedule` section of agent.config.json: the daemon's own timing. */
export declare const ScheduleConfigSchema: z.ZodObject<{
    reflect: z.ZodDefault<z.ZodBoolean>;
    reflectAt: z.ZodDefault<z.ZodString>;
    timeZone: z.ZodOptional<z.ZodString>;
    tick: z.ZodDefault<z.ZodString>;
}, z.core.$strict>;
export type ScheduleConfig = z.output<typeof ScheduleConfigSchema>;
export type ScheduleConfigInput = z.input<typeof ScheduleConfigSchema>;
/** Zone of reflectAt: schedule.timeZone, else context.timeZone, else this machine's (undefined). */
export declare function scheduleTimeZone(c: {
    schedule: Pick<ScheduleConfig, "timeZone">;
    context: {
        timeZone?: string | undefined;
    };
}): string | undefined;

import { z } from "zod";
import { type LoadedConfig } from "../workspace/config.js";
/** The `schedule` section of agent.config.json: the daemon's own timing. */
export declare const ScheduleConfigSchema: z.ZodObject<{
    reflect: z.ZodDefault<z.ZodBoolean>;
    reflectAt: z.ZodDefault<z.ZodString>;
    timeZone: z.ZodOptional<z.ZodString>;
    tick: z.ZodDefault<z.ZodString>;
}, z.core.$strict>;
export type ScheduleConfig = z.output<typeof ScheduleConfigSchema>;
export type ScheduleConfigInput = z.input<typeof ScheduleConfigSchema>;
export declare function scheduleConfig(cfg: Pick<LoadedConfig, "file" | "raw">): ScheduleConfig;

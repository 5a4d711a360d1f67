import { z } from "zod";
/** "08:00"–"22:00"; an end before the start crosses midnight ("22:00"–"06:00"); equal means all day. */
export declare const ActiveHoursSchema: z.ZodObject<{
    start: z.ZodDefault<z.ZodString>;
    end: z.ZodDefault<z.ZodString>;
}, z.core.$strict>;
export type ActiveHours = z.output<typeof ActiveHoursSchema>;
export declare const NotifierConfigSchema: z.ZodObject<{
    command: z.ZodOptional<z.ZodString>;
    webhook: z.ZodOptional<z.ZodString>;
    timeoutMs: z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>;
export type NotifierConfig = z.output<typeof NotifierConfigSchema>;
/** The `heartbeat` section of agent.config.json. */
export declare const HeartbeatConfigSchema: z.ZodObject<{
    enabled: z.ZodDefault<z.ZodBoolean>;
    interval: z.ZodDefault<z.ZodString>;
    activeHours: z.ZodPrefault<z.ZodObject<{
        start: z.ZodDefault<z.ZodString>;
        end: z.ZodDefault<z.ZodString>;
    }, z.core.$strict>>;
    timeZone: z.ZodOptional<z.ZodString>;
    okMaxChars: z.ZodDefault<z.ZodNumber>;
    maxReplyTokens: z.ZodDefault<z.ZodNumber>;
    temperature: z.ZodDefault<z.ZodNumber>;
    notifier: z.ZodPrefault<z.ZodObject<{
        command: z.ZodOptional<z.ZodString>;
        webhook: z.ZodOptional<z.ZodString>;
        timeoutMs: z.ZodDefault<z.ZodNumber>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type HeartbeatConfig = z.output<typeof HeartbeatConfigSchema>;
export type HeartbeatConfigInput = z.input<typeof HeartbeatConfigSchema>;
/** The interval in ms (validated by the schema). */
export declare function heartbeatIntervalMs(c: Pick<HeartbeatConfig, "interval">): number;

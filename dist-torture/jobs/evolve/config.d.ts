import { z } from "zod";
import { type LoadedConfig } from "../../workspace/config.js";
/**
 * The `evolution` section of agent.config.json. Every key is optional.
 *
 *   weekly           the daemon runs the weekly cycle (`agent evolve`) at weeklyAt
 *   weeklyAt         weekday and local time, "sun 04:00"
 *   timeZone         zone of weeklyAt and of report weeks; default schedule.timeZone, context.timeZone, else the machine's
 *   narrative        "rules": the identity narrative is built by the snapshot rules (offline,
 *                    deterministic); "model": the configured LLM writes it from the traits
 *                    (the rules' text is kept if the model fails)
 *   memoryResults    how many memories `agent context --query` injects
 *   minRelevance     memories less relevant to the task than this are not injected
 *   duplicateCosine  a candidate this similar to a memory of its type reinforces it (form.ts)
 *   name             this agent's name in team lines (default: the workspace folder's name)
 *   team             other agents (their workspaces) for the report's team section
 */
export declare const EvolutionConfigSchema: z.ZodObject<{
    weekly: z.ZodDefault<z.ZodBoolean>;
    weeklyAt: z.ZodDefault<z.ZodString>;
    timeZone: z.ZodOptional<z.ZodString>;
    narrative: z.ZodDefault<z.ZodEnum<{
        model: "model";
        rules: "rules";
    }>>;
    memoryResults: z.ZodDefault<z.ZodNumber>;
    minRelevance: z.ZodDefault<z.ZodNumber>;
    duplicateCosine: z.ZodDefault<z.ZodNumber>;
    name: z.ZodOptional<z.ZodString>;
    team: z.ZodDefault<z.ZodArray<z.ZodObject<{
        name: z.ZodString;
        workspace: z.ZodString;
    }, z.core.$strict>>>;
}, z.core.$strict>;
export type EvolutionConfig = z.output<typeof EvolutionConfigSchema>;
export type EvolutionConfigInput = z.input<typeof EvolutionConfigSchema>;
export declare function evolutionConfig(cfg: Pick<LoadedConfig, "file" | "raw">): EvolutionConfig;
/** Zone of weeklyAt and of report weeks: evolution.timeZone, else schedule.timeZone, else context.timeZone. */
export declare function evolutionTimeZone(c: {
    evolution: Pick<EvolutionConfig, "timeZone">;
    schedule: {
        timeZone?: string | undefined;
    };
    context: {
        timeZone?: string | undefined;
    };
}): string | undefined;

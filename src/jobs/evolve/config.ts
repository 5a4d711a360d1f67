import { z } from "zod";
import { TimeZoneSchema } from "../../context/config.js";
import { parseWeeklyAt } from "../schedule/weekly.js";
import { DUPLICATE_COSINE } from "./form.js";
import { MIN_RELEVANCE } from "./inject.js";

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
export const EvolutionConfigSchema = z
  .object({
    weekly: z.boolean().default(true),
    weeklyAt: z
      .string()
      .default("sun 04:00")
      .refine((s) => parseWeeklyAt(s) !== undefined, { message: 'expected a weekday and time, like "sun 04:00"' }),
    timeZone: TimeZoneSchema.optional(),
    narrative: z.enum(["rules", "model"]).default("rules"),
    memoryResults: z.number().int().min(0).max(50).default(5),
    minRelevance: z.number().min(0).max(1).default(MIN_RELEVANCE),
    duplicateCosine: z.number().min(0).max(1).default(DUPLICATE_COSINE),
    name: z.string().min(1).max(80).optional(),
    team: z
      .array(z.object({ name: z.string().min(1).max(80), workspace: z.string().min(1) }).strict())
      .default([]),
  })
  .strict();

export type EvolutionConfig = z.output<typeof EvolutionConfigSchema>;
export type EvolutionConfigInput = z.input<typeof EvolutionConfigSchema>;

/** Zone of weeklyAt and of report weeks: evolution.timeZone, else schedule.timeZone, else context.timeZone. */
export function evolutionTimeZone(c: {
  evolution: Pick<EvolutionConfig, "timeZone">;
  schedule: { timeZone?: string | undefined };
  context: { timeZone?: string | undefined };
}): string | undefined {
  return c.evolution.timeZone ?? c.schedule.timeZone ?? c.context.timeZone;
}

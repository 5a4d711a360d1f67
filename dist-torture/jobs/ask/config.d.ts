import { z } from "zod";
/** The `ask` section of agent.config.json: the budget guard and what the model is shown. */
export declare const AskConfigSchema: z.ZodObject<{
    maxToolCalls: z.ZodDefault<z.ZodNumber>;
    maxTokens: z.ZodDefault<z.ZodNumber>;
    maxEmptySearches: z.ZodDefault<z.ZodNumber>;
    searchLimit: z.ZodDefault<z.ZodNumber>;
    minCosine: z.ZodDefault<z.ZodNumber>;
    getLines: z.ZodDefault<z.ZodNumber>;
    resultChars: z.ZodDefault<z.ZodNumber>;
    replyTokens: z.ZodDefault<z.ZodNumber>;
    temperature: z.ZodDefault<z.ZodNumber>;
    historyTurns: z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>;
export type AskConfig = z.output<typeof AskConfigSchema>;
export type AskConfigInput = z.input<typeof AskConfigSchema>;

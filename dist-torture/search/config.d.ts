import { z } from "zod";
/**
 * The `search` section of agent.config.json. Defaults come from `npm run eval` on the
 * development data (README, "Search quality"), not from folklore.
 */
export declare const SearchConfigSchema: z.ZodObject<{
    limit: z.ZodDefault<z.ZodNumber>;
    mode: z.ZodDefault<z.ZodEnum<{
        hybrid: "hybrid";
        keyword: "keyword";
        vector: "vector";
    }>>;
    candidateMultiplier: z.ZodDefault<z.ZodNumber>;
    keyword: z.ZodPrefault<z.ZodObject<{
        headingWeight: z.ZodDefault<z.ZodNumber>;
        bodyWeight: z.ZodDefault<z.ZodNumber>;
    }, z.core.$strict>>;
    fusion: z.ZodPrefault<z.ZodObject<{
        method: z.ZodDefault<z.ZodEnum<{
            weighted: "weighted";
            rrf: "rrf";
        }>>;
        vectorWeight: z.ZodOptional<z.ZodNumber>;
        rrfK: z.ZodDefault<z.ZodNumber>;
        keywordNorm: z.ZodDefault<z.ZodEnum<{
            max: "max";
            minmax: "minmax";
        }>>;
        vectorNorm: z.ZodDefault<z.ZodEnum<{
            max: "max";
            minmax: "minmax";
        }>>;
    }, z.core.$strict>>;
    recency: z.ZodPrefault<z.ZodObject<{
        enabled: z.ZodDefault<z.ZodBoolean>;
        halfLifeDays: z.ZodDefault<z.ZodNumber>;
        floor: z.ZodDefault<z.ZodNumber>;
    }, z.core.$strict>>;
    mmr: z.ZodPrefault<z.ZodObject<{
        lambda: z.ZodDefault<z.ZodNumber>;
        sameFileSimilarity: z.ZodDefault<z.ZodNumber>;
    }, z.core.$strict>>;
    dates: z.ZodPrefault<z.ZodObject<{
        mode: z.ZodDefault<z.ZodEnum<{
            filter: "filter";
            boost: "boost";
            off: "off";
        }>>;
        boost: z.ZodDefault<z.ZodNumber>;
        timeZone: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>>;
    floor: z.ZodPrefault<z.ZodObject<{
        enabled: z.ZodDefault<z.ZodBoolean>;
        keywordCoverage: z.ZodDefault<z.ZodNumber>;
        vectorCosine: z.ZodOptional<z.ZodNumber>;
        minScore: z.ZodOptional<z.ZodNumber>;
    }, z.core.$strict>>;
    autoEmbedLimit: z.ZodDefault<z.ZodNumber>;
}, z.core.$strict>;
export type SearchConfig = z.output<typeof SearchConfigSchema>;

import { z } from "zod";
/** The `embed` section of agent.config.json. */
export declare const EmbedConfigSchema: z.ZodObject<{
    provider: z.ZodDefault<z.ZodEnum<{
        ollama: "ollama";
        transformers: "transformers";
        none: "none";
        auto: "auto";
        "use-lite": "use-lite";
    }>>;
    model: z.ZodOptional<z.ZodString>;
    modelPath: z.ZodOptional<z.ZodString>;
    host: z.ZodOptional<z.ZodString>;
    allowDownload: z.ZodDefault<z.ZodBoolean>;
    pooling: z.ZodOptional<z.ZodEnum<{
        mean: "mean";
        cls: "cls";
    }>>;
    batchSize: z.ZodOptional<z.ZodNumber>;
    threads: z.ZodOptional<z.ZodNumber>;
    cacheDir: z.ZodOptional<z.ZodString>;
}, z.core.$strict>;
export type EmbedConfig = z.output<typeof EmbedConfigSchema>;
export type EmbedConfigInput = z.input<typeof EmbedConfigSchema>;
export declare function parseEmbedConfig(config: EmbedConfigInput | undefined): EmbedConfig;

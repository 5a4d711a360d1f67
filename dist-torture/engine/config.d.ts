import type { z } from "zod";
import type { AgentConfig } from "./config-types.js";
/** Every section, in the order README documents them. */
export declare const CONFIG_SECTIONS: {
    readonly index: z.ZodObject<{
        chunkTokens: z.ZodDefault<z.ZodNumber>;
        overlapTokens: z.ZodDefault<z.ZodNumber>;
        maxFileBytes: z.ZodDefault<z.ZodNumber>;
        maxAppendBytes: z.ZodDefault<z.ZodNumber>;
        allowHardLinks: z.ZodDefault<z.ZodBoolean>;
    }, z.core.$strict>;
    readonly embed: z.ZodObject<{
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
    readonly search: z.ZodObject<{
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
    readonly llm: z.ZodObject<{
        provider: z.ZodDefault<z.ZodEnum<{
            ollama: "ollama";
            "llama-cpp": "llama-cpp";
            scripted: "scripted";
        }>>;
        model: z.ZodDefault<z.ZodString>;
        host: z.ZodOptional<z.ZodString>;
        threads: z.ZodOptional<z.ZodNumber>;
        contextSize: z.ZodOptional<z.ZodNumber>;
        timeoutMs: z.ZodDefault<z.ZodNumber>;
    }, z.core.$strip>;
    readonly reflection: z.ZodObject<{
        minMessagesPerSession: z.ZodDefault<z.ZodNumber>;
        minSessions: z.ZodDefault<z.ZodNumber>;
        maxMessages: z.ZodDefault<z.ZodNumber>;
        maxMessageChars: z.ZodDefault<z.ZodNumber>;
        maxSoulWords: z.ZodDefault<z.ZodNumber>;
        minSoulWords: z.ZodOptional<z.ZodNumber>;
        tokenBudget: z.ZodDefault<z.ZodNumber>;
        changeBudget: z.ZodDefault<z.ZodNumber>;
        lockCoreIdentity: z.ZodDefault<z.ZodBoolean>;
        since: z.ZodDefault<z.ZodString>;
        reflectionMaxTokens: z.ZodDefault<z.ZodNumber>;
        soulMaxTokens: z.ZodDefault<z.ZodNumber>;
        temperature: z.ZodDefault<z.ZodNumber>;
    }, z.core.$strict>;
    readonly context: z.ZodObject<{
        perFileChars: z.ZodDefault<z.ZodNumber>;
        totalChars: z.ZodDefault<z.ZodNumber>;
        memoryResults: z.ZodDefault<z.ZodNumber>;
        timeZone: z.ZodOptional<z.ZodString>;
    }, z.core.$strict>;
    readonly flush: z.ZodObject<{
        enabled: z.ZodDefault<z.ZodBoolean>;
        contextWindow: z.ZodDefault<z.ZodNumber>;
        reserveTokensFloor: z.ZodDefault<z.ZodNumber>;
        softThresholdTokens: z.ZodDefault<z.ZodNumber>;
        maxBytes: z.ZodDefault<z.ZodNumber>;
        maxTranscriptChars: z.ZodDefault<z.ZodNumber>;
        maxReplyTokens: z.ZodDefault<z.ZodNumber>;
        temperature: z.ZodDefault<z.ZodNumber>;
    }, z.core.$strict>;
    readonly heartbeat: z.ZodObject<{
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
    readonly schedule: z.ZodObject<{
        reflect: z.ZodDefault<z.ZodBoolean>;
        reflectAt: z.ZodDefault<z.ZodString>;
        timeZone: z.ZodOptional<z.ZodString>;
        tick: z.ZodDefault<z.ZodString>;
    }, z.core.$strict>;
    readonly evolution: z.ZodObject<{
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
    readonly ask: z.ZodObject<{
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
    readonly daemon: z.ZodObject<{
        http: z.ZodPrefault<z.ZodObject<{
            enabled: z.ZodDefault<z.ZodBoolean>;
            port: z.ZodDefault<z.ZodNumber>;
            allowedHosts: z.ZodDefault<z.ZodArray<z.ZodString>>;
        }, z.core.$strict>>;
        session: z.ZodDefault<z.ZodEnum<{
            main: "main";
            group: "group";
            isolated: "isolated";
        }>>;
    }, z.core.$strict>;
};
export type SectionName = keyof typeof CONFIG_SECTIONS;
export declare const SECTION_NAMES: SectionName[];
export type { AgentConfig } from "./config-types.js";
export declare function loadAgentConfig(workspace: string): AgentConfig;
/** Validates a whole config object (already free of nulls); errors name the file and every bad key. */
export declare function validateAgentConfig(file: string, raw: Record<string, unknown>, exists?: boolean): AgentConfig;
/** `null` means "not set" everywhere in the file: drop those keys so defaults apply. */
export declare function withoutNulls(v: unknown, depth?: number): unknown;
export interface ConfigEntry {
    /** Dotted key, e.g. "search.limit". */
    key: string;
    value: unknown;
    /** "file" when agent.config.json sets it, else "default". */
    source: "file" | "default";
}
/** The effective configuration, leaf by leaf, with where each value came from (`agent config`). */
export declare function configEntries(cfg: AgentConfig): ConfigEntry[];

import { type AgentConfig, type ConfigEntry } from "./config.js";
import type { EngineCore } from "./core.js";
export interface ModelsReport {
    llm: {
        provider: string;
        model: string;
        reachable: boolean;
        detail: string;
    };
    embedder: {
        provider: string | null;
        modelId: string | null;
        dimension: number | null;
        reason: string;
        warning?: string;
        /** Loaded and produced a vector just now. */
        working: boolean;
        detail: string;
        /** Share of the vector list in hybrid search for this model. */
        vectorWeight: number;
    };
}
/**
 * The configured LLM and whether it answers, and the embedder the config selects, why, and
 * whether it really embeds. Never throws for an unreachable model; it reports it.
 */
export declare function models(engine: EngineCore): Promise<ModelsReport>;
export type CheckStatus = "ok" | "warn" | "fail";
export interface DoctorCheck {
    name: string;
    status: CheckStatus;
    detail: string;
    /** What to do about it, when anything. */
    fix?: string;
}
export interface DoctorReport {
    workspace: string;
    ok: boolean;
    checks: DoctorCheck[];
}
/** What doctor needs of an open engine (absent when the config itself does not load). */
export interface DoctorEngine extends EngineCore {
    status(): {
        files: number;
        chunks: number;
        lastSyncAt: number | null;
        stale: string[];
        missing: string[];
        vectors: {
            embedded: number;
            missing: number;
            modelId: string | null;
        };
    };
}
/**
 * Every check a user needs in one go: the config, each database, the embedder, the LLM,
 * the daemon, index freshness and pending vectors. `open` opens the engine; when the config
 * is invalid the other checks still run against the defaults where they can.
 */
export declare function doctor(workspace: string, open: (config: AgentConfig) => DoctorEngine & {
    close(): Promise<void>;
}): Promise<DoctorReport>;
export interface ConfigView {
    file: string;
    exists: boolean;
    entries: ConfigEntry[];
    config: Omit<AgentConfig, "raw" | "file" | "exists">;
}
export declare function configView(cfg: AgentConfig): ConfigView;

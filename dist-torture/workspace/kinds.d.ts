/**
 * What a workspace file is, from its path alone. Kind drives recency (dated vs evergreen),
 * context assembly and filters; source separates hand-written markdown from transcripts.
 */
export type FileKind = "soul" | "memory" | "bootstrap" | "daily" | "note" | "session" | "reflection";
export type Source = "memory" | "sessions" | "reflections";
export interface FileClass {
    kind: FileKind;
    source: Source;
    /** YYYY-MM-DD for daily notes; sessions get theirs from their turns. */
    date: string | null;
    /** Set when the name looks dated but is not a real date (memory/2024-13-45.md). */
    problem?: string;
}
export declare const BOOTSTRAP_FILES: readonly ["AGENTS.md", "SOUL.md", "TOOLS.md", "IDENTITY.md", "USER.md", "HEARTBEAT.md", "MEMORY.md"];
/** Whether a relative path is one the indexer reads at all. */
export declare function isIndexable(rel: string): boolean;
export declare function isRealDate(y: number, m: number, d: number): boolean;
export declare function classify(rel: string): FileClass;

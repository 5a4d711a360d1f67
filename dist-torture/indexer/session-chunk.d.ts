import type { Chunk } from "./chunk.js";
export interface SessionChunk extends Chunk {
    /** Local calendar date of the chunk's first turn, for recency and date filters. */
    date: string | null;
}
/** Local YYYY-MM-DD of an ISO timestamp; null when it does not parse. */
export declare function localDate(ts: string): string | null;
/**
 * A transcript → chunks of consecutive turns of one thread, about `targetTokens` each.
 * The chunk text is "role: content" per turn (what people search for), while the line
 * range still points into the .jsonl file, one turn per line.
 */
export declare function chunkSession(id: string, text: string, opts: {
    targetTokens: number;
}): {
    chunks: SessionChunk[];
    problems: string[];
};

export interface Chunk {
    /** 1-based inclusive line range in the source file. */
    startLine: number;
    endLine: number;
    /** Heading path of the section the chunk starts in: "Projects > VPS". */
    heading: string;
    /** Exactly lines startLine..endLine of the file joined with "\n". */
    text: string;
    tokens: number;
}
export interface ChunkOptions {
    targetTokens: number;
    overlapTokens: number;
    /**
     * Lines of the shipped template for this file (boilerplate.ts templateLines): a chunk
     * made only of them, headings and blank lines is dropped.
     */
    boilerplate?: ReadonlySet<string> | null;
}
/**
 * Markdown → chunks of about `targetTokens`, cut only between lines and at headings, with
 * `overlapTokens` worth of trailing lines repeated at the start of the next chunk of the
 * same section, so a fact that straddles a cut is still whole in one chunk. A single line
 * longer than the target becomes a chunk of its own; lines are never split.
 */
export declare function chunkMarkdown(text: string, opts: ChunkOptions): Chunk[];

import { type DB } from "./open.js";
export interface PendingChunk {
    id: number;
    heading: string;
    text: string;
    /** sha256 of text: the vector is stored only if the chunk still has this text. */
    hash: string;
}
export interface ChunkVectors {
    chunkId: number;
    /** The chunk's heading and text hash when it was read for embedding. */
    hash: string;
    heading: string;
    vectors: Float32Array[];
}
export interface VectorHit {
    chunkId: number;
    /** Cosine similarity of the chunk's best window to the query. */
    similarity: number;
}
/**
 * The index's vectors: which model they belong to, which chunks still lack them, and
 * nearest-neighbour search. Vectors of one model only: switching models drops them all
 * (the embedding cache makes re-embedding cheap), so two models are never compared.
 */
export declare class VectorStore {
    readonly db: DB;
    constructor(db: DB);
    model(): {
        modelId: string;
        dimension: number;
    } | null;
    /**
     * Makes the vector table match the model. Returns true when existing vectors were
     * dropped because the model (or its dimension) changed.
     */
    useModel(modelId: string, dimension: number): boolean;
    /** Chunks without vectors; counted again only after the database changed (a search asks every time). */
    countPending(): number;
    private pendingMemo;
    countEmbedded(): number;
    /** Chunks without vectors, oldest id first, so an interrupted run resumes in order. */
    pending(limit: number): PendingChunk[];
    /**
     * Stores each chunk's window vectors in one transaction, only if the chunk still holds the
     * text they were computed from: another connection may have re-indexed the note while the
     * model ran. Chunk ids are never reused (AUTOINCREMENT), and the text hash and heading are
     * checked in this same transaction, so a vector can never land on other text. Returns how
     * many chunks were stored.
     */
    insert(items: ChunkVectors[]): number;
    /** The k nearest chunks (by their best window) to a normalised query vector. */
    knn(query: Float32Array, k: number): VectorHit[];
    /** All window vectors of the given chunks (for MMR's similarity between results). */
    vectorsOf(chunkIds: number[]): Map<number, Float32Array[]>;
    private hasTable;
    private meta;
    private setMeta;
}

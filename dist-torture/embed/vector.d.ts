/** Small pure helpers for embedding vectors. Vectors are Float32Array throughout. */
export declare function l2norm(v: ArrayLike<number>): number;
/**
 * A new unit-length copy of `v`. An all-zero vector stays all zero: it has no direction, and
 * scoring it 0 against everything is the honest answer (NaN would poison every sort).
 */
export declare function l2normalize(v: ArrayLike<number>): Float32Array;
export declare function dot(a: ArrayLike<number>, b: ArrayLike<number>): number;
/**
 * Cosine similarity. Embedders return unit vectors, so this is their dot product; the norms are
 * still divided out so a stray unnormalised vector cannot score above 1.
 */
export declare function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number;
/** Float32 bytes in the machine's byte order (little-endian on every platform Node ships for). */
export declare function toBlob(v: Float32Array): Buffer;
/**
 * Inverse of `toBlob`. Copies: a Buffer from SQLite may start at any byte offset inside Node's
 * shared pool, and a Float32Array view needs a 4-byte-aligned offset.
 */
export declare function fromBlob(blob: Uint8Array): Float32Array;

/** Small pure helpers for embedding vectors. Vectors are Float32Array throughout. */
export function l2norm(v) {
    let s = 0;
    for (let i = 0; i < v.length; i++)
        s += v[i] * v[i];
    return Math.sqrt(s);
}
/**
 * A new unit-length copy of `v`. An all-zero vector stays all zero: it has no direction, and
 * scoring it 0 against everything is the honest answer (NaN would poison every sort).
 */
export function l2normalize(v) {
    const out = Float32Array.from(v);
    const n = l2norm(out);
    if (n > 0 && Number.isFinite(n)) {
        for (let i = 0; i < out.length; i++)
            out[i] /= n;
    }
    return out;
}
export function dot(a, b) {
    if (a.length !== b.length)
        throw new Error(`vector lengths differ: ${a.length} vs ${b.length}`);
    let s = 0;
    for (let i = 0; i < a.length; i++)
        s += a[i] * b[i];
    return s;
}
/**
 * Cosine similarity. Embedders return unit vectors, so this is their dot product; the norms are
 * still divided out so a stray unnormalised vector cannot score above 1.
 */
export function cosine(a, b) {
    const d = dot(a, b);
    const n = l2norm(a) * l2norm(b);
    return n > 0 ? d / n : 0;
}
/** Float32 bytes in the machine's byte order (little-endian on every platform Node ships for). */
export function toBlob(v) {
    // A copy, so the blob never aliases (or pins) a larger buffer the vector happens to view.
    return Buffer.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
}
/**
 * Inverse of `toBlob`. Copies: a Buffer from SQLite may start at any byte offset inside Node's
 * shared pool, and a Float32Array view needs a 4-byte-aligned offset.
 */
export function fromBlob(blob) {
    if (blob.byteLength % 4 !== 0) {
        throw new Error(`vector blob of ${blob.byteLength} bytes is not a whole number of float32 values`);
    }
    const out = new Float32Array(blob.byteLength / 4);
    new Uint8Array(out.buffer).set(blob);
    return out;
}
//# sourceMappingURL=vector.js.map
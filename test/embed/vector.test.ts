import { describe, expect, it } from "vitest";
import { cosine, dot, fromBlob, l2normalize, toBlob } from "../../src/embed/vector.js";

describe("vector helpers", () => {
  it("normalises to unit length without touching the input", () => {
    const v = new Float32Array([3, 4]);
    const n = l2normalize(v);
    expect(Array.from(n)).toEqual([0.6000000238418579, 0.800000011920929]);
    expect(Array.from(v)).toEqual([3, 4]);
    expect(Array.from(l2normalize([0, 0, 0]))).toEqual([0, 0, 0]);
  });

  it("computes cosine and dot", () => {
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([2, 0], [5, 0])).toBeCloseTo(1, 10);
    expect(cosine([1, 1], [-1, -1])).toBeCloseTo(-1, 10);
    expect(cosine([0, 0], [1, 1])).toBe(0);
    expect(dot([1, 2, 3], [4, 5, 6])).toBe(32);
    expect(() => dot([1], [1, 2])).toThrow(/lengths differ/);
  });

  it("round-trips through a blob, also from an unaligned buffer", () => {
    const v = new Float32Array([1.5, -2, 3.25, Math.PI]);
    const blob = toBlob(v);
    expect(blob.byteLength).toBe(16);
    expect(Array.from(fromBlob(blob))).toEqual(Array.from(v));

    const padded = Buffer.alloc(17);
    blob.copy(padded, 1);
    const unaligned = padded.subarray(1);
    expect(unaligned.byteOffset % 4).not.toBe(0);
    expect(Array.from(fromBlob(unaligned))).toEqual(Array.from(v));

    // A view into a larger array serialises only its own values.
    const big = new Float32Array([9, 8, 7, 6]);
    expect(Array.from(fromBlob(toBlob(big.subarray(1, 3))))).toEqual([8, 7]);
    expect(() => fromBlob(Buffer.alloc(6))).toThrow(/not a whole number/);
  });
});

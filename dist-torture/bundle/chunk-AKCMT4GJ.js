import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);

// dist/embed/vector.js
function l2norm(v) {
  let s = 0;
  for (let i = 0; i < v.length; i++)
    s += v[i] * v[i];
  return Math.sqrt(s);
}
function l2normalize(v) {
  const out = Float32Array.from(v);
  const n = l2norm(out);
  if (n > 0 && Number.isFinite(n)) {
    for (let i = 0; i < out.length; i++)
      out[i] /= n;
  }
  return out;
}
function dot(a, b) {
  if (a.length !== b.length)
    throw new Error(`vector lengths differ: ${a.length} vs ${b.length}`);
  let s = 0;
  for (let i = 0; i < a.length; i++)
    s += a[i] * b[i];
  return s;
}
function cosine(a, b) {
  const d = dot(a, b);
  const n = l2norm(a) * l2norm(b);
  return n > 0 ? d / n : 0;
}
function toBlob(v) {
  return Buffer.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength));
}
function fromBlob(blob) {
  if (blob.byteLength % 4 !== 0) {
    throw new Error(`vector blob of ${blob.byteLength} bytes is not a whole number of float32 values`);
  }
  const out = new Float32Array(blob.byteLength / 4);
  new Uint8Array(out.buffer).set(blob);
  return out;
}

export {
  l2normalize,
  cosine,
  toBlob,
  fromBlob
};
//# sourceMappingURL=chunk-AKCMT4GJ.js.map

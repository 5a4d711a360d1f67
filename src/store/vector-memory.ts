import { dataVersion } from "./data-version.js";
import type { DB } from "./open.js";

export interface VectorHit {
  chunkId: number;
  /** Cosine similarity of the chunk's best window to the query. */
  similarity: number;
}

/** Options of the in-memory first pass (defaults measured in README's vector section). */
export interface MemoryIndexOptions {
  /** Windows kept after the sign-bit pass, at least; more when k asks for more. */
  minBitCandidates?: number;
  /** Bit-pass candidates per window wanted at the end (k windows × this). */
  bitFactor?: number;
}

export interface MemoryIndexStats {
  ready: boolean;
  windows: number;
  dimension: number;
  bytes: number;
  /** Full loads and incremental catch-ups since creation. */
  builds: number;
  updates: number;
}

const SLICE = 2048;
/** Hamming distance given to a freed slot: above any cut-off (dimensions stay below it). */
const DEAD = 0xffff;

/**
 * A copy of the index's vectors in memory for a long-lived engine (the daemon, an MCP
 * server): the float vectors plus one sign bit per dimension. A query scans the sign bits
 * (Hamming distance, about 3 ms for 50k windows) and computes the exact cosine only for the
 * few thousand windows nearest by that measure, so every similarity it reports is exact and
 * only which windows are looked at is approximate (recall against sqlite-vec's exact scan:
 * scripts/vector-recall.mjs). The floats are kept here too because reading them back from
 * vec0 costs 16 µs each (schema.sql): the few thousand a query scores would take 50 ms.
 *
 * It follows the database by itself: when the data version moves, a cheap fingerprint of
 * chunk_vectors tells whether vectors changed, and only then are the rows diffed and the
 * new ones loaded. Until the first load completes, knn answers null and the caller uses
 * sqlite-vec's exact scan.
 */
export class MemoryVectorIndex {
  private dim = 0;
  private words = 0;
  private capacity = 0;
  private bits = new Uint32Array(0);
  private f32 = new Float32Array(0);
  /** Sum of squares of each vector, accumulated in single precision (as sqlite-vec does). */
  private magSq = new Float32Array(0);
  private rowOf = new Int32Array(0);
  private chunkOf = new Int32Array(0);
  /** 1 for a live slot. */
  private live = new Uint8Array(0);
  private slotOf = new Map<number, number>();
  /** chunk id → its windows' slots. */
  private slotsOfChunk = new Map<number, number[]>();
  private free: number[] = [];
  private used = 0;
  private model: string | null = null;
  private fingerprint = "";
  private version = "";
  private state: "empty" | "building" | "ready" = "empty";
  private builds = 0;
  private updates = 0;
  private readonly minBit: number;
  private readonly bitFactor: number;

  constructor(
    private readonly db: DB,
    opts: MemoryIndexOptions = {},
  ) {
    this.minBit = opts.minBitCandidates ?? 2048;
    this.bitFactor = opts.bitFactor ?? 16;
  }

  stats(): MemoryIndexStats {
    return {
      ready: this.state === "ready",
      windows: this.used - this.free.length,
      dimension: this.dim,
      bytes: this.capacity * (this.words * 4 + this.dim * 4 + 4 + 4 + 4 + 1),
      builds: this.builds,
      updates: this.updates,
    };
  }

  /**
   * Loads every vector, a slice at a time with the event loop let go between slices, so a
   * daemon keeps answering (by the exact scan) while it loads. Resolves when ready.
   */
  build(signal?: AbortSignal): Promise<void> {
    if (this.state === "ready") return Promise.resolve();
    if (this.loading) return this.loading;
    this.state = "building";
    this.loading = this.loadAll(signal).finally(() => (this.loading = null));
    return this.loading;
  }

  private loading: Promise<void> | null = null;

  private async loadAll(signal?: AbortSignal): Promise<void> {
    try {
      const fp = this.readFingerprint();
      if (fp === null) {
        this.reset(null, 0);
        this.state = "empty";
        return;
      }
      this.reset(fp.model, fp.dim);
      const rows = this.db.prepare("SELECT id, chunk_id FROM chunk_vectors").raw().all() as [number, number][];
      this.reserve(Math.ceil(rows.length * 1.05));
      for (let i = 0; i < rows.length; i += SLICE) {
        if (signal?.aborted) throw signal.reason ?? new Error("aborted");
        // A model change meanwhile makes these rows meaningless: start over on next use.
        if (this.readFingerprint()?.model !== fp.model) {
          this.state = "empty";
          return;
        }
        this.load(rows.slice(i, i + SLICE));
        await new Promise<void>((r) => setImmediate(r));
      }
      // Whatever changed while loading is caught up by the first sync: the fingerprint
      // is the one from before the load.
      this.fingerprint = fp.key;
      this.version = "";
      this.builds++;
      this.state = "ready";
    } catch (e) {
      this.state = "empty";
      throw e;
    }
  }

  /**
   * The k nearest chunks by their best window, as VectorStore.knn; null when not loaded
   * (the caller falls back to the exact scan).
   */
  knn(query: Float32Array, k: number): VectorHit[] | null {
    if (this.state !== "ready") return null;
    if (!this.sync()) return null;
    const n = this.used;
    if (k <= 0 || n - this.free.length === 0) return [];
    if (query.length !== this.dim || this.dim >= DEAD) return null;

    // sqlite-vec is asked for k×3 windows; the sign bits keep this many times more.
    const bitWanted = Math.max(this.minBit, Math.min(4096, k * 3) * this.bitFactor);

    // 1. Hamming distance of the sign bits, with a histogram to find the cut-off.
    const qb = new Uint32Array(this.words);
    for (let j = 0; j < this.dim; j++) if (query[j]! > 0) qb[j >> 5]! |= 1 << (j & 31);
    const ham = new Uint16Array(n);
    const hist = new Uint32Array(this.dim + 2);
    const W = this.words;
    const bits = this.bits;
    const live = this.live;
    for (let i = 0; i < n; i++) {
      if (live[i] === 0) {
        ham[i] = DEAD;
        continue;
      }
      let s = 0;
      const o = i * W;
      for (let w = 0; w < W; w++) s += popcount(bits[o + w]! ^ qb[w]!);
      ham[i] = s;
      hist[s]!++;
    }
    let cut = 0;
    for (let acc = 0; cut <= this.dim; cut++) {
      acc += hist[cut]!;
      if (acc >= bitWanted) break;
    }

    // 2. Exact cosine for the windows within the cut-off, from the float copy, computed as
    // sqlite-vec computes it (single-precision sums, in order), so that both paths give the
    // same similarities to the last bit and a search answers the same either way.
    const D = this.dim;
    const f32 = this.f32;
    const qMag = magSquared(query, 0, D);
    const fr = Math.fround;
    const nearest = new Map<number, number>();
    if (qMag > 0) {
      const qRoot = Math.sqrt(qMag);
      for (let i = 0; i < n; i++) {
        if (ham[i]! > cut) continue;
        let dot = 0;
        const o = i * D;
        for (let j = 0; j < D; j++) dot = fr(dot + fr(query[j]! * f32[o + j]!));
        const vMag = this.magSq[i]!;
        const distance = vMag === 0 ? 1 : fr(1 - dot / (qRoot * Math.sqrt(vMag)));
        const chunk = this.chunkOf[i]!;
        const prev = nearest.get(chunk);
        if (prev === undefined || distance < prev) nearest.set(chunk, distance);
      }
    }
    return [...nearest.entries()]
      .sort((a, b) => a[1] - b[1])
      .slice(0, k)
      .map(([chunkId, distance]) => ({ chunkId, similarity: 1 - distance }));
  }

  /**
   * The window vectors of the given chunks (views into the copy: read them before the next
   * call), or null when not loaded.
   */
  vectorsOf(chunkIds: number[]): Map<number, Float32Array[]> | null {
    if (this.state !== "ready" || !this.sync()) return null;
    const out = new Map<number, Float32Array[]>();
    for (const id of chunkIds) {
      const slots = this.slotsOfChunk.get(id);
      if (slots) out.set(id, slots.map((s) => this.f32.subarray(s * this.dim, (s + 1) * this.dim)));
    }
    return out;
  }

  /**
   * Brings the copy in step with the database; false when it cannot be (the model changed:
   * the copy is dropped and must be built again).
   */
  sync(): boolean {
    const version = dataVersion(this.db);
    if (version === this.version) return true;
    const fp = this.readFingerprint();
    if (fp === null || fp.model !== this.model || fp.dim !== this.dim) {
      this.reset(null, 0);
      this.state = "empty";
      return false;
    }
    if (fp.key !== this.fingerprint) {
      const rows = this.db.prepare("SELECT id, chunk_id FROM chunk_vectors").raw().all() as [number, number][];
      const seen = new Uint8Array(this.used);
      const fresh: [number, number][] = [];
      for (const r of rows) {
        const slot = this.slotOf.get(r[0]);
        if (slot !== undefined && this.chunkOf[slot] === r[1]) seen[slot] = 1;
        else fresh.push(r);
      }
      for (let s = 0; s < this.used; s++) if (this.live[s] === 1 && seen[s] === 0) this.drop(s);
      this.load(fresh);
      this.fingerprint = fp.key;
      this.updates++;
    }
    this.version = version;
    return true;
  }

  private readFingerprint(): { key: string; model: string; dim: number } | null {
    const meta = this.db.prepare("SELECT key, value FROM meta WHERE key IN ('embed_model', 'embed_dim')").all() as { key: string; value: string }[];
    const model = meta.find((m) => m.key === "embed_model")?.value;
    const dim = Number(meta.find((m) => m.key === "embed_dim")?.value);
    if (!model || !Number.isInteger(dim) || dim <= 0) return null;
    if (this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'vec_chunks'").get() === undefined) return null;
    // Chunk ids are never reused, so a row of another chunk always changes the sums even
    // when its own id is a reused one.
    const f = this.db.prepare("SELECT count(*) AS n, max(id) AS m, total(id) AS s, total(chunk_id) AS c FROM chunk_vectors").get() as { n: number; m: number | null; s: number; c: number };
    return { key: `${model}|${dim}|${f.n}|${f.m}|${f.s}|${f.c}`, model, dim };
  }

  private reset(model: string | null, dim: number): void {
    this.model = model;
    this.dim = dim;
    this.words = Math.ceil(dim / 32);
    this.capacity = 0;
    this.bits = new Uint32Array(0);
    this.f32 = new Float32Array(0);
    this.magSq = new Float32Array(0);
    this.rowOf = new Int32Array(0);
    this.chunkOf = new Int32Array(0);
    this.live = new Uint8Array(0);
    this.slotOf.clear();
    this.slotsOfChunk.clear();
    this.free = [];
    this.used = 0;
    this.fingerprint = "";
    this.version = "";
  }

  private load(rows: [number, number][]): void {
    if (rows.length === 0) return;
    const get = this.db.prepare("SELECT embedding FROM vec_chunks WHERE rowid = ?").pluck();
    for (const [id, chunk] of rows) {
      const blob = get.get(id) as Buffer | undefined;
      if (!blob || blob.byteLength !== this.dim * 4) continue;
      const old = this.slotOf.get(id);
      if (old !== undefined) this.drop(old);
      const slot = this.free.pop() ?? this.grow();
      this.put(slot, id, chunk, new Float32Array(blob.buffer, blob.byteOffset, this.dim));
    }
  }

  private put(slot: number, id: number, chunk: number, v: Float32Array): void {
    this.f32.set(v, slot * this.dim);
    this.magSq[slot] = magSquared(v, 0, this.dim);
    this.setBits(slot);
    this.rowOf[slot] = id;
    this.chunkOf[slot] = chunk;
    this.live[slot] = 1;
    this.slotOf.set(id, slot);
    const list = this.slotsOfChunk.get(chunk);
    if (list) list.push(slot);
    else this.slotsOfChunk.set(chunk, [slot]);
  }

  private setBits(slot: number): void {
    const bo = slot * this.words;
    const o = slot * this.dim;
    for (let w = 0; w < this.words; w++) this.bits[bo + w] = 0;
    for (let j = 0; j < this.dim; j++) if (this.f32[o + j]! > 0) this.bits[bo + (j >> 5)]! |= 1 << (j & 31);
  }

  private drop(slot: number): void {
    if (this.live[slot] !== 1) return;
    this.live[slot] = 0;
    this.slotOf.delete(this.rowOf[slot]!);
    const chunk = this.chunkOf[slot]!;
    const list = this.slotsOfChunk.get(chunk)?.filter((x) => x !== slot) ?? [];
    if (list.length > 0) this.slotsOfChunk.set(chunk, list);
    else this.slotsOfChunk.delete(chunk);
    this.free.push(slot);
  }

  private grow(): number {
    if (this.used === this.capacity) this.reserve(Math.max(1024, this.capacity * 2));
    return this.used++;
  }

  private reserve(cap: number): void {
    if (cap > this.capacity) {
      this.bits = extend(this.bits, new Uint32Array(cap * this.words));
      this.f32 = extend(this.f32, new Float32Array(cap * this.dim));
      this.magSq = extend(this.magSq, new Float32Array(cap));
      this.rowOf = extend(this.rowOf, new Int32Array(cap));
      this.chunkOf = extend(this.chunkOf, new Int32Array(cap));
      this.live = extend(this.live, new Uint8Array(cap));
      this.capacity = cap;
    }
  }
}

function extend<T extends Uint32Array | Int8Array | Float32Array | Int32Array | Uint8Array>(old: T, next: T): T {
  next.set(old as never);
  return next;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** Σ v[j]² over [from, from + n), in single precision, in order. */
function magSquared(v: Float32Array, from: number, n: number): number {
  const fr = Math.fround;
  let s = 0;
  for (let j = from; j < from + n; j++) s = fr(s + fr(v[j]! * v[j]!));
  return s;
}

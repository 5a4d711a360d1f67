import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Embedder } from "../../src/embed/types.js";

export const REPO_ROOT = path.resolve(fileURLToPath(new URL("../..", import.meta.url)));
/** CI clones the repository with shared/ beside it. */
export const SHARED_USE_LITE = path.resolve(REPO_ROOT, "../shared/models/universal-sentence-encoder-lite");

/** A pass-through around a real embedder that records what reaches it. */
export class CountingEmbedder implements Embedder {
  calls = 0;
  textsEmbedded: string[] = [];
  readonly modelId: string;
  constructor(
    private readonly inner: Embedder,
    opts: { modelId?: string } = {},
  ) {
    this.modelId = opts.modelId ?? inner.modelId;
  }
  get provider(): string {
    return this.inner.provider;
  }
  get dimension(): number {
    return this.inner.dimension;
  }
  get maxInputTokens(): number {
    return this.inner.maxInputTokens;
  }
  get batchSize(): number {
    return this.inner.batchSize;
  }
  windows(text: string): string[] {
    return this.inner.windows(text);
  }
  async embed(texts: string[]): Promise<Float32Array[]> {
    this.calls++;
    this.textsEmbedded.push(...texts);
    return this.inner.embed(texts);
  }
  async close(): Promise<void> {}
}

export function norm(v: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < v.length; i++) s += v[i] * v[i];
  return Math.sqrt(s);
}

export function maxAbsDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Infinity;
  let m = 0;
  for (let i = 0; i < a.length; i++) m = Math.max(m, Math.abs(a[i] - b[i]));
  return m;
}

/** About 1,000 words of ordinary English prose, varied enough that windows differ. */
export function longText(words = 1000): string {
  const paragraphs = [
    "On Monday I met Sarah at the small cafe near the station and we talked about her plans to move to Lisbon next spring.",
    "She has been learning Portuguese for almost a year, mostly from podcasts during her morning commute, and says the grammar is easier than the pronunciation.",
    "Her brother thinks the move is a mistake because the rent there has doubled since 2019, but she already found a flat with a balcony overlooking the river.",
    "We also discussed the budget for the garden project: the raised beds will cost about four hundred euros, and the irrigation kit another ninety.",
    "Remember to email Tom about the invoice, call the dentist before Thursday, and water the tomatoes twice a day while the heatwave lasts.",
    "In the evening I finished the chapter on distributed consensus; the explanation of leader election finally made sense after drawing the message timeline by hand.",
  ];
  const out: string[] = [];
  let i = 0;
  while (out.length < words) {
    for (const w of `${paragraphs[i % paragraphs.length]} (note ${i + 1})`.split(" ")) {
      if (out.length < words) out.push(w);
    }
    i++;
  }
  return out.join(" ");
}

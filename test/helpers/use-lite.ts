import { afterAll, beforeAll } from "vitest";
import { UseLiteEmbedder } from "../../src/embed/use-lite.js";

/**
 * The real USE-lite model from npm, loaded once for the tests of the calling file or describe
 * block (loading costs about 0.5–1 s) and closed after them.
 */
export function sharedUseLite(): UseLiteEmbedder {
  const e = new UseLiteEmbedder();
  beforeAll(() => e.init(), 60_000);
  afterAll(() => e.close());
  return e;
}

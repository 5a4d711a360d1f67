/**
 * A workspace's index open on two connections to one file, as two processes would have it:
 * `mine` synced once and searched, `writer` an indexer on the other connection that can change
 * the index between a search's stages. The caller closes both (they are pushed onto `dbs`).
 */
import path from "node:path";
import { Indexer } from "../../src/indexer/indexer.js";
import { IndexStore } from "../../src/store/index-store.js";
import { openIndexDb, type DB } from "../../src/store/open.js";
import { IndexConfigSchema } from "../../src/workspace/config.js";
import { agentDir } from "../../src/workspace/paths.js";

export function twoConnections(ws: string, now: () => number, dbs: DB[]): { mine: DB; writer: Indexer } {
  const file = path.join(agentDir(ws), "index.db");
  const mine = openIndexDb(file).db;
  const theirs = openIndexDb(file).db;
  dbs.push(mine, theirs);
  new Indexer(ws, new IndexStore(mine), IndexConfigSchema.parse({}), { now }).sync();
  return { mine, writer: new Indexer(ws, new IndexStore(theirs), IndexConfigSchema.parse({}), { now }) };
}

/**
 * The statements table and the links between statements (schema.sql): derived from the
 * files like every index table, written by the indexer's truth stage (src/indexer/truth.ts),
 * read by search (which result a later one replaced), `agent health` and the dream.
 */
import type { Statement } from "better-sqlite3";
import { keptMany, keptSize, keptValue, keptWhileUnchanged } from "./data-version.js";
import type { DB } from "./open.js";

export interface StoredStatement {
  line: number;
  ord: number;
  text: string;
  /** JSON of the statement's words, values, denial and mark. */
  data: string;
}

/** A statement as search and the health report show it: where it is and when it was said. */
export interface StatementPlace {
  id: number;
  chunkId: number;
  path: string;
  line: number;
  /** YYYY-MM-DD of when it was said (UTC day of `ord`). */
  date: string;
  ord: number;
  text: string;
  kind: string;
}

export interface StoredLink {
  older: StatementPlace;
  newer: StatementPlace;
  kind: "update" | "contradiction";
  slot: string;
  by: "guess" | "person";
  strength: number;
  /** Which rule made it (supersede.ts `LinkRule`); "" in a row written before it was kept. */
  rule: string;
}

/** Removes a file's statements (and their links), leaving its chunks: before they are derived again. */
export function clearStatements(db: DB, path: string): void {
  db.prepare("DELETE FROM statements WHERE chunk_id IN (SELECT c.id FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ?)").run(path);
}

/** A file's statements as stored (text, time, data): the times a standing file's lines keep when it is read again. */
export function fileStatementTimes(db: DB, path: string): { text: string; ord: number; data: string }[] {
  return db.prepare("SELECT s.text, s.ord, s.data FROM statements s JOIN chunks c ON c.id = s.chunk_id JOIN files f ON f.id = c.file_id WHERE f.path = ?").all(path) as { text: string; ord: number; data: string }[];
}

/** Statements given other times (by id): an unobserved standing line placed before the note that changed it. */
export function setStatementTimes(db: DB, times: ReadonlyMap<number, number>): void {
  const update = db.prepare("UPDATE statements SET ord = ? WHERE id = ?");
  for (const [id, ord] of times) update.run(ord, id);
}

/** A file's statements, each under the chunk whose line range holds its line (the first such chunk). */
export function writeStatements(db: DB, path: string, statements: StoredStatement[]): void {
  if (statements.length === 0) return;
  const chunks = db
    .prepare("SELECT c.id, c.start_line AS s, c.end_line AS e FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path = ? ORDER BY c.seq")
    .all(path) as { id: number; s: number; e: number }[];
  const insert = db.prepare("INSERT INTO statements(chunk_id, line, ord, text, data) VALUES (?, ?, ?, ?, ?)");
  for (const st of statements) {
    const c = chunks.find((x) => x.s <= st.line && st.line <= x.e);
    if (c) insert.run(c.id, st.line, st.ord, st.text, st.data);
  }
}

export interface StatementRow {
  id: number;
  path: string;
  ord: number;
  data: string;
}

/** Every statement, for the linker. */
export function allStatements(db: DB): StatementRow[] {
  return db.prepare("SELECT s.id, f.path, s.ord, s.data FROM statements s JOIN chunks c ON c.id = s.chunk_id JOIN files f ON f.id = c.file_id").all() as StatementRow[];
}

export interface NewLink {
  older: number;
  newer: number;
  kind: string;
  slot: string;
  by: string;
  strength: number;
  /** Which rule made it (supersede.ts `LinkRule`). */
  rule: string;
}

/** The links, all replaced at once (they are a function of all statements). */
export function replaceLinks(db: DB, links: NewLink[]): void {
  db.prepare("DELETE FROM statement_links").run();
  const insert = db.prepare("INSERT OR IGNORE INTO statement_links(older, newer, kind, slot, by, strength, rule) VALUES (?, ?, ?, ?, ?, ?, ?)");
  for (const l of links) insert.run(l.older, l.newer, l.kind, l.slot, l.by, l.strength, l.rule);
}

const PLACE = (a: string) =>
  `${a}.id AS ${a}_id, ${a}.chunk_id AS ${a}_chunk, ${a}fl.path AS ${a}_path, ${a}.line AS ${a}_line, ${a}.ord AS ${a}_ord, ${a}.text AS ${a}_text, ${a}fl.kind AS ${a}_kind`;

const LINK_COLUMNS = `l.rowid AS lid, l.kind, l.slot, l.by, l.strength, l.rule, ${PLACE("o")}, ${PLACE("n")}`;
const LINK_SIDES = `JOIN statements o ON o.id = l.older JOIN chunks oc ON oc.id = o.chunk_id JOIN files ofl ON ofl.id = oc.file_id
  JOIN statements n ON n.id = l.newer JOIN chunks nc ON nc.id = n.chunk_id JOIN files nfl ON nfl.id = nc.file_id`;
const LINKS_SQL = `SELECT ${LINK_COLUMNS} FROM statement_links l ${LINK_SIDES}`;

type Row = Record<string, string | number>;

function place(r: Row, a: "o" | "n"): StatementPlace {
  const ord = Number(r[`${a}_ord`]);
  return {
    id: Number(r[`${a}_id`]),
    chunkId: Number(r[`${a}_chunk`]),
    path: String(r[`${a}_path`]),
    line: Number(r[`${a}_line`]),
    ord,
    date: new Date(ord).toISOString().slice(0, 10),
    text: String(r[`${a}_text`]),
    kind: String(r[`${a}_kind`]),
  };
}

function toLink(r: Row): StoredLink {
  return { older: place(r, "o"), newer: place(r, "n"), kind: r.kind as StoredLink["kind"], slot: String(r.slot), by: r.by as StoredLink["by"], strength: Number(r.strength), rule: String(r.rule) };
}

/** Every link, oldest first. */
export function allLinks(db: DB): StoredLink[] {
  return (db.prepare(`${LINKS_SQL} ORDER BY o.ord, n.ord`).all() as Row[]).map(toLink);
}

/**
 * The chunks holding a side of some link, kept while the index is unchanged: most searches'
 * results have no link, and then need no query to say so.
 */
function linkedChunks(db: DB): ReadonlySet<number> {
  return keptWhileUnchanged(db, "linked chunks", () => {
    const side = (col: string) => `SELECT s.chunk_id FROM statement_links l JOIN statements s ON s.id = l.${col}`;
    return new Set(db.prepare(`${side("older")} UNION ${side("newer")}`).pluck().all() as number[]);
  });
}

/** A link with its row id: the links' own order, and one link met from both of its chunks. */
interface KeptLink {
  rowid: number;
  link: StoredLink;
}

const chunkLinkStmts = new WeakMap<DB, Statement<[string, string], Row>>();

/**
 * The links touching each of these chunks (either side), kept per chunk while the index is
 * unchanged, read by one statement prepared once per connection: a search asks for its picks'
 * and candidates' links in two stages, and a warm host's next searches for many of the same
 * chunks again. A history's notes can hold thousands of links; a search then pays for the few
 * chunks it has not met before, not for a query compiled each time. The rows are shared.
 */
function linksByChunk(db: DB, chunkIds: readonly number[]): (readonly KeptLink[])[] {
  let stmt = chunkLinkStmts.get(db);
  if (!stmt) {
    const side = (col: string) => `SELECT s.chunk_id AS at, l2.rowid AS r FROM statements s JOIN statement_links l2 ON l2.${col} = s.id WHERE s.chunk_id IN (SELECT value FROM json_each(?))`;
    const text = `SELECT x.at, ${LINK_COLUMNS} FROM (${side("older")} UNION ${side("newer")}) x JOIN statement_links l ON l.rowid = x.r ${LINK_SIDES}`;
    chunkLinkStmts.set(db, (stmt = db.prepare<[string, string], Row>(text)));
  }
  const read = stmt;
  return keptMany<readonly KeptLink[], number>(db, "chunk links", chunkIds, { max: 100_000, size: (v) => v.length + 1 }, (missing) => {
    const by = new Map<number, KeptLink[]>(missing.map((k) => [k, []]));
    const list = JSON.stringify(missing);
    // A link between two of these chunks, and a statement in a chain (the newer side of one
    // link, the older of the next), is made once: a warm host keeps thousands.
    const links = new Map<number, KeptLink>();
    const places = new Map<number, StatementPlace>();
    const shared = (p: StatementPlace) => places.get(p.id) ?? (places.set(p.id, p), p);
    for (const r of read.all(list, list)) {
      const rowid = Number(r.lid);
      let k = links.get(rowid);
      if (!k) {
        const l = toLink(r);
        links.set(rowid, (k = { rowid, link: { ...l, older: shared(l.older), newer: shared(l.newer) } }));
      }
      by.get(Number(r.at))?.push(k);
    }
    return by;
  });
}

/** The links touching any of these chunks (either side), each once, in the order they were written. */
export function linksOfChunks(db: DB, chunkIds: readonly number[]): StoredLink[] {
  if (chunkIds.length === 0) return [];
  const linked = linkedChunks(db);
  const ids = [...new Set(chunkIds)].filter((id) => Number.isInteger(id) && linked.has(id));
  if (ids.length === 0) return [];
  const found = new Map<number, StoredLink>();
  for (const list of linksByChunk(db, ids)) for (const k of list) found.set(k.rowid, k.link);
  return [...found.keys()].sort((a, b) => a - b).map((rowid) => found.get(rowid)!);
}

/**
 * The update links whose older side is this statement, by the newer side's id: to follow a
 * chain of updates to its end (search follows one from every replaced result it shows). Read
 * from its chunk's links, kept as `linksOfChunks` keeps them.
 */
export function updatesFrom(db: DB, statement: Pick<StatementPlace, "id" | "chunkId">): StoredLink[] {
  if (!linkedChunks(db).has(statement.chunkId)) return [];
  const out: StoredLink[] = [];
  for (const k of linksByChunk(db, [statement.chunkId])[0]!) if (k.link.kind === "update" && k.link.older.id === statement.id) out.push(k.link);
  return out.sort((a, b) => a.newer.id - b.newer.id);
}

/** A statement a later one replaced that still sits in one of `files`' kinds, with its replacement. */
export interface StalePair {
  old: StatementPlace;
  current: StatementPlace;
  about: string;
  by: StoredLink["by"];
}

/**
 * One pair per replaced statement in a file of one of these kinds (strongest link first: the
 * replacement most like it), in file and line order. `agent health` lists them; the dream
 * proposes the fix for MEMORY.md's.
 */
export function stalePairs(links: readonly StoredLink[], kinds: ReadonlySet<string>): StalePair[] {
  const out: StalePair[] = [];
  const seen = new Set<number>();
  for (const l of [...links].sort((a, b) => b.strength - a.strength)) {
    if (l.kind !== "update" || !kinds.has(l.older.kind) || seen.has(l.older.id)) continue;
    seen.add(l.older.id);
    out.push({ old: l.older, current: l.newer, about: l.slot, by: l.by });
  }
  return out.sort((a, b) => a.old.path.localeCompare(b.old.path) || a.old.line - b.old.line);
}

/** A statement under its chunk, as the search's newer-twin stage reads it. */
export interface ChunkStatement {
  chunkId: number;
  ord: number;
  /** JSON of the statement's words, values, denial and mark (as stored). */
  data: string;
}

const ofChunksStmts = new WeakMap<DB, Statement<[string], ChunkStatement>>();

const STATEMENTS = "chunk statements";
/** The most statements (and chunks: a chunk counts one more) kept per chunk before all go at once. */
const MAX_KEPT_STATEMENTS = 150_000;
/**
 * The most a warm host reads ahead (`keepStatementsAhead`): two thirds of the bound, so the
 * chunks searches meet under other filters still fit (62,977 statements of 15,370 chunks on
 * bench-peer's 5,120 notes count 78,347).
 */
export const MAX_STATEMENTS_AHEAD = 100_000;

/** Reads these chunks' statements, by chunk id (every id answered, [] for none). */
function readStatements(db: DB, ids: readonly number[]): Map<number, ChunkStatement[]> {
  let stmt = ofChunksStmts.get(db);
  if (!stmt) ofChunksStmts.set(db, (stmt = db.prepare<[string], ChunkStatement>("SELECT chunk_id AS chunkId, ord, data FROM statements WHERE chunk_id IN (SELECT value FROM json_each(?)) ORDER BY chunk_id, id")));
  const by = new Map<number, ChunkStatement[]>(ids.map((k) => [k, []]));
  for (const r of stmt.all(JSON.stringify(ids))) by.get(r.chunkId)?.push(r);
  return by;
}

const keptStatements = (db: DB, ids: readonly number[]): (readonly ChunkStatement[])[] =>
  keptMany<readonly ChunkStatement[], number>(db, STATEMENTS, ids, { max: MAX_KEPT_STATEMENTS, size: (v) => v.length + 1 }, (missing) => readStatements(db, missing));

/**
 * The statements of these chunks, by chunk id, then in the order they were written. Kept per
 * chunk while the index is unchanged (two stages of every search ask for the same candidates',
 * and the next search for many of them again); the rows are shared: never change one.
 */
export function statementsOfChunks(db: DB, chunkIds: readonly number[]): ChunkStatement[] {
  const ids = [...new Set(chunkIds)].filter((x) => Number.isInteger(x)).sort((a, b) => a - b);
  if (ids.length === 0) return [];
  return keptStatements(db, ids).flat();
}

/**
 * How a statement's JSON says it denies something, announces a change or lists a value
 * (indexer/truth.ts writes them so): found without parsing.
 */
export const STATEMENT_MARKS = { denied: ['"denied":["'], announced: ['"announced":true'], values: ['"values":[{'], announcedOrValues: ['"announced":true', '"values":[{'] } as const;
export type StatementMark = keyof typeof STATEMENT_MARKS;

/** A kept chunk's rows carrying each mark, found on the first ask (a function of the rows, which are kept as they are). */
const markedRows = new WeakMap<readonly ChunkStatement[], Partial<Record<StatementMark, readonly ChunkStatement[]>>>();

/**
 * `statementsOfChunks`, only the rows whose JSON carries `mark`, in the same order. A chunk's
 * marked rows are found once while its statements are kept: the statement stages of every
 * search look first for a denial, an announcement or a value among the candidates' statements,
 * and testing every row's JSON again, search after search, was most of their work.
 */
export function markedStatementsOfChunks(db: DB, chunkIds: readonly number[], mark: StatementMark): ChunkStatement[] {
  const ids = [...new Set(chunkIds)].filter((x) => Number.isInteger(x)).sort((a, b) => a - b);
  if (ids.length === 0) return [];
  const out: ChunkStatement[] = [];
  for (const rows of keptStatements(db, ids)) {
    if (rows.length === 0) continue;
    let marks = markedRows.get(rows);
    if (!marks) markedRows.set(rows, (marks = {}));
    const texts: readonly string[] = STATEMENT_MARKS[mark];
    for (const r of (marks[mark] ??= rows.filter((r) => texts.some((t) => r.data.includes(t))))) out.push(r);
  }
  return out;
}

/**
 * These chunks' statements read ahead and kept as `statementsOfChunks` keeps them (a warm
 * host's read-ahead, chunk-data.ts): a search's first meeting with a chunk otherwise reads
 * them on its path, a third of a warm search's CPU on a host's first distinct queries. False,
 * reading nothing, once MAX_STATEMENTS_AHEAD are kept.
 */
export function keepStatementsAhead(db: DB, chunkIds: readonly number[]): boolean {
  if (keptSize(db, STATEMENTS) >= MAX_STATEMENTS_AHEAD) return false;
  keptStatements(db, chunkIds);
  return true;
}

const parsed = new WeakMap<ChunkStatement, unknown>();

/** A statement's `data`, parsed once per row (statementsOfChunks keeps its rows): shared, so never change it. */
export function statementData<T>(r: ChunkStatement): T {
  let v = parsed.get(r);
  if (v === undefined) parsed.set(r, (v = JSON.parse(r.data) as unknown));
  return v as T;
}

/** How a statement's JSON lists a value (indexer/truth.ts writes it so): found without parsing. */
const VALUE_MARK = STATEMENT_MARKS.values[0];
/** A statement whose JSON lists a value, as the value statements' query tests it (`instr`). */
const holdsValue = (r: ChunkStatement): boolean => r.data.includes(VALUE_MARK);

const valueStmts = new WeakMap<DB, Statement<[string], ChunkStatement>>();

/**
 * The statements of these chunks that hold a value (their JSON lists one), for the search's
 * slot lookup, by chunk id, then in the order they were written: read by one statement
 * prepared once per index connection, and kept per chunk while the index is unchanged (a
 * host's searches look up many of the same chunks: those holding two of the query's rarest
 * words). The rows are shared: never change one.
 */
export function valueStatementsOfChunks(db: DB, chunkIds: readonly number[]): ChunkStatement[] {
  const ids = [...new Set(chunkIds)].filter((x) => Number.isInteger(x)).sort((a, b) => a - b);
  if (ids.length === 0) return [];
  let stmt = valueStmts.get(db);
  if (!stmt) {
    const text = `SELECT chunk_id AS chunkId, ord, data FROM statements WHERE chunk_id IN (SELECT value FROM json_each(?)) AND instr(data, '${VALUE_MARK}') > 0 ORDER BY chunk_id, id`;
    valueStmts.set(db, (stmt = db.prepare<[string], ChunkStatement>(text)));
  }
  const read = stmt;
  const lists = keptMany<readonly ChunkStatement[], number>(db, "chunk value statements", ids, { max: 100_000, size: (v) => v.length + 1 }, (missing) => {
    const by = new Map<number, ChunkStatement[]>();
    // A chunk whose statements are kept (read ahead, or met by a search) is filtered as the
    // query filters it, in the same order: the same rows, without a read.
    const unread: number[] = [];
    for (const k of missing) {
      const all = keptValue<readonly ChunkStatement[], number>(db, STATEMENTS, k);
      if (all) by.set(k, all.filter(holdsValue));
      else unread.push(k);
    }
    if (unread.length === 0) return by;
    for (const k of unread) by.set(k, []);
    for (const r of read.all(JSON.stringify(unread))) by.get(r.chunkId)?.push(r);
    return by;
  });
  return lists.flat();
}

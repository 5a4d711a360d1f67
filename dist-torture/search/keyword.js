import { annotationMatches } from "../indexer/annotations.js";
/**
 * Where a chunk comes from: the user's markdown, conversation transcripts, or the engine's
 * own reports (reflections/, weekly reports). Reports are searched only when asked for:
 * they restate the user's notes and would crowd them out.
 */
export const SEARCH_SOURCES = ["memory", "sessions", "reflections"];
export const DEFAULT_KEYWORD_WEIGHTS = { heading: 2, body: 1, cjk: 1 };
function filterSql(db, filters, where, params) {
    // kind 'reflection' as well as the source: an index built before reports had a source of
    // their own lists them under 'memory' until their files are re-indexed.
    if (filters.source === "reflections")
        where.push("(f.source = 'reflections' OR f.kind = 'reflection')");
    else {
        where.push("f.source <> 'reflections' AND f.kind <> 'reflection'");
        if (filters.source) {
            where.push("f.source = @source");
            params.source = filters.source;
        }
    }
    if (filters.dateFrom) {
        where.push("c.date >= @dateFrom");
        params.dateFrom = filters.dateFrom;
    }
    if (filters.dateTo) {
        where.push("c.date <= @dateTo");
        params.dateTo = filters.dateTo;
    }
    if (filters.kinds && filters.kinds.length > 0) {
        where.push(`f.kind IN (${filters.kinds.map((_, i) => `@k${i}`).join(", ")})`);
        filters.kinds.forEach((k, i) => (params[`k${i}`] = k));
    }
    annotationFilterSql(db, filters, where, params);
}
/** The annotation filters as (key, wanted value) pairs; `project` is shorthand for one of them. */
export function annotationFilters(filters) {
    const out = [];
    if (filters.project !== undefined && filters.project.trim() !== "")
        out.push(["project", filters.project]);
    for (const [k, v] of Object.entries(filters.annotations ?? {})) {
        if (typeof v === "string" && v.trim() !== "")
            out.push([k.toLowerCase(), v]);
    }
    return out;
}
/**
 * Fuzzy matching happens over the distinct stored values of a key (a few hundred at most),
 * in JS; SQL then filters chunks by the exact normalised values that matched.
 */
function annotationFilterSql(db, filters, where, params) {
    annotationFilters(filters).forEach(([key, wanted], i) => {
        const norms = db.prepare("SELECT DISTINCT norm FROM chunk_annotations WHERE key = ?").all(key)
            .map((r) => r.norm)
            .filter((n) => annotationMatches(wanted, n));
        if (norms.length === 0) {
            where.push("0");
            return;
        }
        params[`ak${i}`] = key;
        norms.forEach((n, j) => (params[`an${i}_${j}`] = n));
        where.push(`EXISTS (SELECT 1 FROM chunk_annotations a${i} WHERE a${i}.chunk_id = c.id AND a${i}.key = @ak${i} AND a${i}.norm IN (${norms.map((_, j) => `@an${i}_${j}`).join(", ")}))`);
    });
}
/** Annotations of the given chunks, grouped: chunk id → { project: ["Pharmacy App"] }. */
export function annotationsOf(db, ids) {
    const out = new Map();
    for (let i = 0; i < ids.length; i += 500) {
        const part = ids.slice(i, i + 500);
        const rows = db
            .prepare(`SELECT chunk_id AS id, key, value FROM chunk_annotations WHERE chunk_id IN (${part.map(() => "?").join(", ")}) ORDER BY rowid`)
            .all(...part);
        for (const r of rows) {
            const rec = out.get(r.id) ?? {};
            const list = (rec[r.key] ??= []);
            if (!list.includes(r.value))
                list.push(r.value);
            out.set(r.id, rec);
        }
    }
    return out;
}
const CANDIDATE_COLUMNS = `c.id AS chunkId, f.path AS path, f.kind AS kind, f.source AS source,
           c.start_line AS startLine, c.end_line AS endLine, c.heading AS heading,
           c.date AS date, c.text AS text, c.tokens AS tokens`;
/**
 * Top `limit` chunks by BM25 over the FTS5 index, filters applied. FTS5 ranks and limits
 * first and only the winners are joined to their rows, so SQLite never reads the text of
 * the thousands of other matches. Filters run after that limit, so the first pass takes
 * extra rows; when filters threw away so many that fewer than `limit` remain while more
 * matches exist, the filtered query runs in full (correct, just slower).
 */
export function keywordSearch(db, q, limit, filters = {}, w = DEFAULT_KEYWORD_WEIGHTS) {
    if (q.match === "")
        return [];
    const where = [];
    const params = { match: q.match, wh: w.heading, wb: w.body, wc: w.cjk };
    filterSql(db, filters, where, params);
    const firstPass = limit * 2 + 20;
    const rankFirst = `
    WITH top AS (
      SELECT rowid AS id, -bm25(chunks_fts, @wh, @wb, @wc) AS keyword
      FROM chunks_fts WHERE chunks_fts MATCH @match
      ORDER BY bm25(chunks_fts, @wh, @wb, @wc) LIMIT @first)
    SELECT ${CANDIDATE_COLUMNS}, top.keyword AS keyword
    FROM top JOIN chunks c ON c.id = top.id JOIN files f ON f.id = c.file_id
    WHERE ${where.join(" AND ")}
    ORDER BY top.keyword DESC LIMIT @limit`;
    const rows = db.prepare(rankFirst).all({ ...params, first: firstPass, limit });
    if (rows.length >= limit)
        return rows;
    const matches = db.prepare("SELECT count(*) AS n FROM chunks_fts WHERE chunks_fts MATCH @match").get({ match: q.match }).n;
    if (matches <= firstPass)
        return rows;
    const full = `
    SELECT ${CANDIDATE_COLUMNS},
           -bm25(chunks_fts, @wh, @wb, @wc) AS keyword
    FROM chunks_fts
    JOIN chunks c ON c.id = chunks_fts.rowid
    JOIN files f ON f.id = c.file_id
    WHERE chunks_fts MATCH @match AND ${where.join(" AND ")}
    ORDER BY bm25(chunks_fts, @wh, @wb, @wc)
    LIMIT @limit`;
    return db.prepare(full).all({ ...params, limit });
}
/** Chunks dated inside [from, to] (filters applied), newest first: a query that is only a date. */
export function datedChunks(db, from, to, limit, filters = {}) {
    const where = ["c.date >= @from", "c.date <= @to"];
    const params = { from, to, limit };
    filterSql(db, filters, where, params);
    const sql = `SELECT ${CANDIDATE_COLUMNS} FROM chunks c JOIN files f ON f.id = c.file_id
    WHERE ${where.join(" AND ")} ORDER BY c.date DESC, f.path, c.seq LIMIT @limit`;
    return db.prepare(sql).all(params);
}
/** Chunk rows for ids found by vector search, with the same filters applied. */
export function loadCandidates(db, ids, filters = {}) {
    const out = new Map();
    if (ids.length === 0)
        return out;
    const where = [];
    const params = {};
    filterSql(db, filters, where, params);
    // Chunked IN lists stay under SQLite's variable limit.
    for (let i = 0; i < ids.length; i += 500) {
        const part = ids.slice(i, i + 500);
        part.forEach((id, j) => (params[`id${j}`] = id));
        const sql = `SELECT ${CANDIDATE_COLUMNS} FROM chunks c JOIN files f ON f.id = c.file_id
      WHERE c.id IN (${part.map((_, j) => `@id${j}`).join(", ")})${where.length ? " AND " + where.join(" AND ") : ""}`;
        for (const row of db.prepare(sql).all(params))
            out.set(row.chunkId, row);
        part.forEach((_, j) => delete params[`id${j}`]);
    }
    return out;
}
//# sourceMappingURL=keyword.js.map
import { createRequire as __agentRequire } from "node:module"; const require = __agentRequire(import.meta.url);
import {
  annotationMatches
} from "./chunk-SOHIBQDK.js";

// dist/search/keyword.js
var SEARCH_SOURCES = ["memory", "sessions", "reflections"];
var DEFAULT_KEYWORD_WEIGHTS = { heading: 2, body: 1, cjk: 1 };
function filterSql(db, filters, where, params) {
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
    filters.kinds.forEach((k, i) => params[`k${i}`] = k);
  }
  annotationFilterSql(db, filters, where, params);
}
function annotationFilters(filters) {
  const out = [];
  if (filters.project !== void 0 && filters.project.trim() !== "")
    out.push(["project", filters.project]);
  for (const [k, v] of Object.entries(filters.annotations ?? {})) {
    if (typeof v === "string" && v.trim() !== "")
      out.push([k.toLowerCase(), v]);
  }
  return out;
}
function annotationFilterSql(db, filters, where, params) {
  annotationFilters(filters).forEach(([key, wanted], i) => {
    const norms = db.prepare("SELECT DISTINCT norm FROM chunk_annotations WHERE key = ?").all(key).map((r) => r.norm).filter((n) => annotationMatches(wanted, n));
    if (norms.length === 0) {
      where.push("0");
      return;
    }
    params[`ak${i}`] = key;
    norms.forEach((n, j) => params[`an${i}_${j}`] = n);
    where.push(`EXISTS (SELECT 1 FROM chunk_annotations a${i} WHERE a${i}.chunk_id = c.id AND a${i}.key = @ak${i} AND a${i}.norm IN (${norms.map((_, j) => `@an${i}_${j}`).join(", ")}))`);
  });
}
function annotationsOf(db, ids) {
  const out = /* @__PURE__ */ new Map();
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    const rows = db.prepare(`SELECT chunk_id AS id, key, value FROM chunk_annotations WHERE chunk_id IN (${part.map(() => "?").join(", ")}) ORDER BY rowid`).all(...part);
    for (const r of rows) {
      const rec = out.get(r.id) ?? {};
      const list = rec[r.key] ??= [];
      if (!list.includes(r.value))
        list.push(r.value);
      out.set(r.id, rec);
    }
  }
  return out;
}
var CANDIDATE_COLUMNS = `c.id AS chunkId, f.path AS path, f.kind AS kind, f.source AS source,
           c.start_line AS startLine, c.end_line AS endLine, c.heading AS heading,
           c.date AS date, c.text AS text, c.tokens AS tokens`;
function keywordSearch(db, q, limit, filters = {}, w = DEFAULT_KEYWORD_WEIGHTS) {
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
function datedChunks(db, from, to, limit, filters = {}) {
  const where = ["c.date >= @from", "c.date <= @to"];
  const params = { from, to, limit };
  filterSql(db, filters, where, params);
  const sql = `SELECT ${CANDIDATE_COLUMNS} FROM chunks c JOIN files f ON f.id = c.file_id
    WHERE ${where.join(" AND ")} ORDER BY c.date DESC, f.path, c.seq LIMIT @limit`;
  return db.prepare(sql).all(params);
}
function loadCandidates(db, ids, filters = {}) {
  const out = /* @__PURE__ */ new Map();
  if (ids.length === 0)
    return out;
  const where = [];
  const params = {};
  filterSql(db, filters, where, params);
  for (let i = 0; i < ids.length; i += 500) {
    const part = ids.slice(i, i + 500);
    part.forEach((id, j) => params[`id${j}`] = id);
    const sql = `SELECT ${CANDIDATE_COLUMNS} FROM chunks c JOIN files f ON f.id = c.file_id
      WHERE c.id IN (${part.map((_, j) => `@id${j}`).join(", ")})${where.length ? " AND " + where.join(" AND ") : ""}`;
    for (const row of db.prepare(sql).all(params))
      out.set(row.chunkId, row);
    part.forEach((_, j) => delete params[`id${j}`]);
  }
  return out;
}

export {
  SEARCH_SOURCES,
  annotationsOf,
  keywordSearch,
  datedChunks,
  loadCandidates
};
//# sourceMappingURL=chunk-RVKSXO2E.js.map

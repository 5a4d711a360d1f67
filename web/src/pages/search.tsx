import { useState } from "preact/hooks";
import { get } from "../api.js";
import { Bars, type Bar } from "../charts.js";
import { noteHref, Problem } from "../util.js";

interface Explain {
  bm25: number | null;
  keyword: number;
  cosine: number | null;
  vector: number;
  vectorWeight: number;
  fused: number;
  decay: number;
  dateMatch: boolean;
  dateBoost: number;
  whenBoost: number;
  coverageFactor: number;
  coverage: number;
  final: number;
  mmrPenalty: number;
  mmr: number;
  matched: string[];
  terms: string[];
  evidence: string[];
}

interface Result {
  path: string;
  startLine: number;
  endLine: number;
  heading: string;
  date: string | null;
  score: number;
  snippet: string;
  source: string;
  explain?: Explain;
}

interface NearMiss {
  path: string;
  startLine: number;
  endLine: number;
  score: number;
  matched: string[];
  coverage: number;
  cosine: number | null;
}

interface Floor {
  enabled: boolean;
  dateOnly: boolean;
  keywordCoverage: number;
  vectorCosine: number | null;
  minScore: number | null;
  candidates: number;
  passed: number;
  terms: { term: string; df: number; idf: number }[];
  nearMisses: NearMiss[];
}

interface Report {
  query: string;
  mode: string;
  results: Result[];
  reason?: string;
  explain?: { floor: Floor };
  dateRange: { from: string; to: string; text: string; mode: string } | null;
  vectors: { modelId: string | null; reason: string; missing: number; warning?: string };
  tookMs: number;
}

/** Every factor of a result's score, each on the scale it lives on. */
function factorBars(e: Explain): Bar[] {
  return [
    { label: "keyword", value: e.keyword, max: 1, hint: `BM25 ${e.bm25 === null ? "no keyword match" : e.bm25.toFixed(2)}, scaled over this query's candidates` },
    { label: "vector", value: e.vector, max: 1, hint: `cosine ${e.cosine === null ? "none" : e.cosine.toFixed(3)}` },
    { label: "fusion", value: e.fused, max: 1, hint: `${(1 - e.vectorWeight).toFixed(2)} × keyword + ${e.vectorWeight.toFixed(2)} × vector` },
    { label: "recency", value: e.decay, max: 1, hint: "recency factor of a dated note (1 for evergreen files)" },
    { label: "date boost", value: e.dateBoost, max: 2, text: `×${e.dateBoost.toFixed(2)}${e.dateMatch ? " (date matches)" : ""}` },
    { label: "when boost", value: e.whenBoost, max: 2, text: `×${e.whenBoost.toFixed(2)}` },
    { label: "coverage", value: e.coverageFactor, max: 1, text: `×${e.coverageFactor.toFixed(2)}`, hint: `${Math.round(e.coverage * 100)}% of the query's words (idf-weighted)` },
    { label: "score", value: e.final, max: 1, hint: "fusion × recency × boosts × coverage" },
    { label: "diversity", value: e.mmrPenalty, max: 1, text: `−${e.mmrPenalty.toFixed(3)}`, hint: "how much MMR held it back for resembling results above it" },
  ];
}

function Why({ e }: { e: Explain }) {
  return (
    <div class="why">
      <Bars bars={factorBars(e)} />
      <p class="muted">
        matched: {e.matched.length > 0 ? e.matched.join(", ") : "none"} ({Math.round(e.coverage * 100)}% of the words) · passed the floor by: {e.evidence.join(", ") || "—"} · ordered by {e.mmr.toFixed(3)}
      </p>
    </div>
  );
}

function ResultItem({ r }: { r: Result }) {
  const [open, setOpen] = useState(false);
  return (
    <li class="result">
      <a class="path" href={noteHref(r.path, r.startLine, r.endLine)}>
        {r.path}:{r.startLine}-{r.endLine}
      </a>
      <span class="muted">
        {r.date ? ` · ${r.date}` : ""} · {r.source} · score {r.score.toFixed(3)}
      </span>
      {r.heading ? <div class="heading">{r.heading}</div> : null}
      <p class="snippet">{r.snippet}</p>
      {r.explain ? (
        <button type="button" class="link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "hide why" : "why"}
        </button>
      ) : null}
      {open && r.explain ? <Why e={r.explain} /> : null}
    </li>
  );
}

function Empty({ report }: { report: Report }) {
  const f = report.explain?.floor;
  return (
    <div class="empty" role="status">
      <h3>Nothing relevant</h3>
      <p>{report.reason ?? "no note passed the relevance floor"}</p>
      {f ? (
        <p class="muted">
          the floor: keyword coverage ≥ {f.keywordCoverage}
          {f.vectorCosine !== null ? `, or cosine ≥ ${f.vectorCosine}` : ""}
          {f.minScore !== null ? `, score ≥ ${f.minScore}` : ""}; {f.passed} of {f.candidates} candidates passed. Terms:{" "}
          {f.terms.map((t) => `${t.term} (in ${t.df}, idf ${t.idf.toFixed(1)})`).join(", ") || "none"}
        </p>
      ) : null}
      {f && f.nearMisses.length > 0 ? (
        <>
          <h4>Near misses</h4>
          <ul>
            {f.nearMisses.map((m) => (
              <li key={`${m.path}:${m.startLine}`}>
                <a href={noteHref(m.path, m.startLine, m.endLine)}>
                  {m.path}:{m.startLine}-{m.endLine}
                </a>{" "}
                <span class="muted">
                  score {m.score.toFixed(3)}, coverage {Math.round(m.coverage * 100)}%{m.cosine !== null ? `, cosine ${m.cosine.toFixed(3)}` : ""}, matched {m.matched.join(", ") || "nothing"}
                </span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

export function SearchPage({ initial }: { initial: URLSearchParams }) {
  const [form, setForm] = useState({ q: initial.get("q") ?? "", mode: initial.get("mode") ?? "", source: initial.get("source") ?? "", from: initial.get("from") ?? "", to: initial.get("to") ?? "" });
  const [report, setReport] = useState<Report | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const run = async (e: Event) => {
    e.preventDefault();
    if (form.q.trim() === "") return;
    setBusy(true);
    setError(undefined);
    try {
      setReport(await get<Report>("search", form));
      history.replaceState(null, "", `#/search?${new URLSearchParams(Object.entries(form).filter(([, v]) => v !== "")).toString()}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const field = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.target as HTMLInputElement).value });
  return (
    <section>
      <h2>Search</h2>
      <form class="search" onSubmit={run} role="search">
        <input type="search" name="q" aria-label="query" placeholder='words, "a phrase", -excluded, last week…' value={form.q} onInput={field("q")} autoFocus />
        <button type="submit" disabled={busy}>
          Search
        </button>
        <details class="filters">
          <summary>filters</summary>
          <label>
            mode
            <select value={form.mode} onChange={field("mode")}>
              <option value="">default</option>
              <option value="hybrid">hybrid</option>
              <option value="keyword">keyword</option>
              <option value="vector">vector</option>
            </select>
          </label>
          <label>
            source
            <select value={form.source} onChange={field("source")}>
              <option value="">all</option>
              <option value="memory">memory</option>
              <option value="sessions">sessions</option>
              <option value="reflections">reflections</option>
            </select>
          </label>
          <label>
            from <input type="date" value={form.from} onInput={field("from")} />
          </label>
          <label>
            to <input type="date" value={form.to} onInput={field("to")} />
          </label>
        </details>
      </form>
      <Problem error={error} />
      {report ? (
        <div class="report">
          <p class="muted" id="search-meta">
            {report.results.length} result(s) for “{report.query}” · {report.mode} · {report.tookMs} ms{report.dateRange ? ` · dates ${report.dateRange.from}..${report.dateRange.to} (${report.dateRange.mode})` : ""}
            {report.vectors.warning ? ` · ${report.vectors.warning}` : ""}
          </p>
          {report.results.length === 0 ? (
            <Empty report={report} />
          ) : (
            <ol class="results">
              {report.results.map((r) => (
                <ResultItem key={`${r.path}:${r.startLine}`} r={r} />
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </section>
  );
}

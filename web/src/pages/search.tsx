import { useEffect, useState } from "preact/hooks";
import { get } from "../api.js";
import type { Explanation, SearchAnswer, SearchHit } from "../answers.js";
import { Bars, type Bar } from "../charts.js";
import { addressOf, holdsSecret, queryOf } from "../held-query.js";
import { noteHref, PathText, Problem, Prose, shortDay } from "../util.js";

/** A multiplier's bar: every ×-factor on one scale, ×1.00 (no change) at half width, ×2.00 full. */
const times = (label: string, value: number, hint: string, note = ""): Bar => {
  // Drawn as written: two factors that both read ×1.00 get bars of one length.
  const shown = Number(value.toFixed(2));
  return { label, value: shown, max: 2, text: `×${shown.toFixed(2)}${note}`, hint };
};

/** The signals (0 to 1), the multipliers (one shared scale), the score, and diversity's share. */
function factorBars(e: Explanation): Bar[] {
  return [
    { label: "keyword", value: e.keyword, max: 1, hint: `BM25 ${e.bm25 === null ? "no keyword match" : e.bm25.toFixed(2)}, scaled over this query's candidates` },
    { label: "vector", value: e.vector, max: 1, hint: `cosine ${e.cosine === null ? "none" : e.cosine.toFixed(3)}` },
    { label: "fusion", value: e.fused, max: 1, hint: `${(1 - e.vectorWeight).toFixed(2)} × keyword + ${e.vectorWeight.toFixed(2)} × vector` },
    times("recency", e.decay, "recency factor of a dated note (×1 for files without a date)"),
    times("date boost", e.dateBoost, "the note's date lies in the range the query names", e.dateMatch ? " (date matches)" : ""),
    times("when boost", e.whenBoost, "the query asks when, and the matching line states a time"),
    times("amount boost", e.amountBoost ?? 1, "the query asks how much, and a line with its words states an amount"),
    times("measure boost", e.measureBoost ?? 1, "the query asks how heavy, tall or far, and a line with its words states such a measure"),
    times("coverage", e.coverageFactor, `${Math.round(e.coverage * 100)}% of the query's words (idf-weighted)`),
    { label: "score", value: e.final, max: 1, hint: "fusion × recency × boosts × coverage" },
  ];
}

/** λ of the diversity step, read back from the explanation (mmr = λ × score − penalty). */
function lambdaOf(e: Explanation): number | null {
  return e.final > 0 ? (e.mmr + e.mmrPenalty) / e.final : null;
}

/**
 * Whether diversity really moved a result down: a result above it scores less. A penalty alone
 * (every result resembles the ones above a little) moves nothing.
 */
function movedDown(results: readonly SearchHit[], i: number): boolean {
  const score = results[i]!.score;
  return results.slice(0, i).some((above) => above.score < score);
}

function Why({ e, moved }: { e: Explanation; moved: boolean }) {
  const lambda = lambdaOf(e);
  const held = moved && e.mmrPenalty >= 0.0005;
  return (
    <div class="why">
      <Bars bars={factorBars(e)} />
      <p class="muted">
        The ×-factors share one scale: half a bar is ×1.00 (no change), a full bar ×2.00. matched: {e.matched.length > 0 ? e.matched.join(", ") : "none"} ({Math.round(e.coverage * 100)}% of the words) · passed the relevance floor by: {e.evidence.join(", ") || "—"}
      </p>
      <p class="muted diversity">
        {held
          ? `Moved down by diversity (${e.mmrPenalty.toFixed(3)}): it resembles a result above it, and results that add something new come first. `
          : "Not moved by diversity: no result above it scores less. "}
        {lambda !== null ? `Its place in the list comes from ${lambda.toFixed(2)} × score${held ? " − that penalty" : ""} = ${e.mmr.toFixed(3)}.` : null}
      </p>
    </div>
  );
}

function ResultItem({ r, moved, back }: { r: SearchHit; moved: boolean; back: string }) {
  const [open, setOpen] = useState(false);
  return (
    <li class="result">
      <a class="path" href={noteHref(r.path, r.startLine, r.endLine, back)}>
        <PathText path={r.path} suffix={`:${r.startLine}-${r.endLine}`} />
      </a>
      <span class="muted">
        {r.date ? ` · ${r.date}` : ""} · {r.source} · score {r.score.toFixed(3)}
        {moved ? " · placed lower: it resembles a result above" : ""}
      </span>
      {r.heading ? <div class="heading">{r.heading}</div> : null}
      {r.supersededBy ? (
        <div class="muted replaced">
          replaced on {shortDay(r.supersededBy.date)} by{" "}
          <a href={noteHref(r.supersededBy.path, r.supersededBy.line, r.supersededBy.line)}>
            {r.supersededBy.path}:{r.supersededBy.line}
          </a>
          {r.supersededBy.movedTo ? `, moved to ${r.supersededBy.movedTo}` : ""}
        </div>
      ) : null}
      {r.contradicts ? (
        <div class="muted contradicted">
          contradicted by{" "}
          {r.contradicts.map((c, i) => (
            <span key={`${c.path}:${c.line}`}>
              {i > 0 ? ", " : ""}
              <a href={noteHref(c.path, c.line, c.line)}>
                {c.path}:{c.line}
              </a>{" "}
              ({shortDay(c.date)})
            </span>
          ))}
        </div>
      ) : null}
      <p class="snippet">{r.snippet}</p>
      {r.explain ? (
        <button type="button" class="link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "hide why" : "why"}
        </button>
      ) : null}
      {open && r.explain ? <Why e={r.explain} moved={moved} /> : null}
    </li>
  );
}

function Empty({ report }: { report: SearchAnswer }) {
  const f = report.explain?.floor;
  return (
    <div class="empty" role="status">
      <h3>Nothing relevant</h3>
      <p>
        <Prose text={report.reason ?? "no note passed the relevance floor"} />
      </p>
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
  const [form, setForm] = useState({ q: queryOf(initial), mode: initial.get("mode") ?? "", source: initial.get("source") ?? "", from: initial.get("from") ?? "", to: initial.get("to") ?? "" });
  const [report, setReport] = useState<SearchAnswer | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [shownFor, setShownFor] = useState("");
  const search = async () => {
    if (form.q.trim() === "") return;
    setBusy(true);
    setError(undefined);
    try {
      setReport(await get<SearchAnswer>("search", form));
      // Taken when the search is made, not at every keystroke: a key being typed is held once.
      const asked = addressOf(form);
      setShownFor(asked);
      history.replaceState(null, "", `#/search?${asked}`);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const run = (e: Event) => {
    e.preventDefault();
    void search();
  };
  // Opened with a query (the back link from a note, browser Back, a shared address): its results again.
  useEffect(() => {
    if (form.q.trim() !== "") void search();
  }, []);
  const field = (k: keyof typeof form) => (e: Event) => setForm({ ...form, [k]: (e.target as HTMLInputElement).value });
  return (
    <section>
      <h2>Search</h2>
      <form class="search" onSubmit={run} role="search">
        <input type="search" name="q" aria-label="query" placeholder='words, "a phrase", -excluded, last week…' value={form.q} onInput={field("q")} autoComplete={holdsSecret(form.q) ? "off" : undefined} autoFocus />
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
            {report.vectors.warning ? " · " : null}
            <Prose text={report.vectors.warning} />
          </p>
          {report.spellings ? (
            <p class="muted" id="search-spelling">
              spelling: {report.spellings.map((sp) => `${sp.word} → ${sp.shown.join(", ")}`).join("; ")}
            </p>
          ) : null}
          {(report.dateNotices ?? []).map((n) => (
            <p class="muted" key={n}>
              dates: <Prose text={n} />
            </p>
          ))}
          {report.results.length === 0 ? (
            <Empty report={report} />
          ) : (
            <ol class="results">
              {report.results.map((r, i) => (
                <ResultItem key={`${r.path}:${r.startLine}`} r={r} moved={movedDown(report.results, i)} back={shownFor} />
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </section>
  );
}

import type { TruthAnswer, TruthSide } from "../answers.js";
import { Loading, noteHref, Problem, Prose, shortDay, useApi } from "../util.js";

/** One side of a pair: where it was said (a link to the line), when, and its words (text, never markup). */
function Side({ s }: { s: TruthSide }) {
  return (
    <>
      <a href={noteHref(s.path, s.line, s.line)}>
        {s.path}:{s.line}
      </a>{" "}
      <span class="muted">({shortDay(s.date)})</span>{" "}
      <q>
        <Prose text={s.text} />
      </q>
    </>
  );
}

/**
 * `agent health` on the page: what in the notes may no longer be true. The same report as the
 * CLI and the MCP memory_health tool; the engine never edits a note to fix it.
 */
export function TruthSection() {
  const { data, error, loading } = useApi<TruthAnswer>("truth");
  return (
    <div id="truth">
      <h3>Memory that may no longer be true</h3>
      <Problem error={error} />
      <Loading when={loading && !data} />
      {data ? (
        <>
          <p class="muted" id="truth-summary">
            {data.stale.length} stale fact(s) in always-loaded files · {data.contradictions.length} contradiction(s) · {data.duplicates.length} duplicate(s)
            {data.memory ? ` · MEMORY.md ${data.memory.chars} of ${data.memory.budget} characters${data.memory.over ? " (over its budget)" : ""}` : ""}
          </p>
          {data.stale.length > 0 ? (
            <>
              <h4>Stale: a later note replaced it</h4>
              <ul class="stale">
                {data.stale.map((p) => (
                  <li key={`${p.old.path}:${p.old.line}>${p.current.path}:${p.current.line}`}>
                    <Side s={p.old} /> — replaced on {shortDay(p.current.date)} by <Side s={p.current} />
                    {p.by === "person" ? <span class="muted"> (your supersedes:: mark)</span> : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {data.contradictions.length > 0 ? (
            <>
              <h4>Contradictions: both kept, neither hidden</h4>
              <ul class="contradictions">
                {data.contradictions.map((c) => (
                  <li key={`${c.a.path}:${c.a.line}|${c.b.path}:${c.b.line}`}>
                    <Side s={c.a} /> — but <Side s={c.b} />
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {data.duplicates.length > 0 ? (
            <>
              <h4>Said in several places</h4>
              <ul class="duplicates">
                {data.duplicates.map((d) => (
                  <li key={d.text}>
                    <q>
                      <Prose text={d.text} />
                    </q>{" "}
                    <span class="muted">{d.places.map((p) => `${p.path}:${p.line}`).join(", ")}</span>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

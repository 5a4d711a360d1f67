import { useEffect, useMemo, useRef } from "preact/hooks";
import type { NoteLines, NotesAnswer } from "../answers.js";
import { HeatMap } from "../charts.js";
import { shownQuery } from "../held-query.js";
import { useRenderer } from "../render.js";
import { Loading, noteHref, PathText, Problem, Prose, stamp, useApi } from "../util.js";

export function NotesPage() {
  const { data, error, loading } = useApi<NotesAnswer>("notes");
  const counts = useMemo(() => new Map((data?.calendar ?? []).map((c) => [c.date, c.chunks])), [data]);
  return (
    <section>
      <h2>Notes</h2>
      <Problem error={error} />
      <Loading when={loading && !data} />
      {data ? (
        <>
          <h3>Daily notes, one year</h3>
          <HeatMap from={data.from} to={data.to} counts={counts} onPick={(d) => (location.hash = noteHref(`memory/${d}.md`))} />
          <p class="muted">
            {data.calendar.length === 0
              ? "no daily notes yet: a file memory/YYYY-MM-DD.md (written by you, or by the flush before a conversation is compacted) fills its day here"
              : `${data.calendar.length} daily note(s) between ${data.from} and ${data.to}; a stronger colour = more in that day's note; pick a day to open it`}
          </p>
          <div class="cols">
            <div>
              <h3>Recent files</h3>
              {data.recent.length === 0 ? <p class="muted">nothing indexed yet: the notes appear here as soon as the daemon has read them</p> : null}
              <ul class="plain recent">
                {data.recent.map((f) => (
                  <li key={f.path}>
                    <a class="path" href={noteHref(f.path)}><PathText path={f.path} /></a> <span class="muted">{stamp(f.modifiedAt)} · {f.chunks} chunk(s)</span>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3>Index health</h3>
              <dl class="facts">
                <dt>files</dt>
                <dd>
                  {data.health.files} ({data.health.chunks} chunks)
                </dd>
                <dt>last index</dt>
                <dd>{stamp(data.health.lastIndexAt)}</dd>
                <dt>stale</dt>
                <dd>{data.health.stale.length === 0 ? "none" : data.health.stale.join(", ")}</dd>
                <dt>gone from disk</dt>
                <dd>{data.health.missing.length === 0 ? "none" : data.health.missing.join(", ")}</dd>
                <dt>waiting for vectors</dt>
                <dd>
                  {data.health.pendingVectors} chunk(s) ({data.health.embeddedVectors} embedded)
                </dd>
                <dt>embedder</dt>
                <dd>
                  {data.health.embedder.modelId === null ? "none (keyword-only) — " : null}
                  <Prose text={data.health.embedder.reason} />
                </dd>
                <dt>problems</dt>
                <dd>
                  {data.health.problems.length === 0 ? "none" : <Prose text={data.health.problems.map((p) => `[${p.severity}] ${p.path}: ${p.message}`).join("; ")} />}
                </dd>
              </dl>
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}

export function NotePage({ params }: { params: URLSearchParams }) {
  const path = params.get("path") ?? "";
  const from = Number(params.get("from") ?? 0);
  const to = Number(params.get("to") ?? 0);
  const { data, error, loading } = useApi<NoteLines>(path ? "note" : null, { path });
  const render = useRenderer();
  const html = useMemo(() => (data && render ? render(data.lines.join("\n"), from > 0 ? { from, to: to || from } : undefined) : ""), [data, render, from, to]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector(".hit")?.scrollIntoView({ block: "center" });
  }, [html]);
  const back = params.get("back");
  const query = back ? shownQuery(new URLSearchParams(back)) : "";
  return (
    <section>
      {back ? (
        <p class="back">
          <a href={`#/search?${back}`} id="back-to-results">
            ← back to the results{query ? ` for “${query}”` : ""}
          </a>
        </p>
      ) : null}
      <h2 class="path"><PathText path={path} /></h2>
      <Problem error={error} />
      <Loading when={loading && !data} />
      {data && render ? (
        <>
          <p class="muted">
            {data.totalLines} line(s){data.to < data.totalLines ? `; the first ${data.to} shown` : ""}
            {from > 0 ? ` · lines ${from}-${to || from} highlighted` : ""}
          </p>
          <article class="note" ref={box} dangerouslySetInnerHTML={{ __html: html }} />
        </>
      ) : null}
    </section>
  );
}

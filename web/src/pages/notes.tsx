import { useEffect, useMemo, useRef } from "preact/hooks";
import { HeatMap } from "../charts.js";
import { useRenderer } from "../render.js";
import { Loading, noteHref, Problem, stamp, useApi } from "../util.js";

interface Overview {
  calendar: { date: string; chunks: number; bytes: number }[];
  from: string;
  to: string;
  recent: { path: string; kind: string; date: string | null; modifiedAt: number; chunks: number }[];
  health: {
    files: number;
    chunks: number;
    stale: string[];
    missing: string[];
    problems: { path: string; severity: string; message: string }[];
    pendingVectors: number;
    embeddedVectors: number;
    lastIndexAt: number | null;
    embedder: { provider: string | null; modelId: string | null; reason: string };
    vectorModel: string | null;
  };
}

export function NotesPage() {
  const { data, error, loading } = useApi<Overview>("notes");
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
            {data.calendar.length} daily note(s) between {data.from} and {data.to}; darker = more chunks
          </p>
          <div class="cols">
            <div>
              <h3>Recent files</h3>
              <ul class="plain">
                {data.recent.map((f) => (
                  <li key={f.path}>
                    <a href={noteHref(f.path)}>{f.path}</a> <span class="muted">{stamp(f.modifiedAt)} · {f.chunks} chunk(s)</span>
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
                  {data.health.embedder.modelId ?? "none (keyword-only)"} — {data.health.embedder.reason}
                </dd>
                <dt>problems</dt>
                <dd>{data.health.problems.length === 0 ? "none" : data.health.problems.map((p) => `[${p.severity}] ${p.path}: ${p.message}`).join("; ")}</dd>
              </dl>
            </div>
          </div>
        </>
      ) : null}
    </section>
  );
}

interface Lines {
  rel: string;
  from: number;
  to: number;
  totalLines: number;
  lines: string[];
}

export function NotePage({ params }: { params: URLSearchParams }) {
  const path = params.get("path") ?? "";
  const from = Number(params.get("from") ?? 0);
  const to = Number(params.get("to") ?? 0);
  const { data, error, loading } = useApi<Lines>(path ? "note" : null, { path });
  const render = useRenderer();
  const html = useMemo(() => (data && render ? render(data.lines.join("\n"), from > 0 ? { from, to: to || from } : undefined) : ""), [data, render, from, to]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.querySelector(".hit")?.scrollIntoView({ block: "center" });
  }, [html]);
  return (
    <section>
      <h2 class="path">{path}</h2>
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

import { useState } from "preact/hooks";
import { duration, Loading, Problem, stamp, useApi } from "../util.js";

interface Run {
  id: number;
  job: string;
  startedAt: number;
  endedAt: number | null;
  outcome: string;
  reason: string | null;
  details: Record<string, unknown>;
}

interface InboxItem {
  id: number;
  createdAt: number;
  kind: string;
  title: string;
  body: string;
  source: string | null;
  read: boolean;
}

interface JobsData {
  runs: Run[];
  inbox: InboxItem[];
  proposal: { path: string } | null;
}

/** The reflection's own record of a run: its inputs, the model's raw replies, the decision and why. */
function ReflectionDetails({ runId }: { runId: number }) {
  const { data, error } = useApi<{ id: number; outcome: string; reason: string | null; details: Record<string, unknown> }>("jobs/reflection", { id: runId });
  return (
    <div class="panel">
      <Problem error={error} />
      {data ? (
        <>
          <p>
            decision: <strong>{data.outcome}</strong> {data.reason ? `— ${data.reason}` : ""}
          </p>
          <dl class="facts">
            {Object.entries(data.details)
              .filter(([, v]) => isShort(v))
              .map(([k, v]) => [<dt key={`t${k}`}>{k}</dt>, <dd key={`d${k}`}>{String(v)}</dd>])}
          </dl>
          {Object.entries(data.details)
            .filter(([, v]) => !isShort(v))
            .map(([k, v]) => (
              <details key={k} open={k === "decision"}>
                <summary>{k}</summary>
                <pre class="raw" tabIndex={0}>
                  {typeof v === "string" ? v : JSON.stringify(v, null, 2)}
                </pre>
              </details>
            ))}
        </>
      ) : null}
    </div>
  );
}

/** A value shown inline rather than folded away. */
function isShort(v: unknown): boolean {
  return v === null || typeof v === "number" || typeof v === "boolean" || (typeof v === "string" && v.length <= 100 && !v.includes("\n"));
}

function RunRow({ r }: { r: Run }) {
  const [open, setOpen] = useState(false);
  const reflectionId = r.job === "reflect" && typeof r.details.reflectionRun === "number" ? r.details.reflectionRun : null;
  return (
    <>
      <tr>
        <td>
          <button type="button" class="link" aria-expanded={open} onClick={() => setOpen(!open)}>
            {r.job}
          </button>
        </td>
        <td>{stamp(r.startedAt)}</td>
        <td class="num">{duration(r.endedAt === null ? null : r.endedAt - r.startedAt)}</td>
        <td>
          <span class={`badge ${r.outcome}`}>{r.outcome}</span>
        </td>
        <td>{r.reason ?? ""}</td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={5}>
            {reflectionId !== null ? <ReflectionDetails runId={reflectionId} /> : <pre class="raw">{JSON.stringify(r.details, null, 2)}</pre>}
          </td>
        </tr>
      ) : null}
    </>
  );
}

export function JobsPage() {
  const { data, error, loading } = useApi<JobsData>("jobs");
  return (
    <section>
      <h2>Jobs</h2>
      <Problem error={error} />
      <Loading when={loading && !data} />
      {data?.proposal ? (
        <p class="notice">
          a SOUL proposal waits for review: <a href="#/soul">review it</a>
        </p>
      ) : null}
      {data ? (
        <>
          <h3>Recent runs</h3>
          {data.runs.length === 0 ? (
            <p class="muted">no job runs yet</p>
          ) : (
            <div class="scroll">
              <table class="runs">
                <thead>
                  <tr>
                    <th>job</th>
                    <th>started</th>
                    <th>took</th>
                    <th>outcome</th>
                    <th>reason</th>
                  </tr>
                </thead>
                <tbody>
                  {data.runs.map((r) => (
                    <RunRow key={r.id} r={r} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h3>Inbox</h3>
          {data.inbox.length === 0 ? <p class="muted">the inbox is empty</p> : null}
          <ul class="plain">
            {data.inbox.map((i) => (
              <li key={i.id} class={i.read ? "read" : "unread"}>
                <details>
                  <summary>
                    <span class="badge">{i.kind}</span> {i.title} <span class="muted">{stamp(i.createdAt)} · {i.source ?? "—"}</span>
                  </summary>
                  <pre class="raw">{i.body}</pre>
                </details>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

import { useState } from "preact/hooks";
import type { JobRunRow, JobsAnswer, ReflectionRunAnswer } from "../answers.js";
import { useRenderer } from "../render.js";
import { duration, Facts, inWords, Loading, noteHref, Problem, Prose, stamp, useApi, words } from "../util.js";

/**
 * The reflection's facts in words: what each recorded field means to a person, its value
 * formatted (a share as a percentage, a flag as yes/no, a time as a date); fields that only
 * matter to a developer stay in the raw record below.
 */
const FACTS: Record<string, { label: string; show: (v: unknown) => string }> = {
  status: { label: "result", show: String },
  provider: { label: "model runtime", show: String },
  model: { label: "model", show: String },
  since: { label: "conversations since", show: (v) => (typeof v === "string" ? stamp(Date.parse(v)) : String(v)) },
  version: { label: "SOUL.md version", show: String },
  words: { label: "words", show: String },
  tokens: { label: "tokens (about)", show: String },
  summary: { label: "summary", show: String },
  report: { label: "in its words", show: String },
  changeShare: { label: "lines changed", show: (v) => (typeof v === "number" ? `${Math.round(v * 100)}% of SOUL.md` : String(v)) },
  firstDistillation: { label: "first reflection", show: (v) => (v ? "yes: SOUL.md was distilled for the first time" : "no") },
  mapped: { label: "SOUL.md layout", show: (v) => (v ? "mapped into its three layers for the model (the file keeps yours)" : "already in its three layers") },
};

/** A model call as recorded: its reply is text the model wrote (often JSON), shown as written. */
function isCall(v: unknown): v is { text: string } & Record<string, unknown> {
  return typeof v === "object" && v !== null && typeof (v as { text?: unknown }).text === "string";
}

/** One recorded field: a text as written, model calls as facts with their replies verbatim, anything else in words. */
function Recorded({ value }: { value: unknown }) {
  if (typeof value === "string")
    return (
      <pre class="raw" tabIndex={0}>
        {value}
      </pre>
    );
  if (Array.isArray(value) && value.length > 0 && value.every(isCall))
    return (
      <ol class="calls">
        {value.map(({ text, ...rest }, i) => (
          <li key={i}>
            {inWords(rest)}
            <pre class="raw reply" tabIndex={0} aria-label="the model's reply, as it wrote it">
              {text}
            </pre>
          </li>
        ))}
      </ol>
    );
  return <p class="raw-words">{inWords(value)}</p>;
}

/** The reflection's own record of a run: its inputs, the model's raw replies, the decision and why. */
function ReflectionDetails({ runId }: { runId: number }) {
  const { data, error } = useApi<ReflectionRunAnswer>("jobs/reflection", { id: runId });
  const details = (data?.details ?? {}) as Record<string, unknown>;
  const facts = Object.entries(details).filter(([k, v]) => FACTS[k] !== undefined && v !== null && v !== undefined && v !== "");
  const rest = Object.entries(details).filter(([k]) => FACTS[k] === undefined && k !== "reportPath");
  const reportPath = typeof details.reportPath === "string" ? details.reportPath : null;
  return (
    <div class="panel">
      <Problem error={error} />
      {data ? (
        <>
          <p>
            decision: <strong>{data.outcome}</strong> {data.reason ? "— " : ""}
            <Prose text={data.reason} />
          </p>
          <dl class="facts reflection-facts">
            {facts.map(([k, v]) => [<dt key={`t${k}`}>{FACTS[k]!.label}</dt>, <dd key={`d${k}`}>{FACTS[k]!.show(v)}</dd>])}
            {reportPath ? [<dt key="tr">report</dt>, <dd key="dr"><a href={noteHref(reportPath)}>{reportPath}</a></dd>] : null}
          </dl>
          {rest.length > 0 ? <p class="muted">the run as recorded, for a closer look:</p> : null}
          {rest.map(([k, v]) => (
            <details key={k} open={k === "decision"}>
              <summary>{words(k)}</summary>
              <Recorded value={v} />
            </details>
          ))}
        </>
      ) : null}
    </div>
  );
}

function RunRow({ r }: { r: JobRunRow }) {
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
        <td class="when">{stamp(r.startedAt)}</td>
        <td class="num">{duration(r.endedAt === null ? null : r.endedAt - r.startedAt)}</td>
        <td>
          <span class={`badge ${r.outcome}`}>{r.outcome}</span>
        </td>
        <td>
          <Prose text={r.reason} />
        </td>
      </tr>
      {open ? (
        <tr>
          <td colSpan={5}>
            {reflectionId !== null ? <ReflectionDetails runId={reflectionId} /> : <Facts record={r.details} class="facts run-facts" />}
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** An inbox message is markdown a job wrote: rendered (inert, as notes are), so no backticks or markup show. */
function InboxBody({ text }: { text: string }) {
  const render = useRenderer();
  return render ? <div class="note inbox-body" dangerouslySetInnerHTML={{ __html: render(text) }} /> : <pre class="raw">{text}</pre>;
}

export function JobsPage() {
  const { data, error, loading } = useApi<JobsAnswer>("jobs");
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
            <p class="muted">no job runs yet: the daemon runs the heartbeat inside its active hours, the reflection each night and a backup each day, and lists every run here</p>
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
          {data.inbox.length === 0 ? <p class="muted">the inbox is empty: what a job wants you to see (a proposal to review, a heartbeat alert, a weekly report) lands here</p> : null}
          <ul class="plain">
            {data.inbox.map((i) => (
              <li key={i.id} class={i.read ? "read" : "unread"}>
                <details>
                  <summary>
                    <span class="badge">{i.kind}</span> {i.title} <span class="muted">{stamp(i.createdAt)} · {i.source ?? "—"}</span>
                  </summary>
                  <InboxBody text={i.body} />
                </details>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

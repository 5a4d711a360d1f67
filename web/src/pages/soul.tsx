import { useMemo, useState } from "preact/hooks";
import { post } from "../api.js";
import type { ProposalAnswer, SoulAnswer, SoulVersionRow } from "../answers.js";
import { Diff } from "../charts.js";
import { useRenderer } from "../render.js";
import { Loading, Problem, Prose, stamp, useApi } from "../util.js";

const MARKER = /<!--\s*\/?\s*locked\s*-->/gi;

/**
 * The section a locked block holds: its own first heading when it starts with one (a lock
 * placed above "## Values" locks Values, not the section before), else the heading above it.
 */
function lockedSection(inner: string, above: string): string {
  const first = inner.split("\n").find((l) => l.trim() !== "");
  return (first !== undefined && /^#{1,6}\s/.test(first.trim()) ? first.trim() : above).replace(/^#+\s*/, "");
}

/** SOUL.md rendered in parts: the locked sections in a marked box. */
function SoulText({ view }: { view: SoulAnswer["view"] }) {
  const renderMarkdown = useRenderer();
  const parts = useMemo(() => {
    if (!renderMarkdown) return [];
    const out: { locked: boolean; heading: string; html: string }[] = [];
    let at = 0;
    for (const b of view.locked) {
      if (b.start > at) out.push({ locked: false, heading: "", html: renderMarkdown(view.text.slice(at, b.start)) });
      const inner = view.text.slice(b.start, b.end).replace(MARKER, "");
      out.push({ locked: true, heading: lockedSection(inner, b.heading), html: renderMarkdown(inner) });
      at = b.end;
    }
    if (at < view.text.length) out.push({ locked: false, heading: "", html: renderMarkdown(view.text.slice(at)) });
    return out;
  }, [view, renderMarkdown]);
  if (!view.exists) return <p class="error">SOUL.md does not exist (roll back to a version below to restore it)</p>;
  return (
    <article class="note soul">
      {parts.map((p, i) =>
        p.locked ? (
          <div key={i} class="locked">
            <span class="badge" title="reflection never changes this part">locked{p.heading ? ` · ${p.heading}` : ""}</span>
            <div dangerouslySetInnerHTML={{ __html: p.html }} />
          </div>
        ) : (
          <div key={i} dangerouslySetInnerHTML={{ __html: p.html }} />
        ),
      )}
      {view.lockProblems.map((p) => (
        <p key={p} class="error">
          {p}
        </p>
      ))}
    </article>
  );
}

function ProposalPanel({ p, act }: { p: ProposalAnswer; act: (path: string, body?: Record<string, unknown>) => Promise<void> }) {
  const [reason, setReason] = useState("");
  const renderMarkdown = useRenderer();
  return (
    <div class="panel proposal" id="proposal">
      <h3>Pending proposal</h3>
      <p class="muted">
        {p.path} · {p.words} words{p.runId !== null ? ` · reflection run ${p.runId}` : ""}
        {p.createdAt ? ` · ${stamp(p.createdAt)}` : ""}
      </p>
      {p.reason ? <p>
          <strong>Held back because:</strong> <Prose text={p.reason} />
        </p> : null}
      {p.editedSinceRun ? <p class="muted">the file was edited by hand since the run wrote it</p> : null}
      {p.summary ? <p>{p.summary}</p> : null}
      {p.report && renderMarkdown ? <div class="note" dangerouslySetInnerHTML={{ __html: renderMarkdown(p.report) }} /> : null}
      <Diff text={p.diff} />
      <div class="actions">
        <button type="button" class="primary" onClick={() => act("soul/accept")}>
          Accept
        </button>
        <input aria-label="reason for rejecting" placeholder="reason (optional)" value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
        <button type="button" onClick={() => act("soul/reject", reason.trim() ? { reason: reason.trim() } : {})}>
          Reject
        </button>
      </div>
    </div>
  );
}

function Timeline({ versions, current, act }: { versions: SoulVersionRow[]; current: number | null; act: (path: string, body?: Record<string, unknown>) => Promise<void> }) {
  return (
    <div class="scroll">
    <table class="timeline">
      <thead>
        <tr>
          <th>#</th>
          <th>when</th>
          <th>by</th>
          <th>words</th>
          <th>change</th>
          <th>summary</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {[...versions].reverse().map((v, i, all) => {
          const prev = all[i + 1];
          const delta = prev ? v.words - prev.words : v.words;
          return (
            <tr key={v.number} class={v.number === current ? "current" : ""}>
              <td>{v.number}</td>
              <td class="when">{stamp(v.createdAt)}</td>
              <td>
                {v.author === "reflection" ? "reflection" : "you"}
                {v.origin !== v.author ? <span class="muted"> ({v.origin})</span> : null}
              </td>
              <td class="num">{v.words}</td>
              <td class="num">{delta >= 0 ? `+${delta}` : delta}</td>
              <td>{v.summary}</td>
              <td>
                {v.number === current ? (
                  <span class="badge">on disk</span>
                ) : (
                  <button type="button" class="small" onClick={() => act("soul/rollback", { n: v.number })}>
                    Roll back to {v.number}
                  </button>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
    </div>
  );
}

function DiffPicker({ versions }: { versions: SoulVersionRow[] }) {
  const last = versions[versions.length - 1]?.number;
  const [a, setA] = useState(last !== undefined ? String(last) : "");
  const [b, setB] = useState("current");
  const { data, error } = useApi<{ diff: string }>(a && b ? "soul/diff" : null, { a, b });
  const options = [...versions.map((v) => String(v.number)).reverse(), "current"];
  const pick = (set: (v: string) => void) => (e: Event) => set((e.target as HTMLSelectElement).value);
  return (
    <div>
      <label>
        from{" "}
        <select value={a} onChange={pick(setA)}>
          {options.map((o) => (
            <option key={o} value={o}>
              {o === "current" ? "SOUL.md on disk" : `version ${o}`}
            </option>
          ))}
        </select>
      </label>{" "}
      <label>
        to{" "}
        <select value={b} onChange={pick(setB)}>
          {options.map((o) => (
            <option key={o} value={o}>
              {o === "current" ? "SOUL.md on disk" : `version ${o}`}
            </option>
          ))}
        </select>
      </label>
      <Problem error={error} />
      {data ? <Diff text={data.diff} /> : null}
    </div>
  );
}

export function SoulPage() {
  const { data, error, loading, reload } = useApi<SoulAnswer>("soul");
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();
  const [message, setMessage] = useState("");
  const act = async (path: string, body: Record<string, unknown> = {}) => {
    try {
      const r = await post<Record<string, unknown>>(path, body);
      setNote({ ok: true, text: describe(path, r) });
    } catch (e) {
      setNote({ ok: false, text: e instanceof Error ? e.message : String(e) });
    }
    reload();
  };
  return (
    <section>
      <h2>SOUL</h2>
      {note ? (
        <p class={note.ok ? "notice" : "error"} role="status" id="soul-status">
          <Prose text={note.text} />
        </p>
      ) : null}
      <Problem error={error} />
      <Loading when={loading && !data} />
      {data ? (
        <>
          {data.proposal ? <ProposalPanel p={data.proposal} act={act} /> : <p class="muted">no proposal waits for review: when a nightly reflection wants to change more than its budget allows, its proposal appears here to accept or reject</p>}
          <h3>SOUL.md{data.log.current.matchesVersion !== null ? ` (version ${data.log.current.matchesVersion})` : data.log.versions.length > 0 ? " (edited since the last version)" : ""}</h3>
          <SoulText view={data.view} />
          <div class="actions">
            <input aria-label="why (saved with the version)" placeholder="why (optional)" value={message} onInput={(e) => setMessage((e.target as HTMLInputElement).value)} />
            <button type="button" onClick={() => act("soul/save", message.trim() ? { message: message.trim() } : {})}>
              Save current as a version
            </button>
          </div>
          <h3>Versions</h3>
          {data.log.versions.length === 0 ? <p class="muted">no versions yet: the first reflection (or “Save current as a version”) records SOUL.md as version 1</p> : <Timeline versions={data.log.versions} current={data.log.current.matchesVersion} act={act} />}
          <h3>Compare</h3>
          <DiffPicker versions={data.log.versions} />
        </>
      ) : null}
    </section>
  );
}

function describe(path: string, r: Record<string, unknown>): string {
  const base = r.baseline !== undefined ? ` (your edits were saved first as version ${String(r.baseline)})` : "";
  if (path === "soul/accept") return `proposal accepted: SOUL.md is now version ${String(r.version)}${base}`;
  if (path === "soul/reject") return "proposal rejected; the reason is kept for the next reflection";
  if (path === "soul/save") return r.unchanged ? `SOUL.md is already version ${String(r.version)}` : `saved as version ${String(r.version)}`;
  return r.unchanged ? `SOUL.md already has version ${String(r.restoredFrom)}'s content` : `rolled back to version ${String(r.restoredFrom)} (recorded as version ${String(r.version)})${base}`;
}

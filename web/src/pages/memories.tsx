import { useState } from "preact/hooks";
import { post } from "../api.js";
import type { MemoriesAnswer, MemoryRowData, StrengthAnswer } from "../answers.js";
import { LinePlot } from "../charts.js";
import { day, Loading, Problem, Prose, stamp, useApi } from "../util.js";

const TYPES = ["", "lesson_learned", "pattern_recognized", "relationship_event", "failure", "triumph", "user_preference", "system_knowledge", "decision_record", "process_note", "personality_moment"];

/** The source's keys in words ("runId 1" reads "run 1"). */
const SOURCE_WORDS: Record<string, string> = { runId: "run", sessions: "conversations", session: "conversation", path: "note" };

function sourceText(s: MemoryRowData["source"]): string {
  const parts = Object.entries(s).map(([k, v]) => (k === "kind" ? String(v) : `${SOURCE_WORDS[k] ?? k} ${Array.isArray(v) ? v.join(", ") : String(v)}`));
  return parts.join(", ") || "—";
}

function StrengthOf({ id }: { id: number }) {
  const { data, error } = useApi<StrengthAnswer>("memories/strength", { id });
  return (
    <div class="panel">
      <Problem error={error} />
      {data ? (
        <LinePlot
          label={`strength of memory ${id} over time`}
          series={[{ name: `#${id} vividness`, points: data.points.map((p) => [p.at, p.vividness]) }]}
          markers={data.events.map((e) => ({ x: e.at, label: `${e.kind} ${stamp(e.at)} (${e.vividness.toFixed(2)})` }))}
        />
      ) : null}
      {data ? <p class="muted">{data.events.map((e) => `${e.kind} ${day(e.at)}`).join(" · ")}</p> : null}
    </div>
  );
}

function MemoryRow({ m, act, open, toggle }: { m: MemoryRowData; act: (action: string, id: number) => void; open: boolean; toggle: () => void }) {
  const actions = m.archivedAt !== null ? ["restore"] : [m.pinned ? "unpin" : "pin", "forget"];
  return (
    <li class="memory" data-id={m.id}>
      <div class="memory-head">
        <button type="button" class="link" aria-expanded={open} onClick={toggle}>
          #{m.id}
        </button>{" "}
        <span class="badge">{m.type}</span> {m.pinned ? <span class="badge">pinned</span> : null} <span class="muted">{m.domain}</span>
        <span class="meter" title={`vividness ${m.vividNow.toFixed(2)}`}>
          <span class="bar" style={{ width: `${Math.round(m.vividNow * 100)}%` }} />
        </span>
      </div>
      <p>{m.content}</p>
      <p class="muted">
        significance {m.significance.toFixed(2)} · vividness {m.vividNow.toFixed(2)} · last recalled {m.lastRecalledAt ? day(m.lastRecalledAt) : "never"} ({m.recallCount}×) · since {day(m.createdAt)} · source {sourceText(m.source)}
        {m.archiveReason ? ` · ${m.archiveReason}` : ""}
      </p>
      <div class="actions">
        {actions.map((a) => (
          <button key={a} type="button" class="small" onClick={() => act(a, m.id)}>
            {a}
          </button>
        ))}
      </div>
      {open ? <StrengthOf id={m.id} /> : null}
    </li>
  );
}

export function MemoriesPage() {
  const [type, setType] = useState("");
  const [faded, setFaded] = useState(false);
  const [text, setText] = useState("");
  const [openId, setOpenId] = useState<number | null>(null);
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>();
  const { data, error, loading, reload } = useApi<MemoriesAnswer>("memories", { type, faded: faded ? "1" : "0" });
  const act = async (action: string, id: number) => {
    try {
      const r = await post<{ message: string }>("memories/change", { action, id });
      setNote({ ok: true, text: r.message });
    } catch (e) {
      setNote({ ok: false, text: e instanceof Error ? e.message : String(e) });
    }
    reload();
  };
  const shown = (data?.memories ?? []).filter((m) => text === "" || m.content.toLowerCase().includes(text.toLowerCase()));
  return (
    <section>
      <h2>Memories</h2>
      {data && data.overview.days.every((d) => d.active === 0) ? (
        <p class="muted" id="memories-plot-empty">
          no memories yet: the nightly reflection forms them from your conversations (lessons, preferences, decisions); how vivid they stay over 90 days is drawn here
        </p>
      ) : data ? (
        <LinePlot
          label="all memories' strength over 90 days"
          series={[{ name: "mean vividness", points: sinceFirst(data.overview.days).map((d) => [d.at, d.mean]) }, { name: `number of memories (top = ${Math.max(1, ...data.overview.days.map((d) => d.active))})`, cls: "alt", points: scaled(sinceFirst(data.overview.days)) }]}
        />
      ) : null}
      <div class="toolbar">
        <label>
          type{" "}
          <select value={type} onChange={(e) => setType((e.target as HTMLSelectElement).value)}>
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t || "all"}
              </option>
            ))}
          </select>
        </label>
        <label>
          <input type="checkbox" checked={faded} onChange={(e) => setFaded((e.target as HTMLInputElement).checked)} /> archive
        </label>
        <input type="search" aria-label="filter memories" placeholder="filter" value={text} onInput={(e) => setText((e.target as HTMLInputElement).value)} />
      </div>
      {note ? (
        <p class={note.ok ? "notice" : "error"} role="status" id="memory-status">
          <Prose text={note.text} />
        </p>
      ) : null}
      <Problem error={error} />
      <Loading when={loading && !data} />
      {data && shown.length === 0 ? <EmptyList faded={faded} filtered={text !== ""} said={data.overview.days.every((d) => d.active === 0)} /> : null}
      <ul class="plain">
        {shown.map((m) => (
          <MemoryRow key={m.id} m={m} act={act} open={openId === m.id} toggle={() => setOpenId(openId === m.id ? null : m.id)} />
        ))}
      </ul>
    </section>
  );
}

/** The days from the first memory on: before it there is nothing to draw (not a line at zero). */
function sinceFirst<D extends { active: number }>(days: D[]): D[] {
  const first = days.findIndex((d) => d.active > 0);
  return first < 0 ? [] : days.slice(first);
}

function scaled(days: { at: number; active: number }[]): [number, number][] {
  const max = Math.max(1, ...days.map((d) => d.active));
  return days.map((d) => [d.at, d.active / max]);
}

/** Why the list is empty, said once: the plot above already says "no memories yet" when there are none at all. */
function EmptyList({ faded, filtered, said }: { faded: boolean; filtered: boolean; said: boolean }) {
  if (faded) return <p class="muted">the archive is empty</p>;
  if (filtered) return <p class="muted">no memory matches the filter</p>;
  return said ? null : <p class="muted">no memories of this type yet</p>;
}

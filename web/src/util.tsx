import { createContext } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import { get } from "./api.js";

/** Bumped whenever the daemon says something changed (live updates). */
export const LiveTick = createContext(0);

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  reload: () => void;
}

/** Loads an API route; again when its parameters change, when `live` and the workspace changed, or on reload(). */
export function useApi<T>(path: string | null, params: Record<string, string | number | undefined> = {}, live = true): Loaded<T> {
  const tick = useContext(LiveTick);
  const [state, setState] = useState<{ data: T | undefined; error: string | undefined; loading: boolean }>({ data: undefined, error: undefined, loading: path !== null });
  const [n, setN] = useState(0);
  const key = JSON.stringify([path, params]);
  useEffect(() => {
    if (path === null) return;
    let gone = false;
    setState((s) => ({ ...s, loading: true }));
    get<T>(path, params).then(
      (data) => !gone && setState({ data, error: undefined, loading: false }),
      (e: unknown) => !gone && setState((s) => ({ data: s.data, error: e instanceof Error ? e.message : String(e), loading: false })),
    );
    return () => {
      gone = true;
    };
  }, [key, n, live ? tick : 0]);
  return { ...state, reload: () => setN((x) => x + 1) };
}

export function day(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  const d = new Date(ms);
  const p = (x: number) => String(x).padStart(2, "0");
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-23" as "23 Nov" (this year) or "23 Nov 2025"; anything else as given. */
export function shortDay(iso: string | null | undefined, nowMs = Date.now()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? "");
  if (!m) return iso ?? "";
  const name = MONTH_NAMES[Number(m[2]) - 1];
  if (!name) return iso ?? "";
  const year = Number(m[1]) === new Date(nowMs).getFullYear() ? "" : ` ${m[1]}`;
  return `${Number(m[3])} ${name}${year}`;
}

export function stamp(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return "—";
  const d = new Date(ms);
  const p = (x: number) => String(x).padStart(2, "0");
  return `${day(ms)} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

export function duration(ms: number | null): string {
  if (ms === null) return "running";
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  return `${Math.round(ms / 60_000)} min`;
}

/** A note's address; `back` is the search it was opened from (its query string), for the way back. */
export function noteHref(path: string, from?: number, to?: number, back?: string): string {
  const q = new URLSearchParams({ path });
  if (from !== undefined) q.set("from", String(from));
  if (to !== undefined) q.set("to", String(to));
  if (back) q.set("back", back);
  return `#/note?${q.toString()}`;
}

export function Problem({ error }: { error: string | undefined }) {
  return error ? (
    <p class="error" role="alert">
      <Prose text={error} />
    </p>
  ) : null;
}

export function Loading({ when }: { when: boolean }) {
  return when ? <p class="muted" aria-live="polite">loading…</p> : null;
}

/** An ISO timestamp inside a message (`2026-11-28T23:50:40.216Z`), shown as a local date and time. */
const ISO_STAMP = /\b\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:Z|[+-]\d\d:?\d\d)?/g;

/** A message from the engine for a person: ISO timestamps as dates, `commands` as code, never backticks. */
export function Prose({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  const parts = text.split(/`([^`\n]+)`/);
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : plainDates(part)))}
    </>
  );
}

/** A string with its ISO timestamps as local dates and times (a date alone stays as written). */
export function plainDates(text: string): string {
  return text.replace(ISO_STAMP, (iso) => {
    const ms = Date.parse(iso);
    return Number.isNaN(ms) ? iso : stamp(ms);
  });
}

/** A recorded value in words: yes/no, none, dates and times, lists and nested records as phrases. */
export function inWords(v: unknown): string {
  if (v === null || v === undefined || v === "") return "none";
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "string") return plainDates(v).replace(/`/g, "");
  if (typeof v === "number") return String(v);
  if (Array.isArray(v)) return v.length === 0 ? "none" : v.map(inWords).join(", ");
  if (typeof v === "object") return Object.entries(v as Record<string, unknown>).map(([k, x]) => `${words(k)} ${inWords(x)}`).join("; ");
  return String(v);
}

/** A record's key as words: `changeShare` → "change share", `last_run` → "last run". */
export function words(key: string): string {
  return key.replace(/[_-]+/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
}

/** A job's or check's recorded details as a list of facts in words, never as JSON. */
export function Facts({ record, class: cls = "facts" }: { record: Record<string, unknown>; class?: string }) {
  const entries = Object.entries(record);
  if (entries.length === 0) return <p class="muted">nothing more was recorded</p>;
  return (
    <dl class={cls}>
      {entries.map(([k, v]) => [<dt key={`t${k}`}>{words(k)}</dt>, <dd key={`d${k}`}>{inWords(v)}</dd>])}
    </dl>
  );
}

/**
 * A workspace path that wraps between its folders: on a phone a long path breaks after a slash
 * ("…/raised-beds/" | "north-fence/…"), not at a hyphen or in the middle of a name. Each name
 * with its slash is one box (`.seg`) the line breaks around; a name too long for the whole line
 * still wraps inside its box. `suffix` (":12-14") stays with the last name.
 */
export function PathText({ path, suffix = "" }: { path: string; suffix?: string }) {
  const parts = path.split("/");
  return (
    <>
      {parts.map((p, i) => (
        <span class="seg" key={i}>
          {i < parts.length - 1 ? `${p}/` : `${p}${suffix}`}
        </span>
      ))}
    </>
  );
}

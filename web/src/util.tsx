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

export function noteHref(path: string, from?: number, to?: number): string {
  const q = new URLSearchParams({ path });
  if (from !== undefined) q.set("from", String(from));
  if (to !== undefined) q.set("to", String(to));
  return `#/note?${q.toString()}`;
}

export function Problem({ error }: { error: string | undefined }) {
  return error ? (
    <p class="error" role="alert">
      {error}
    </p>
  ) : null;
}

export function Loading({ when }: { when: boolean }) {
  return when ? <p class="muted" aria-live="polite">loading…</p> : null;
}

/**
 * A memory's strength (vividness) over time, rebuilt from what the state database keeps: when
 * it formed, each recall, its last reinforcement, and when it was archived. Pure functions of
 * those moments and the fade rule (fade.ts), so the same history always draws the same curve.
 *
 * The rebuild is exact for the recalls (each refreshes vividness and slows later fading) and
 * the last reinforcement (vividness back to 1); earlier reinforcements are not recorded, and a
 * pin counts from the last stored vividness (when it was pinned is not recorded either).
 */
import { refreshOnRecall, vividnessAfter } from "./fade.js";
import { DAY_MS, type Memory } from "./types.js";

export type StrengthEventKind = "formed" | "recalled" | "reinforced" | "archived" | "now";

export interface StrengthPoint {
  at: number;
  vividness: number;
}

export interface StrengthEvent {
  at: number;
  kind: StrengthEventKind;
  vividness: number;
}

export interface StrengthCurve {
  id: number;
  points: StrengthPoint[];
  events: StrengthEvent[];
}

/** Samples per curve at most: enough for a small plot, never thousands of points. */
const MAX_POINTS = 120;

interface Moment {
  at: number;
  kind: StrengthEventKind;
}

/** The moments that change a memory's vividness, oldest first, ending at its archive or `now`. */
function momentsOf(m: Memory, recalls: readonly number[], now: number): Moment[] {
  const end = m.archivedAt ?? now;
  const out: Moment[] = recalls.filter((t) => t > m.createdAt && t <= end).map((at) => ({ at, kind: "recalled" as const }));
  if (m.lastReinforcedAt !== null && m.lastReinforcedAt > m.createdAt && m.lastReinforcedAt <= end) out.push({ at: m.lastReinforcedAt, kind: "reinforced" });
  out.sort((a, b) => a.at - b.at);
  out.push({ at: end, kind: m.archivedAt !== null ? "archived" : "now" });
  return out;
}

/** The strength curve of one memory from its formation to its archive (or `now`). */
export function strengthCurve(m: Memory, recalls: readonly number[], now: number): StrengthCurve {
  const moments = momentsOf(m, recalls, now);
  const end = moments[moments.length - 1]!.at;
  const step = Math.max(DAY_MS / 24, (end - m.createdAt) / MAX_POINTS);
  const points: StrengthPoint[] = [];
  const events: StrengthEvent[] = [{ at: m.createdAt, kind: "formed", vividness: 1 }];
  let v = 1;
  let since = m.createdAt;
  let recallCount = 0;
  const at = (t: number) => vividnessAfter(v, (t - since) / DAY_MS, { type: m.type, significance: m.significance, recallCount, pinned: m.pinned });
  let t = m.createdAt;
  for (const moment of moments) {
    for (; t < moment.at; t += step) points.push({ at: t, vividness: at(t) });
    const before = at(moment.at);
    if (moment.kind === "recalled") {
      v = refreshOnRecall(before);
      recallCount++;
    } else if (moment.kind === "reinforced") {
      v = 1;
    } else {
      v = before;
    }
    since = moment.at;
    points.push({ at: moment.at, vividness: v });
    events.push({ at: moment.at, kind: moment.kind, vividness: v });
  }
  return { id: m.id, points, events };
}

export interface StrengthOverview {
  /** One point per day: the mean vividness of the memories that existed then, and how many did. */
  days: { at: number; mean: number; active: number }[];
}

/** All memories' strength over the last `days` days, one point per day (archived ones count until archived). */
export function strengthOverview(curves: readonly StrengthCurve[], now: number, days: number): StrengthOverview {
  const out: StrengthOverview["days"] = [];
  for (let d = days; d >= 0; d--) {
    const t = now - d * DAY_MS;
    let sum = 0;
    let n = 0;
    for (const c of curves) {
      const v = valueAt(c, t);
      if (v === null) continue;
      sum += v;
      n++;
    }
    out.push({ at: t, mean: n === 0 ? 0 : sum / n, active: n });
  }
  return { days: out };
}

/** The curve's value at `t` (the last sample at or before it), or null outside its life. */
function valueAt(c: StrengthCurve, t: number): number | null {
  const first = c.points[0];
  const last = c.points[c.points.length - 1];
  if (!first || !last || t < first.at || t > last.at) return null;
  let lo = 0;
  let hi = c.points.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (c.points[mid]!.at <= t) lo = mid;
    else hi = mid - 1;
  }
  return c.points[lo]!.vividness;
}

import { useState } from "preact/hooks";
import type { PersonalityAnswer, SnapshotData } from "../answers.js";
import { LinePlot } from "../charts.js";
import { day, Loading, noteHref, Problem, useApi } from "../util.js";

const TITLES: Record<string, string> = { workStyle: "work style", riskTolerance: "risk tolerance", socialOrientation: "social orientation", learningStyle: "learning style", stressResponse: "stress response" };

export function PersonalityPage() {
  const { data, error, loading } = useApi<PersonalityAnswer>("personality");
  const [pick, setPick] = useState<number | null>(null);
  const snaps = (data?.snapshots ?? []) as SnapshotData[];
  const chosen = snaps.find((s) => s.id === pick) ?? snaps[0];
  const oldestFirst = [...snaps].reverse();
  const names = Object.keys(TITLES);
  return (
    <section>
      <h2>Personality</h2>
      <Problem error={error} />
      <Loading when={loading && !data} />
      {data && snaps.length === 0 ? <p class="muted">no snapshots yet: the weekly evolution takes one each week (or run `agent snapshot` now); the traits and how they drift appear here</p> : null}
      {snaps.length > 0 ? (
        <>
          <h3>Drift</h3>
          <LinePlot
            label="trait scores over time"
            series={names.map((n, i) => ({ name: TITLES[n]!, cls: `s${i}`, points: oldestFirst.filter((s) => s.traits[n]).map((s) => [s.createdAt, s.traits[n]!.score] as [number, number]) }))}
            markers={oldestFirst.filter((s) => s.drift.length > 0).map((s) => ({ x: s.createdAt, label: `${s.week}: ${s.drift.map((d) => `${TITLES[d.trait] ?? d.trait} ${d.delta > 0 ? "+" : ""}${d.delta.toFixed(2)}`).join(", ")}` }))}
          />
          <label>
            snapshot{" "}
            <select value={chosen ? String(chosen.id) : ""} onChange={(e) => setPick(Number((e.target as HTMLSelectElement).value))}>
              {snaps.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.week} · {day(s.createdAt)} ({s.trigger})
                </option>
              ))}
            </select>
          </label>
          {chosen ? <SnapshotView s={chosen} /> : null}
          <h3>Weekly reports</h3>
          <ul class="plain">
            {snaps
              .filter((s) => s.reportPath)
              .map((s) => (
                <li key={s.id}>
                  <a href={noteHref(s.reportPath!)}>{s.reportPath}</a> <span class="muted">{s.week}</span>
                </li>
              ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

function SnapshotView({ s }: { s: SnapshotData }) {
  return (
    <div class="panel">
      <h4>Who I am now</h4>
      <p class="narrative">{s.narrative}</p>
      <p class="muted">narrative by {s.narrativeBy}</p>
      <table class="traits">
        <tbody>
          {Object.entries(s.traits).map(([k, t]) => (
            <tr key={k}>
              <th scope="row">{TITLES[k] ?? k}</th>
              <td>{t.label}</td>
              <td class="bar-cell">
                <span class="bar" style={{ width: `${Math.round(t.score * 100)}%` }} />
              </td>
              <td class="num">{t.score.toFixed(2)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {s.drift.length === 0 ? (
        <p class="muted">no drift since the snapshot before</p>
      ) : (
        <ul>
          {s.drift.map((d) => (
            <li key={d.trait}>
              {TITLES[d.trait] ?? d.trait}: {d.from.label} ({d.from.score.toFixed(2)}) → {d.to.label} ({d.to.score.toFixed(2)}){d.evidence.length > 0 ? ` — ${d.evidence.join("; ")}` : ""}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

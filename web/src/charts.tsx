/** Small charts drawn as SVG or plain boxes: no chart library, nothing fetched. */
import { useEffect, useRef } from "preact/hooks";
import { day } from "./util.js";

export interface Bar {
  label: string;
  value: number;
  /** What the bar's full width stands for. */
  max: number;
  /** The number as written beside the bar (default value to 3 places). */
  text?: string;
  hint?: string;
}

export function Bars({ bars }: { bars: Bar[] }) {
  return (
    <table class="bars">
      <tbody>
        {bars.map((b) => (
          <tr key={b.label} title={b.hint}>
            <th scope="row">{b.label}</th>
            <td class="bar-cell">
              <span class="bar" style={{ width: `${Math.max(0, Math.min(1, b.max > 0 ? b.value / b.max : 0)) * 100}%` }} />
            </td>
            <td class="num">{b.text ?? b.value.toFixed(3)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export interface Series {
  name: string;
  points: [number, number][];
  cls?: string;
}

export interface Marker {
  x: number;
  label: string;
}

/** A line plot over time (x in ms) with y from 0 to yMax; markers are small labelled ticks. */
export function LinePlot({ series, yMax = 1, markers = [], label }: { series: Series[]; yMax?: number; markers?: Marker[]; label: string }) {
  const W = 600;
  const H = 160;
  const P = 24;
  const xs = series.flatMap((s) => s.points.map((p) => p[0]));
  if (xs.length === 0) return <p class="muted">nothing to plot yet</p>;
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs, x0 + 1);
  const sx = (x: number) => P + ((x - x0) / (x1 - x0)) * (W - 2 * P);
  const sy = (y: number) => H - P - (Math.max(0, Math.min(yMax, y)) / yMax) * (H - 2 * P);
  return (
    <figure class="plot">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label}>
        <line class="axis" x1={P} y1={H - P} x2={W - P} y2={H - P} />
        <line class="axis" x1={P} y1={P} x2={P} y2={H - P} />
        <text class="tick" x={2} y={P + 4}>
          {yMax}
        </text>
        <text class="tick" x={2} y={H - P}>
          0
        </text>
        <text class="tick" x={P} y={H - 6}>
          {day(x0)}
        </text>
        <text class="tick end" x={W - P} y={H - 6}>
          {day(x1)}
        </text>
        {markers.map((m, i) => (
          <g key={i}>
            <line class="marker" x1={sx(m.x)} y1={P} x2={sx(m.x)} y2={H - P} />
            <title>{m.label}</title>
          </g>
        ))}
        {series.map((s) => (
          <polyline key={s.name} class={`line ${s.cls ?? ""}`} points={s.points.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(" ")}>
            <title>{s.name}</title>
          </polyline>
        ))}
      </svg>
      <figcaption>
        {series.map((s) => (
          <span key={s.name} class={`legend ${s.cls ?? ""}`}>
            {s.name}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Room for the weekday labels (left) and the month labels (top), in the grid's units. */
const HEAT_LEFT = 24;
const HEAT_TOP = 14;

/**
 * A year of days as a grid of weeks (columns) by weekday (rows, Sunday first), labelled with
 * the months above and Mon/Wed/Fri beside; darker = more in that day's note. On a narrow
 * screen it keeps readable cells and scrolls sideways, showing the latest weeks first.
 */
export function HeatMap({ from, to, counts, onPick }: { from: string; to: string; counts: Map<string, number>; onPick: (date: string) => void }) {
  const start = new Date(`${from}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() - start.getUTCDay());
  const end = new Date(`${to}T00:00:00Z`).getTime();
  const max = Math.max(1, ...counts.values());
  const cells: { date: string; x: number; y: number; n: number }[] = [];
  const months: { x: number; label: string }[] = [];
  for (let t = start.getTime(), i = 0; t <= end; t += 86_400_000, i++) {
    const d = new Date(t);
    const date = d.toISOString().slice(0, 10);
    const x = Math.floor(i / 7);
    cells.push({ date, x, y: i % 7, n: counts.get(date) ?? 0 });
    // A month is labelled over the week holding its first day (skipped when too near the last label).
    if (d.getUTCDate() === 1 && (months.length === 0 || x - months[months.length - 1]!.x >= 3)) months.push({ x, label: MONTHS[d.getUTCMonth()]! });
  }
  const weeks = (cells[cells.length - 1]?.x ?? 0) + 1;
  const level = (n: number) => (n === 0 ? 0 : Math.min(4, 1 + Math.floor((n / max) * 3.999)));
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The latest weeks matter most: a phone shows them first.
    if (box.current) box.current.scrollLeft = box.current.scrollWidth;
  }, [from, to]);
  return (
    <div class="heat-wrap" ref={box}>
      <svg class="heat" viewBox={`0 0 ${HEAT_LEFT + weeks * 12} ${HEAT_TOP + 7 * 12}`} role="img" aria-label={`daily notes from ${from} to ${to}`}>
        {months.map((m) => (
          <text key={`m${m.x}`} class="tick month" x={HEAT_LEFT + m.x * 12} y={10}>
            {m.label}
          </text>
        ))}
        {[
          [1, "Mon"],
          [3, "Wed"],
          [5, "Fri"],
        ].map(([row, label]) => (
          <text key={String(label)} class="tick weekday" x={0} y={HEAT_TOP + (row as number) * 12 + 9}>
            {label}
          </text>
        ))}
        {cells.map((c) => (
          <rect key={c.date} class={`l${level(c.n)}`} x={HEAT_LEFT + c.x * 12} y={HEAT_TOP + c.y * 12} width={10} height={10} rx={2} onClick={c.n > 0 ? () => onPick(c.date) : undefined}
            tabIndex={c.n > 0 ? 0 : undefined}
            onKeyDown={c.n > 0 ? (e) => (e.key === "Enter" || e.key === " ") && onPick(c.date) : undefined}
          >
            <title>{`${c.date}: ${c.n === 0 ? "no note" : `${c.n} chunk(s)`}`}</title>
          </rect>
        ))}
      </svg>
    </div>
  );
}

/** A unified diff, coloured by line. */
export function Diff({ text }: { text: string }) {
  if (text === "") return <p class="muted">no differences</p>;
  return (
    <pre class="diff" tabIndex={0}>
      {text.split("\n").map((line, i) => (
        <span key={i} class={line.startsWith("+") && !line.startsWith("+++") ? "add" : line.startsWith("-") && !line.startsWith("---") ? "del" : line.startsWith("@@") ? "hunk" : "same"}>
          {line === "" ? " " : line}
        </span>
      ))}
    </pre>
  );
}

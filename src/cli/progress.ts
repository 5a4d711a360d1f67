import cliProgress from "cli-progress";

export interface Progress {
  update(done: number, total: number, label?: string): void;
  stop(): void;
}

export interface ProgressOptions {
  /** What is counted ("files", "chunks", "MB"). */
  unit?: string;
  /** Without a terminal: print the first update at once ("embedding 0/4,397 chunks") rather than after the first interval; not when there is nothing to do (a total of 0). */
  announce?: boolean;
  /** Without a terminal, what each line starts with ("embedding"); default the label of the update. */
  title?: string;
  /** Where the lines go and when it is (tests); default stderr and the real clock. */
  stream?: NodeJS.WritableStream & { isTTY?: boolean };
  now?: () => number;
}

/** Without a terminal (cron, systemd, an assistant's shell), at most one line per this interval. */
export const LINE_INTERVAL_MS = 10_000;

/**
 * A progress bar with ETA on a terminal; without one, a plain line now and then, so a long
 * run under cron or systemd shows it is alive without filling a log with carriage returns.
 * `enabled` false (--json) prints nothing.
 */
export function progressBar(enabled: boolean, opts: ProgressOptions | string = {}): Progress {
  const o: ProgressOptions = typeof opts === "string" ? { unit: opts } : opts;
  const stream = o.stream ?? process.stderr;
  if (!enabled) return { update() {}, stop() {} };
  return stream.isTTY ? terminalBar(stream, o.unit ?? "files", o.now ?? Date.now) : progressLines(stream, o);
}

function terminalBar(stream: NodeJS.WritableStream, unit: string, now: () => number): Progress {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      // Our own ETA: cli-progress prints "NULL" through a two-character pad as "LL" before it has a rate.
      format: `{bar} {value}/{total} ${unit} | ETA {eta_text} | {label}`,
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const eta = etaClock(now);
  let started = false;
  return {
    update(done, total, label = "") {
      const payload = { label: label.length > 40 ? "…" + label.slice(-39) : label, eta_text: eta(done, total) };
      if (!started) {
        bar.start(total, 0, payload);
        started = true;
      }
      bar.setTotal(total);
      bar.update(done, payload);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

function progressLines(stream: NodeJS.WritableStream, o: ProgressOptions): Progress {
  const now = o.now ?? Date.now;
  const unit = o.unit ?? "files";
  const eta = etaClock(now);
  const startedAt = now();
  let last: number | null = null;
  return {
    update(done, total, label = "") {
      const t = now();
      const estimate = eta(done, total);
      // Nothing to do is no start to announce: "embedding: 0/0 chunks" after the command's
      // result line read as progress printed after the results.
      const announce = o.announce === true && total > 0;
      const due = last === null ? announce || t - startedAt >= LINE_INTERVAL_MS : t - last >= LINE_INTERVAL_MS;
      if (!due || (done >= total && last === null && !announce)) return;
      last = t;
      const pct = total > 0 ? ` (${Math.floor((done / total) * 100)}%)` : "";
      const tail = done > 0 && done < total ? `, ETA ${estimate}` : "";
      const head = o.title ?? label;
      stream.write(`${head ? `${head}: ` : ""}${done.toLocaleString("en-US")}/${total.toLocaleString("en-US")} ${unit}${pct}${tail}\n`);
    },
    stop() {},
  };
}

/**
 * Remaining time from the rate since the first update that made progress; "?" until there
 * is a rate to go by.
 */
export function etaClock(now: () => number): (done: number, total: number) => string {
  let from: { t: number; done: number } | null = null;
  return (done, total) => {
    const t = now();
    if (from === null || done < from.done) from = { t, done };
    const rate = (done - from.done) / (t - from.t);
    if (!(rate > 0) || !Number.isFinite(rate)) return done >= total ? "0s" : "?";
    return formatSeconds((total - done) / rate / 1000);
  };
}

/** 75 → "1m15s", 4000 → "1h07m", 8 → "8s". */
export function formatSeconds(s: number): string {
  const n = Math.max(0, Math.round(s));
  if (n >= 3600) return `${Math.floor(n / 3600)}h${String(Math.floor((n % 3600) / 60)).padStart(2, "0")}m`;
  if (n >= 60) return `${Math.floor(n / 60)}m${String(n % 60).padStart(2, "0")}s`;
  return `${n}s`;
}

/**
 * The notion of time of everything scheduled, injected so tests can run a simulated week in
 * milliseconds: `now()` for decisions, `sleep()` for waiting (cut short by an abort signal,
 * which is how the daemon is woken early or stopped).
 */
export interface Clock {
  now(): number;
  /** Resolves after `ms`, or as soon as `signal` aborts (never rejects). */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/** setTimeout's limit; longer waits are simply woken early and recomputed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep(ms, signal) {
    return new Promise<void>((resolve) => {
      if (signal?.aborted) return resolve();
      const done = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, Math.min(ms, MAX_TIMER_MS)));
      signal?.addEventListener("abort", done, { once: true });
    });
  },
};

export interface FakeClockOptions {
  /** Called before each sleep; may move the clock (simulate a machine asleep) or stop the daemon. */
  onSleep?: (clock: FakeClock, ms: number) => void;
}

/**
 * A clock for tests: sleeping moves time forward at once instead of waiting. `jump` moves
 * it arbitrarily, as a laptop lid closed for the night would.
 */
export class FakeClock implements Clock {
  /** Every sleep asked for, in ms, in order. */
  readonly sleeps: number[] = [];

  constructor(
    private t: number,
    private readonly opts: FakeClockOptions = {},
  ) {}

  now = (): number => this.t;

  set(ms: number): void {
    this.t = ms;
  }

  jump(ms: number): void {
    this.t += ms;
  }

  async sleep(ms: number, signal?: AbortSignal): Promise<void> {
    this.sleeps.push(ms);
    this.opts.onSleep?.(this, ms);
    if (signal?.aborted) return;
    this.t += Math.max(0, ms);
    // Yield to the event loop, as a real timer would, so stop() and I/O callbacks get to run.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

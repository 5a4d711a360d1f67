/**
 * The scheduler's notion of time, injected so tests can run a simulated week in
 * milliseconds: `now()` for decisions, `sleep()` for waiting (cut short by an abort signal,
 * which is how the daemon is woken early or stopped).
 */
export interface Clock {
    now(): number;
    /** Resolves after `ms`, or as soon as `signal` aborts (never rejects). */
    sleep(ms: number, signal?: AbortSignal): Promise<void>;
}
export declare const systemClock: Clock;
export interface FakeClockOptions {
    /** Called before each sleep; may move the clock (simulate a machine asleep) or stop the daemon. */
    onSleep?: (clock: FakeClock, ms: number) => void;
}
/**
 * A clock for tests: sleeping moves time forward at once instead of waiting. `jump` moves
 * it arbitrarily, as a laptop lid closed for the night would.
 */
export declare class FakeClock implements Clock {
    private t;
    private readonly opts;
    /** Every sleep asked for, in ms, in order. */
    readonly sleeps: number[];
    constructor(t: number, opts?: FakeClockOptions);
    now: () => number;
    set(ms: number): void;
    jump(ms: number): void;
    sleep(ms: number, signal?: AbortSignal): Promise<void>;
}
